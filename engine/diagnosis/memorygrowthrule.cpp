// "memory-growth": the bytes tensors hold at the end of a step keep rising through the run.
// A loop that trains the same shapes holds the same tensors after every step (the weights,
// their gradients, the optimizer's state); what rises step after step is something kept from
// each step: a loss kept with its graph (and with it every activation the graph saved), a
// history that grows, a cache that never evicts. Left alone it ends in an out-of-memory kill.

#include "engine/core/text.h"
#include "engine/diagnosis/leastsquares.h"
#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace es {

namespace {

// Three thirds of at least 4 steps each: a median and a bound that one unusual step (a batch
// of another width, a prefetched batch in flight) cannot make.
constexpr std::size_t kGrowthMinSteadySteps = 12;
// What the run must have grown by, from the first third's median to the last's: counted bytes
// are exact, so this is not noise but a floor under what is worth a warning (a few kilobytes
// kept once a step for a while, a log line's worth of tensors).
constexpr std::int64_t kGrowthMinBytes = 64 * 1024;
constexpr double kGrowthMinShare = 0.01;

/// The bytes held at the end of a step: the end of its last stretch (after the callbacks).
std::int64_t heldAtEnd(const BatchRecord& step)
{
    return step.memory.endBytes[phaseIndex(Phase::Callbacks)];
}

struct Third {
    std::int64_t most = 0;
    std::int64_t median = 0;
};

Third thirdOf(const std::vector<std::int64_t>& held, std::size_t begin, std::size_t end)
{
    std::vector<std::int64_t> values(held.begin() + static_cast<std::ptrdiff_t>(begin),
                                     held.begin() + static_cast<std::ptrdiff_t>(end));
    std::sort(values.begin(), values.end());
    return {values.back(), values[values.size() / 2]};
}

/// Bytes per step of the straight line nearest `held` (least squares over the step indices):
/// the rate, which no one step's figure decides.
double leastSquaresSlope(const std::vector<std::int64_t>& held)
{
    std::vector<double> steps;
    std::vector<double> bytes;
    for (std::size_t i = 0; i < held.size(); ++i) {
        steps.push_back(static_cast<double>(i));
        bytes.push_back(static_cast<double>(held[i]));
    }
    const std::optional<StraightLine> line = leastSquaresLine(steps, bytes);
    return line ? line->slope : 0.0;
}

/// The typical figure of `later` above every figure of `earlier`: a loop of fixed shapes
/// repeats its figure to the byte, and batches of other widths (an epoch's last batch, batches
/// by length) vary within each third, so neither rises past a third before it; a leak that
/// keeps something every few steps does.
bool risesPast(const Third& earlier, const Third& later)
{
    return later.median > earlier.most;
}

}  // namespace

std::vector<Finding> diagnoseMemoryGrowth(const RunEvidence& evidence)
{
    const std::vector<std::size_t> steady = steadySteps(evidence);
    if (steady.size() < kGrowthMinSteadySteps)
        return {};
    std::vector<std::int64_t> held;
    for (std::size_t i : steady) {
        const BatchRecord& step = evidence.batches[i];
        // Steps with nothing counted (recorded before memory was, an allocator it could not
        // wrap) or a count that cannot be one show nothing.
        if (!step.memory.counted() || heldAtEnd(step) < 0)
            return {};
        held.push_back(heldAtEnd(step));
    }
    // Growth in both halves of the run, not one rise: a rise that happens once (a copy of the
    // best weights kept from epoch 2 on, the optimizer's state made late) lifts one third
    // above the one before it, never each third above the previous.
    const std::size_t n = held.size();
    const Third first = thirdOf(held, 0, n / 3);
    const Third middle = thirdOf(held, n / 3, 2 * n / 3);
    const Third last = thirdOf(held, 2 * n / 3, n);
    if (!risesPast(first, middle) || !risesPast(middle, last))
        return {};
    const std::int64_t grown = last.median - first.median;
    if (grown < std::max(kGrowthMinBytes, static_cast<std::int64_t>(
                                              kGrowthMinShare * static_cast<double>(first.median))))
        return {};

    const double bytesPerStep = leastSquaresSlope(held);
    const std::int64_t stepsPerEpoch =
        evidence.epochs.empty() ? 0 : std::max<std::int64_t>(1, evidence.epochs.front().batches);

    Finding finding;
    finding.id = "memory-growth";
    finding.severity = Severity::Warning;
    finding.title = fillText(
        engineText("MemoryGrowthRule", "Tensor memory grows by %1 a step and is never given back"),
        {formatBytes(static_cast<std::int64_t>(bytesPerStep))});
    const std::string perEpoch =
        stepsPerEpoch > 0
            ? fillText(engineText("MemoryGrowthRule", " (%1 an epoch of %2 steps)"),
                       {formatBytes(static_cast<std::int64_t>(bytesPerStep * stepsPerEpoch)),
                        formatCount(stepsPerEpoch)})
            : std::string();
    finding.evidence =
        fillText(engineText("MemoryGrowthRule",
                            "At the end of a step tensors held %1 (median of steady steps %2 to "
                            "%3), then %4, then %5 (steps %6 to %7): %8 more a step%9."),
                 {formatBytes(first.median), formatCount(stepNumber(steady.front())),
                  formatCount(stepNumber(steady[n / 3 - 1])), formatBytes(middle.median),
                  formatBytes(last.median), formatCount(stepNumber(steady[2 * n / 3])),
                  formatCount(stepNumber(steady.back())),
                  formatBytes(static_cast<std::int64_t>(bytesPerStep)), perEpoch}) +
        " " +
        fillText(engineText("MemoryGrowthRule",
                            "Cut in three thirds, the %1 steady steps rise twice: the median step "
                            "of each third held more than any step of the third before it."),
                 {formatCount(static_cast<std::int64_t>(n))});
    finding.recommendation = engineText(
        "MemoryGrowthRule",
        "Find what keeps a tensor from every step: a loss or an output kept with its graph (keep "
        "its value instead: loss.item(), or loss.detach()), a list of predictions or gradients "
        "that "
        "only grows, a cache without a bound. The growth continues until the process runs out of "
        "memory; the rate above says when.");
    finding.patch = nullptr;
    finding.firstStep = stepNumber(steady.front());
    finding.lastStep = stepNumber(steady.back());
    return {finding};
}

}  // namespace es
