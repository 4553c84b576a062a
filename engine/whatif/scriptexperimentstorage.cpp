// How a script's experiment is kept in the run store (experiments.settings_json), beside a
// config's (experimentstorage.cpp), and read back into the runs a live one has.

#include "engine/whatif/scriptexperiment.h"

#include "engine/script/scriptrecorder.h"

#include <utility>

namespace es {

namespace {

using Json = nlohmann::json;

// Bumped when a key of the stored settings changes meaning or goes away; as a config's.
constexpr int kScriptSettingsFormatVersion = 1;
// Marks a script's experiment: its baseline is a command, not a config.
constexpr const char* kScriptExperimentKind = "script";

}  // namespace

Json scriptExperimentSettingsJson(const ScriptExperimentPlan& plan)
{
    Json configurations = Json::array();
    for (const Variant& configuration : plan.configurations)
        configurations.push_back({{"label", configuration.label}, {"patch", configuration.patch}});
    // The baseline's command, folder and variables, as its runs' configs hold them.
    Json script = scriptRunConfig(plan.scriptName, plan.baseline.command,
                                  plan.baseline.workingFolder, plan.baseline.environment)
                      .at("script");
    return {
        {"format_version", kScriptSettingsFormatVersion},
        {"kind", kScriptExperimentKind},
        {"script", std::move(script)},
        {"warmup_steps", plan.settings.warmupSteps},
        {"measured_steps", plan.settings.measuredSteps},
        {"repeats", plan.settings.repeats},
        {"order", "interleaved"},
        {"configurations", std::move(configurations)},
        {"skipped", plan.skipped},
        {"notes", Json::array()},
    };
}

bool isScriptExperiment(const StoredExperiment& experiment)
{
    return experiment.settings.is_object() &&
           experiment.settings.value("kind", std::string()) == kScriptExperimentKind;
}

std::vector<ExperimentRun> scriptExperimentRunsFromStore(const StoredExperiment& experiment)
{
    const ExperimentSettings settings = experimentSettingsFromStore(experiment);
    std::vector<ExperimentRun> runs;
    for (const StoredExperimentRun& stored : experiment.runs)
        runs.push_back(scriptExperimentRun(stored.variantIndex, stored.repeat, stored.runId,
                                           stored.status, stored.error, stored.batches, settings));
    return runs;
}

}  // namespace es
