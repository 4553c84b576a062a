#pragma once

// The wire format of the TCP rendezvous store (storeserver.h, storeclient.h): every connection
// starts with kStoreHello both ways, then carries frames of one type byte, a 4-byte big-endian
// body length and the body. Bounded everywhere, so that a stranger's bytes are refused at the
// first byte that cannot be ours and never make anyone wait or allocate without limit.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// "ESRDZV", then the protocol's version (major, minor). A client and a server of different
/// majors refuse each other at the first bytes.
constexpr std::string_view kStoreHello{"ESRDZV\x01\x00", 8};

/// A key is a short name (Gloo's are a few characters under a prefix).
constexpr std::size_t kMaxStoreKeyBytes = 4096;
/// Gloo's largest value is a rank's addresses for every other rank, ~136 bytes each: 4 MiB
/// holds the 4096 ranks distributed.world_size allows, several times over.
constexpr std::size_t kMaxStoreValueBytes = 4u << 20;
/// A check of every rank's key of the largest world, with room to spare.
constexpr std::size_t kMaxCheckedKeys = 65536;
/// A frame holds at most a key and two values (compareSet) with their lengths.
constexpr std::size_t kMaxStoreFrameBytes = kMaxStoreKeyBytes + 2 * kMaxStoreValueBytes + 64;
/// The type byte and the length before every body.
constexpr std::size_t kStoreFrameHeaderBytes = 5;

/// What a client asks.
enum class StoreRequest : std::uint8_t {
    Set = 1,         ///< key, value
    Get = 2,         ///< key
    Add = 3,         ///< key, 8-byte delta
    CompareSet = 4,  ///< key, expected, desired
    Remove = 5,      ///< key
    Check = 6,       ///< 4-byte count, then that many keys
    KeyCount = 7,    ///< nothing
};

/// How the server answers.
enum class StoreReply : std::uint8_t {
    Ok = 0,       ///< the body is the answer
    Missing = 1,  ///< Get of a key no one set
    Refused = 2,  ///< the body says why (a value too large, an Add on a value not a number)
};

struct StoreFrame {
    std::uint8_t type = 0;
    std::string body;
};

/// Appends `frame` to `out` as it goes on the wire.
void appendFrame(std::string& out, std::uint8_t type, const std::string& body);

/// The first complete frame at the start of `buffer`, removed from it; nullopt while it is
/// incomplete. Throws std::length_error when the length announced is beyond kMaxStoreFrameBytes.
std::optional<StoreFrame> takeFrame(std::string& buffer);

/// `text`, whole, as a decimal integer (a counter's value, a rank, a port); false for anything
/// else, the empty text included.
bool parseWholeInteger(const std::string& text, std::int64_t& value);

/// Writes and reads the fields of a body: length-prefixed strings and 8-byte integers, big
/// endian.
class BodyWriter {
public:
    BodyWriter& text(std::string_view value);
    BodyWriter& integer(std::int64_t value);
    BodyWriter& count(std::uint32_t value);
    const std::string& body() const { return m_body; }

private:
    std::string m_body;
};

/// Reads fields from a body; each read throws std::length_error when the body is too short or
/// a string longer than `maxBytes`.
class BodyReader {
public:
    explicit BodyReader(std::string_view body) : m_rest(body) {}
    std::string text(std::size_t maxBytes);
    std::int64_t integer();
    std::uint32_t count();
    /// Throws std::length_error when bytes are left over.
    void end() const;

private:
    std::string_view take(std::size_t bytes);
    std::string_view m_rest;
};

}  // namespace es
