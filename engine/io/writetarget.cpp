#include "engine/io/writetarget.h"

#include "engine/i18n/translate.h"
#include "engine/io/filedescriptor.h"
#include "engine/io/ownfiles.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace es {

namespace {

namespace fs = std::filesystem;

/// `path` absolute, with every link and `..` resolved as far as it exists (the rest is taken
/// as written, normalised).
fs::path resolved(const fs::path& path)
{
    std::error_code error;
    fs::path absolute = fs::absolute(path, error);
    if (error)
        absolute = path;
    fs::path canonical = fs::weakly_canonical(absolute, error);
    return error ? absolute.lexically_normal() : canonical;
}

bool isUnder(const fs::path& path, const fs::path& folder)
{
    auto inPath = path.begin();
    for (auto part = folder.begin(); part != folder.end(); ++part, ++inPath) {
        // A trailing separator leaves an empty last part: the folder itself.
        if (part->empty() && std::next(part) == folder.end())
            return true;
        if (inPath == path.end() || *inPath != *part)
            return false;
    }
    return true;
}

std::string folderList(const std::vector<std::string>& folders)
{
    return listText(folders);
}

WriteRefusal foreign(std::string message)
{
    return {WriteRefusal::Reason::ForeignFile, std::move(message)};
}

std::string replaceAdvice(const std::string& path, const std::string& why)
{
    return fillText(engineText("WriteTarget",
                               "%1 exists and EpochScope did not write it (%2); a run replaces "
                               "or extends such a file only when you allow it (train "
                               "--allow-overwrite, or answer the app's question); otherwise "
                               "choose another file name"),
                    {path, why});
}

/// Why the existing entry at `path` is not a file EpochScope wrote holding `content`, or
/// nullopt when it is one (or nothing is there).
std::optional<WriteRefusal> checkExisting(const std::string& path, WrittenContent content,
                                          char separator)
{
    struct stat entry {};
    if (::lstat(path.c_str(), &entry) != 0)
        return std::nullopt;  // nothing there: the run creates it
    if (S_ISLNK(entry.st_mode))
        return foreign(replaceAdvice(
            path, engineText("WriteTarget", "it is a symbolic link, and EpochScope writes files")));
    if (S_ISDIR(entry.st_mode))
        return std::nullopt;  // refused where the file is opened, as "is a directory"
    if (!S_ISREG(entry.st_mode))
        return foreign(replaceAdvice(
            path,
            engineText("WriteTarget", "it is not a regular file (a FIFO, socket or device)")));
    // O_NONBLOCK: should a FIFO take the file's place since lstat, opening it does not wait.
    const FileDescriptor file(
        ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
    struct stat opened {};
    if (file.get() < 0 || ::fstat(file.get(), &opened) != 0) {
        const std::string reason = std::strerror(errno);
        return foreign(replaceAdvice(
            path, fillText(engineText("WriteTarget", "it cannot be read to tell: %1"), {reason})));
    }
    if (!S_ISREG(opened.st_mode))
        return foreign(replaceAdvice(
            path,
            engineText("WriteTarget", "it is not a regular file (a FIFO, socket or device)")));
    const auto size = static_cast<std::uint64_t>(opened.st_size);
    if (content == WrittenContent::EpochLog) {
        if (holdsEpochLog(file.get(), size, separator))
            return std::nullopt;
        return foreign(replaceAdvice(
            path, fillText(engineText("WriteTarget",
                                      "it is not an epoch log written with the separator \"%1\""),
                           {std::string(1, separator)})));
    }
    if (size > 0 && holdsTorchArchive(file.get()))
        return std::nullopt;
    return foreign(replaceAdvice(
        path, engineText("WriteTarget", "it is not a LibTorch checkpoint or backup")));
}

}  // namespace

std::vector<std::string> permittedFolders(const WritePermissions& permissions)
{
    std::vector<std::string> folders;
    std::vector<std::string> given = permissions.folders;
    if (given.empty()) {
        std::error_code error;
        given.push_back(fs::current_path(error).string());
    }
    for (const std::string& folder : given) {
        const std::string absolute = resolved(folder).string();
        if (std::find(folders.begin(), folders.end(), absolute) == folders.end())
            folders.push_back(absolute);
    }
    return folders;
}

std::optional<WriteRefusal> checkWriteTarget(const std::string& path, WrittenContent content,
                                             const WritePermissions& permissions,
                                             const std::string& separator)
{
    if (!permissions.outsideFolders) {
        const fs::path target = resolved(path);
        const std::vector<std::string> folders = permittedFolders(permissions);
        const bool inside = std::any_of(folders.begin(), folders.end(), [&](const std::string& f) {
            return isUnder(target, fs::path(f));
        });
        if (!inside)
            return WriteRefusal{
                WriteRefusal::Reason::OutsideFolders,
                fillText(engineText("WriteTarget",
                                    "%1 is outside the run's folders (it leads to %2): a config "
                                    "may come from someone else, so a run writes only under %3 "
                                    "unless you allow more (train --allow-outside-writes, or "
                                    "answer the app's question)"),
                         {path, target.string(), folderList(folders)})};
    }
    if (permissions.foreignFiles)
        return std::nullopt;
    return checkExisting(path, content, separator.empty() ? ',' : separator.front());
}

}  // namespace es
