// "warm-up": the first epoch (or its first steps) far above the steady state, how much of the
// excess the leading slow steps hold, and in which phases it sits.

#include "engine/core/records.h"
#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"
#include "engine/summary/statistics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace es {

namespace {

// A leading step 1.5x the steady median is still paying one-time costs (primitive creation,
// allocator caches, page faults on fresh buffers); step-to-step noise on a quiet machine
// stays well inside that.
constexpr double kSlowStepFactor = 1.5;
// One normal step between slow ones is noise (a step that happened to reuse a cached
// kernel); two in a row mean the warm-up is over.
constexpr int kNormalStepsEndingWarmup = 2;
// Epoch 1 within 10% of a steady epoch is ordinary epoch-to-epoch variation.
constexpr double kInfoRatio = 1.1;
// From 30% above a steady epoch the warm-up is a noticeable share of a short run and skews
// any measurement that includes it.
constexpr double kWarningRatio = 1.3;
// Epoch 1 taking twice a steady epoch: warm-up dominates that epoch.
constexpr double kCriticalRatio = 2.0;
// A second or more spent in slow leading steps skews a short measured window (the what-if
// runs measure a few seconds) whatever the epoch length, so it is always worth knowing and
// a warning once epoch 1 is also visibly slower (kInfoRatio).
constexpr double kNoticeableExcessS = 1.0;
// Below this many steady steps the steady median is not a steady state yet.
constexpr std::size_t kWarmupMinSteadySteps = 10;
// The phase list stops once it explains 80% of the excess, at three phases, or at a phase
// holding under 5%: more would bury the main cause.
constexpr double kPhaseCoverShare = 0.8;
constexpr std::size_t kWarmupMaxPhasesListed = 3;
constexpr double kWarmupMinPhaseShare = 0.05;
// The slow steps' excess counts as equal to the epoch's within 1%: both are sums of the
// same step times, taken from different records.
constexpr double kSameAmountTolerance = 1.01;
// The title says the slow steps hold "most of" the excess from half of it.
constexpr double kMostShare = 0.5;
// The one-time costs warm-up steps absorb (lazy initialisation, primitive creation, allocator
// growth) are paid in the first pass or two over a batch; slow steps beyond the third come
// from something repeating the first batches does not reach (the first pass over the data,
// the optimizer's state), so the patch asks for at most this many.
constexpr int kMaxSuggestedWarmupSteps = 3;

/// A step's time without its Warm-up phase: the warm-up steps are a cost the run chose to pay
/// and named, not a slow step; a warm-up that worked leaves the rest at the steady pace.
double stepMs(const BatchRecord& batch)
{
    return batch.wallMs - batch.phaseMs[phaseIndex(Phase::WarmUp)];
}

/// training.warmup_steps of the run's config; 0 when absent (runs from before the setting).
int configuredWarmupSteps(const nlohmann::json& config)
{
    if (!config.is_object())
        return 0;
    const auto training = config.find("training");
    if (training == config.end() || !training->is_object())
        return 0;
    const auto steps = training->find("warmup_steps");
    return steps != training->end() && steps->is_number_integer() ? steps->get<int>() : 0;
}

/// What the batch shapes of batches by length cost the first time each ran.
struct ShapeCost {
    std::size_t shapes = 0;    ///< distinct (time steps, samples) shapes trained
    std::size_t widths = 0;    ///< distinct time steps
    std::size_t recurred = 0;  ///< shapes trained more than once, whose first step is priced
    double excessS = 0.0;      ///< their first steps above the median of their later steps
};

/// The shapes of a run whose batches vary in time steps (batches by length): each new shape
/// makes the fused kernels build primitives and the allocator new blocks once. Nothing for a
/// run of one width, or one recorded before steps kept their time steps.
ShapeCost newShapeCost(const std::vector<BatchRecord>& batches)
{
    std::map<std::pair<std::int64_t, std::int64_t>, std::vector<double>> stepsByShape;
    std::set<std::int64_t> widths;
    for (const BatchRecord& batch : batches) {
        if (batch.timesteps <= 0)
            return {};
        stepsByShape[{batch.timesteps, batch.samples}].push_back(stepMs(batch));
        widths.insert(batch.timesteps);
    }
    if (widths.size() < 2)
        return {};
    ShapeCost cost;
    cost.shapes = stepsByShape.size();
    cost.widths = widths.size();
    for (const auto& [shape, times] : stepsByShape) {
        if (times.size() < 2)
            continue;
        ++cost.recurred;
        const double later = median(std::vector<double>(times.begin() + 1, times.end()));
        cost.excessS += std::max(0.0, times.front() - later) / kMsPerS;
    }
    return cost;
}

/// "mostly in Forward (55%) and Backward (30%)": the phases of batches [begin, end) above their
/// steady medians, largest first; empty when no phase is above.
std::string phaseExcessText(const std::vector<BatchRecord>& batches, std::size_t begin,
                            std::size_t end, const PhaseArray& steadyMedians)
{
    std::vector<std::pair<double, Phase>> excess;
    double total = 0.0;
    for (Phase phase : kAllPhases) {
        if (phase == Phase::WarmUp)
            continue;  // left out of the step times (stepMs), so out of their excess too
        double sum = 0.0;
        for (std::size_t i = begin; i < end; ++i)
            sum += batches[i].phaseMs[phaseIndex(phase)] - steadyMedians[phaseIndex(phase)];
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
    double covered = 0.0;
    for (const auto& [ms, phase] : excess) {
        const double share = ms / total;
        if (parts.size() >= kWarmupMaxPhasesListed || covered >= kPhaseCoverShare ||
            (!parts.empty() && share < kWarmupMinPhaseShare))
            break;
        parts.push_back(phaseShareText(phase, share));
        covered += share;
    }
    return fillText(engineText("Diagnosis", "mostly in %1"), {listText(parts)});
}

/// "epoch 2", "the median of epochs 2-8", "the median of 5 later epochs" (with gaps).
std::string laterEpochsText(const std::vector<int>& epochs)
{
    if (epochs.size() == 1)
        return epochRangeText(epochs.front(), epochs.front());
    const bool contiguous = epochs.back() - epochs.front() + 1 == static_cast<int>(epochs.size());
    if (contiguous)
        return fillText(engineText("WarmupRule", "the median of epochs %1-%2"),
                        {std::to_string(epochs.front()), std::to_string(epochs.back())});
    return fillText(engineText("WarmupRule", "the median of %1 later epochs"),
                    {std::to_string(epochs.size())});
}

}  // namespace

std::vector<Finding> diagnoseWarmup(const RunEvidence& evidence)
{
    const std::vector<BatchRecord>& batches = evidence.batches;
    const std::vector<std::size_t> steady = steadySteps(evidence);
    if (steady.size() < kWarmupMinSteadySteps)
        return {};
    const std::size_t steadyBegin = steady.front();
    // The first epoch this run trained (later than 1 after a resume), as the run summary
    // counts it; its steps lead the list, and the whole of a one-epoch run is in it.
    const int firstEpoch = batches.front().epoch;
    std::size_t firstEpochSteps = 0;
    while (firstEpochSteps < batches.size() && batches[firstEpochSteps].epoch == firstEpoch)
        ++firstEpochSteps;
    for (const BatchRecord& batch : batches) {
        if (!std::isfinite(batch.wallMs) || batch.wallMs < 0.0)
            return {};
        for (double ms : batch.phaseMs) {
            if (!std::isfinite(ms))
                return {};
        }
    }

    std::vector<double> steadyWall;
    PhaseArray steadyPhaseMedians{};
    for (std::size_t i = steadyBegin; i < batches.size(); ++i)
        steadyWall.push_back(stepMs(batches[i]));
    const double steadyStep = median(steadyWall);
    if (!(steadyStep > 0.0))
        return {};
    for (Phase phase : kAllPhases) {
        std::vector<double> values;
        for (std::size_t i = steadyBegin; i < batches.size(); ++i)
            values.push_back(batches[i].phaseMs[phaseIndex(phase)]);
        steadyPhaseMedians[phaseIndex(phase)] = median(std::move(values));
    }

    // Epoch against epoch when later epochs ran as many steps as epoch 1 (a stopped run's
    // partial last epoch would look fast); otherwise epoch 1's steps against as many steady
    // median steps, which is derived and said so.
    const EpochRecord* first = nullptr;
    std::vector<double> laterTrainS;
    std::vector<int> laterEpochs;
    for (const EpochRecord& record : evidence.epochs) {
        if (record.epoch == firstEpoch)
            first = &record;
    }
    if (first != nullptr && first->batches == static_cast<int>(firstEpochSteps)) {
        for (const EpochRecord& record : evidence.epochs) {
            if (record.epoch > firstEpoch && record.batches == first->batches &&
                std::isfinite(record.trainS) && record.trainS > 0.0) {
                laterTrainS.push_back(record.trainS);
                laterEpochs.push_back(record.epoch);
            }
        }
    }
    const bool fromEpochs =
        !laterTrainS.empty() && std::isfinite(first->trainS) && first->trainS > 0.0;
    double epochS = 0.0;
    double steadyEpochS = 0.0;
    double warmUpS = 0.0;
    for (std::size_t i = 0; i < firstEpochSteps; ++i)
        warmUpS += batches[i].phaseMs[phaseIndex(Phase::WarmUp)] / kMsPerS;
    if (fromEpochs) {
        epochS = first->trainS - first->phaseS[phaseIndex(Phase::WarmUp)];
        steadyEpochS = median(laterTrainS);
    } else {
        for (std::size_t i = 0; i < firstEpochSteps; ++i)
            epochS += stepMs(batches[i]) / kMsPerS;
        steadyEpochS = static_cast<double>(firstEpochSteps) * steadyStep / kMsPerS;
    }
    if (!(steadyEpochS > 0.0) || !std::isfinite(epochS))
        return {};
    const double ratio = epochS / steadyEpochS;
    const double excessS = epochS - steadyEpochS;

    // The leading slow steps: up to the last slow one before two normal steps in a row.
    std::size_t slowSteps = 0;
    int normalRun = 0;
    for (std::size_t i = 0; i < firstEpochSteps && normalRun < kNormalStepsEndingWarmup; ++i) {
        if (stepMs(batches[i]) >= kSlowStepFactor * steadyStep) {
            slowSteps = i + 1;
            normalRun = 0;
        } else {
            ++normalRun;
        }
    }
    double slowExcessS = 0.0;
    std::size_t slowCount = 0;
    for (std::size_t i = 0; i < slowSteps; ++i) {
        slowExcessS += (stepMs(batches[i]) - steadyStep) / kMsPerS;
        if (stepMs(batches[i]) >= kSlowStepFactor * steadyStep)
            ++slowCount;
    }

    Severity severity = Severity::Info;
    if (ratio >= kCriticalRatio)
        severity = Severity::Critical;
    else if (ratio >= kWarningRatio || (ratio >= kInfoRatio && slowExcessS >= kNoticeableExcessS))
        severity = Severity::Warning;
    else if (ratio >= kInfoRatio || (ratio >= 1.0 && slowExcessS >= kNoticeableExcessS))
        severity = Severity::Info;
    else
        return {};

    const std::string epochNumber = std::to_string(firstEpoch);
    const std::string ratioText = formatText("%.2fx", ratio);
    const std::string steadyStepText = formatText("%.1f ms", steadyStep);
    const std::string slowFactorText = formatText("%.1fx", kSlowStepFactor);
    std::string text;
    if (fromEpochs) {
        text = fillText(engineText("WarmupRule",
                                   "Epoch %1 took %2 the steady epoch (%3 vs %4, %5 of %6 steps), "
                                   "%7 more"),
                        {epochNumber, ratioText, formatText("%.2f s", epochS),
                         formatText("%.2f s", steadyEpochS), laterEpochsText(laterEpochs),
                         std::to_string(firstEpochSteps), formatText("%.2f s", excessS)});
    } else {
        text = fillText(
            engineText("WarmupRule",
                       "Epoch %1 took %2 its steady pace (%3 for its %4 steps vs %5 at the steady "
                       "median step of %6 of %7), %8 more"),
            {epochNumber, ratioText, formatText("%.2f s", epochS), std::to_string(firstEpochSteps),
             formatText("%.2f s", steadyEpochS), steadyStepText,
             stepRangeText(stepNumber(steadyBegin), stepNumber(batches.size() - 1)),
             formatText("%.2f s", excessS)});
    }

    std::size_t rangeEnd = slowSteps;
    std::string slowText;
    if (slowSteps > 0) {
        const std::string range = stepRangeText(stepNumber(0), stepNumber(slowSteps - 1));
        const std::string slowRange =
            slowCount == slowSteps
                ? fillText(engineText("WarmupRule", "%1 (at %2 the steady step of %3 or more)"),
                           {range, slowFactorText, steadyStepText})
                : fillText(engineText("WarmupRule",
                                      "%1 (%2 of them at %3 the steady step of %4 or more)"),
                           {range, std::to_string(slowCount), slowFactorText, steadyStepText});
        const bool one = slowSteps == 1;
        // Within 1% of the excess is the same amount up to rounding in the sums.
        if (excessS > 0.0 && slowExcessS <= excessS * kSameAmountTolerance)
            slowText = fillText(one ? engineText("WarmupRule", "%1 holds %2 (%3) of the excess")
                                    : engineText("WarmupRule", "%1 hold %2 (%3) of the excess"),
                                {slowRange, formatText("%.2f s", slowExcessS),
                                 sharePercent(std::min(1.0, slowExcessS / excessS))});
        else
            slowText = fillText(
                one ? engineText("WarmupRule",
                                 "%1 holds %2 above the steady step time, all of the epoch's "
                                 "excess")
                    : engineText("WarmupRule",
                                 "%1 hold %2 above the steady step time, all of the epoch's "
                                 "excess"),
                {slowRange, formatText("%.2f s", slowExcessS)});
    } else {
        rangeEnd = firstEpochSteps;
        slowText = fillText(engineText("WarmupRule",
                                       "no leading step took %1 the steady step (%2): the excess "
                                       "is spread over %3"),
                            {slowFactorText, steadyStepText,
                             stepRangeText(stepNumber(0), stepNumber(firstEpochSteps - 1))});
    }
    text = fillText(engineText("Diagnosis", "%1; %2"), {text, slowText});
    const std::string phases = phaseExcessText(batches, 0, rangeEnd, steadyPhaseMedians);
    if (!phases.empty())
        text = fillText(engineText("WarmupRule", "%1, %2 over each phase's steady median"),
                        {text, phases});
    text = fillText(engineText("Diagnosis", "%1."), {text});
    const ShapeCost shapes = newShapeCost(batches);
    if (shapes.recurred > 0)
        text += fillText(engineText("WarmupRule",
                                    " Batches by length trained %1 batch shapes (%2 widths in "
                                    "time steps); the first step of each of the %3 that "
                                    "recurred took %4 more in all than the later steps of its "
                                    "shape, the one-time cost of a new shape (its kernels' "
                                    "primitives and buffers)."),
                         {std::to_string(shapes.shapes), std::to_string(shapes.widths),
                          std::to_string(shapes.recurred), formatText("%.2f s", shapes.excessS)});
    const int warmupSteps = configuredWarmupSteps(evidence.config);
    if (warmUpS > 0.0)
        text += fillText(engineText("WarmupRule",
                                    " The run's warm-up steps took %1, recorded as the Warm-up "
                                    "phase of step %2 and left out of these times."),
                         {formatText("%.2f s", warmUpS), std::to_string(stepNumber(0))});

    Finding finding;
    finding.id = "warm-up";
    finding.severity = severity;
    finding.firstStep = stepNumber(0);
    finding.lastStep = stepNumber(rangeEnd - 1);
    const std::string range = stepRangeText(*finding.firstStep, *finding.lastStep);
    std::string title =
        fillText(fromEpochs ? engineText("WarmupRule", "Warm-up: epoch %1 took %2 the steady epoch")
                            : engineText("WarmupRule", "Warm-up: epoch %1 took %2 the steady pace"),
                 {epochNumber, formatText("%.1fx", ratio)});
    if (slowSteps > 0)
        title = excessS > 0.0 && slowExcessS >= kMostShare * excessS
                    ? fillText(engineText("WarmupRule", "%1, most of it in %2"), {title, range})
                    : fillText(engineText("WarmupRule", "%1, slow %2"), {title, range});
    finding.title = std::move(title);
    finding.evidence = std::move(text);
    const bool fused =
        evidence.facts.backend == "onednn" || evidence.facts.cudnn.rfind("on", 0) == 0;
    // Warm-up steps help when the first step itself is slow; they cannot move an excess that
    // is spread over the epoch, and a run that had them already shows what they leave.
    const bool firstStepSlow =
        slowSteps > 0 && stepMs(batches.front()) >= kSlowStepFactor * steadyStep;
    const int suggestedSteps = std::min(static_cast<int>(slowCount), kMaxSuggestedWarmupSteps);
    if (warmupSteps == 0 && firstStepSlow) {
        finding.recommendation = fillText(
            engineText("WarmupRule",
                       "Warm-up is a one-time cost. Set training.warmup_steps to %1 (the patch): "
                       "that many forward and backward passes on the first batches, without a "
                       "weight update, run before step %2, so the first-step cost shows as the "
                       "Warm-up phase instead of hiding in step %2; the weights and losses stay "
                       "as without them. Otherwise leave %3 out of any timing (start a measured "
                       "window after them)."),
            {std::to_string(suggestedSteps), std::to_string(stepNumber(0)), range});
        finding.patch = {{"training", {{"warmup_steps", suggestedSteps}}}};
    } else if (warmupSteps > 0) {
        finding.recommendation = fillText(
            warmupSteps == 1
                ? engineText("WarmupRule",
                             "Warm-up is a one-time cost, and the run's %1 warm-up step did not "
                             "absorb all of it: they run forward and backward on the first "
                             "batches only, so the optimizer's first update, a batch shape they "
                             "did not see (a last partial batch) and the first pass over the "
                             "data still cost in the steps. Leave %2 out of any timing (start a "
                             "measured window after them).")
                : engineText("WarmupRule",
                             "Warm-up is a one-time cost, and the run's %1 warm-up steps did not "
                             "absorb all of it: they run forward and backward on the first "
                             "batches only, so the optimizer's first update, a batch shape they "
                             "did not see (a last partial batch) and the first pass over the "
                             "data still cost in the steps. Leave %2 out of any timing (start a "
                             "measured window after them)."),
            {std::to_string(warmupSteps), range});
        finding.patch = nullptr;
    } else {
        const std::string why =
            slowSteps == 0
                ? std::string(engineText("WarmupRule",
                                         "no leading step stands out, the excess is spread over "
                                         "the epoch"))
                : fillText(engineText("WarmupRule",
                                      "they take the cost of a slow first step, and step %1 was "
                                      "under %2 the steady step"),
                           {std::to_string(stepNumber(0)), slowFactorText});
        finding.recommendation =
            fillText(engineText("WarmupRule",
                                "Warm-up is a one-time cost: leave %1 out of any timing (start a "
                                "measured window after them). Warm-up steps "
                                "(training.warmup_steps) would not help here: %2."),
                     {range, why});
        finding.patch = nullptr;
    }
    // Warm-up steps repeat the first batches: of a by-length run's shapes they meet only
    // those, so the patch cannot take the other shapes' first-step cost out of epoch 1.
    if (shapes.recurred > 0)
        finding.recommendation += engineText(
            "WarmupRule",
            " Warm-up steps meet only the shapes of the first batches: every other batch shape "
            "still costs extra in the first step it runs.");
    if (!fused)
        finding.recommendation += engineText(
            "WarmupRule",
            " Much of a first step's cost is creating kernels and their primitives: a fused LSTM "
            "backend (oneDNN on the CPU, cuDNN on CUDA) creates its primitives once and reuses "
            "them, which cuts it.");
    return {std::move(finding)};
}

}  // namespace es
