#pragma once

// A what-if experiment: a baseline config and variants of it, each trained for a warm-up and a
// measured window, repeated in interleaved order, recorded in the run store as one group
// (docs/whatif.md). Qt-free and LibTorch-free: the CLI and the desktop app both drive it.

#include "engine/config/runconfig.h"
#include "engine/store/runstore.h"
#include "engine/train/runobserver.h"
#include "engine/whatif/experimentresults.h"
#include "engine/whatif/measuredrun.h"
#include "engine/whatif/variantspec.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace es {

/// An experiment checked and ready to run.
struct ExperimentPlan {
    std::string name;
    ExperimentSettings settings;
    RunConfig baseline;
    /// [0] is the baseline ("baseline", empty patch), then the variants.
    std::vector<Variant> configurations;
    std::vector<RunConfig> fullConfigs;    ///< per configuration, as the user would train it
    std::vector<MeasuredConfig> measured;  ///< per configuration, what a measured run trains
    std::vector<std::string> skipped;      ///< variants left out, and why
    /// What the user should know before the numbers: a window longer than an epoch.
    std::vector<std::string> notes;

    int runCount() const { return static_cast<int>(configurations.size()) * settings.repeats; }
};

/// Applies, parses and checks every variant and builds the measured configs, before anything
/// runs. Throws ConfigError for bad settings, an invalid variant (naming it and the field), no
/// variant left to measure, or synthetic data too small for the warm-up window. An empty
/// `name` becomes "<config name>: <variant labels>".
ExperimentPlan planExperiment(const RunConfig& baseline, const std::vector<Variant>& variants,
                              const ExperimentSettings& settings, std::string name = {});

/// "<baseline name>: <variant labels>", cut short for `runs list`: the name of an experiment
/// the user did not name.
std::string defaultExperimentName(const std::string& baselineName,
                                  const std::vector<Variant>& configurations);

/// The experiment's settings as stored with it (experiments.settings_json): the windows,
/// repeats, order, and every configuration's label and patch, so a stored experiment lists
/// configurations whose runs never happened.
nlohmann::json experimentSettingsJson(const ExperimentPlan& plan);

/// Where a run sits in the experiment.
struct ExperimentRunSlot {
    int number = 0;  ///< 1-based position in the interleaved order
    int total = 0;   ///< runs planned
    int variantIndex = 0;
    std::string label;
    int repeat = 1;
    int repeats = 1;
};

/// What an experiment reports while it runs. Every call comes from the thread that runs the
/// experiment, never from the engine thread.
class ExperimentProgress {
public:
    virtual ~ExperimentProgress() = default;
    virtual void onRunStarting(const ExperimentRunSlot& slot) {}
    virtual void onRunFinished(const ExperimentRunSlot& slot, const ExperimentRun& run) {}
    /// The run's warnings and errors (thread settings that did not apply, a failure).
    virtual void onRunLog(const ExperimentRunSlot& slot, LogLevel level, const std::string& message)
    {
    }
    /// Polled before each run and about every 50 ms while one trains. True stops the current
    /// run after its current step and ends the experiment, keeping what was measured.
    virtual bool stopRequested() { return false; }
};

struct ExperimentOutcome {
    std::int64_t experimentId = 0;  ///< 0 when it was not recorded
    std::vector<ExperimentRun> runs;
    bool stopped = false;         ///< ended by stopRequested()
    bool baselineFailed = false;  ///< a baseline run failed: nothing to compare against
    bool badInput = false;        ///< that failure was the input's fault (a data file)
    /// The first run store problem; recording stops there, measuring goes on.
    std::string storeError;
};

/// Runs the plan: for each repeat, the baseline and every variant in turn. A variant whose run
/// fails gets no more runs; a failing baseline ends the experiment. Each run is recorded into
/// `store` (when not null) and attached to one experiment there.
ExperimentOutcome runExperiment(const ExperimentPlan& plan, RunStore* store,
                                ExperimentProgress* progress = nullptr);

/// The runs of a stored experiment as the results need them (window, status, epoch length),
/// worked out as for a live one.
std::vector<ExperimentRun> experimentRunsFromStore(const StoredExperiment& experiment);

/// The configurations (labels, patches) and settings a stored experiment was planned with.
std::vector<Variant> experimentConfigurationsFromStore(const StoredExperiment& experiment);
ExperimentSettings experimentSettingsFromStore(const StoredExperiment& experiment);

}  // namespace es
