#pragma once

// What a run may write beyond its own folders and its own files. Every path a run writes to
// comes from its config, and a config can come from someone else, so only the user widens
// this: `train --allow-outside-writes` / `--allow-overwrite` and the app's question, never a
// config (engine/io/writetarget.h applies it). LibTorch-free.

#include <string>
#include <vector>

namespace es {

struct WritePermissions {
    /// The run's own folders (the current directory, the config file's folder). Empty: the
    /// current directory alone.
    std::vector<std::string> folders;
    /// Files may go anywhere the user can write (`--allow-outside-writes`).
    bool outsideFolders = false;
    /// Files that EpochScope did not write may be replaced or appended to (`--allow-overwrite`).
    bool foreignFiles = false;
};

}  // namespace es
