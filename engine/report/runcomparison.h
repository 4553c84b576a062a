#pragma once

// Two or more recorded runs side by side (docs/reports.md): what differs in how they were set
// up, where each one's time went, and the measured difference of each run from the first one
// (the baseline) split into phases. Only measured numbers: what a run did not record is
// unset, never estimated. The writers (reportmarkdown.h, reportcsv.h, reportjson.h,
// reporthtml.h) turn this into files.

#include "engine/core/phase.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace es {

struct StoredRun;

/// Shown where a run's summary or facts lack a value (an interrupted run has no summary).
inline constexpr const char* kNotRecorded = "not recorded";
/// Shown where a run's config has no value at a path another run's config has.
inline constexpr const char* kAbsent = "absent";

/// One phase of one run's training steps.
struct PhaseFigures {
    std::optional<double> steadyMedianMs;  ///< median over the warm steps; unset without any
    double totalS = 0.0;                   ///< sum over every step
    double share = 0.0;                    ///< totalS over the run's training time; 0 without
    /// The median over the warm steps of the phase's tensor memory peak, in MB
    /// (docs/memory.md); unset where no warm step had its memory counted.
    std::optional<double> steadyPeakMb;
};

/// Percentiles of the warm steps' wall times (nearest rank, as the run summary's).
struct LatencyFigures {
    std::int64_t steps = 0;  ///< warm steps; the percentiles are unset when 0
    std::optional<double> p50Ms;
    std::optional<double> p90Ms;
    std::optional<double> p99Ms;
    std::optional<double> maxMs;
};

/// Host-to-device copies of the warm steps.
struct TransferFigures {
    std::optional<double> medianBytesPerStep;
    std::optional<double> medianMsPerStep;
    /// Bytes over copy time, summed over the warm steps; unset when nothing was copied or
    /// the copies took no measurable time.
    std::optional<double> gbPerS;
    std::int64_t totalBytes = 0;  ///< over every step
};

/// The system sampler's measurements over the run.
struct UtilisationFigures {
    std::int64_t samples = 0;  ///< the rest is unset when 0
    std::optional<double> meanProcessCpuPct;
    std::optional<double> maxProcessCpuPct;
    std::optional<double> meanMachineCpuPct;
    std::optional<double> peakRssMb;
    std::optional<double> meanGpuUtilPct;   ///< over every GPU and sample NVML could read
    std::optional<double> peakGpuMemoryMb;  ///< the most any one GPU had in use
};

struct FindingLine {
    std::string id;
    std::string severity;  ///< severityKey()
    std::string title;
};

/// One run's own figures.
struct ComparedRun {
    std::string label;  ///< "A" (the baseline), "B", ...
    std::int64_t id = 0;
    std::string name;
    std::string status;  ///< runStatusKey()
    std::string startedAt;
    std::string endedAt;
    std::string notes;
    std::string device;  ///< empty where not recorded, as the next three
    std::string backend;
    std::string placement;
    std::optional<int> intraOpThreads;
    std::optional<int> interOpThreads;
    std::optional<std::int64_t> batchSize;  ///< per process
    int worldSize = 1;                      ///< processes that trained together
    std::int64_t steps = 0;                 ///< training steps stored (rank 0's)
    std::optional<double> steadyStepMs;     ///< median wall time of the warm steps
    std::optional<double> samplesPerS;      ///< samples over step wall time, every step
    /// Warm samples/s per machine or GPU over the baseline's (rankstats.h); set for the runs
    /// after the baseline when it or they trained on several processes.
    std::optional<double> scalingEfficiency;
    std::optional<double> firstEpochRatio;
    double trainingS = 0.0;       ///< sum of every step's wall time
    std::optional<double> wallS;  ///< the summary's total_s; unset without a summary
    std::array<PhaseFigures, kPhaseCount> phases{};
    LatencyFigures latency;
    TransferFigures transfer;
    UtilisationFigures utilisation;
    std::vector<FindingLine> findings;
};

/// One value of a diff row for one run: `text` is the value as a user types it (strings bare,
/// anything else compact JSON), or kNotRecorded / kAbsent when the run has none.
struct DiffValue {
    bool present = false;
    nlohmann::json value;  ///< null when not present
    std::string text;
};

/// A key whose value is not the same in every run; `values` holds one per run.
struct DiffRow {
    std::string key;  ///< dotted path: `data.placement`, `callbacks[0].params.save_freq`
    std::vector<DiffValue> values;
};

struct EpochTimes {
    double trainS = 0.0;
    double validationS = 0.0;
    double wallS = 0.0;
};

/// One epoch number; a run that did not complete that epoch has no times there.
struct EpochRow {
    int epoch = 0;
    std::vector<std::optional<EpochTimes>> runs;
};

/// The warm steps' wall times of every run counted in the same bins.
struct LatencyHistogram {
    std::vector<double> edgesMs;  ///< bins + 1 ascending edges; empty without warm steps
    bool logSpaced = false;       ///< false when the smallest time is not above zero
    std::vector<std::vector<std::int64_t>> counts;  ///< per run, per bin
};

/// One phase's part in a run's difference from the baseline.
struct PhaseDelta {
    Phase phase = Phase::Other;
    /// The run's warm median minus the baseline's, in ms per step.
    std::optional<double> msPerStep;
    /// (the run's mean per step - the baseline's) x the baseline's steps, over every step:
    /// the seconds the phase would have added at the baseline's length. Scaled, not measured
    /// as such; unset when either run has no steps.
    std::optional<double> scaledS;
};

/// A run against the baseline.
struct Attribution {
    std::string label;  ///< of the run; the baseline is runs[0]
    /// Baseline warm ms per step over this run's; above 1 means this run is faster.
    std::optional<double> speedup;
    std::vector<PhaseDelta> phases;      ///< by falling absolute size (msPerStep, then scaledS)
    std::optional<double> scaledTotalS;  ///< the sum of the phases' scaledS
    std::int64_t baselineSteps = 0;
    std::string sentence;  ///< "B is 1.75x faster per step than A (...): Forward -20.0 ..."
};

struct RunComparison {
    std::vector<ComparedRun> runs;         ///< runs[0] is the baseline
    std::vector<DiffRow> environmentDiff;  ///< the summaries' "environment" objects
    std::vector<DiffRow> factsDiff;        ///< the runs' info ("run" object) beyond ComparedRun's
    std::vector<DiffRow> configDiff;
    std::vector<EpochRow> epochs;
    LatencyHistogram histogram;
    std::vector<Attribution> attributions;  ///< one per run after the baseline
};

/// Compares `runs` (at least two; throws std::invalid_argument otherwise) with the first as
/// the baseline.
RunComparison compareRuns(const std::vector<StoredRun>& runs);

/// "A", "B", ..., "Z", "AA", "AB", ... for the run at `index`.
std::string runLabel(std::size_t index);

}  // namespace es
