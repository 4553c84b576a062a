#pragma once

#include "core/phase.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace es {

/// One training step. Plain values only: records cross from the engine thread to sinks that
/// must never block it.
struct BatchRecord {
    int epoch = 0;  ///< 1-based
    int batch = 0;  ///< 1-based within the epoch
    /// From the end of the previous step (or the start of the epoch) to the end of this one.
    double wallMs = 0.0;
    /// Per phase, in milliseconds; phaseMs[Other] = wallMs - sum of the named phases.
    PhaseArray phaseMs{};
    double loss = 0.0;
    std::int64_t samples = 0;
    std::int64_t h2dBytes = 0;  ///< bytes copied host to device for this step
};

/// One epoch: training phase totals, validation and per-callback time.
struct EpochRecord {
    int epoch = 0;       ///< 1-based
    int batches = 0;     ///< training steps run in this epoch
    double wallS = 0.0;  ///< training + validation + epoch-end work
    double trainS = 0.0;
    double validationS = 0.0;
    PhaseArray phaseS{};  ///< sums of BatchRecord::phaseMs over the epoch, in seconds
    std::vector<std::pair<std::string, double>> callbackS;  ///< per callback, seconds
    std::int64_t samples = 0;
    double trainLoss = 0.0;
    std::optional<double> valLoss;
    /// "mae", "accuracy", "val_mae", "val_accuracy", ... as Keras names them.
    std::map<std::string, double> metrics;
};

enum class RunState { Idle, Running, Paused, Stopping, Finished, Stopped, Failed };

std::string_view runStateName(RunState state);

inline bool isTerminal(RunState state)
{
    return state == RunState::Finished || state == RunState::Stopped || state == RunState::Failed;
}

}  // namespace es
