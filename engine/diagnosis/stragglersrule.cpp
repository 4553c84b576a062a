// "stragglers": steady steps with a long tail (p99 far above p50), the spikes behind it, their
// period when they recur, and the callback whose save_freq matches that period.

#include "engine/core/records.h"
#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"
#include "engine/summary/statistics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace es {

namespace {

// Below 50 steady steps the p99 is one or two steps, too few to call a tail.
constexpr std::size_t kStragglersMinSteadySteps = 50;
// p99 at twice p50: one step in a hundred costs a whole extra step; at four times the tail
// costs as much as the ordinary steps around it.
constexpr double kWarningTailRatio = 2.0;
constexpr double kCriticalTailRatio = 4.0;
// A spike is a step at twice the median or more, the same bar as the tail ratio, so that a
// tail at the threshold always has a spike to point at.
constexpr double kSpikeFactor = 2.0;
// A tail ratio alone can come from a handful of cheap steps (p99 of 100 steps is one step):
// below 3% of the steady time the spikes are worth knowing but cost little, so Info.
constexpr double kNoticeableCostShare = 0.03;
// Rare but large spikes (a 2 s save every 500 steps) leave p99 untouched yet cost a
// noticeable (10%) or dominating (30%) share of the steady time.
constexpr double kWarningCostShare = 0.10;
constexpr double kCriticalCostShare = 0.30;
// Three spikes give two gaps, the fewest that can agree on a period; 60% of the gaps within
// one step of one value still reads as periodic when a spike now and then stays under 2x.
constexpr std::size_t kMinSpikesForPeriod = 3;
constexpr std::int64_t kPeriodTolerance = 1;
constexpr double kPeriodicGapShare = 0.6;
// Spikes at the first step of an epoch: the same share as for the gaps.
constexpr double kEpochStartShare = 0.6;
constexpr std::size_t kStragglersMaxPhasesListed = 2;
constexpr double kStragglersMinPhaseShare = 0.2;
/// "mostly in Callbacks (92%)": the phases of `steps` above their steady medians.
std::string phaseExcessText(const std::vector<BatchRecord>& batches,
                            const std::vector<std::size_t>& steps, const PhaseArray& medians)
{
    std::vector<std::pair<double, Phase>> excess;
    double total = 0.0;
    for (Phase phase : kAllPhases) {
        double sum = 0.0;
        for (std::size_t i : steps)
            sum += batches[i].phaseMs[phaseIndex(phase)] - medians[phaseIndex(phase)];
        if (sum > 0.0) {
            excess.emplace_back(sum, phase);
            total += sum;
        }
    }
    if (total <= 0.0)
        return {};
    std::stable_sort(excess.begin(), excess.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < excess.size() && i < kStragglersMaxPhasesListed; ++i) {
        const double share = excess[i].first / total;
        if (i > 0 && share < kStragglersMinPhaseShare)
            break;
        parts.push_back(phaseShareText(excess[i].second, share));
    }
    return fillText(engineText("Diagnosis", "mostly in %1"), {listText(parts)});
}

struct Period {
    std::int64_t steps = 0;
    std::size_t matchingGaps = 0;
    std::size_t gaps = 0;
};

/// The gap most spike-to-spike gaps share within kPeriodTolerance; nullopt when fewer than
/// kPeriodicGapShare of them do.
std::optional<Period> spikePeriod(const std::vector<std::int64_t>& spikeSteps)
{
    if (spikeSteps.size() < kMinSpikesForPeriod)
        return std::nullopt;
    std::vector<std::int64_t> gaps;
    for (std::size_t i = 1; i < spikeSteps.size(); ++i)
        gaps.push_back(spikeSteps[i] - spikeSteps[i - 1]);
    Period best;
    std::size_t bestExact = 0;
    for (std::int64_t gap : gaps) {
        for (std::int64_t candidate = gap - kPeriodTolerance; candidate <= gap + kPeriodTolerance;
             ++candidate) {
            if (candidate < 1)
                continue;
            std::size_t near = 0;
            std::size_t exact = 0;
            for (std::int64_t other : gaps) {
                near += std::llabs(other - candidate) <= kPeriodTolerance ? 1 : 0;
                exact += other == candidate ? 1 : 0;
            }
            // Ties go to the value most gaps equal exactly, then to the shorter period.
            if (near > best.matchingGaps || (near == best.matchingGaps && exact > bestExact) ||
                (near == best.matchingGaps && exact == bestExact && candidate < best.steps)) {
                best.steps = candidate;
                best.matchingGaps = near;
                bestExact = exact;
            }
        }
    }
    best.gaps = gaps.size();
    if (static_cast<double>(best.matchingGaps) < kPeriodicGapShare * static_cast<double>(best.gaps))
        return std::nullopt;
    return best;
}

/// "a and b and c": every name joined with "and", as many as the config has.
std::string andJoined(const std::vector<std::string>& names)
{
    std::string text;
    for (const std::string& name : names)
        text = text.empty() ? name : fillText(engineText("List", "%1 and %2"), {text, name});
    return text;
}

/// The indices in config["callbacks"] whose integer save_freq equals `period`.
std::vector<std::size_t> callbacksSavingEvery(const nlohmann::json& config, std::int64_t period)
{
    std::vector<std::size_t> found;
    if (!config.is_object() || !config.contains("callbacks") || !config["callbacks"].is_array())
        return found;
    const nlohmann::json& callbacks = config["callbacks"];
    for (std::size_t i = 0; i < callbacks.size(); ++i) {
        const nlohmann::json& callback = callbacks[i];
        if (!callback.is_object() || !callback.contains("save_freq"))
            continue;
        const nlohmann::json& frequency = callback["save_freq"];
        if (frequency.is_number_integer() && frequency.get<std::int64_t>() == period)
            found.push_back(i);
    }
    return found;
}

std::string callbackName(const nlohmann::json& callback)
{
    if (callback.contains("type") && callback["type"].is_string())
        return callback["type"].get<std::string>();
    return engineText("StragglersRule", "a callback");
}

}  // namespace

std::vector<Finding> diagnoseStragglers(const RunEvidence& evidence)
{
    const std::vector<BatchRecord>& batches = evidence.batches;
    // The steps the warm-up rule leaves out, a suffix of the steps in step order.
    const std::vector<std::size_t> steady = steadySteps(evidence);
    const std::size_t steadyCount = steady.size();
    if (steadyCount < kStragglersMinSteadySteps)
        return {};
    const std::size_t steadyBegin = steady.front();

    std::vector<double> wall;
    double steadyTotalMs = 0.0;
    for (std::size_t i = steadyBegin; i < batches.size(); ++i) {
        const BatchRecord& batch = batches[i];
        if (!std::isfinite(batch.wallMs) || batch.wallMs < 0.0)
            return {};
        for (double ms : batch.phaseMs) {
            if (!std::isfinite(ms))
                return {};
        }
        wall.push_back(batch.wallMs);
        steadyTotalMs += batch.wallMs;
    }
    const double p50 = median(wall);
    const double p99 = percentile(wall, 99.0);
    if (!(p50 > 0.0) || !(steadyTotalMs > 0.0))
        return {};
    const double tailRatio = p99 / p50;

    std::vector<std::size_t> spikes;
    std::vector<std::int64_t> spikeSteps;
    double spikeExcessMs = 0.0;
    for (std::size_t i = steadyBegin; i < batches.size(); ++i) {
        if (batches[i].wallMs >= kSpikeFactor * p50) {
            spikes.push_back(i);
            spikeSteps.push_back(stepNumber(i));
            spikeExcessMs += batches[i].wallMs - p50;
        }
    }
    if (spikes.empty())
        return {};
    const double costShare = spikeExcessMs / steadyTotalMs;

    Severity severity = Severity::Info;
    if ((tailRatio >= kCriticalTailRatio && costShare >= kNoticeableCostShare) ||
        costShare >= kCriticalCostShare)
        severity = Severity::Critical;
    else if ((tailRatio >= kWarningTailRatio && costShare >= kNoticeableCostShare) ||
             costShare >= kWarningCostShare)
        severity = Severity::Warning;
    else if (tailRatio < kWarningTailRatio)
        return {};

    PhaseArray phaseMedians{};
    for (Phase phase : kAllPhases) {
        std::vector<double> values;
        for (std::size_t i = steadyBegin; i < batches.size(); ++i)
            values.push_back(batches[i].phaseMs[phaseIndex(phase)]);
        phaseMedians[phaseIndex(phase)] = median(std::move(values));
    }

    const std::string steadyRange =
        stepRangeText(stepNumber(steadyBegin), stepNumber(batches.size() - 1));
    const std::string spikeRange = stepRangeText(spikeSteps.front(), spikeSteps.back());
    const std::string overview = fillText(
        engineText("StragglersRule", "Over %1 steady steps (%2) p50 is %3 and p99 %4 (%5)"),
        {std::to_string(steadyCount), steadyRange, formatText("%.1f ms", p50),
         formatText("%.1f ms", p99), formatText("%.2fx", tailRatio)});
    const std::string spikeCount =
        fillText(spikes.size() == 1 ? engineText("StragglersRule", "%1 step")
                                    : engineText("StragglersRule", "%1 steps"),
                 {std::to_string(spikes.size())});
    const std::string spikeCost = fillText(
        engineText("StragglersRule",
                   "%1 took %2 the median or more (%3), adding %4 (%5 of the steady steps' %6)"),
        {spikeCount, formatText("%.0fx", kSpikeFactor), spikeRange,
         formatText("%.2f s", spikeExcessMs / kMsPerS), sharePercent(costShare),
         formatText("%.2f s", steadyTotalMs / kMsPerS)});
    std::string text = fillText(engineText("Diagnosis", "%1; %2"), {overview, spikeCost});
    const std::string phases = phaseExcessText(batches, spikes, phaseMedians);
    if (!phases.empty())
        text = fillText(engineText("Diagnosis", "%1, %2"), {text, phases});

    bool atEpochStart = false;
    std::vector<std::size_t> matched;
    std::vector<std::string> matchedNames;
    const std::optional<Period> period = spikePeriod(spikeSteps);
    const int perEpoch = evidence.facts.batchesPerEpoch;
    if (period) {
        const std::string every = std::to_string(period->steps);
        text = fillText(
            engineText("Diagnosis", "%1; %2"),
            {text, fillText(engineText("StragglersRule",
                                       "they recur every %1 steps (%2 of %3 gaps within %4 "
                                       "step of it)"),
                            {every, std::to_string(period->matchingGaps),
                             std::to_string(period->gaps), std::to_string(kPeriodTolerance)})});
        matched = callbacksSavingEvery(evidence.config, period->steps);
        std::vector<std::string> causes;
        for (std::size_t index : matched) {
            matchedNames.push_back(callbackName(evidence.config["callbacks"][index]));
            causes.push_back(fillText(engineText("StragglersRule", "%1 save_freq %2"),
                                      {matchedNames.back(), every}));
        }
        if (!causes.empty())
            text = fillText(engineText("StragglersRule", "%1, which matches %2"),
                            {text, andJoined(causes)});
        if (perEpoch > 0 && period->steps == perEpoch) {
            const auto atStart = static_cast<std::size_t>(
                std::count_if(spikes.begin(), spikes.end(),
                              [&](std::size_t i) { return batches[i].batch == 1; }));
            atEpochStart = static_cast<double>(atStart) >=
                           kEpochStartShare * static_cast<double>(spikes.size());
            text = atEpochStart
                       ? fillText(engineText("StragglersRule", "%1, at each epoch start"), {text})
                       : fillText(engineText("StragglersRule", "%1, once per epoch of %2 steps"),
                                  {text, std::to_string(perEpoch)});
        }
    }
    text = fillText(engineText("Diagnosis", "%1."), {text});

    Finding finding;
    finding.id = "stragglers";
    finding.severity = severity;
    finding.firstStep = spikeSteps.front();
    finding.lastStep = spikeSteps.back();
    // A tail ratio under 2x with a finding means rare costly spikes: the title says their cost.
    std::string title =
        tailRatio >= kWarningTailRatio
            ? fillText(engineText("StragglersRule", "Straggler steps: p99 %1 p50"),
                       {formatText("%.1fx", tailRatio)})
            : fillText(engineText("StragglersRule",
                                  "Straggler steps: %1 spikes add %2 to the steady steps"),
                       {std::to_string(spikes.size()), sharePercent(costShare)});
    if (period)
        title = fillText(engineText("StragglersRule", "%1, a spike every %2 steps"),
                         {title, std::to_string(period->steps)});
    if (!matched.empty())
        title = fillText(engineText("StragglersRule", "%1 (%2 save_freq)"),
                         {title, matchedNames.front()});
    finding.title = std::move(title);
    finding.evidence = std::move(text);

    if (!matched.empty()) {
        const std::string names = andJoined(matchedNames);
        // "epoch" only saves less often when an epoch is longer than the current period.
        if (perEpoch > period->steps) {
            finding.recommendation = fillText(
                engineText("StragglersRule",
                           "Each save by %1 stalls the step that triggers it: save less often, "
                           "with a larger save_freq or \"epoch\" (once per %2-step epoch, after "
                           "validation, which the patch sets)."),
                {names, std::to_string(perEpoch)});
            nlohmann::json callbacks = evidence.config["callbacks"];
            for (std::size_t index : matched)
                callbacks[index]["save_freq"] = "epoch";
            finding.patch = {{"callbacks", std::move(callbacks)}};
        } else {
            finding.recommendation =
                fillText(engineText("StragglersRule",
                                    "Each save by %1 stalls the step that triggers it: save less "
                                    "often, with a larger save_freq."),
                         {names});
        }
    } else if (atEpochStart) {
        finding.recommendation = engineText(
            "StragglersRule",
            "A spike at each epoch start is per-epoch work landing in that step: the loader "
            "starts every epoch with an empty queue once the epoch's batch order is drawn, so "
            "the first step waits for its batch (Data wait above when that is the cause). "
            "Longer epochs spread it thinner; leave these steps out of timings (compare "
            "medians, not means).");
    } else if (period) {
        finding.recommendation = fillText(
            engineText("StragglersRule",
                       "Steps far above the median usually come from periodic work of the run "
                       "itself (checkpoints, logs, the data pipeline refilling) or from other "
                       "processes taking the cores; the phase holding the excess says which. "
                       "Leave the spikes out of timings (compare medians, not means) and look "
                       "for work that runs every %1 steps."),
            {std::to_string(period->steps)});
    } else {
        finding.recommendation = engineText(
            "StragglersRule",
            "Steps far above the median usually come from periodic work of the run itself "
            "(checkpoints, logs, the data pipeline refilling) or from other processes taking "
            "the cores; the phase holding the excess says which. Leave the spikes out of "
            "timings (compare medians, not means) and look for work that runs now and then.");
    }
    return {std::move(finding)};
}

}  // namespace es
