// How an experiment is kept in the run store (experiments.settings_json) and read back into
// the same runs and configurations a live experiment has.

#include "engine/whatif/experiment.h"
#include "engine/whatif/scriptexperiment.h"

#include <algorithm>

namespace es {

namespace {

using Json = nlohmann::json;

// Bumped when a key of the stored settings changes meaning or goes away.
constexpr int kSettingsFormatVersion = 1;

}  // namespace

Json experimentSettingsJson(const ExperimentPlan& plan)
{
    Json configurations = Json::array();
    for (std::size_t i = 0; i < plan.configurations.size(); ++i)
        configurations.push_back({{"label", plan.configurations[i].label},
                                  {"patch", plan.configurations[i].patch},
                                  {"validation_skipped", plan.measured[i].validationSkipped}});
    return {
        {"format_version", kSettingsFormatVersion},
        {"warmup_steps", plan.settings.warmupSteps},
        {"measured_steps", plan.settings.measuredSteps},
        {"repeats", plan.settings.repeats},
        {"order", "interleaved"},
        {"configurations", std::move(configurations)},
        {"skipped", plan.skipped},
        {"notes", plan.notes},
    };
}

ExperimentSettings experimentSettingsFromStore(const StoredExperiment& experiment)
{
    const Json& settings = experiment.settings;
    ExperimentSettings read;
    if (!settings.is_object())
        return read;
    read.warmupSteps = settings.value("warmup_steps", read.warmupSteps);
    read.measuredSteps = settings.value("measured_steps", read.measuredSteps);
    read.repeats = settings.value("repeats", read.repeats);
    return read;
}

std::vector<Variant> experimentConfigurationsFromStore(const StoredExperiment& experiment)
{
    std::vector<Variant> configurations;
    const Json* listed =
        experiment.settings.is_object() && experiment.settings.contains("configurations")
            ? &experiment.settings["configurations"]
            : nullptr;
    if (listed != nullptr && listed->is_array()) {
        for (const Json& entry : *listed)
            configurations.push_back(
                {entry.value("label", ""), entry.value("patch", Json::object())});
    }
    // Runs name their configuration too: a damaged settings document still gives a table.
    for (const StoredExperimentRun& run : experiment.runs) {
        const auto index = static_cast<std::size_t>(std::max(run.variantIndex, 0));
        while (configurations.size() <= index)
            configurations.push_back({"", Json::object()});
        if (configurations[index].label.empty())
            configurations[index] = {run.variantLabel, run.patch};
    }
    return configurations;
}

std::vector<ExperimentRun> experimentRunsFromStore(const StoredExperiment& experiment)
{
    // A script's runs have no config to project an epoch from; their epochs are their own.
    if (isScriptExperiment(experiment))
        return scriptExperimentRunsFromStore(experiment);
    const ExperimentSettings settings = experimentSettingsFromStore(experiment);
    std::vector<ExperimentRun> runs;
    for (const StoredExperimentRun& stored : experiment.runs) {
        ExperimentRun run;
        run.variantIndex = stored.variantIndex;
        run.repeat = stored.repeat;
        run.runId = stored.runId;
        run.status = stored.status;
        run.error = stored.error;
        run.window = measureWindow(stored.batches, settings.warmupSteps);
        if (stored.info.is_object() && experiment.baselineConfig.is_object()) {
            Json full = experiment.baselineConfig;
            full.merge_patch(stored.patch.is_object() ? stored.patch : Json::object());
            run.epochSteps = fullEpochSteps(
                full, stored.config, stored.info.value("train_samples", std::int64_t(0)),
                stored.info.value("validation_samples", std::int64_t(0)));
        }
        runs.push_back(std::move(run));
    }
    return runs;
}

}  // namespace es
