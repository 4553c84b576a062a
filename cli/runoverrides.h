#pragma once

#include "cli/rankenvironment.h"
#include "engine/config/runconfigfwd.h"

#include <cstdint>
#include <optional>
#include <string>

namespace es {

/// Command-line changes on top of a config or preset.
struct RunOverrides {
    std::optional<int> epochs;               ///< training.epochs
    std::optional<std::int64_t> maxBatches;  ///< training.steps_per_epoch
    std::optional<int> warmupSteps;          ///< training.warmup_steps
    std::optional<int> intraOpThreads;       ///< device.intra_op_threads
    std::optional<std::string> device;       ///< device.name
    std::optional<std::string> backend;      ///< backend
    std::optional<std::string> allocator;    ///< device.allocator
    std::optional<std::string> interface;    ///< distributed.interface
    /// .npy files that replace data.source (type "npy"): x and y, and optionally x_val and
    /// y_val. Relative paths are relative to the current directory.
    std::optional<std::string> x;
    std::optional<std::string> y;
    std::optional<std::string> xVal;
    std::optional<std::string> yVal;
};

/// Applies the overrides to the config's JSON form and parses the result again, so that a
/// bad value fails exactly as it would in a config file: a ConfigError naming the field
/// (`training.epochs: ...`).
RunConfig applyOverrides(const RunConfig& config, const RunOverrides& overrides);

/// Makes `config` the run of the rank `assignment` says (nullopt: the config decides alone):
/// config.rank, distributed.world_size, distributed.init when the launcher says where the ranks
/// meet, and with a CUDA device and more than one rank the GPU of the local rank
/// (cuda:LOCAL_RANK), as torchrun's ranks take it. Throws a ConfigError at distributed.init
/// when several ranks have nowhere to meet, saying what to set for where the rank came from.
void applyRankAssignment(RunConfig& config, const std::optional<RankAssignment>& assignment);

}  // namespace es
