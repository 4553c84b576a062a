#pragma once

// The numbers of an experiment: per measured run the median step time of its measured window,
// per configuration min / median / max over its runs, the projected epoch time and the speedup
// against the baseline. Pure functions over step records, so a live experiment and one loaded
// from the run store give the same table.

#include "engine/core/phase.h"
#include "engine/core/records.h"
#include "engine/store/runstore.h"
#include "engine/whatif/variantspec.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace es {

/// The measured window of one run: its steps after the warm-up.
struct WindowStats {
    int steps = 0;          ///< steps measured
    double medianMs = 0.0;  ///< median BatchRecord::wallMs over them
    PhaseArray phaseMedianMs{};
    /// The run's first step, which the window leaves out: its wall time without the Warm-up
    /// phase (primitive creation, first allocations, lazy initialisation land here unless a
    /// warm-up took them), and that Warm-up phase (training.warmup_steps) on its own.
    double firstStepMs = 0.0;
    double firstStepWarmUpMs = 0.0;
    /// Mean training loss over the window's steps (NaN when a step's loss was not finite): a
    /// variant that changes the model (a finding's patch to a layer's options) changes this
    /// too, and the table shows it beside the speed.
    double meanLoss = 0.0;
    /// The most tensor memory a step of the window held (its highest phase peak,
    /// docs/memory.md): what a batch size costs in memory beside its speed. 0 where a step's
    /// memory was not counted (a script's run, an allocator EpochScope could not wrap).
    std::int64_t tensorPeakBytes = 0;
};

/// The window after the first `warmupSteps` steps; nullopt when the run has no step there.
std::optional<WindowStats> measureWindow(const std::vector<BatchRecord>& batches, int warmupSteps);

/// One measured run of an experiment, live or loaded from the store.
struct ExperimentRun {
    int variantIndex = 0;    ///< 0 = the baseline, then the variants in order
    int repeat = 1;          ///< 1-based
    std::int64_t runId = 0;  ///< in the run store; 0 when not recorded
    RunStatus status = RunStatus::Completed;
    std::string error;  ///< why a failed run failed
    std::optional<WindowStats> window;
    /// Steps per epoch of the configuration's full (not shortened) config (fullEpochSteps);
    /// for a script's run, of the first epoch it got through whole; 0 when not known.
    std::int64_t epochSteps = 0;
    /// A script's run that made every step of its warm-up and window and was then stopped by
    /// its bound (docs/whatif.md): status Stopped, yet its window is whole. Engine runs end
    /// at their window on their own (steps_per_epoch) and never set it.
    bool stoppedAtBound = false;

    /// Whether the run's numbers count: it completed, or was stopped at its bound, with a
    /// measured window. A run stopped early (Ctrl+C) has a window cut short and does not.
    bool counted() const
    {
        return window &&
               (status == RunStatus::Completed || (status == RunStatus::Stopped && stoppedAtBound));
    }
};

/// The change of one phase's median against the baseline.
struct PhaseChange {
    Phase phase = Phase::Other;
    double deltaMs = 0.0;  ///< variant minus baseline
};

/// One row of the table.
struct VariantResult {
    int index = 0;
    std::string label;  ///< "baseline" for index 0
    nlohmann::json patch = nlohmann::json::object();
    int runsPlanned = 0;
    /// Runs counted (ExperimentRun::counted()): the ones the numbers come from. A stopped run
    /// (Ctrl+C) is kept in the store but not counted, as its window is cut short.
    int runsMeasured = 0;
    // Measured: over the runs' median step times.
    double minMs = 0.0;
    double medianMs = 0.0;
    double maxMs = 0.0;
    PhaseArray phaseMedianMs{};  ///< median over the runs of their phase medians
    int windowSteps = 0;         ///< steps measured per run (the smallest over its runs)
    /// Medians over the runs of WindowStats::firstStepMs and firstStepWarmUpMs: what the
    /// configuration costs once, before the steady state that medianMs measures.
    double firstStepMs = 0.0;
    double firstStepWarmUpMs = 0.0;
    /// Median over the runs of WindowStats::meanLoss.
    double meanLoss = 0.0;
    /// Median over the runs whose memory was counted of WindowStats::tensorPeakBytes; 0 when
    /// none was.
    std::int64_t tensorPeakBytes = 0;
    /// Projected, not measured: medianMs x epochSteps.
    std::int64_t epochSteps = 0;
    std::optional<double> projectedEpochS;
    /// Baseline projected epoch time over this one's (> 1 is faster); for configurations with
    /// the same steps per epoch that is the ratio of the median step times. nullopt when
    /// either side was not measured.
    std::optional<double> speedup;
    /// The phases whose medians moved most against the baseline, largest change first.
    std::vector<PhaseChange> largestChanges;
    std::string error;  ///< the first failure of its runs, empty when none failed

    bool measured() const { return runsMeasured > 0; }
};

/// Phase changes reported per variant.
inline constexpr int kReportedPhaseChanges = 2;

/// The table: one row per configuration (`configurations[0]` is the baseline, label and patch
/// as given), from the runs in any order.
std::vector<VariantResult> summariseExperiment(const std::vector<Variant>& configurations,
                                               int repeatsPlanned,
                                               const std::vector<ExperimentRun>& runs);

/// The `count` phases whose medians differ most from the baseline's, by absolute change;
/// phases that did not change are left out.
std::vector<PhaseChange> largestPhaseChanges(const PhaseArray& variant, const PhaseArray& baseline,
                                             int count = kReportedPhaseChanges);

}  // namespace es
