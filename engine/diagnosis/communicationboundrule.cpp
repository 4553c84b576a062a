// "communication-bound": the steps of a distributed run wait a large share of their time for
// the ranks' gradients to be averaged (the Communication phase, docs/distributed.md). Each
// step all-reduces every gradient once, so what helps is fewer, larger messages (bigger
// buckets), more computation per reduction (a larger per-rank batch) or a faster path between
// the ranks (fewer ranks sharing one machine's cores and memory bandwidth).

#include "engine/core/records.h"
#include "engine/core/siunits.h"
#include "engine/core/text.h"
#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"
#include "engine/summary/rankstats.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace es {

namespace {

// Below 10% the reduction is what any data-parallel run pays; from 20% a quarter of the
// machines' time goes to waiting; from 40% adding ranks barely adds throughput.
constexpr double kCommunicationBoundInfoShare = 0.10;
constexpr double kCommunicationBoundWarningShare = 0.20;
constexpr double kCommunicationBoundCriticalShare = 0.40;
// Fewer steady steps are one or two slow reductions, not a pattern.
constexpr std::size_t kCommunicationBoundMinSteadySteps = 5;
constexpr double kBytesPerMiB = 1024.0 * 1024.0;
// The bucket the patch proposes holds all of a step's gradients with room to spare, so that
// one message carries them, as DDP's bucket_cap_mb would be raised.
constexpr double kBucketHeadroom = 1.25;
constexpr double kMaxBucketMb = 1024.0;  // the config's upper bound

/// The most ranks any one host ran.
int mostRanksOnOneHost(const std::vector<RankMember>& ranks)
{
    std::map<std::string, int> perHost;
    int most = 0;
    for (const RankMember& member : ranks)
        most = std::max(most, ++perHost[member.host]);
    return most;
}

}  // namespace

std::vector<Finding> diagnoseCommunicationBound(const RunEvidence& evidence)
{
    const std::optional<CommunicationStats> stats = communicationStats(evidence.batches);
    if (!stats || stats->steadySteps < kCommunicationBoundMinSteadySteps ||
        stats->share < kCommunicationBoundInfoShare)
        return {};
    const RunFacts& facts = evidence.facts;
    const std::vector<std::size_t> steady = steadySteps(evidence);
    const double steps = static_cast<double>(stats->steadySteps);
    const int ranksOnOneHost = mostRanksOnOneHost(evidence.ranks);

    Finding finding;
    finding.id = "communication-bound";
    finding.severity = stats->share >= kCommunicationBoundCriticalShare  ? Severity::Critical
                       : stats->share >= kCommunicationBoundWarningShare ? Severity::Warning
                                                                         : Severity::Info;
    finding.title = fillText(engineText("CommunicationBoundRule",
                                        "Averaging gradients over the ranks takes %1 of the "
                                        "steady step time"),
                             {formatText("%.0f%%", 100.0 * stats->share)});
    // A share of 10% or more is time, so the rate is always measured here.
    const double bytesPerS = stats->bytesPerS.value_or(0.0);
    finding.evidence = fillText(
        engineText("CommunicationBoundRule",
                   "the communication phase takes %1 of the steady steps' time (%2 ms of %3 ms "
                   "per step, means over %4 steady steps, %5) on %6 ranks, at most %7 on one "
                   "machine; each step all-reduces %8 of gradients (median), %9 (the bytes over "
                   "the phase's time, which also holds any wait for a slower rank)."),
        {formatText("%.1f%%", 100.0 * stats->share),
         formatText("%.2f", stats->communicationMs / steps),
         formatText("%.2f", stats->wallMs / steps), std::to_string(stats->steadySteps),
         stepRangeText(stepNumber(steady.front()), stepNumber(steady.back())),
         std::to_string(facts.worldSize), std::to_string(std::max(1, ranksOnOneHost)),
         formatBytes(stats->reducedBytesPerStep),
         fillText(engineText("CommunicationBoundRule", "%1 MB/s effective"),
                  {formatText("%.1f", bytesPerS / kBytesPerMb)})});

    const double bucketBytes = facts.bucketMb * kBytesPerMiB;
    const double stepBytes = static_cast<double>(stats->reducedBytesPerStep);
    const std::string fewerRanks =
        ranksOnOneHost > 1
            ? fillText(engineText("CommunicationBoundRule",
                                  " %1 ranks share one machine: on a CPU they also share its "
                                  "cores and memory bandwidth, so fewer ranks per machine, each "
                                  "with more threads, often train faster."),
                       {std::to_string(ranksOnOneHost)})
            : std::string();
    if (bucketBytes > 0.0 && stepBytes > bucketBytes) {
        const double proposedMb =
            std::min(kMaxBucketMb, std::ceil(stepBytes * kBucketHeadroom / kBytesPerMiB));
        finding.patch = {{"distributed", {{"bucket_mb", proposedMb}}}};
        finding.recommendation = fillText(
            engineText("CommunicationBoundRule",
                       "Send the step's gradients in one message: distributed.bucket_mb "
                       "%1 holds all %2 of them (now %3 MiB, %4 messages per step). A "
                       "larger per-rank batch (data.batch_size) reduces as often per "
                       "step but less often per sample.%5"),
            {formatText("%g", proposedMb), formatBytes(stats->reducedBytesPerStep),
             formatText("%g", facts.bucketMb),
             std::to_string(static_cast<int>(std::ceil(stepBytes / bucketBytes))), fewerRanks});
    } else if (facts.batchSize > 0) {
        finding.patch = {{"data", {{"batch_size", facts.batchSize * 2}}}};
        finding.recommendation = fillText(
            engineText("CommunicationBoundRule",
                       "Compute more per reduction: data.batch_size %1 per rank halves the "
                       "reductions per sample (each step reduces the same %2). The global batch "
                       "doubles with it, which may call for a larger learning rate.%3"),
            {std::to_string(facts.batchSize * 2), formatBytes(stats->reducedBytesPerStep),
             fewerRanks});
    } else {
        finding.patch = nullptr;
        finding.recommendation = engineText("CommunicationBoundRule",
                                            "Compute more per reduction with a larger per-rank "
                                            "batch (data.batch_size), or run fewer ranks per "
                                            "machine.");
    }
    finding.firstStep = stepNumber(steady.front());
    finding.lastStep = stepNumber(steady.back());
    return {finding};
}

}  // namespace es
