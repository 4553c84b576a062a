#pragma once

#include "engine/config/runconfigfwd.h"
#include "engine/core/records.h"
#include "engine/env/environment.h"
#include "engine/train/runresult.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace es {

/// Identifies the `--json-out` document; the version grows when a field changes meaning or
/// goes away (new fields alone keep it).
inline constexpr std::string_view kRunSummaryFormat = "epochscope-run-summary";
inline constexpr int kRunSummaryFormatVersion = 1;

struct LatencyStats {
    double p50Ms = 0.0;
    double p95Ms = 0.0;
    double p99Ms = 0.0;
};

/// Whether the run got as far as filling its RunInfo; a run can fail before (a CUDA device
/// that is not there).
bool hasRunInfo(const RunInfo& info);

/// Percentiles of BatchRecord::wallMs (nearest-rank); zeros for an empty list.
LatencyStats batchLatency(const std::vector<BatchRecord>& batches);

/// The steps that count as warm, as indices into `batches`: those after epoch 1, or, for a
/// one-epoch run, those after its first 10%. Empty when none qualifies.
std::vector<std::size_t> steadyStepIndices(const std::vector<BatchRecord>& batches);

/// Median step time once warm: the median wallMs of steadyStepIndices(). nullopt when no batch
/// qualifies.
std::optional<double> steadyStateStepMs(const std::vector<BatchRecord>& batches);

/// Epoch 1's training time over the median training time of the later epochs;
/// nullopt with fewer than two epochs.
std::optional<double> firstEpochRatio(const std::vector<EpochRecord>& epochs);

/// Training throughput over every step run (a stopped run's partial epoch included): the
/// steps' samples and FLOPs over the sum of their wall times.
struct Throughput {
    double trainS = 0.0;  ///< sum of BatchRecord::wallMs, in seconds
    std::int64_t samples = 0;
    double trainingFlops = 0.0;            ///< RunInfo::model.trainingFlopsPerSample x samples
    std::optional<double> samplesPerS;     ///< nullopt when no step ran
    std::optional<double> achievedGflops;  ///< nullopt when no step ran
};

Throughput trainingThroughput(const RunResult& result);

/// The summary's "environment" and "run" objects on their own (docs/summary.md).
nlohmann::json environmentJson(const EnvironmentInfo& environment);
nlohmann::json runInfoJson(const RunInfo& info);
/// One element of the summary's "epochs" array.
nlohmann::json epochJson(const EpochRecord& record);
/// The summary's "batch_latency_ms": batchLatency() as p50, p95 and p99, nulls without steps.
nlohmann::json latencyJson(const std::vector<BatchRecord>& batches);

/// The `--json-out` document described in docs/summary.md.
nlohmann::json buildRunSummary(const RunConfig& config, const RunResult& result,
                               const EnvironmentInfo& environment);
/// The same with the run's own environment, or this machine's for a run that failed before it
/// knew its own (collectEnvironment()).
nlohmann::json buildRunSummary(const RunConfig& config, const RunResult& result);

}  // namespace es
