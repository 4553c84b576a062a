// "input-bound": the steps wait for their data. The data_wait phase is the time a step spends
// getting its batch (gathering it, or waiting for the loader thread when data.prefetch > 0,
// docs/config.md), so its share of the steady steps' time is what a faster input would win.

#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"

#include "engine/core/phase.h"
#include "engine/summary/statistics.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace es {

namespace {

// Below 5% the wait is within what the step-to-step noise of a shared 2-core machine moves;
// from 10% it is a share a user notices in the epoch time; from 30% the input, not the
// model, sets the pace.
constexpr double kInputBoundInfoShare = 0.05;
constexpr double kInputBoundWarningShare = 0.10;
constexpr double kInputBoundCriticalShare = 0.30;
// A share over fewer steps is one or two stragglers' worth, not a pattern.
constexpr std::size_t kInputBoundMinSteadySteps = 5;
// The steps that wait "above the usual" are those at more than twice the median wait: the
// ones where the loader fell behind (a slow read, a refill of the prefetch queue).
constexpr double kSlowWaitFactor = 2.0;
// One prefetched batch rarely covers a burst; two is where the queue starts to absorb one.
constexpr int kFirstPrefetch = 2;
// The parser's upper bound for data.prefetch (runconfigparse.cpp, docs/config.md).
constexpr int kMaxPrefetch = 64;
}  // namespace

std::vector<Finding> diagnoseInputBound(const RunEvidence& evidence)
{
    const std::vector<BatchRecord>& batches = evidence.batches;
    const std::vector<std::size_t> steady = steadySteps(evidence);
    if (steady.size() < kInputBoundMinSteadySteps)
        return {};

    const std::optional<SteadyPhaseShare> waiting = steadyPhaseShare(evidence, {Phase::DataWait});
    if (!waiting || waiting->share < kInputBoundInfoShare)
        return {};
    const double share = waiting->share;
    const double waitMs = waiting->phaseMs;
    const double wallMs = waiting->wallMs;
    const std::size_t wait = phaseIndex(Phase::DataWait);
    std::vector<double> waits;
    for (std::size_t i : steady)
        waits.push_back(batches[i].phaseMs[wait]);

    // The steps where the wait concentrates; when it is spread evenly, all steady steps.
    const double slowWaitMs = median(waits) * kSlowWaitFactor;
    std::int64_t firstStep = stepNumber(steady.front());
    std::int64_t lastStep = stepNumber(steady.back());
    const auto firstSlow = std::find_if(steady.begin(), steady.end(), [&](std::size_t i) {
        return batches[i].phaseMs[wait] > slowWaitMs;
    });
    if (firstSlow != steady.end()) {
        const auto lastSlow = std::find_if(steady.rbegin(), steady.rend(), [&](std::size_t i) {
            return batches[i].phaseMs[wait] > slowWaitMs;
        });
        firstStep = stepNumber(*firstSlow);
        lastStep = stepNumber(*lastSlow);
    }

    const RunFacts& facts = evidence.facts;
    const double steps = static_cast<double>(steady.size());
    const int prefetch = facts.prefetch;
    const std::string placement = facts.placement.empty()
                                      ? std::string(engineText("InputBoundRule", "unknown"))
                                      : facts.placement;

    Finding finding;
    finding.id = "input-bound";
    finding.severity = share >= kInputBoundCriticalShare  ? Severity::Critical
                       : share >= kInputBoundWarningShare ? Severity::Warning
                                                          : Severity::Info;
    finding.title = fillText(
        engineText("InputBoundRule", "Steps wait for their data: %1 of the steady step time"),
        {formatText("%.0f%%", 100.0 * share)});
    const std::string where =
        firstSlow != steady.end()
            ? fillText(
                  engineText("InputBoundRule", "longest waits (over twice the median wait) in %1"),
                  {stepRangeText(firstStep, lastStep)})
            : fillText(engineText("InputBoundRule", "spread over %1"),
                       {stepRangeText(firstStep, lastStep)});
    finding.evidence =
        evidence.facts.script
            ? fillText(engineText("InputBoundRule",
                                  "data_wait (the time in the DataLoader's iteration) takes %1 of "
                                  "the steady steps' time (%2 ms of %3 ms per step, means over %4 "
                                  "steady steps), %5."),
                       {formatText("%.1f%%", 100.0 * share), formatText("%.2f", waitMs / steps),
                        formatText("%.2f", wallMs / steps), std::to_string(steady.size()), where})
            : fillText(
                  engineText("InputBoundRule",
                             "data_wait takes %1 of the steady steps' time (%2 ms of %3 ms per "
                             "step, means over %4 steady steps), %5; prefetch %6, placement %7."),
                  {formatText("%.1f%%", 100.0 * share), formatText("%.2f", waitMs / steps),
                   formatText("%.2f", wallMs / steps), std::to_string(steady.size()), where,
                   std::to_string(prefetch), placement});

    if (prefetch <= 0) {
        finding.patch = {{"data", {{"prefetch", kFirstPrefetch}}}};
        finding.recommendation =
            fillText(engineText("InputBoundRule",
                                "Prepare batches ahead on a loader thread: set data.prefetch to "
                                "%1 so that gathering the next batch overlaps the current step "
                                "(the batch order stays the same). The loader thread needs a "
                                "core of its own: on a machine with few cores it competes with "
                                "the intra-op threads."),
                     {std::to_string(kFirstPrefetch)});
    } else if (prefetch < kMaxPrefetch) {
        const int deeper = std::min(prefetch * 2, kMaxPrefetch);
        finding.patch = {{"data", {{"prefetch", deeper}}}};
        finding.recommendation = fillText(
            engineText("InputBoundRule",
                       "The loader thread falls behind with data.prefetch %1: try %2. A deeper "
                       "queue absorbs bursts (a slow read); if the loader is slower than the "
                       "step on average, it still waits, and the batch preparation itself must "
                       "get cheaper (an in-memory source; on a GPU, data.placement \"device\" "
                       "gathers batches where the data lives)."),
            {std::to_string(prefetch), std::to_string(deeper)});
    } else {
        finding.patch = nullptr;  // already at the parser's maximum
        finding.recommendation = fillText(
            engineText("InputBoundRule",
                       "data.prefetch is already at its maximum (%1), so the loader is slower "
                       "than the step on average: make the batch preparation cheaper (an "
                       "in-memory source; on a GPU, data.placement \"device\" gathers batches "
                       "where the data lives)."),
            {std::to_string(kMaxPrefetch)});
    }
    finding.firstStep = firstStep;
    finding.lastStep = lastStep;
    return {finding};
}

}  // namespace es
