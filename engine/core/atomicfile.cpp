#include "core/atomicfile.h"

#include "core/filedescriptor.h"
#include "i18n/translate.h"

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

/// A system_error with errno and `pattern` filled with `args` (errno read first: building the
/// message may change it).
[[noreturn]] void fail(const char* pattern, std::initializer_list<std::string_view> args)
{
    const int error = errno;
    throw std::system_error(error, std::generic_category(), fillText(pattern, args));
}

void writeAll(int fd, std::string_view content, const std::string& name)
{
    while (!content.empty()) {
        const ssize_t written = ::write(fd, content.data(), content.size());
        if (written < 0) {
            if (errno == EINTR)
                continue;
            fail(engineText("AtomicFile", "cannot write %1"), {name});
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
        fail(engineText("AtomicFile", "cannot create %1"), {temporary});
    try {
        writeAll(file.get(), content, temporary);
        if (::fsync(file.get()) != 0)
            fail(engineText("AtomicFile", "cannot flush %1"), {temporary});
        if (file.close() != 0)
            fail(engineText("AtomicFile", "cannot close %1"), {temporary});
        if (::rename(temporary.c_str(), path.c_str()) != 0)
            fail(engineText("AtomicFile", "cannot rename %1 to %2"), {temporary, path});
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
        return std::string(engineText("AtomicFile", "empty file name"));
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode))
        return fillText(engineText("AtomicFile", "%1: is a directory"), {path});
    const std::string directory = directoryOf(path);
    if (::stat(directory.c_str(), &info) != 0 || !S_ISDIR(info.st_mode))
        return fillText(engineText("AtomicFile", "%1: directory %2 does not exist"),
                        {path, directory});
    if (::access(directory.c_str(), W_OK) != 0) {
        const std::string reason = std::strerror(errno);
        return fillText(engineText("AtomicFile", "%1: directory %2 is not writable (%3)"),
                        {path, directory, reason});
    }
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
