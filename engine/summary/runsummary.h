#pragma once

#include "config/runconfig.h"
#include "core/records.h"
#include "env/environment.h"
#include "train/runresult.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace es {

struct LatencyStats {
    double p50Ms = 0.0;
    double p95Ms = 0.0;
    double p99Ms = 0.0;
};

/// Percentiles of BatchRecord::wallMs (nearest-rank); zeros for an empty list.
LatencyStats batchLatency(const std::vector<BatchRecord>& batches);

/// Median step time once warm: the median wallMs of the batches after epoch 1, or, for a
/// one-epoch run, after its first 10% of batches. nullopt when no batch qualifies.
std::optional<double> steadyStateStepMs(const std::vector<BatchRecord>& batches);

/// Epoch 1's training time over the median training time of the later epochs;
/// nullopt with fewer than two epochs.
std::optional<double> firstEpochRatio(const std::vector<EpochRecord>& epochs);

/// The `--json-out` document described in docs/summary.md.
nlohmann::json buildRunSummary(const RunConfig& config, const RunResult& result,
                               const EnvironmentInfo& environment);

}  // namespace es
