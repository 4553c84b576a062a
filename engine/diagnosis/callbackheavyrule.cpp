// "callback-heavy": one callback costs a large share of each epoch. The trainer times every
// callback's batch and epoch-end hooks per epoch, with the files it wrote (EpochRecord::
// callbacks, in config order), so the cost is named per callback, not guessed from the
// callbacks phase.

#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"

#include "engine/core/phase.h"
#include "engine/core/text.h"
#include "engine/summary/statistics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace es {

namespace {

// The CLI's epoch line starts naming callbacks at 5% of the epoch (docs/config.md), so that
// is where one becomes worth knowing; from 10% it is a share a user notices in the epoch time;
// from 30% saving, not training, sets the pace.
constexpr double kCallbackHeavyInfoShare = 0.05;
constexpr double kCallbackHeavyWarningShare = 0.10;
constexpr double kCallbackHeavyCriticalShare = 0.30;
// A save inside an epoch shows as a step whose callbacks phase stands far above the usual
// step's (which holds only the cheap per-batch hooks); 5x separates the two without
// catching ordinary jitter.
constexpr double kSaveStepFactor = 5.0;

/// One callback of the config (its type and which one of that type), summed over epochs.
struct CallbackTotal {
    std::string name;
    int occurrence = 0;  ///< 0 for the first callback of this type, 1 for the second, ...
    double seconds = 0.0;
    std::int64_t bytes = 0;
    std::int64_t writes = 0;
};

/// The summary's key for a callback: its type, with "#2" for the second of that type.
std::string label(const CallbackTotal& callback)
{
    return callback.occurrence == 0 ? callback.name
                                    : callback.name + "#" + std::to_string(callback.occurrence + 1);
}

/// The index in config["callbacks"] of the `occurrence`-th callback of type `name`.
std::optional<std::size_t> configIndex(const nlohmann::json& config, const std::string& name,
                                       int occurrence)
{
    if (!config.is_object() || !config.contains("callbacks") || !config["callbacks"].is_array())
        return std::nullopt;
    const nlohmann::json& callbacks = config["callbacks"];
    int seen = 0;
    for (std::size_t i = 0; i < callbacks.size(); ++i) {
        const nlohmann::json& entry = callbacks[i];
        if (!entry.is_object() || !entry.contains("type") || entry["type"] != name)
            continue;
        if (seen++ == occurrence)
            return i;
    }
    return std::nullopt;
}

bool savesEverySteps(const nlohmann::json& entry)
{
    return entry.is_object() && entry.contains("save_freq") &&
           entry["save_freq"].is_number_integer();
}

/// The whole callbacks array with one entry's key changed: a merge patch replaces arrays whole.
nlohmann::json callbacksPatch(const nlohmann::json& config, std::size_t index, const char* key,
                              nlohmann::json value)
{
    nlohmann::json callbacks = config["callbacks"];
    callbacks[index][key] = std::move(value);
    return {{"callbacks", std::move(callbacks)}};
}

/// "1 save", "16 saves", "2.5 file writes": a mean count per epoch with its noun.
std::string counted(double count, bool saves)
{
    const bool whole = std::fabs(count - std::round(count)) < 0.05;
    const std::string number = whole ? formatText("%.0f", count) : formatText("%.1f", count);
    const bool one = whole && std::round(count) == 1.0;
    const char* pattern = saves ? (one ? engineText("CallbackHeavyRule", "%1 save")
                                       : engineText("CallbackHeavyRule", "%1 saves"))
                                : (one ? engineText("CallbackHeavyRule", "%1 file write")
                                       : engineText("CallbackHeavyRule", "%1 file writes"));
    return fillText(pattern, {number});
}

/// One past the end of the `{batch}` field (`{batch}`, `{batch:04d}`) that starts at `at` in a
/// checkpoint's filepath, or npos when none starts there.
std::size_t batchFieldEnd(const std::string& path, std::size_t at)
{
    constexpr std::string_view kOpening = "{batch";
    if (path.compare(at, kOpening.size(), kOpening) != 0)
        return std::string::npos;
    std::size_t end = at + kOpening.size();
    if (end < path.size() && path[end] == ':')
        end = path.find('}', end);
    return end < path.size() && path[end] == '}' ? end + 1 : std::string::npos;
}

/// `path` without its `{batch}` fields, each with the separator before it ('-', '_' or '.').
/// (A scan rather than std::regex, whose instantiation costs seconds of every build of this
/// file.)
std::string withoutBatchFields(const std::string& path)
{
    std::string kept;
    for (std::size_t i = 0; i < path.size();) {
        const bool separator = path[i] == '-' || path[i] == '_' || path[i] == '.';
        const std::size_t end = batchFieldEnd(path, separator ? i + 1 : i);
        if (end != std::string::npos) {
            i = end;
            continue;
        }
        kept += path[i++];
    }
    return kept;
}

bool namesBatch(const nlohmann::json& entry)
{
    if (!entry.contains("filepath") || !entry["filepath"].is_string())
        return false;
    const std::string& path = entry["filepath"].get_ref<const std::string&>();
    return withoutBatchFields(path) != path;
}

/// Patch and recommendation for one heavy callback.
void recommend(const RunEvidence& evidence, const CallbackTotal& callback, double savesPerEpoch,
               Finding& finding)
{
    const nlohmann::json& config = evidence.config;
    const std::optional<std::size_t> index =
        configIndex(config, callback.name, callback.occurrence);
    const nlohmann::json entry = index ? config["callbacks"][*index] : nlohmann::json();
    const bool checkpoint = callback.name == "model_checkpoint";
    const bool backup = callback.name == "backup_and_restore";
    finding.patch = nullptr;

    if ((checkpoint || backup) && savesEverySteps(entry)) {
        const std::string every = std::to_string(entry["save_freq"].get<std::int64_t>());
        finding.recommendation = fillText(
            backup ? engineText("CallbackHeavyRule",
                                "Save once per epoch: save_freq \"epoch\" instead of every %1 "
                                "steps (%2 per epoch here). A run killed mid-epoch then resumes "
                                "from the end of the last epoch.")
                   : engineText("CallbackHeavyRule",
                                "Save once per epoch: save_freq \"epoch\" instead of every %1 "
                                "steps (%2 per epoch here). Checkpoints then exist only at "
                                "epoch ends."),
            {every, counted(savesPerEpoch, true)});
        finding.patch = callbacksPatch(config, *index, "save_freq", "epoch");
        // A filepath that names {batch} is a config error with save_freq "epoch": the patch
        // takes the field out, and says so, so that the fix can be measured as it is.
        if (checkpoint && namesBatch(entry)) {
            const std::string path = withoutBatchFields(entry["filepath"].get<std::string>());
            finding.patch["callbacks"][*index]["filepath"] = path;
            finding.recommendation += fillText(
                engineText("CallbackHeavyRule",
                           " The filepath names {batch}, which exists only with a numeric "
                           "save_freq: the patch takes it out (\"%1\"); name the files as you "
                           "prefer."),
                {path});
        }
        return;
    }
    if (checkpoint && entry.is_object() && entry.value("save_freq", nlohmann::json()) == "epoch" &&
        entry.value("save_weights_only", nlohmann::json()) == false) {
        finding.patch = callbacksPatch(config, *index, "save_weights_only", true);
        finding.recommendation = engineText(
            "CallbackHeavyRule",
            "Write smaller files: save_weights_only true leaves the optimizer's state out of "
            "each checkpoint (for Adam, two more tensors the size of the weights). Such a "
            "checkpoint cannot continue training with the same optimizer state; "
            "backup_and_restore is the callback for resuming.");
        return;
    }
    if (checkpoint) {
        finding.recommendation =
            entry.is_object() && entry.value("save_best_only", nlohmann::json()) == true
                ? engineText("CallbackHeavyRule",
                             "The checkpoint already saves weights only and only on "
                             "improvement: put filepath on faster local storage.")
                : engineText("CallbackHeavyRule",
                             "Save less often: save_best_only true writes only when the "
                             "monitored value improves; or put filepath on faster local "
                             "storage.");
    } else if (backup) {
        finding.recommendation =
            engineText("CallbackHeavyRule",
                       "The backup is already taken once per epoch: put backup_dir on faster local "
                       "storage, or drop the callback when the run is short enough to start over.");
    } else if (callback.name == "csv_logger") {
        finding.recommendation = engineText(
            "CallbackHeavyRule",
            "csv_logger rewrites and fsyncs its whole file every epoch, so its cost grows with "
            "the epochs: put filename on faster local storage, or drop it (the run store "
            "already keeps every epoch's losses and metrics).");
    } else {
        finding.recommendation =
            engineText("CallbackHeavyRule",
                       "The time is spent in the callback's own batch and epoch-end hooks; "
                       "check that the run needs it.");
    }
}

}  // namespace

std::vector<Finding> diagnoseCallbackHeavy(const RunEvidence& evidence)
{
    const std::vector<EpochRecord>& epochs = evidence.epochs;
    if (epochs.empty())
        return {};
    // Epoch 1 carries the first save's directory creation and the warm-up; with later epochs
    // to measure it is left out, as the steady step time leaves it out.
    const std::size_t firstUsed = epochs.size() >= 2 ? 1 : 0;
    const std::size_t used = epochs.size() - firstUsed;

    double wallS = 0.0;
    std::set<int> usedEpochs;
    std::vector<CallbackTotal> totals;
    for (std::size_t e = firstUsed; e < epochs.size(); ++e) {
        const EpochRecord& epoch = epochs[e];
        if (!std::isfinite(epoch.wallS) || epoch.wallS < 0.0)
            return {};
        wallS += epoch.wallS;
        usedEpochs.insert(epoch.epoch);
        std::vector<std::string> seen;
        for (const CallbackCost& cost : epoch.callbacks) {
            if (!std::isfinite(cost.seconds) || cost.seconds < 0.0)
                return {};  // a time the trainer could not have measured
            const int occurrence =
                static_cast<int>(std::count(seen.begin(), seen.end(), cost.name));
            seen.push_back(cost.name);
            auto total = std::find_if(totals.begin(), totals.end(), [&](const CallbackTotal& t) {
                return t.name == cost.name && t.occurrence == occurrence;
            });
            if (total == totals.end())
                total =
                    totals.insert(totals.end(), CallbackTotal{cost.name, occurrence, 0.0, 0, 0});
            total->seconds += cost.seconds;
            total->bytes += cost.bytesWritten;
            total->writes += cost.writes;
        }
    }
    if (wallS <= 0.0)
        return {};

    // The steps that saved within the epochs: their callbacks phase stands far above the
    // usual step's. The phase is the sum over callbacks, so the range goes to each callback
    // that writes within epochs, not to one of them in particular.
    const std::size_t callbacksPhase = phaseIndex(Phase::Callbacks);
    std::vector<std::size_t> usedSteps;
    std::vector<double> phaseMs;
    for (std::size_t i = 0; i < evidence.batches.size(); ++i) {
        const BatchRecord& batch = evidence.batches[i];
        if (usedEpochs.count(batch.epoch) == 0 || !std::isfinite(batch.phaseMs[callbacksPhase]))
            continue;
        usedSteps.push_back(i);
        phaseMs.push_back(batch.phaseMs[callbacksPhase]);
    }
    std::optional<std::int64_t> firstSave;
    std::optional<std::int64_t> lastSave;
    if (!phaseMs.empty()) {
        const double saveMs = median(phaseMs) * kSaveStepFactor;
        for (std::size_t i : usedSteps) {
            if (evidence.batches[i].phaseMs[callbacksPhase] <= saveMs)
                continue;
            if (!firstSave)
                firstSave = stepNumber(i);
            lastSave = stepNumber(i);
        }
    }

    const int firstEpoch = epochs[firstUsed].epoch;
    const int lastEpoch = epochs.back().epoch;
    const double epochCount = static_cast<double>(used);
    std::vector<Finding> findings;
    for (const CallbackTotal& callback : totals) {
        const double share = callback.seconds / wallS;
        if (share < kCallbackHeavyInfoShare)
            continue;
        const double writesPerEpoch = static_cast<double>(callback.writes) / epochCount;
        const std::optional<std::size_t> index =
            configIndex(evidence.config, callback.name, callback.occurrence);
        const bool writesWithinEpochs =
            writesPerEpoch > 1.0 ||
            (index && savesEverySteps(evidence.config["callbacks"][*index]));
        const bool saveSteps = writesWithinEpochs && firstSave.has_value();
        const bool saves =
            callback.name == "model_checkpoint" || callback.name == "backup_and_restore";

        Finding finding;
        finding.id = "callback-heavy";
        finding.severity = share >= kCallbackHeavyCriticalShare  ? Severity::Critical
                           : share >= kCallbackHeavyWarningShare ? Severity::Warning
                                                                 : Severity::Info;
        const std::string perEpoch = formatText("%.2f s", callback.seconds / epochCount);
        const std::string sharePart = formatText("%.0f%%", 100.0 * share);
        finding.title =
            fillText(engineText("CallbackHeavyRule", "%1 takes %2 of each epoch (%3 per epoch)"),
                     {label(callback), sharePart, perEpoch});
        const std::string cost =
            callback.writes > 0
                ? fillText(engineText("CallbackHeavyRule",
                                      "%1: %2 and %3 per epoch (%4 of the epoch), %5 per epoch"),
                           {label(callback), perEpoch,
                            formatBytes(static_cast<std::int64_t>(
                                static_cast<double>(callback.bytes) / epochCount)),
                            sharePart, counted(writesPerEpoch, saves)})
                : fillText(engineText("CallbackHeavyRule", "%1: %2 per epoch (%3 of the epoch)"),
                           {label(callback), perEpoch, sharePart});
        const std::string epochRange = epochRangeText(firstEpoch, lastEpoch);
        finding.evidence =
            saveSteps
                ? fillText(engineText("CallbackHeavyRule",
                                      "%1; means over %2; the callbacks phase is above %3 the "
                                      "median step's in %4."),
                           {cost, epochRange, formatText("%.0fx", kSaveStepFactor),
                            stepRangeText(*firstSave, *lastSave)})
                : fillText(engineText("CallbackHeavyRule", "%1; means over %2."),
                           {cost, epochRange});
        recommend(evidence, callback, writesPerEpoch, finding);
        if (saveSteps) {
            finding.firstStep = firstSave;
            finding.lastStep = lastSave;
        }
        findings.push_back(std::move(finding));
    }
    return findings;
}

}  // namespace es
