#pragma once

#include "engine/callbacks/callback.h"
#include "engine/config/runconfigfwd.h"

#include <memory>
#include <vector>

namespace es {

/// The callbacks of a validated config, in config order. `config.ignoreBackup` makes
/// BackupAndRestore start fresh instead of resuming from a backup it finds (`train
/// --ignore-backup`). On ranks other than 0 of a distributed run, whose rank 0 writes for all,
/// the callbacks that only write files (model_checkpoint, csv_logger) are left out and
/// BackupAndRestore only resumes from the backup it finds. model_checkpoint checks each file
/// it saves against `config.writes`.
std::vector<std::unique_ptr<Callback>> makeCallbacks(const RunConfig& config);

}  // namespace es
