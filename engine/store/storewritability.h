#pragma once

// Whether runs can be recorded in a run database, found out before a run starts and without
// writing to the file: a read-only file or folder (or file system) would otherwise let a run
// train and go unrecorded.

#include <optional>
#include <string>

namespace es {

/// Why the run database at `path` cannot take new runs: the file is not writable, or its
/// folder is not (SQLite keeps its write-ahead log and shared-memory file beside it), or, for
/// a file not yet created, the nearest existing folder above it is not. nullopt when it looks
/// writable. Never creates or changes anything.
std::optional<std::string> databaseWriteProblem(const std::string& path);

}  // namespace es
