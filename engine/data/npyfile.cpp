#include "engine/data/npyfile.h"

#include "engine/config/configerror.h"
#include "engine/data/hostmemory.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <vector>

namespace es {

namespace {

// Large enough that the per-chunk bookkeeping is invisible, small enough to stay in cache.
constexpr std::size_t kConversionChunkBytes = std::size_t(16) << 20;

/// The header at the start of `file`, parsed from the bytes it takes (at most the 1 MiB the
/// header's length is limited to), never more of the file.
NpyArrayInfo readNpyHeader(const InputFile& file)
{
    const std::string& path = file.path();
    std::string head = file.readStart(kNpyPreambleBytes);
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(head.data());
    const std::size_t dataOffset = npyDataOffset(bytes, head.size(), path);
    // A file shorter than its header is read whole, so that the parser names where it ends.
    const std::size_t headerBytes = static_cast<std::size_t>(
        std::max<std::uint64_t>(head.size(), std::min<std::uint64_t>(dataOffset, file.size())));
    const std::size_t preamble = head.size();
    head.resize(headerBytes);
    file.readAt(preamble, head.data() + preamble, headerBytes - preamble);
    return parseNpyHeader(reinterpret_cast<const std::uint8_t*>(head.data()), head.size(), path);
}

/// Calls consume(bytes, first, count) for the array's elements in file order, `count` at a
/// time from element `first`, each chunk read into one reused buffer.
template <typename Consume>
void forEachChunk(const InputFile& file, const NpyArrayInfo& info, Consume&& consume)
{
    const std::size_t elementBytes = npyDTypeSize(info.dtype);
    const auto chunkElements =
        static_cast<std::int64_t>(std::max<std::size_t>(1, kConversionChunkBytes / elementBytes));
    std::vector<std::uint8_t> chunk(static_cast<std::size_t>(
        std::min<std::int64_t>(chunkElements, info.elementCount) * elementBytes));
    for (std::int64_t first = 0; first < info.elementCount; first += chunkElements) {
        const std::int64_t count = std::min(chunkElements, info.elementCount - first);
        const std::size_t bytes = static_cast<std::size_t>(count) * elementBytes;
        file.readAt(info.dataOffset + static_cast<std::uint64_t>(first) * elementBytes,
                    chunk.data(), bytes);
        consume(chunk.data(), first, count);
    }
}

/// Whether the file's data are the destination's bytes as they are: read straight into it.
bool storedAsLoaded(const NpyArrayInfo& info, ElementKind target)
{
    const NpyDType same = target == ElementKind::Float32 ? NpyDType::Float32 : NpyDType::Int64;
    return info.dtype == same && info.bigEndian == hostIsBigEndian() &&
           !(info.fortranOrder && info.shape.size() >= 2);
}

}  // namespace

std::string describeConversion(const NpyArrayInfo& info, ElementKind kind)
{
    std::string note;
    const auto add = [&note](const std::string& part) {
        if (!note.empty())
            note += "; ";
        note += part;
    };
    const bool same = (kind == ElementKind::Float32 && info.dtype == NpyDType::Float32) ||
                      (kind == ElementKind::Int64 && info.dtype == NpyDType::Int64);
    if (!same)
        add(fillText(markedText("RunRecord", "%1 converted to %2 once at load"),
                     {npyDTypeName(info.dtype), elementKindName(kind)}));
    if (info.bigEndian && npyDTypeSize(info.dtype) > 1)
        add(markedText("RunRecord", "big-endian bytes swapped"));
    if (info.fortranOrder && info.shape.size() >= 2)
        add(markedText("RunRecord", "Fortran order transposed to C order"));
    return note;
}

std::size_t elementKindSize(ElementKind kind)
{
    return kind == ElementKind::Float32 ? sizeof(float) : sizeof(std::int64_t);
}

std::string_view elementKindName(ElementKind kind)
{
    return kind == ElementKind::Float32 ? "float32" : "int64";
}

HostArray allocateHostArray(const NpyArrayInfo& info, ElementKind kind, std::string_view what)
{
    const auto count = static_cast<std::uint64_t>(info.elementCount);
    const std::uint64_t bytes = count * elementKindSize(kind);
    // parseNpyHeader bounds elementCount * 8 only for 8-byte types; check the product here.
    if (count != 0 && bytes / count != elementKindSize(kind))
        throw ConfigError(std::string(what),
                          fillText(engineText("NpyFile", "element count overflow at %1"),
                                   {elementKindName(kind)}));
    requireAvailableMemory(
        bytes, what,
        fillText(engineText("NpyFile", "loading the array as %1"), {elementKindName(kind)}));
    HostArray array;
    array.shape = info.shape;
    array.kind = kind;
    array.sourceDtype = info.dtype;
    array.note = describeConversion(info, kind);
    if (kind == ElementKind::Float32)
        array.floats.resize(static_cast<std::size_t>(count));
    else
        array.ints.resize(static_cast<std::size_t>(count));
    return array;
}

NpyFileReader::NpyFileReader(const std::string& path)
    : m_file(path, engineText("NpyFile", "cannot open: %1")), m_info(readNpyHeader(m_file))
{
    requireNpyData(m_info, static_cast<std::size_t>(m_file.size() - m_info.dataOffset), path);
}

HostArray NpyFileReader::load(ElementKind target) const
{
    const std::string& path = m_file.path();
    HostArray array = allocateHostArray(m_info, target, path);
    auto* destination = target == ElementKind::Float32 ? static_cast<void*>(array.floats.data())
                                                       : static_cast<void*>(array.ints.data());
    if (storedAsLoaded(m_info, target)) {
        // No conversion: the result's own memory is the only buffer.
        m_file.readAt(m_info.dataOffset, destination, m_info.dataBytes);
        return array;
    }
    forEachChunk(m_file, m_info,
                 [&](const std::uint8_t* chunk, std::int64_t first, std::int64_t count) {
                     if (target == ElementKind::Float32)
                         convertNpyChunk(m_info, chunk, first, count, array.floats.data(), path);
                     else
                         convertNpyChunk(m_info, chunk, first, count, array.ints.data(), path);
                 });
    return array;
}

ArrayStats NpyFileReader::scan() const
{
    ArrayStatsAccumulator stats(m_info);
    forEachChunk(m_file, m_info,
                 [&](const std::uint8_t* chunk, std::int64_t first, std::int64_t count) {
                     stats.add(chunk, first, count);
                 });
    return stats.result();
}

NpyArrayInfo inspectNpyFile(const std::string& path)
{
    return NpyFileReader(path).info();
}

ArrayStats scanNpyFile(const std::string& path)
{
    return NpyFileReader(path).scan();
}

ArrayStats computeArrayStats(const HostArray& array)
{
    NpyArrayInfo info;
    info.dtype = array.kind == ElementKind::Float32 ? NpyDType::Float32 : NpyDType::Int64;
    info.shape = array.shape;
    const bool floats = array.kind == ElementKind::Float32;
    info.elementCount = static_cast<std::int64_t>(floats ? array.floats.size() : array.ints.size());
    info.dataBytes = static_cast<std::size_t>(info.elementCount) * elementKindSize(array.kind);
    const auto* bytes = floats ? reinterpret_cast<const std::uint8_t*>(array.floats.data())
                               : reinterpret_cast<const std::uint8_t*>(array.ints.data());
    return computeArrayStats(info, bytes, info.dataBytes, "array");
}

HostArray loadNpyFile(const std::string& path, ElementKind target)
{
    return NpyFileReader(path).load(target);
}

}  // namespace es
