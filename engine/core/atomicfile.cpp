#include "core/atomicfile.h"

#include "core/filedescriptor.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace es {

namespace {

std::string directoryOf(const std::string& path)
{
    const std::size_t slash = path.find_last_of('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

[[noreturn]] void fail(const std::string& what)
{
    throw std::system_error(errno, std::generic_category(), what);
}

void writeAll(int fd, std::string_view content, const std::string& name)
{
    while (!content.empty()) {
        const ssize_t written = ::write(fd, content.data(), content.size());
        if (written < 0) {
            if (errno == EINTR)
                continue;
            fail("cannot write " + name);
        }
        content.remove_prefix(static_cast<std::size_t>(written));
    }
}

}  // namespace

void writeFileAtomically(const std::string& path, std::string_view content)
{
    const std::string temporary = path + ".tmp";
    FileDescriptor file(::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
    if (file.get() < 0)
        fail("cannot create " + temporary);
    try {
        writeAll(file.get(), content, temporary);
        if (::fsync(file.get()) != 0)
            fail("cannot flush " + temporary);
        if (file.close() != 0)
            fail("cannot close " + temporary);
        if (::rename(temporary.c_str(), path.c_str()) != 0)
            fail("cannot rename " + temporary + " to " + path);
    } catch (...) {
        ::unlink(temporary.c_str());
        throw;
    }
    // The rename itself survives a crash only once the directory entry is on disk; failing
    // to sync it is not worth failing the write for.
    FileDescriptor directory(::open(directoryOf(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (directory.get() >= 0)
        ::fsync(directory.get());
}

std::optional<std::string> checkWritableTarget(const std::string& path)
{
    if (path.empty())
        return std::string("empty file name");
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode))
        return path + ": is a directory";
    const std::string directory = directoryOf(path);
    if (::stat(directory.c_str(), &info) != 0 || !S_ISDIR(info.st_mode))
        return path + ": directory " + directory + " does not exist";
    if (::access(directory.c_str(), W_OK) != 0)
        return path + ": directory " + directory + " is not writable (" + std::strerror(errno) +
               ")";
    return std::nullopt;
}

std::optional<std::string> createWritableDirectory(const std::string& directory)
{
    std::error_code error;
    std::filesystem::create_directories(directory, error);
    if (error)
        return error.message();
    if (::access(directory.c_str(), W_OK) != 0)
        return std::string(std::strerror(errno));
    return std::nullopt;
}

}  // namespace es
