#include "engine/export/exportdirectory.h"

#include "engine/config/configerror.h"
#include "engine/i18n/translate.h"
#include "engine/io/atomicfile.h"
#include "engine/io/filedescriptor.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <random>
#include <system_error>

namespace es {

namespace {

namespace fs = std::filesystem;

constexpr const char* kOutField = "--out";
// A name is taken only by a leftover of an earlier process with the same pid and the same
// 32 bits, or by a directory the user made: a few more tries always find a free one.
constexpr int kCreateAttempts = 16;

/// `path` without trailing slashes ("out/" names the directory "out"), "/" kept.
std::string withoutTrailingSlashes(std::string path)
{
    while (path.size() > 1 && path.back() == '/')
        path.pop_back();
    return path;
}

std::string parentOf(const std::string& path)
{
    const fs::path parent = fs::path(path).parent_path();
    return parent.empty() ? "." : parent.string();
}

/// A system_error with errno and `pattern` filled with `args` (errno read first: building the
/// message may change it).
[[noreturn]] void fail(const char* pattern, std::initializer_list<std::string_view> args)
{
    const int error = errno;
    throw std::system_error(error, std::generic_category(), fillText(pattern, args));
}

/// `directory.<pid>-<8 hex digits>.tmp`, the names writeFileAtomically() gives its temporary
/// files, so that atomicWriteOwner() reads the pid back.
std::string temporaryNameFor(const std::string& directory)
{
    static const unsigned seed = std::random_device{}();
    static std::atomic<unsigned> counter{0};
    char tail[48];
    std::snprintf(tail, sizeof tail, ".%ld-%08x.tmp", static_cast<long>(::getpid()),
                  seed + counter.fetch_add(1));
    return directory + tail;
}

bool processExists(long pid)
{
    // EPERM: it exists, under another user.
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

/// Removes the temporary directories for `directory` that exporters killed half-way left:
/// those whose pid is gone. Best effort: what cannot be listed or removed stays.
void removeAbandonedExports(const std::string& directory)
{
    const std::string parent = parentOf(directory);
    const std::string prefix = fs::path(directory).filename().string() + ".";
    std::error_code error;
    for (fs::directory_iterator it(parent, error), end; !error && it != end; it.increment(error)) {
        const std::string name = it->path().filename().string();
        const long owner = atomicWriteOwner(name);
        if (owner == 0 || name.rfind(prefix, 0) != 0 || owner == ::getpid() || processExists(owner))
            continue;
        std::error_code ignored;
        if (it->symlink_status(ignored).type() == fs::file_type::directory)
            fs::remove_all(it->path(), ignored);
    }
}

/// Writes one new file and flushes it to the disk.
void writeSyncedFile(const std::string& path, std::string_view content)
{
    FileDescriptor file(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
    if (file.get() < 0)
        fail(engineText("ExportDirectory", "cannot create %1"), {path});
    writeWhole(file.get(), content, path);
    if (::fsync(file.get()) != 0)
        fail(engineText("ExportDirectory", "cannot flush %1"), {path});
    if (file.close() != 0)
        fail(engineText("ExportDirectory", "cannot close %1"), {path});
}

/// Puts a directory's entries on the disk; a file system that cannot is not worth failing for.
void syncDirectory(const std::string& path)
{
    const FileDescriptor directory(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (directory.get() >= 0)
        ::fsync(directory.get());
}

/// The temporary directory beside the target, removed with whatever it holds when the export
/// fails or when it holds the replaced directory; release() once it became the target.
class StagingDirectory {
public:
    explicit StagingDirectory(const std::string& target)
    {
        for (int attempt = 0; attempt < kCreateAttempts; ++attempt) {
            m_path = temporaryNameFor(target);
            if (::mkdir(m_path.c_str(), 0755) == 0)
                return;
            if (errno != EEXIST)
                break;
        }
        const std::string path = m_path;
        m_path.clear();
        fail(engineText("ExportDirectory", "cannot create %1"), {path});
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
        fail(engineText("ExportDirectory", "cannot replace %1 with %2"), {target, staging});
    const std::string aside = temporaryNameFor(target);
    if (::rename(target.c_str(), aside.c_str()) != 0)
        fail(engineText("ExportDirectory", "cannot move %1 aside"), {target});
    if (::rename(staging.c_str(), target.c_str()) != 0) {
        const int error = errno;
        ::rename(aside.c_str(), target.c_str());
        errno = error;
        fail(engineText("ExportDirectory", "cannot rename %1 to %2"), {staging, target});
    }
    if (::rename(aside.c_str(), staging.c_str()) != 0)
        fail(engineText("ExportDirectory", "cannot rename %1 to %2"), {aside, staging});
}

std::string notEmptyText()
{
    return engineText("ExportDirectory",
                      "is a directory that is not empty; name a new or empty one, or add --force "
                      "to replace it");
}

}  // namespace

std::optional<std::string> exportTargetProblem(const std::string& directory, bool replace)
{
    const std::string target = withoutTrailingSlashes(directory);
    const std::string name = fs::path(target).filename().string();
    if (target.empty() || target == "/" || name == "." || name == "..")
        return std::string(engineText("ExportDirectory", "name a directory of its own"));
    std::error_code error;
    const fs::file_status status = fs::symlink_status(target, error);
    if (status.type() == fs::file_type::not_found)
        return std::nullopt;
    if (error)
        return error.message();
    if (status.type() == fs::file_type::symlink)
        return std::string(
            engineText("ExportDirectory", "is a symbolic link; name the directory itself"));
    if (status.type() != fs::file_type::directory)
        return std::string(engineText("ExportDirectory", "exists and is not a directory"));
    if (!replace && !fs::is_empty(target, error))
        return error ? error.message() : notEmptyText();
    return std::nullopt;
}

void writeDirectoryAtomically(const std::string& directory, const std::vector<ExportFile>& files,
                              bool replace)
{
    const std::string target = withoutTrailingSlashes(directory);
    if (const auto problem = exportTargetProblem(target, replace))
        throw ConfigError(kOutField, target + ": " + *problem);
    const std::string parent = parentOf(target);
    std::error_code error;
    fs::create_directories(parent, error);
    if (error)
        throw std::system_error(
            error, fillText(engineText("ExportDirectory", "cannot create %1"), {parent}));
    removeAbandonedExports(target);

    StagingDirectory staging(target);
    for (const ExportFile& file : files)
        writeSyncedFile(staging.path() + "/" + file.name, file.content);
    syncDirectory(staging.path());

    const bool exists = fs::symlink_status(target, error).type() == fs::file_type::directory;
    if (replace && exists) {
        // The old directory is now at the staging path, removed with it below.
        exchangeDirectories(staging.path(), target);
    } else if (::rename(staging.path().c_str(), target.c_str()) == 0) {
        staging.release();
    } else if (errno == ENOTEMPTY || errno == EEXIST) {
        // Filled by someone else since the check above.
        throw ConfigError(kOutField, target + ": " + notEmptyText());
    } else {
        fail(engineText("ExportDirectory", "cannot rename %1 to %2"), {staging.path(), target});
    }
    syncDirectory(parent);
}

}  // namespace es
