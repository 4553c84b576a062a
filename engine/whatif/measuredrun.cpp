#include "engine/whatif/measuredrun.h"

#include "engine/config/callbackspecs.h"
#include "engine/config/configerror.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <filesystem>

namespace es {

namespace {

using Json = nlohmann::json;

// Far beyond any useful experiment; above them a value is a typo (an extra zero).
constexpr int kMaxWindowSteps = 1'000'000;
constexpr int kMaxRepeats = 1000;

/// `pattern`: "expected an integer from %1 to %2 (why), got %3".
void checkRange(const char* flag, int value, int lowest, int highest, const char* pattern)
{
    if (value < lowest || value > highest)
        throw ConfigError(flag, fillText(pattern, {std::to_string(lowest), std::to_string(highest),
                                                   std::to_string(value)}));
}

}  // namespace

void checkExperimentSettings(const ExperimentSettings& settings)
{
    checkRange("--warmup-steps", settings.warmupSteps, 0, kMaxWindowSteps,
               engineText("MeasuredRun",
                          "expected an integer from %1 to %2 (steps not measured), got %3"));
    checkRange("--measured-steps", settings.measuredSteps, 1, kMaxWindowSteps,
               engineText("MeasuredRun",
                          "expected an integer from %1 to %2 (at least one step "
                          "is measured), got %3"));
    checkRange("--repeats", settings.repeats, 1, kMaxRepeats,
               engineText("MeasuredRun",
                          "expected an integer from %1 to %2 (runs per configuration), got %3"));
}

MeasuredConfig measuredConfig(const RunConfig& full, const ExperimentSettings& settings)
{
    Json document = toJson(full);
    document["training"]["epochs"] = 1;
    document["training"]["steps_per_epoch"] = settings.warmupSteps + settings.measuredSteps;
    MeasuredConfig measured;
    if (full.data.validationSplit > 0.0) {
        Json withoutValidation = document;
        withoutValidation["data"]["validation_split"] = 0.0;
        try {
            measured.config = parseRunConfig(withoutValidation);
            measured.validationSkipped = true;
        } catch (const ConfigError&) {
            // A callback monitors a val_ metric: the run validates as the full config does.
        }
    }
    if (!measured.validationSkipped)
        measured.config = parseRunConfig(document);
    measured.config.ignoreBackup = full.ignoreBackup;
    return measured;
}

RunConfig withCallbackFilesUnder(const RunConfig& config, const std::string& directory)
{
    RunConfig moved = config;
    bool anyBackup = false;
    for (CallbackConfig& callback : moved.callbacks) {
        const CallbackSpec* spec = findCallbackSpec(callback.type);
        if (spec == nullptr)
            continue;
        anyBackup = anyBackup || callback.type == "backup_and_restore";
        for (const CallbackParamSpec& param : spec->params) {
            const std::string name(param.name);
            if (param.kind != CallbackParamKind::Path || !callback.params.contains(name) ||
                !callback.params[name].is_string())
                continue;
            const std::filesystem::path original = callback.params[name].get<std::string>();
            callback.params[name] =
                (std::filesystem::path(directory) / original.relative_path()).string();
        }
    }
    if (anyBackup)
        moved.ignoreBackup = true;
    // The experiment's own scratch folder, and only it: a path that leads out of it (a "../"
    // in the config) is refused as in a run of the config itself.
    moved.writes = WritePermissions();
    moved.writes.folders = {directory};
    return moved;
}

std::optional<std::int64_t> knownTrainSamples(const RunConfig& measured)
{
    if (measured.data.source.fromFiles())
        return std::nullopt;
    return splitSamples(measured.data).training;
}

std::int64_t batchesPerEpoch(std::int64_t samples, std::int64_t batchSize, bool dropLast,
                             std::int64_t stepsPerEpoch)
{
    if (samples <= 0 || batchSize <= 0)
        return 0;
    std::int64_t batches = dropLast ? samples / batchSize : (samples + batchSize - 1) / batchSize;
    if (stepsPerEpoch > 0)
        batches = std::min(batches, stepsPerEpoch);
    return batches;
}

std::int64_t fullEpochSteps(const Json& fullConfig, const Json& measuredConfig,
                            std::int64_t measuredTrainSamples,
                            std::int64_t measuredValidationSamples)
{
    const Json data = fullConfig.value("data", Json::object());
    const double fullSplit = data.value("validation_split", 0.0);
    const double measuredSplit =
        measuredConfig.value("data", Json::object()).value("validation_split", 0.0);
    std::int64_t trainSamples = measuredTrainSamples;
    // Validation left out, and not from separate arrays (npy x_val, npz x_val): the measured
    // run trained on every sample, of which the full config trains the first part.
    if (measuredSplit != fullSplit && measuredValidationSamples == 0)
        trainSamples = splitSamples(measuredTrainSamples, fullSplit).training;
    const std::int64_t stepsPerEpoch =
        fullConfig.value("training", Json::object()).value("steps_per_epoch", std::int64_t(0));
    // A step of N ranks trains N per-rank batches (the global batch).
    const std::int64_t ranks =
        fullConfig.value("distributed", Json::object()).value("world_size", std::int64_t(1));
    return batchesPerEpoch(trainSamples, data.value("batch_size", std::int64_t(0)) * ranks,
                           data.value("drop_last", false), stepsPerEpoch);
}

}  // namespace es
