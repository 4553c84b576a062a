// "allocator-churn": steady steps that keep taking minor page faults, the sign of an allocator
// handing large blocks back to the kernel and faulting them in again on the next step.

#include "engine/core/text.h"
#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"
#include "engine/summary/statistics.h"
#include "engine/train/allocator.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace es {

namespace {

// Fewer steady steps than this give a median that one unusual step can move.
constexpr std::size_t kAllocatorChurnMinSteadySteps = 20;
// 256 faults a step is 1 MB of 4 kB pages mapped anew every step: no longer a stray page but
// a pattern worth knowing. At 2048 (8 MB a step) the faults, each a kernel entry plus zeroing
// a page, add up to milliseconds per step, comparable to a small LSTM step itself.
constexpr double kInfoMinorFaults = 256.0;
constexpr double kWarningMinorFaults = 2048.0;
// Major faults (pages read from disk) in 5% of the steady steps recur rather than being a
// one-off page-in of a library; alone they are reported as Info.
constexpr double kRecurringMajorShare = 0.05;
constexpr double kP90 = 90.0;

/// The allocator to try instead of `used` (a run's recorded allocator, empty before
/// device.allocator existed): the fastest measured, or the next one when the run already had
/// it. Never "system", the allocator that churns; nullopt when nothing is left to try.
std::optional<HostAllocator> allocatorToTry(const std::string& used)
{
    for (HostAllocator candidate : kMeasuredAllocatorOrder)
        if (candidate != HostAllocator::System && allocatorKey(candidate) != used)
            return candidate;
    return std::nullopt;
}

/// What each allocator the rule suggests does, and what it takes.
std::string allocatorText(HostAllocator allocator)
{
    switch (allocator) {
        case HostAllocator::Tcmalloc:
            return engineText("AllocatorChurnRule",
                              "\"tcmalloc\" takes the tensors' memory from TCMalloc, which keeps "
                              "freed blocks for the next step (Debian package "
                              "libtcmalloc-minimal4)");
        case HostAllocator::Jemalloc:
            return engineText("AllocatorChurnRule",
                              "\"jemalloc\" takes the tensors' memory from jemalloc (Debian "
                              "package libjemalloc2; a running process loads it only when "
                              "started with GLIBC_TUNABLES=glibc.rtld.optional_static_tls=4096)");
        case HostAllocator::GlibcTuned:
            return engineText("AllocatorChurnRule",
                              "\"glibc-tuned\" raises glibc's mmap and trim thresholds so that "
                              "it keeps large blocks (for every allocation, and for the rest of "
                              "the process)");
        case HostAllocator::Auto:
        case HostAllocator::System: break;
    }
    return {};
}

}  // namespace

std::vector<Finding> diagnoseAllocatorChurn(const RunEvidence& evidence)
{
    const std::vector<BatchRecord>& batches = evidence.batches;
    // Warm-up steps fault on first-touched buffers as expected, so only steady steps count.
    const std::vector<std::size_t> steady = steadySteps(evidence);
    const std::size_t steadyCount = steady.size();
    if (steadyCount < kAllocatorChurnMinSteadySteps)
        return {};
    const std::size_t steadyBegin = steady.front();

    std::vector<double> minor;
    std::vector<double> wall;
    std::int64_t minorTotal = 0;
    std::int64_t majorTotal = 0;
    std::size_t stepsWithMajor = 0;
    for (std::size_t i = steadyBegin; i < batches.size(); ++i) {
        const BatchRecord& batch = batches[i];
        // Negative counts are not measurements (a counter read that failed).
        if (batch.minorFaults < 0 || batch.majorFaults < 0)
            return {};
        minor.push_back(static_cast<double>(batch.minorFaults));
        if (std::isfinite(batch.wallMs))
            wall.push_back(batch.wallMs);
        minorTotal += batch.minorFaults;
        majorTotal += batch.majorFaults;
        stepsWithMajor += batch.majorFaults > 0 ? 1 : 0;
    }
    const double minorMedian = median(minor);
    const double minorP90 = percentile(minor, kP90);
    const bool recurringMajor = static_cast<double>(stepsWithMajor) >=
                                kRecurringMajorShare * static_cast<double>(steadyCount);
    if (minorMedian < kInfoMinorFaults && !recurringMajor)
        return {};

    const std::int64_t firstStep = stepNumber(steadyBegin);
    const std::int64_t lastStep = stepNumber(batches.size() - 1);
    const std::string range = stepRangeText(firstStep, lastStep);
    const std::string stepTime =
        wall.empty() ? std::string()
                     : fillText(engineText("AllocatorChurnRule", ", at a median step of %1"),
                                {formatText("%.1f ms", median(wall))});
    const std::string steps = formatCount(static_cast<std::int64_t>(steadyCount));
    const std::string majorText =
        majorTotal == 0
            ? std::string(engineText("AllocatorChurnRule", "no major faults"))
            : fillText(engineText("AllocatorChurnRule",
                                  "%1 major faults (pages read from disk) in %2 of the %3 steps"),
                       {formatCount(majorTotal),
                        formatCount(static_cast<std::int64_t>(stepsWithMajor)), steps});
    const std::string minorMedianText = formatCount(std::llround(minorMedian));

    Finding finding;
    finding.id = "allocator-churn";
    finding.firstStep = firstStep;
    finding.lastStep = lastStep;
    finding.patch = nullptr;
    if (minorMedian >= kInfoMinorFaults) {
        const std::string& used = evidence.facts.allocator;
        const std::string usedText =
            used.empty()
                ? std::string(
                      engineText("AllocatorChurnRule",
                                 "glibc's malloc as it is (the run predates device.allocator)"))
                : fillText(engineText("AllocatorChurnRule", "device.allocator \"%1\""), {used});
        const std::optional<HostAllocator> next = allocatorToTry(used);
        const bool best = next && *next == bestMeasuredAllocator();
        finding.severity = minorMedian >= kWarningMinorFaults ? Severity::Warning : Severity::Info;
        finding.title = fillText(
            engineText("AllocatorChurnRule", "Memory churn: %1 minor page faults per step"),
            {minorMedianText});
        // A script's probe counts its main thread's faults, the engine its training thread's.
        finding.evidence = fillText(
            evidence.facts.script
                ? engineText("AllocatorChurnRule",
                             "The script's main thread took a median of %1 minor page faults per "
                             "steady step (p90 %2; %3 over %4 steady steps, %5%6), and %7.")
                : engineText("AllocatorChurnRule",
                             "The engine thread took a median of %1 minor page faults per steady "
                             "step (p90 %2; %3 over %4 steady steps, %5%6), and %7."),
            {minorMedianText, formatCount(std::llround(minorP90)), formatCount(minorTotal), steps,
             range, stepTime, majorText});
        finding.recommendation =
            fillText(engineText("AllocatorChurnRule",
                                "Steady steps should reuse the memory of the step before; "
                                "faulting pages in every step means the allocator returns large "
                                "blocks to the kernel between steps and maps them again. This "
                                "run's memory came from %1."),
                     {usedText});
        if (next) {
            const std::string key(allocatorKey(*next));
            finding.recommendation += fillText(
                best ? engineText("AllocatorChurnRule",
                                  " Set device.allocator to \"%1\" (the patch; try it first as a "
                                  "what-if): %2. It took the fewest faults and the shortest steps "
                                  "of the allocators measured on the reference workloads "
                                  "(docs/benchmarks.md#allocators).")
                     : engineText("AllocatorChurnRule",
                                  " Set device.allocator to \"%1\" (the patch; try it first as a "
                                  "what-if): %2. The run already used the allocator measured "
                                  "fastest, so the faults come from memory it does not serve; "
                                  "this one is the next measured."),
                {key, allocatorText(*next)});
            finding.patch = {{"device", {{"allocator", key}}}};
        }
    } else {
        finding.severity = Severity::Info;
        finding.title = engineText("AllocatorChurnRule", "Steady steps take major page faults");
        finding.evidence = fillText(
            evidence.facts.script
                ? engineText("AllocatorChurnRule",
                             "Over %1 steady steps (%2%3) the script's main thread took %4; minor "
                             "faults stayed at a median of %5 per step.")
                : engineText("AllocatorChurnRule",
                             "Over %1 steady steps (%2%3) the engine thread took %4; minor faults "
                             "stayed at a median of %5 per step."),
            {steps, range, stepTime, majorText, minorMedianText});
        finding.recommendation = engineText(
            "AllocatorChurnRule",
            "A major fault waits for a page to be read from disk. In steady steps that means the "
            "machine is short of memory (pages swapped out and back, or the program's code "
            "dropped from the page cache and read again); free memory for the run.");
    }
    return {std::move(finding)};
}

}  // namespace es
