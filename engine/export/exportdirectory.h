#pragma once

// A directory of exported files that appears whole or not at all. LibTorch-free.

#include <optional>
#include <string>
#include <vector>

namespace es {

/// One file of an export: its name inside the directory and its bytes.
struct ExportFile {
    std::string name;
    std::string content;
};

/// Why `directory` cannot take an export, checked before the slow work so that a refusal
/// comes at once: it names no directory of its own (".", "/"), it is a file or a symbolic
/// link, or a directory that is not empty while `replace` is false; nullopt when it can. The
/// rename in writeDirectoryAtomically() repeats the last check without a race.
std::optional<std::string> exportTargetProblem(const std::string& directory, bool replace);

/// Writes `files` into `directory` so that readers see no directory, the old one or the whole
/// new one, never a part: the files go into a temporary directory beside it
/// (`DIR.<pid>-<8 hex digits>.tmp`, each file and the directory fsynced), which is then
/// renamed to `directory`. A missing or empty `directory` is replaced by that rename, which
/// fails on a non-empty one; with `replace`, a non-empty one is swapped with the new one in
/// one step (renameat2's RENAME_EXCHANGE) and then deleted. On any failure the temporary
/// directory is removed and `directory` is as it was.
///
/// First removes the temporary directories that an exporter killed half-way left beside
/// `directory` (those whose pid is gone). Throws ConfigError("--out", ...) for a target that
/// exportTargetProblem() refuses, std::system_error naming the path for a failed write.
void writeDirectoryAtomically(const std::string& directory, const std::vector<ExportFile>& files,
                              bool replace);

}  // namespace es
