// libFuzzer target for the .npz reader: the input is written to a memory file and read through
// the same path-based API the engine uses (libzip opens /proc/self/fd/N), so the archive
// checks, the header parse and the streamed conversion are all exercised.

#include "engine/config/configerror.h"
#include "engine/data/npzarchive.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

namespace {

/// One anonymous in-memory file reused for every input.
class MemoryFile {
public:
    MemoryFile() : m_fd(::memfd_create("fuzz.npz", 0))
    {
        if (m_fd < 0)
            std::abort();
        m_path = "/proc/self/fd/" + std::to_string(m_fd);
    }
    ~MemoryFile() { ::close(m_fd); }
    MemoryFile(const MemoryFile&) = delete;
    MemoryFile& operator=(const MemoryFile&) = delete;

    void replace(const std::uint8_t* data, std::size_t size)
    {
        if (::ftruncate(m_fd, 0) != 0 ||
            ::pwrite(m_fd, data, size, 0) != static_cast<ssize_t>(size))
            std::abort();
    }
    const std::string& path() const { return m_path; }

private:
    int m_fd;
    std::string m_path;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static MemoryFile file;
    file.replace(data, size);
    std::vector<es::NpzMember> members;
    try {
        members = es::listNpzArrays(file.path());
    } catch (const es::ConfigError&) {
        return 0;
    }
    std::vector<std::string> names;
    for (const es::NpzMember& member : members) {
        names.push_back(member.name);
        for (const es::ElementKind kind : {es::ElementKind::Float32, es::ElementKind::Int64}) {
            try {
                const es::HostArray array = es::loadNpzArray(file.path(), member.name, kind);
                es::computeArrayStats(array);
            } catch (const es::ConfigError&) {
            }
        }
    }
    es::pickDefaultArrays(names);
    try {
        es::loadNpzArray(file.path(), "no such member", es::ElementKind::Float32);
    } catch (const es::ConfigError&) {
    }
    return 0;
}
