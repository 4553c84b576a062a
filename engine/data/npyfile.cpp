#include "data/npyfile.h"

#include "config/configerror.h"

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

[[noreturn]] void failSystem(const std::string& path, const char* what, int error)
{
    throw ConfigError(path, std::string(what) + ": " + std::strerror(error));
}

/// Closes a descriptor on every path out of the constructor.
class FileDescriptor {
public:
    explicit FileDescriptor(int fd) : m_fd(fd) {}
    ~FileDescriptor()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    int get() const { return m_fd; }

private:
    int m_fd;
};

std::string mebibytes(std::uint64_t bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    return text;
}

std::string conversionNote(const NpyArrayInfo& info, ElementKind kind)
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
        add(std::string(npyDTypeName(info.dtype)) + " converted to " +
            std::string(elementKindName(kind)) + " once at load");
    if (info.bigEndian && npyDTypeSize(info.dtype) > 1)
        add("big-endian bytes swapped");
    if (info.fortranOrder && info.shape.size() >= 2)
        add("Fortran order transposed to C order");
    return note;
}

}  // namespace

MappedFile::MappedFile(std::string path) : m_path(std::move(path))
{
    const FileDescriptor fd(::open(m_path.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0)
        failSystem(m_path, "cannot open", errno);
    struct stat status {};
    if (::fstat(fd.get(), &status) != 0)
        failSystem(m_path, "cannot read file status", errno);
    if (!S_ISREG(status.st_mode))
        throw ConfigError(m_path, "not a regular file: expected a .npy or .npz data file");
    m_size = static_cast<std::size_t>(status.st_size);
    // mmap refuses a zero length; an empty file simply has no bytes to map.
    if (m_size == 0)
        return;
    void* address = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE, fd.get(), 0);
    if (address == MAP_FAILED)
        failSystem(m_path, "cannot map into memory", errno);
    m_data = static_cast<const std::uint8_t*>(address);
    // Conversion reads the data once, front to back.
    ::madvise(address, m_size, MADV_SEQUENTIAL);
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

std::optional<std::uint64_t> memAvailableFromMeminfo(std::string_view meminfo)
{
    std::istringstream lines{std::string(meminfo)};
    std::string line;
    while (std::getline(lines, line)) {
        if (line.rfind("MemAvailable:", 0) != 0)
            continue;
        std::istringstream fields(line.substr(13));
        std::uint64_t kib = 0;
        std::string unit;
        if (!(fields >> kib >> unit) || unit != "kB")
            return std::nullopt;
        return kib * 1024;
    }
    return std::nullopt;
}

std::optional<std::uint64_t> memAvailableBytes()
{
    std::ifstream file("/proc/meminfo");
    if (!file)
        return std::nullopt;
    std::ostringstream text;
    text << file.rdbuf();
    return memAvailableFromMeminfo(text.str());
}

void requireMemory(std::string_view what, std::uint64_t needed,
                   std::optional<std::uint64_t> available)
{
    if (!available || needed <= *available)
        return;
    throw ConfigError(std::string(what),
                      "too large for memory: loading needs " + std::to_string(needed) + " bytes (" +
                          mebibytes(needed) + "), only " + std::to_string(*available) + " bytes (" +
                          mebibytes(*available) +
                          ") are available (MemAvailable in /proc/meminfo)");
}

HostArray allocateHostArray(const NpyArrayInfo& info, ElementKind kind, std::string_view what)
{
    const auto count = static_cast<std::uint64_t>(info.elementCount);
    const std::uint64_t bytes = count * elementKindSize(kind);
    // parseNpyHeader bounds elementCount * 8 only for 8-byte types; check the product here.
    if (count != 0 && bytes / count != elementKindSize(kind))
        throw ConfigError(std::string(what),
                          "element count overflow at " + std::string(elementKindName(kind)));
    requireMemory(what, bytes, memAvailableBytes());
    HostArray array;
    array.shape = info.shape;
    array.kind = kind;
    array.sourceDtype = info.dtype;
    array.note = conversionNote(info, kind);
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
    const std::size_t available = file.size() - info.dataOffset;
    requireNpyData(info, available, path);
    HostArray array = allocateHostArray(info, target, path);
    if (target == ElementKind::Float32)
        convertNpyData(info, data, available, array.floats.data(), path);
    else
        convertNpyData(info, data, available, array.ints.data(), path);
    return array;
}

}  // namespace es
