#include "engine/data/npyfile.h"

#include "engine/config/configerror.h"
#include "engine/data/hostmemory.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"
#include "engine/io/filedescriptor.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace es {

namespace {

// Large enough that the per-chunk bookkeeping is invisible, small enough to stay in cache.
constexpr std::size_t kConversionChunkBytes = std::size_t(16) << 20;

/// `pattern` ("cannot open: %1") filled with the system's description of `error`.
[[noreturn]] void failSystem(const std::string& path, const char* pattern, int error)
{
    throw ConfigError(path, fillText(pattern, {std::strerror(error)}));
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

MappedFile::MappedFile(std::string path) : m_path(std::move(path))
{
    const FileDescriptor fd(::open(m_path.c_str(), O_RDONLY | O_CLOEXEC));
    // errno is read before the message is looked up, which may allocate.
    if (fd.get() < 0) {
        const int error = errno;
        failSystem(m_path, engineText("NpyFile", "cannot open: %1"), error);
    }
    struct stat status {};
    if (::fstat(fd.get(), &status) != 0) {
        const int error = errno;
        failSystem(m_path, engineText("NpyFile", "cannot read file status: %1"), error);
    }
    if (!S_ISREG(status.st_mode))
        throw ConfigError(
            m_path, engineText("NpyFile", "not a regular file: expected a .npy or .npz data file"));
    m_size = static_cast<std::size_t>(status.st_size);
    // mmap refuses a zero length; an empty file simply has no bytes to map.
    if (m_size == 0)
        return;
    void* address = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE, fd.get(), 0);
    if (address == MAP_FAILED) {
        const int error = errno;
        failSystem(m_path, engineText("NpyFile", "cannot map into memory: %1"), error);
    }
    m_data = static_cast<const std::uint8_t*>(address);
    // Conversion reads the data once, front to back.
    ::madvise(address, m_size, MADV_SEQUENTIAL);
}

void MappedFile::releasePages(std::size_t begin, std::size_t end) const
{
    const auto pageSize = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const std::size_t first = (begin + pageSize - 1) / pageSize * pageSize;
    const std::size_t last = std::min(end, m_size) / pageSize * pageSize;
    if (m_data == nullptr || first >= last)
        return;
    // The mapping is read-only and private: dropped pages are read from the file again if
    // touched, so this only ever costs time, never data.
    ::madvise(const_cast<std::uint8_t*>(m_data) + first, last - first, MADV_DONTNEED);
}

MappedFile::~MappedFile()
{
    release();
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : m_path(std::move(other.m_path)),
      m_data(std::exchange(other.m_data, nullptr)),
      m_size(std::exchange(other.m_size, 0))
{
}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept
{
    if (this != &other) {
        release();
        m_path = std::move(other.m_path);
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
    }
    return *this;
}

void MappedFile::release()
{
    if (m_data != nullptr)
        ::munmap(const_cast<std::uint8_t*>(m_data), m_size);
    m_data = nullptr;
    m_size = 0;
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

NpyArrayInfo inspectNpyFile(const std::string& path)
{
    const MappedFile file(path);
    NpyArrayInfo info = parseNpyHeader(file.data(), file.size(), path);
    requireNpyData(info, file.size() - info.dataOffset, path);
    return info;
}

ArrayStats scanNpyFile(const std::string& path)
{
    const MappedFile file(path);
    const NpyArrayInfo info = parseNpyHeader(file.data(), file.size(), path);
    return computeArrayStats(info, file.data() + info.dataOffset, file.size() - info.dataOffset,
                             path);
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
    const MappedFile file(path);
    const NpyArrayInfo info = parseNpyHeader(file.data(), file.size(), path);
    const std::uint8_t* data = file.data() + info.dataOffset;
    requireNpyData(info, file.size() - info.dataOffset, path);
    HostArray array = allocateHostArray(info, target, path);
    // Converted chunk by chunk in file order, releasing each chunk's pages once done, so that
    // the mapped file and the result are never both resident in full.
    const auto elementBytes = static_cast<std::int64_t>(npyDTypeSize(info.dtype));
    const std::int64_t chunkElements =
        std::max<std::int64_t>(1, static_cast<std::int64_t>(kConversionChunkBytes) / elementBytes);
    for (std::int64_t first = 0; first < info.elementCount; first += chunkElements) {
        const std::int64_t count = std::min(chunkElements, info.elementCount - first);
        const std::uint8_t* chunk = data + first * elementBytes;
        if (target == ElementKind::Float32)
            convertNpyChunk(info, chunk, first, count, array.floats.data(), path);
        else
            convertNpyChunk(info, chunk, first, count, array.ints.data(), path);
        const auto begin = static_cast<std::size_t>(chunk - file.data());
        file.releasePages(begin, begin + static_cast<std::size_t>(count * elementBytes));
    }
    return array;
}

}  // namespace es
