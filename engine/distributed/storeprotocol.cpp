#include "engine/distributed/storeprotocol.h"

#include <charconv>
#include <stdexcept>

namespace es {

namespace {

void appendBigEndian(std::string& out, std::uint64_t value, int bytes)
{
    for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8)
        out.push_back(static_cast<char>((value >> shift) & 0xffu));
}

std::uint64_t readBigEndian(std::string_view bytes)
{
    std::uint64_t value = 0;
    for (char c : bytes)
        value = (value << 8) | static_cast<unsigned char>(c);
    return value;
}

}  // namespace

void appendFrame(std::string& out, std::uint8_t type, const std::string& body)
{
    out.push_back(static_cast<char>(type));
    appendBigEndian(out, body.size(), 4);
    out += body;
}

std::optional<StoreFrame> takeFrame(std::string& buffer)
{
    if (buffer.size() < kStoreFrameHeaderBytes)
        return std::nullopt;
    const std::uint64_t length = readBigEndian(std::string_view(buffer).substr(1, 4));
    if (length > kMaxStoreFrameBytes)
        throw std::length_error("store frame of " + std::to_string(length) + " bytes");
    if (buffer.size() < kStoreFrameHeaderBytes + length)
        return std::nullopt;
    StoreFrame frame;
    frame.type = static_cast<std::uint8_t>(buffer[0]);
    frame.body = buffer.substr(kStoreFrameHeaderBytes, length);
    buffer.erase(0, kStoreFrameHeaderBytes + length);
    return frame;
}

BodyWriter& BodyWriter::text(std::string_view value)
{
    appendBigEndian(m_body, value.size(), 4);
    m_body.append(value);
    return *this;
}

BodyWriter& BodyWriter::integer(std::int64_t value)
{
    appendBigEndian(m_body, static_cast<std::uint64_t>(value), 8);
    return *this;
}

BodyWriter& BodyWriter::count(std::uint32_t value)
{
    appendBigEndian(m_body, value, 4);
    return *this;
}

std::string_view BodyReader::take(std::size_t bytes)
{
    if (m_rest.size() < bytes)
        throw std::length_error("store frame body too short");
    const std::string_view taken = m_rest.substr(0, bytes);
    m_rest.remove_prefix(bytes);
    return taken;
}

std::string BodyReader::text(std::size_t maxBytes)
{
    const std::uint64_t length = readBigEndian(take(4));
    if (length > maxBytes)
        throw std::length_error("store field of " + std::to_string(length) + " bytes");
    return std::string(take(static_cast<std::size_t>(length)));
}

std::int64_t BodyReader::integer()
{
    return static_cast<std::int64_t>(readBigEndian(take(8)));
}

std::uint32_t BodyReader::count()
{
    return static_cast<std::uint32_t>(readBigEndian(take(4)));
}

void BodyReader::end() const
{
    if (!m_rest.empty())
        throw std::length_error("store frame body too long");
}

bool parseWholeInteger(const std::string& text, std::int64_t& value)
{
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    return error == std::errc() && stop == end && !text.empty();
}

}  // namespace es
