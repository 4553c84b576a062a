// libFuzzer target for the check every checkpoint and backup passes before LibTorch's loader
// sees it (es::checkArchiveBytes): the zip directory through libzip, the pickles through
// es::scanPickle, every storage against its record and every tensor view against its storage.
// The input is the whole file, as `evaluate`, a resume and the app read it; the seeds are
// archives LibTorch wrote (model weights, weights with an optimizer's state, a backup).
//
// Only es::ArchiveError may come out: anything else escapes and libFuzzer reports it. An
// archive that passes is checked again with its own record total as the bound, which must
// pass with the same contents, and with one byte less, which must be refused: the bound on
// what a hostile archive makes the loader read is exact. A broken invariant traps.
//
// A mutation inside a stored record breaks its CRC-32, which libzip checks on reading, so the
// pickles inside an archive would hardly ever be read. Each input is therefore checked twice:
// as it is (the zip structure, CRC errors included) and, when it differs, with the CRC-32 of
// every stored record recomputed in both of its headers, so that mutated pickles, storage
// records of the wrong length and the checks that join them reach the checker. fuzz_pickle
// fuzzes the scanner on its own as well.

#include "engine/train/archivecheck.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

// Zip structures (APPNOTE 4.3): offsets of the fields read or written here.
constexpr std::size_t kEndRecordBytes = 22;
constexpr std::size_t kEndEntries = 10, kEndDirectoryOffset = 16;
constexpr std::size_t kCentralBytes = 46;
constexpr std::size_t kCentralMethod = 10, kCentralCrc = 16, kCentralCompressedSize = 20,
                      kCentralNameLength = 28, kCentralExtraLength = 30, kCentralCommentLength = 32,
                      kCentralLocalOffset = 42;
constexpr std::size_t kLocalBytes = 30;
constexpr std::size_t kLocalCrc = 14, kLocalNameLength = 26, kLocalExtraLength = 28;
constexpr std::uint32_t kCentralSignature = 0x02014b50, kLocalSignature = 0x04034b50;

std::uint32_t readLittle(const std::string& bytes, std::size_t at, std::size_t width)
{
    std::uint32_t value = 0;
    for (std::size_t i = width; i-- > 0;)
        value = (value << 8) | static_cast<unsigned char>(bytes[at + i]);
    return value;
}

void writeLittle32(std::string& bytes, std::size_t at, std::uint32_t value)
{
    for (std::size_t i = 0; i < 4; ++i)
        bytes[at + i] = static_cast<char>((value >> (8 * i)) & 0xff);
}

std::uint32_t crc32(std::string_view data)
{
    static const auto kTable = [] {
        std::array<std::uint32_t, 256> table{};
        for (std::uint32_t n = 0; n < 256; ++n) {
            std::uint32_t c = n;
            for (int k = 0; k < 8; ++k)
                c = (c & 1) != 0 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            table[n] = c;
        }
        return table;
    }();
    std::uint32_t c = 0xFFFFFFFFu;
    for (const char byte : data)
        c = kTable[(c ^ static_cast<unsigned char>(byte)) & 0xff] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

/// `bytes` with the CRC-32 of every stored record whose headers and data lie inside the file
/// set to its data's, in the central directory and the local header. Anything that does not
/// parse is left as it is: the checker is to see it.
std::string withRecomputedCrcs(std::string bytes)
{
    if (bytes.size() < kEndRecordBytes)
        return bytes;
    const std::size_t end = bytes.size() - kEndRecordBytes;
    const std::uint32_t entries = readLittle(bytes, end + kEndEntries, 2);
    std::size_t at = readLittle(bytes, end + kEndDirectoryOffset, 4);
    for (std::uint32_t i = 0; i < entries; ++i) {
        if (at > end || end - at < kCentralBytes || readLittle(bytes, at, 4) != kCentralSignature)
            break;
        const std::size_t local = readLittle(bytes, at + kCentralLocalOffset, 4);
        const std::size_t size = readLittle(bytes, at + kCentralCompressedSize, 4);
        const bool stored = readLittle(bytes, at + kCentralMethod, 2) == 0;
        const std::size_t central = at;
        at += kCentralBytes + readLittle(bytes, at + kCentralNameLength, 2) +
              readLittle(bytes, at + kCentralExtraLength, 2) +
              readLittle(bytes, at + kCentralCommentLength, 2);
        if (!stored || local > end || end - local < kLocalBytes ||
            readLittle(bytes, local, 4) != kLocalSignature)
            continue;
        const std::size_t data = local + kLocalBytes +
                                 readLittle(bytes, local + kLocalNameLength, 2) +
                                 readLittle(bytes, local + kLocalExtraLength, 2);
        if (data > end || end - data < size)
            continue;
        const std::uint32_t crc = crc32(std::string_view(bytes).substr(data, size));
        writeLittle32(bytes, central + kCentralCrc, crc);
        writeLittle32(bytes, local + kLocalCrc, crc);
    }
    return bytes;
}

// Far above any seed's records, so that the bound refuses only what the checks below probe.
constexpr std::uint64_t kGenerousLimit = std::uint64_t{64} << 20;

bool sameContents(const es::ArchiveContents& a, const es::ArchiveContents& b)
{
    return a.recordBytes == b.recordBytes && a.storages == b.storages && a.tensors == b.tensors;
}

void checkBoundIsExact(std::string_view bytes, const es::ArchiveContents& contents)
{
    if (contents.recordBytes > kGenerousLimit)
        __builtin_trap();
    try {
        if (!sameContents(es::checkArchiveBytes(bytes, contents.recordBytes), contents))
            __builtin_trap();
    } catch (const es::ArchiveError&) {
        __builtin_trap();  // refused at the size it was accepted with
    }
    if (contents.recordBytes == 0)
        return;
    try {
        es::checkArchiveBytes(bytes, contents.recordBytes - 1);
    } catch (const es::ArchiveError&) {
        return;
    }
    __builtin_trap();  // accepted records past the bound
}

void check(std::string_view bytes)
{
    es::ArchiveContents contents;
    try {
        contents = es::checkArchiveBytes(bytes, kGenerousLimit);
    } catch (const es::ArchiveError&) {
        return;  // refused with a message: the expected outcome for most inputs
    }
    checkBoundIsExact(bytes, contents);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    check(bytes);
    const std::string repaired = withRecomputedCrcs(bytes);
    if (repaired != bytes)
        check(repaired);
    return 0;
}
