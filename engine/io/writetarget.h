#pragma once

// Where a run may write. Every path a run writes to comes from its config, and a config can
// come from someone else: a csv_logger at ~/.bashrc or a model_checkpoint at ../../notes.txt
// must not replace or extend a user's file without the user saying so. LibTorch-free.

#include "engine/io/writepermissions.h"

#include <optional>
#include <string>
#include <vector>

namespace es {

/// What EpochScope writes at a path, which decides what an existing file there must be to
/// count as one it wrote before.
enum class WrittenContent {
    EpochLog,      ///< csv_logger's log: an "epoch" header, then rows of numbers
    TorchArchive,  ///< a checkpoint or backup: a LibTorch archive (a zip of records)
};

/// Why a write was refused.
struct WriteRefusal {
    enum class Reason {
        OutsideFolders,  ///< lifted by WritePermissions::outsideFolders
        ForeignFile,     ///< lifted by WritePermissions::foreignFiles
    };
    Reason reason = Reason::OutsideFolders;
    /// What is wrong and how to lift it, naming the file (not the field).
    std::string message;
};

/// Checks a file a run is about to write at `path` (relative to the current directory):
/// - after following every link and `..`, it must lie under one of the run's folders;
/// - an existing entry there must be a regular file holding `content` as EpochScope writes it
///   (a link, a FIFO or a device never is), since the run replaces it or appends to it.
/// nullopt when the write may go ahead.
std::optional<WriteRefusal> checkWriteTarget(const std::string& path, WrittenContent content,
                                             const WritePermissions& permissions,
                                             const std::string& separator = ",");

/// The folders `permissions` lets a run write under, absolute and with links resolved, for
/// messages and the app's question.
std::vector<std::string> permittedFolders(const WritePermissions& permissions);

}  // namespace es
