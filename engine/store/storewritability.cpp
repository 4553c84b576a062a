#include "engine/store/storewritability.h"

#include "engine/i18n/translate.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace es {

namespace {

/// The reason faccessat(2) gives for not writing `path` as this process's effective user (as
/// SQLite will try), empty when it may be written.
std::string writeRefusal(const std::string& path)
{
    if (::faccessat(AT_FDCWD, path.c_str(), W_OK, AT_EACCESS) == 0)
        return {};
    return std::strerror(errno);
}

}  // namespace

std::optional<std::string> databaseWriteProblem(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code error;
    const fs::path file = fs::absolute(path, error);
    struct stat status {};
    if (::stat(file.c_str(), &status) == 0) {
        if (const std::string reason = writeRefusal(file); !reason.empty())
            return fillText(engineText("StoreWritability",
                                       "%1 cannot be written (%2), so runs are not recorded"),
                            {file.string(), reason});
        // The journal files, when a writer left them, must be writable too.
        for (const char* suffix : {"-wal", "-shm"}) {
            const std::string journal = file.string() + suffix;
            if (::stat(journal.c_str(), &status) != 0)
                continue;
            if (const std::string reason = writeRefusal(journal); !reason.empty())
                return fillText(engineText("StoreWritability",
                                           "%1 cannot be written (%2), so runs are not recorded"),
                                {journal, reason});
        }
        const std::string folder = file.parent_path().string();
        if (const std::string reason = writeRefusal(folder); !reason.empty())
            return fillText(engineText("StoreWritability",
                                       "the folder %1 of the run database cannot be written (%2): "
                                       "SQLite keeps its journal beside the database, so runs "
                                       "are not recorded"),
                            {folder, reason});
        return std::nullopt;
    }
    // Not created yet: the first folder above it that exists is where it would be made.
    fs::path folder = file.parent_path();
    while (!folder.empty() && ::stat(folder.c_str(), &status) != 0 && folder != folder.root_path())
        folder = folder.parent_path();
    if (const std::string reason = writeRefusal(folder.string()); !reason.empty())
        return fillText(engineText("StoreWritability",
                                   "the run database %1 cannot be created: %2 cannot be written "
                                   "(%3), so runs are not recorded"),
                        {file.string(), folder.string(), reason});
    return std::nullopt;
}

}  // namespace es
