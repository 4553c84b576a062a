// "allocator-churn": steady steps that keep taking minor page faults, the sign of an allocator
// handing large blocks back to the kernel and faulting them in again on the next step.

#include "diagnosis/evidencetext.h"
#include "diagnosis/rules.h"
#include "summary/statistics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace es {

namespace {

// Fewer steady steps than this give a median that one unusual step can move.
constexpr std::size_t kMinSteadySteps = 20;
// 256 faults a step is 1 MB of 4 kB pages mapped anew every step: no longer a stray page but
// a pattern worth knowing. At 2048 (8 MB a step) the faults, each a kernel entry plus zeroing
// a page, add up to milliseconds per step, comparable to a small LSTM step itself.
constexpr double kInfoMinorFaults = 256.0;
constexpr double kWarningMinorFaults = 2048.0;
// Major faults (pages read from disk) in 5% of the steady steps recur rather than being a
// one-off page-in of a library; alone they are reported as Info.
constexpr double kRecurringMajorShare = 0.05;
constexpr double kP90 = 90.0;

/// 1234567 as "1,234,567".
std::string grouped(std::int64_t value)
{
    std::string digits = std::to_string(value < 0 ? -value : value);
    for (std::size_t i = digits.size(); i > 3; i -= 3)
        digits.insert(i - 3, ",");
    return (value < 0 ? "-" : "") + digits;
}

}  // namespace

std::vector<Finding> diagnoseAllocatorChurn(const RunEvidence& evidence)
{
    const std::vector<BatchRecord>& batches = evidence.batches;
    // Warm-up steps fault on first-touched buffers as expected, so only steady steps count.
    const std::vector<std::size_t> steady = steadySteps(evidence);
    const std::size_t steadyCount = steady.size();
    if (steadyCount < kMinSteadySteps)
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
                     : ", at a median step of " + formatText("%.1f ms", median(wall));
    const std::string majorText =
        majorTotal == 0 ? "no major faults"
                        : grouped(majorTotal) + " major faults (pages read from disk) in " +
                              grouped(static_cast<std::int64_t>(stepsWithMajor)) + " of the " +
                              grouped(static_cast<std::int64_t>(steadyCount)) + " steps";

    Finding finding;
    finding.id = "allocator-churn";
    finding.firstStep = firstStep;
    finding.lastStep = lastStep;
    finding.patch = nullptr;
    if (minorMedian >= kInfoMinorFaults) {
        finding.severity = minorMedian >= kWarningMinorFaults ? Severity::Warning : Severity::Info;
        finding.title =
            "Memory churn: " + grouped(std::llround(minorMedian)) + " minor page faults per step";
        finding.evidence =
            "The engine thread took a median of " + grouped(std::llround(minorMedian)) +
            " minor page faults per steady step (p90 " + grouped(std::llround(minorP90)) + "; " +
            grouped(minorTotal) + " over " + grouped(static_cast<std::int64_t>(steadyCount)) +
            " steady steps, " + range + stepTime + "), and " + majorText + ".";
        finding.recommendation =
            "Steady steps should reuse the memory of the step before; faulting pages in every "
            "step means the allocator returns large blocks to the kernel between steps. glibc "
            "keeps them when its mmap and trim thresholds are raised: start EpochScope with "
            "MALLOC_MMAP_THRESHOLD_=1073741824 MALLOC_TRIM_THRESHOLD_=1073741824 in its "
            "environment (export both before starting it). A device.allocator setting is "
            "planned to do this from the config.";
    } else {
        finding.severity = Severity::Info;
        finding.title = "Steady steps take major page faults";
        finding.evidence = "Over " + grouped(static_cast<std::int64_t>(steadyCount)) +
                           " steady steps (" + range + stepTime + ") the engine thread took " +
                           majorText + "; minor faults stayed at a median of " +
                           grouped(std::llround(minorMedian)) + " per step.";
        finding.recommendation =
            "A major fault waits for a page to be read from disk. In steady steps that means "
            "the machine is short of memory (pages swapped out and back) or a memory-mapped "
            ".npy data file no longer fits in the page cache; free memory for the run, or copy "
            "the data to a faster disk.";
    }
    return {std::move(finding)};
}

}  // namespace es
