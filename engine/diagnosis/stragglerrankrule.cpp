// "straggler-rank": one rank of a distributed run is consistently slower than the others. The
// ranks step in lockstep (every step ends with the same all-reduce), so their wall times are
// equal and the slow rank shows in its busy time (wall minus the Communication phase): it
// computes longer, and every other rank waits for it in its Communication phase. What the run
// loses is that difference, on every step.

#include "engine/core/records.h"
#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"
#include "engine/summary/rankstats.h"
#include "engine/summary/runsummary.h"
#include "engine/summary/statistics.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace es {

namespace {

// Fewer warm steps than this cannot show "consistently".
constexpr std::size_t kStragglerRankMinSteadySteps = 10;
// A rank 15% busier than the others' median is beyond the noise of ranks on equal hardware
// (the 2-rank benchmark's ranks differ by a few percent).
constexpr double kMinBusyRatio = 1.15;
// "Consistently": the slowest rank in at least 60% of the steps, not a few long spikes.
constexpr double kMinSlowestShare = 0.6;
// What the others' wait costs the run, as a share of the step: 5% worth knowing, 10% a
// change users notice, 25% a quarter of every machine's time.
constexpr double kInfoCost = 0.05;
constexpr double kWarningCost = 0.10;
constexpr double kCriticalCost = 0.25;

using StepKey = std::pair<int, int>;  // epoch, batch

std::string hostOf(const std::vector<RankMember>& ranks, int rank)
{
    const std::string host = rankHost(ranks, rank);
    return host.empty() ? engineText("StragglerRankRule", "an unknown host") : host;
}

}  // namespace

std::vector<Finding> diagnoseStragglerRank(const RunEvidence& evidence)
{
    if (evidence.rankBatches.empty())
        return {};
    // Busy time per warm step (by its epoch and batch) and rank; rank 0's steps are `batches`.
    std::map<int, const std::vector<BatchRecord>*> stepsOf{{0, &evidence.batches}};
    for (const auto& [rank, steps] : evidence.rankBatches)
        stepsOf[rank] = &steps;
    std::map<StepKey, std::map<int, double>> busy;
    std::map<StepKey, double> wallOfStep;
    for (const auto& [rank, steps] : stepsOf)
        for (std::size_t index : steadyStepIndices(*steps)) {
            const BatchRecord& step = (*steps)[index];
            busy[{step.epoch, step.batch}][rank] = busyMs(step);
            if (rank == 0)
                wallOfStep[{step.epoch, step.batch}] = step.wallMs;
        }
    // Only the steps every rank recorded compare like with like.
    const std::size_t ranks = stepsOf.size();
    std::map<int, std::vector<double>> busyByRank;
    std::map<int, int> slowestCount;
    std::vector<double> walls;
    std::vector<StepKey> compared;
    for (const auto& [key, byRank] : busy) {
        if (byRank.size() != ranks || wallOfStep.count(key) == 0)
            continue;
        const auto slowest =
            std::max_element(byRank.begin(), byRank.end(),
                             [](const auto& a, const auto& b) { return a.second < b.second; });
        ++slowestCount[slowest->first];
        for (const auto& [rank, ms] : byRank)
            busyByRank[rank].push_back(ms);
        walls.push_back(wallOfStep[key]);
        compared.push_back(key);
    }
    if (compared.size() < kStragglerRankMinSteadySteps)
        return {};

    std::map<int, double> medianBusy;
    for (const auto& [rank, values] : busyByRank)
        medianBusy[rank] = median(values);
    const auto [straggler, stragglerBusy] =
        *std::max_element(medianBusy.begin(), medianBusy.end(),
                          [](const auto& a, const auto& b) { return a.second < b.second; });
    std::vector<double> others;
    for (const auto& [rank, ms] : medianBusy)
        if (rank != straggler)
            others.push_back(ms);
    const double othersBusy = median(others);
    const double stepMs = median(walls);
    const double slowestShare =
        static_cast<double>(slowestCount[straggler]) / static_cast<double>(compared.size());
    if (othersBusy <= 0.0 || stepMs <= 0.0 || stragglerBusy < kMinBusyRatio * othersBusy ||
        slowestShare < kMinSlowestShare)
        return {};
    const double lostMs = stragglerBusy - othersBusy;
    const double cost = lostMs / stepMs;
    if (cost < kInfoCost)
        return {};

    const std::string host = hostOf(evidence.ranks, straggler);
    Finding finding;
    finding.id = "straggler-rank";
    finding.severity = cost >= kCriticalCost  ? Severity::Critical
                       : cost >= kWarningCost ? Severity::Warning
                                              : Severity::Info;
    finding.title = fillText(engineText("StragglerRankRule",
                                        "Rank %1 on %2 holds the other ranks back by %3 of "
                                        "every step"),
                             {std::to_string(straggler), host, formatText("%.0f%%", 100.0 * cost)});
    finding.evidence = fillText(
        engineText("StragglerRankRule",
                   "rank %1 (%2) works %3 ms per step (median of its steps' time outside the "
                   "communication phase), the other ranks %4 ms; it was the slowest rank in "
                   "%5 of %6 steady steps. Every other rank waits for it in its communication "
                   "phase: %7 ms of the %8 ms step."),
        {std::to_string(straggler), host, formatText("%.2f", stragglerBusy),
         formatText("%.2f", othersBusy), std::to_string(slowestCount[straggler]),
         std::to_string(compared.size()), formatText("%.2f", lostMs), formatText("%.2f", stepMs)});
    finding.recommendation = fillText(
        engineText("StragglerRankRule",
                   "Find what slows rank %1 (%2): other work on that machine, fewer or slower "
                   "cores, "
                   "another CPU (`epochscope-cli env` there shows its cores, ISA and BLAS), or "
                   "fewer intra-op threads than the others. Data parallelism moves at the pace "
                   "of its slowest rank: running without that machine, or giving it as many "
                   "free cores as the others, wins back up to %3 of every step."),
        {std::to_string(straggler), host, formatText("%.0f%%", 100.0 * cost)});
    finding.patch = nullptr;  // the cause is the machine, which no config field changes
    return {finding};
}

}  // namespace es
