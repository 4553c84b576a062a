#pragma once

#include "engine/callbacks/callback.h"
#include "engine/config/runconfig.h"

#include <memory>
#include <vector>

namespace es {

/// The callbacks of a validated config, in config order. `ignoreBackup` makes
/// BackupAndRestore start fresh instead of resuming from a backup it finds (`train
/// --ignore-backup`).
std::vector<std::unique_ptr<Callback>> makeCallbacks(const std::vector<CallbackConfig>& configs,
                                                     bool ignoreBackup);

}  // namespace es
