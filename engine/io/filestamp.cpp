#include "engine/io/filestamp.h"

#include <sys/stat.h>

#include <cerrno>

namespace es {

FileStamp stampOf(const std::string& path)
{
    FileStamp stamp;
    struct stat status {};
    if (::stat(path.c_str(), &status) != 0) {
        stamp.error = errno;
        stamp.found = stamp.error == ENOENT || stamp.error == ENOTDIR
                          ? FileStamp::Found::Missing
                          : FileStamp::Found::Unreachable;
        return stamp;
    }
    if (!S_ISREG(status.st_mode)) {
        stamp.found = FileStamp::Found::NotAFile;
        return stamp;
    }
    constexpr std::int64_t kNsPerS = 1'000'000'000;
    stamp.found = FileStamp::Found::RegularFile;
    stamp.bytes = static_cast<std::int64_t>(status.st_size);
    stamp.mtimeNs = static_cast<std::int64_t>(status.st_mtim.tv_sec) * kNsPerS +
                    static_cast<std::int64_t>(status.st_mtim.tv_nsec);
    return stamp;
}

}  // namespace es
