#pragma once

// A what-if experiment on a Python training script (docs/whatif.md#what-if-for-a-python-script):
// the script's command as given (the baseline) and variants of its environment and arguments
// (scriptvariants.h), each run under the probe (engine/script/scriptsession.h) for warm-up +
// measured steps and then stopped, repeated in interleaved order as a config's experiment is,
// and recorded in the run store as one experiment. Its numbers, report and stored form are a
// config's experiment's (experimentresults.h, experimentreport.h). LibTorch-free.

#include "engine/store/runstore.h"
#include "engine/whatif/experiment.h"
#include "engine/whatif/experimentresults.h"
#include "engine/whatif/measuredrun.h"
#include "engine/whatif/scriptvariants.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace es {

/// A script's experiment checked and ready to run.
struct ScriptExperimentPlan {
    std::string name;
    ExperimentSettings settings;
    ScriptCommand baseline;
    std::string scriptName;  ///< the script's file name, for the runs' names
    /// [0] is the baseline ("baseline", empty patch), then the variants.
    std::vector<Variant> configurations;
    std::vector<ScriptRunSetup> setups;  ///< per configuration, what its runs start
    std::vector<std::string> skipped;    ///< variants left out, and why

    int runCount() const { return static_cast<int>(configurations.size()) * settings.repeats; }
    /// The steps each run makes before it is stopped: warm-up + measured.
    int stepsPerRun() const { return settings.warmupSteps + settings.measuredSteps; }
};

/// Checks the settings, the command and every variant and builds each configuration's run,
/// before anything runs. Throws ConfigError (naming the flag) for bad settings or `--vary`s,
/// or no variant left to measure, and ScriptCommandError for a command that runs no script. An
/// empty `name` becomes "<script>: <variant labels>".
ScriptExperimentPlan planScriptExperiment(const ScriptCommand& baseline,
                                          const std::vector<ScriptVaryFactor>& factors,
                                          VaryMode mode, const ExperimentSettings& settings,
                                          std::string name = {});

/// The settings stored with a script's experiment: `"kind": "script"`, the command, its folder
/// and the variables the baseline sets (`"env"`, where it sets any), the windows and repeats, and
/// every configuration's label and patch.
nlohmann::json scriptExperimentSettingsJson(const ScriptExperimentPlan& plan);

/// Runs the plan in interleaved order: each run a ScriptSession bounded to stepsPerRun() steps,
/// recorded into `store` and attached to one experiment there. A variant whose run fails gets
/// no more runs; a failing baseline ends the experiment. A stop from `progress` stops the
/// script after `ownStopGrace` (the time a terminal's Ctrl+C, which reached the script too,
/// gives it to end on its own) and ends the experiment.
ExperimentOutcome runScriptExperiment(const ScriptExperimentPlan& plan, RunStore& store,
                                      ExperimentProgress* progress,
                                      std::chrono::milliseconds ownStopGrace);

/// Whether a stored experiment is a script's (its settings say `"kind": "script"`).
bool isScriptExperiment(const StoredExperiment& experiment);

/// The runs of a stored script experiment as the results need them, worked out as for a live
/// one.
std::vector<ExperimentRun> scriptExperimentRunsFromStore(const StoredExperiment& experiment);

/// One run of a script's experiment as the results need it, from the steps it recorded: the
/// window after the warm-up, counted when the run completed or was stopped at its bound (every
/// one of the warm-up + measured steps made; ExperimentRun::stoppedAtBound), and the epoch
/// length when it got through an epoch whole. The same for a live run and a stored one.
ExperimentRun scriptExperimentRun(int variantIndex, int repeat, std::int64_t runId,
                                  RunStatus status, std::string error,
                                  const std::vector<BatchRecord>& steps,
                                  const ExperimentSettings& settings);

/// Steps per epoch of a script's run when it got through an epoch whole: the first epoch's
/// steps when a later epoch began, or when the script ended on its own before its bound
/// (`endedOnItsOwn`: completed, every step it made recorded). 0 otherwise: a run stopped inside
/// its first epoch tells nothing of the epoch's length.
std::int64_t scriptEpochSteps(const std::vector<BatchRecord>& steps, bool endedOnItsOwn);

}  // namespace es
