#include "engine/io/atomicfile.h"

#include "engine/i18n/translate.h"
#include "engine/io/filedescriptor.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <system_error>

namespace es {

namespace {

constexpr std::string_view kTemporarySuffix = ".tmp";
// The part of a temporary file's name that keeps writers of one process apart: 32 bits as hex.
constexpr std::size_t kUniqueDigits = 8;
// Pids have at most 7 digits on Linux (pid_max is at most 2^22); anything longer is not ours.
constexpr std::size_t kMaxPidDigits = 10;
// A name is taken only by a leftover of an earlier process with the same pid and the same
// 32 bits, or by a file the user made: a few more tries always find a free one.
constexpr int kCreateAttempts = 16;

std::string directoryOf(const std::string& path)
{
    const std::size_t slash = path.find_last_of('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string baseNameOf(const std::string& path)
{
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

/// Removes `name` in `directory` when it is a regular file that no one holds an flock(2) lock
/// on: every writer holds one on its temporary file until it is renamed, so the file is a dead
/// writer's. One that cannot be opened or locked stays.
void removeWhenUnlocked(int directory, const char* name)
{
    const FileDescriptor file(
        ::openat(directory, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY));
    struct stat info {};
    if (file.get() < 0 || ::fstat(file.get(), &info) != 0 || !S_ISREG(info.st_mode))
        return;
    if (::flock(file.get(), LOCK_EX | LOCK_NB) != 0)
        return;
    ::unlinkat(directory, name, 0);
}

/// Removes the temporary files that writers killed half-way left in `directory` (see
/// writeFileAtomically()), and `legacyName`, the one earlier versions used for this target
/// (they did not lock it; they truncated and renamed it on the next write). Best effort: a
/// directory that cannot be read is the write's problem, reported there.
void removeAbandonedTemporaries(const std::string& directory, const std::string& legacyName)
{
    DIR* listing = ::opendir(directory.c_str());
    if (listing == nullptr)
        return;
    const int directoryFd = ::dirfd(listing);
    const long self = ::getpid();
    while (const dirent* entry = ::readdir(listing)) {
        const long writer = atomicWriteOwner(entry->d_name);
        if (writer == 0 && legacyName != entry->d_name)
            continue;
        // A writer that lives is writing its file now: leave it even when its lock does not
        // show (a file system without locks). A pid now used by another process keeps a dead
        // writer's file until that process ends; the lock decides for pids this process cannot
        // see (a writer in another pid namespace sharing the directory).
        if (writer != 0 && (writer == self || atomicWriterRuns(writer)))
            continue;
        removeWhenUnlocked(directoryFd, entry->d_name);
    }
    ::closedir(listing);
}

/// Gives the new file `fd` the mode, owner and group of the regular file it replaces at
/// `path`, so that a log kept private (0600) stays private once rewritten. The owner is kept
/// only where this process may give files away (root); otherwise the file is this user's, as
/// any file the user writes.
void keepModeAndOwner(int fd, const std::string& path)
{
    struct stat replaced {};
    if (::lstat(path.c_str(), &replaced) != 0 || !S_ISREG(replaced.st_mode))
        return;
    if (replaced.st_uid != ::geteuid() || replaced.st_gid != ::getegid()) {
        // Fails without the right to; the mode is what matters most. Before the mode, which a
        // change of owner may clear bits of.
        [[maybe_unused]] const int ignored = ::fchown(fd, replaced.st_uid, replaced.st_gid);
    }
    ::fchmod(fd, replaced.st_mode & 07777);
}

/// A system_error with errno and `pattern` filled with `args` (errno read first: building the
/// message may change it).
[[noreturn]] void fail(const char* pattern, std::initializer_list<std::string_view> args)
{
    const int error = errno;
    throw std::system_error(error, std::generic_category(), fillText(pattern, args));
}

}  // namespace

void writeWhole(int fd, std::string_view content, const std::string& name)
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

std::string atomicTemporaryName(const std::string& path)
{
    static const unsigned seed = std::random_device{}();
    static std::atomic<unsigned> counter{0};
    char tail[48];
    std::snprintf(tail, sizeof tail, ".%ld-%08x%s", static_cast<long>(::getpid()),
                  seed + counter.fetch_add(1), kTemporarySuffix.data());
    return path + tail;
}

bool atomicWriterRuns(long pid)
{
    // EPERM: it exists, under another user.
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

long atomicWriteOwner(std::string_view name)
{
    // "<target>.<pid>-<8 hex digits>.tmp", the target not empty.
    if (name.size() <= kTemporarySuffix.size() ||
        name.substr(name.size() - kTemporarySuffix.size()) != kTemporarySuffix)
        return 0;
    name.remove_suffix(kTemporarySuffix.size());
    if (name.size() < kUniqueDigits + 1)
        return 0;
    for (const char digit : name.substr(name.size() - kUniqueDigits)) {
        if (std::isxdigit(static_cast<unsigned char>(digit)) == 0 ||
            std::isupper(static_cast<unsigned char>(digit)) != 0)
            return 0;
    }
    name.remove_suffix(kUniqueDigits);
    if (name.back() != '-')
        return 0;
    name.remove_suffix(1);
    const std::size_t dot = name.rfind('.');
    if (dot == std::string_view::npos || dot == 0)
        return 0;
    const std::string_view digits = name.substr(dot + 1);
    if (digits.empty() || digits.size() > kMaxPidDigits || digits.front() == '0')
        return 0;
    long pid = 0;
    for (const char digit : digits) {
        if (digit < '0' || digit > '9')
            return 0;
        pid = pid * 10 + (digit - '0');
    }
    return pid;
}

void writeFileAtomically(const std::string& path, std::string_view content)
{
    removeAbandonedTemporaries(directoryOf(path), baseNameOf(path) + std::string(kTemporarySuffix));

    std::string temporary;
    int created = -1;
    for (int attempt = 0; attempt < kCreateAttempts && created < 0; ++attempt) {
        temporary = atomicTemporaryName(path);
        created = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (created < 0 && errno != EEXIST)
            break;
    }
    FileDescriptor file(created);
    if (file.get() < 0)
        fail(engineText("AtomicFile", "cannot create %1"), {temporary});
    // Held until the rename, through a second descriptor of the same open file so that the
    // first can be closed (and its error seen) before the rename: another writer's cleanup
    // (above) leaves a locked file alone. A new file is never contended; on a file system
    // without locks the pid in the name still protects it.
    ::flock(file.get(), LOCK_EX | LOCK_NB);
    const FileDescriptor lock(::fcntl(file.get(), F_DUPFD_CLOEXEC, 0));
    try {
        keepModeAndOwner(file.get(), path);
        writeWhole(file.get(), content, temporary);
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
