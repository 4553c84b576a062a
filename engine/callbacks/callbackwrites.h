#pragma once

// Every file a run writes, as its config names them, checked before the first step
// (engine/io/writetarget.h): the callbacks' logs, checkpoints and backups.

#include "engine/config/configerror.h"
#include "engine/config/runconfigfwd.h"
#include "engine/io/writetarget.h"

#include <optional>
#include <string>
#include <vector>

namespace es {

/// One file a run will write.
struct PlannedWrite {
    std::string field;  ///< the config path that names it, "callbacks[2].filename"
    /// The file, relative to the current directory as the callback writes it. For a
    /// model_checkpoint template, the first epoch's file (every field filled with 1), which
    /// shows where the template leads; each save's own file is checked again when it is saved.
    std::string path;
    WrittenContent content = WrittenContent::TorchArchive;
    std::string separator = ",";  ///< csv_logger's, which an existing log must be written with
    /// Whether an existing file there must be one EpochScope wrote. Not for a backup: its file
    /// has EpochScope's own name (epochscope-backup.pt), and the restore reads it first and
    /// refuses, with its own reason and leaving it as it is, anything but this run's backup,
    /// which is replaced only then or when the user says --ignore-backup.
    bool checkExisting = true;
};

/// The files `config`'s callbacks write, in the order of the callbacks.
std::vector<PlannedWrite> plannedWrites(const RunConfig& config);

/// Why `write` may not go ahead under `permissions`, nullopt when it may.
std::optional<WriteRefusal> refusalOf(const PlannedWrite& write,
                                      const WritePermissions& permissions);

/// A refusal for each planned write that config.writes does not allow, at its field.
std::vector<ConfigIssue> checkRunWrites(const RunConfig& config);

}  // namespace es
