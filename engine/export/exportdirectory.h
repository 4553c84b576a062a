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
/// rename in writeExportDirectory() repeats the last check without a race.
std::optional<std::string> exportTargetProblem(const std::string& directory, bool replace);

/// Writes `files` into `directory` as a whole (writeDirectoryAtomically(),
/// engine/io/atomicdirectory.h: readers see no directory, the old one or the whole new one,
/// never a part), each file flushed to the disk. A missing or empty `directory` is replaced;
/// with `replace`, a non-empty one is swapped with the new one in one step and then deleted.
/// On any failure `directory` is as it was.
///
/// Throws ConfigError("--out", ...) for a target that exportTargetProblem() refuses, or that
/// another writer filled meanwhile, std::system_error naming the path for a failed write.
void writeExportDirectory(const std::string& directory, const std::vector<ExportFile>& files,
                          bool replace);

}  // namespace es
