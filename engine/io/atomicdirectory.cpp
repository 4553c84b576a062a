#include "engine/io/atomicdirectory.h"

#include "engine/i18n/translate.h"
#include "engine/io/atomicfile.h"
#include "engine/io/filedescriptor.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <system_error>

namespace es {

namespace {

namespace fs = std::filesystem;

// A name is taken only by a leftover of an earlier process with the same pid and the same
// 32 bits, or by a directory the user made: a few more tries always find a free one.
constexpr int kStagingAttempts = 16;

std::string parentDirectoryOf(const std::string& path)
{
    const fs::path parent = fs::path(path).parent_path();
    return parent.empty() ? "." : parent.string();
}

/// A system_error with errno and `pattern` filled with `args` (errno read first: building the
/// message may change it).
[[noreturn]] void failDirectoryWrite(const char* pattern,
                                     std::initializer_list<std::string_view> args)
{
    const int error = errno;
    throw std::system_error(error, std::generic_category(), fillText(pattern, args));
}

/// Removes the temporary directories for `directory` that writers killed half-way left: those
/// whose pid is gone. Best effort: what cannot be listed or removed stays.
void removeAbandonedStagings(const std::string& directory)
{
    const std::string prefix = fs::path(directory).filename().string() + ".";
    std::error_code error;
    for (fs::directory_iterator it(parentDirectoryOf(directory), error), end; !error && it != end;
         it.increment(error)) {
        const std::string name = it->path().filename().string();
        const long owner = atomicWriteOwner(name);
        if (owner == 0 || name.rfind(prefix, 0) != 0 || owner == ::getpid() ||
            atomicWriterRuns(owner))
            continue;
        std::error_code ignored;
        if (it->symlink_status(ignored).type() == fs::file_type::directory)
            fs::remove_all(it->path(), ignored);
    }
}

/// The temporary directory beside the target, removed with whatever it holds when the write
/// fails or when it holds the replaced directory; release() once it became the target.
class StagingDirectory {
public:
    explicit StagingDirectory(const std::string& target)
    {
        for (int attempt = 0; attempt < kStagingAttempts; ++attempt) {
            m_path = atomicTemporaryName(target);
            if (::mkdir(m_path.c_str(), 0755) == 0)
                return;
            if (errno != EEXIST)
                break;
        }
        const std::string path = m_path;
        m_path.clear();
        failDirectoryWrite(engineText("AtomicFile", "cannot create %1"), {path});
    }
    ~StagingDirectory()
    {
        std::error_code ignored;
        if (!m_path.empty())
            fs::remove_all(m_path, ignored);
    }
    StagingDirectory(const StagingDirectory&) = delete;
    StagingDirectory& operator=(const StagingDirectory&) = delete;

    const std::string& path() const { return m_path; }
    void release() { m_path.clear(); }

private:
    std::string m_path;
};

/// Swaps `staging` and `target` (both directories) in one step. Where the file system cannot
/// (EINVAL), the old target is first renamed aside to a temporary name, then put back if the
/// new one cannot take its place. Afterwards `staging` names the old directory.
void exchangeDirectories(const std::string& staging, const std::string& target)
{
    if (::renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) == 0)
        return;
    if (errno != EINVAL && errno != ENOSYS)
        failDirectoryWrite(engineText("AtomicFile", "cannot replace %1 with %2"),
                           {target, staging});
    const std::string aside = atomicTemporaryName(target);
    if (::rename(target.c_str(), aside.c_str()) != 0)
        failDirectoryWrite(engineText("AtomicFile", "cannot move %1 aside"), {target});
    if (::rename(staging.c_str(), target.c_str()) != 0) {
        const int error = errno;
        ::rename(aside.c_str(), target.c_str());
        errno = error;
        failDirectoryWrite(engineText("AtomicFile", "cannot rename %1 to %2"), {staging, target});
    }
    if (::rename(aside.c_str(), staging.c_str()) != 0)
        failDirectoryWrite(engineText("AtomicFile", "cannot rename %1 to %2"), {aside, staging});
}

}  // namespace

void writeNewFile(const std::string& path, std::string_view content, FileFlush flush)
{
    FileDescriptor file(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
    if (file.get() < 0)
        failDirectoryWrite(engineText("AtomicFile", "cannot create %1"), {path});
    writeWhole(file.get(), content, path);
    if (flush == FileFlush::Now && ::fsync(file.get()) != 0)
        failDirectoryWrite(engineText("AtomicFile", "cannot flush %1"), {path});
    if (file.close() != 0)
        failDirectoryWrite(engineText("AtomicFile", "cannot close %1"), {path});
}

void makeNewDirectory(const std::string& path)
{
    if (::mkdir(path.c_str(), 0755) != 0)
        failDirectoryWrite(engineText("AtomicFile", "cannot create %1"), {path});
}

void syncDirectory(const std::string& path)
{
    const FileDescriptor directory(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (directory.get() >= 0)
        ::fsync(directory.get());
}

void syncFileSystemOf(const std::string& path)
{
    const FileDescriptor directory(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (directory.get() < 0 || ::syncfs(directory.get()) != 0)
        failDirectoryWrite(engineText("AtomicFile", "cannot flush %1"), {path});
}

bool writeDirectoryAtomically(const std::string& directory,
                              const std::function<void(const std::string& staging)>& fill,
                              ExistingDirectory existing)
{
    const std::string parent = parentDirectoryOf(directory);
    std::error_code error;
    fs::create_directories(parent, error);
    if (error)
        throw std::system_error(error,
                                fillText(engineText("AtomicFile", "cannot create %1"), {parent}));
    removeAbandonedStagings(directory);

    StagingDirectory staging(directory);
    fill(staging.path());
    syncDirectory(staging.path());

    const bool exists = fs::symlink_status(directory, error).type() == fs::file_type::directory;
    if (existing == ExistingDirectory::Replace && exists) {
        // The old directory is now at the staging path, removed with it.
        exchangeDirectories(staging.path(), directory);
    } else if (::rename(staging.path().c_str(), directory.c_str()) == 0) {
        staging.release();
    } else if (errno == ENOTEMPTY || errno == EEXIST) {
        return false;
    } else {
        failDirectoryWrite(engineText("AtomicFile", "cannot rename %1 to %2"),
                           {staging.path(), directory});
    }
    syncDirectory(parent);
    return true;
}

}  // namespace es
