#pragma once

// What model_checkpoint and backup_and_restore tell the run about a file they wrote: its
// absolute path and what it is on disk right after the write.

#include "engine/core/savedfile.h"

#include <cstdint>
#include <string>

namespace es {

/// A record of the file just written at `path` (relative to the current directory, as the
/// callback wrote it), `bytesWritten` long: the path made absolute and lexically normal, and
/// the size and modification time stat(2) reads now, so that a later look tells a file
/// rewritten since. When it cannot be read back, `bytesWritten` and no time.
SavedFileRecord savedFileAt(SavedFileKind kind, const std::string& path, std::int64_t bytesWritten);

}  // namespace es
