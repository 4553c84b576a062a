#include "engine/export/exportdirectory.h"

#include "engine/config/configerror.h"
#include "engine/i18n/translate.h"
#include "engine/io/atomicdirectory.h"

#include <filesystem>

namespace es {

namespace {

namespace fs = std::filesystem;

constexpr const char* kOutField = "--out";

/// `path` without trailing slashes ("out/" names the directory "out"), "/" kept.
std::string withoutTrailingSlashes(std::string path)
{
    while (path.size() > 1 && path.back() == '/')
        path.pop_back();
    return path;
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

void writeExportDirectory(const std::string& directory, const std::vector<ExportFile>& files,
                          bool replace)
{
    const std::string target = withoutTrailingSlashes(directory);
    if (const auto problem = exportTargetProblem(target, replace))
        throw ConfigError(kOutField, target + ": " + *problem);
    const auto writeFiles = [&files](const std::string& staging) {
        // A few files: each flushed on its own.
        for (const ExportFile& file : files)
            writeNewFile(staging + "/" + file.name, file.content, FileFlush::Now);
    };
    if (!writeDirectoryAtomically(target, writeFiles,
                                  replace ? ExistingDirectory::Replace : ExistingDirectory::Keep))
        // Filled by someone else since the check above.
        throw ConfigError(kOutField, target + ": " + notEmptyText());
}

}  // namespace es
