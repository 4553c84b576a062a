// "memory-headroom": the most tensor memory a warm step needed against what the machine had
// for it, on every run whose memory was counted; a warning when the step comes within 80% of
// it, where a longer sequence in a later batch or a second program ends the run in swapping or
// the OOM killer. With runs of the model at two batch sizes it projects the largest batch that
// fits; without, its patch measures a second one.

#include "engine/core/text.h"
#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace es {

namespace {

constexpr double kHeadroomWarningShare = 0.8;

/// Batch sizes people choose, and the fused kernels split into parts evenly: a multiple of 8
/// from 16 up.
std::int64_t roundedBatch(std::int64_t batch)
{
    return batch >= 16 ? batch / 8 * 8 : batch;
}

/// A share as a percent, with a decimal below 10% (a step that needs 0.3% of the memory is
/// not "0%").
std::string headroomPercent(double share)
{
    return share < 0.1 ? formatText("%.1f%%", share * 100.0) : sharePercent(share);
}

/// "64 (run 3), 128 (run 4)", by batch size.
std::string measuredSizesText(std::vector<BatchPeak> peaks)
{
    std::sort(peaks.begin(), peaks.end(), [](const BatchPeak& a, const BatchPeak& b) {
        return a.batchSize != b.batchSize ? a.batchSize < b.batchSize : a.runId < b.runId;
    });
    std::string text;
    for (const BatchPeak& peak : peaks) {
        if (!text.empty())
            text += engineText("MemoryHeadroomRule", ", ");
        text += fillText(engineText("MemoryHeadroomRule", "%1 (run %2)"),
                         {formatCount(peak.batchSize), std::to_string(peak.runId)});
    }
    return text;
}

/// The finding's projection and fix when runs at two batch sizes give a line.
void addProjection(Finding& finding, const RunEvidence& evidence, const TensorPeakLine& line,
                   double budgetBytes)
{
    const RunFacts& facts = evidence.facts;
    std::int64_t largest = line.largestBatchWithin(budgetBytes);
    const bool wholeSplitFits = facts.trainSamples > 0 && largest >= facts.trainSamples;
    if (wholeSplitFits)
        largest = facts.trainSamples;
    finding.evidence +=
        " " + fillText(engineText("MemoryHeadroomRule",
                                  "Runs of this model measured at batch sizes %1 need %2 more "
                                  "for each sample of a batch."),
                       {measuredSizesText(evidence.batchPeaks),
                        formatBytes(static_cast<std::int64_t>(line.bytesPerSample))});
    const bool someDidNotValidate =
        std::any_of(evidence.batchPeaks.begin(), evidence.batchPeaks.end(),
                    [](const BatchPeak& peak) { return !peak.validated; });
    if (facts.validationSamples > 0 && someDidNotValidate)
        finding.evidence +=
            std::string(" ") +
            engineText("MemoryHeadroomRule",
                       "Not all of them validated (a what-if leaves validation out), and "
                       "this run's validation batches keep kernel buffers that grow with "
                       "the batch too: the largest batch that fits may be smaller than "
                       "projected; two runs that validate measure it.");
    if (largest < 1) {
        finding.recommendation = engineText(
            "MemoryHeadroomRule",
            "Not even a batch of one sample stays within 80% of the memory: make a step need "
            "less (shorter sequences, fewer units or layers), or train on a machine with more.");
        return;
    }
    const std::int64_t proposed = wholeSplitFits ? largest : roundedBatch(largest);
    finding.evidence +=
        " " +
        fillText(engineText("MemoryHeadroomRule",
                            "At batch %1 a step would need about %2, within 80% of the "
                            "memory; %3 is the most that does."),
                 {formatCount(proposed), formatBytes(static_cast<std::int64_t>(line.at(proposed))),
                  wholeSplitFits ? fillText(engineText("MemoryHeadroomRule",
                                                       "the whole training split (%1 samples)"),
                                            {formatCount(facts.trainSamples)})
                                 : fillText(engineText("MemoryHeadroomRule", "batch %1"),
                                            {formatCount(largest)})});
    if (wholeSplitFits) {
        // Not a batch to train with: full-batch training makes one update an epoch.
        finding.recommendation =
            engineText("MemoryHeadroomRule",
                       "Memory does not limit the batch size here: choose it for speed and for "
                       "how the model learns (what-if measures both).");
    } else if (proposed < facts.batchSize) {
        finding.recommendation = fillText(
            engineText("MemoryHeadroomRule",
                       "Train with batches of %1 (the patch) so that a step stays within 80% of "
                       "the memory, or make a step need less: shorter sequences, fewer units."),
            {formatCount(proposed)});
        finding.patch = {{"data", {{"batch_size", proposed}}}};
    } else if (proposed > facts.batchSize) {
        finding.recommendation = fillText(
            engineText("MemoryHeadroomRule",
                       "Batches up to %1 fit (the patch tries it; what-if measures its speed and "
                       "loss). A larger batch makes fewer updates an epoch: scale the learning "
                       "rate with it and compare the loss."),
            {formatCount(proposed)});
        finding.patch = {{"data", {{"batch_size", proposed}}}};
    } else {
        finding.recommendation =
            engineText("MemoryHeadroomRule", "This batch size is the largest that fits.");
    }
}

}  // namespace

std::vector<Finding> diagnoseMemoryHeadroom(const RunEvidence& evidence)
{
    const RunFacts& facts = evidence.facts;
    const std::optional<std::int64_t> peak = steadyTensorPeakBytes(evidence.batches);
    if (!peak || facts.memoryAvailableBytes <= 0 || facts.batchSize <= 0)
        return {};
    const std::vector<std::size_t> steady = steadySteps(evidence);
    const double capacity = static_cast<double>(facts.memoryAvailableBytes) +
                            static_cast<double>(facts.tensorBytesAtStart);
    const double share = static_cast<double>(*peak) / capacity;
    const bool tight = share >= kHeadroomWarningShare;

    Finding finding;
    finding.id = "memory-headroom";
    finding.severity = tight ? Severity::Warning : Severity::Info;
    finding.title =
        tight ? fillText(engineText("MemoryHeadroomRule",
                                    "A step's tensors need %1, %2 of the memory they can have: "
                                    "close to swapping or the OOM killer"),
                         {formatBytes(*peak), headroomPercent(share)})
              : fillText(engineText("MemoryHeadroomRule",
                                    "A step's tensors need %1, %2 of the memory they can have"),
                         {formatBytes(*peak), headroomPercent(share)});
    finding.evidence = fillText(
        engineText("MemoryHeadroomRule",
                   "The warm steps (%1) held at most %2 of tensor memory at batch %3. When "
                   "training began the tensors held %4 and the machine had %5 more available "
                   "(MemAvailable): %6 in all."),
        {stepRangeText(stepNumber(steady.front()), stepNumber(steady.back())), formatBytes(*peak),
         formatCount(facts.batchSize), formatBytes(facts.tensorBytesAtStart),
         formatBytes(facts.memoryAvailableBytes),
         formatBytes(static_cast<std::int64_t>(capacity))});
    finding.firstStep = stepNumber(steady.front());
    finding.lastStep = stepNumber(steady.back());

    const BatchPeak own{facts.batchSize, *peak, 0};
    if (const std::optional<TensorPeakLine> line = fitTensorPeakLine(evidence.batchPeaks)) {
        addProjection(finding, evidence, anchoredAt(*line, own), kHeadroomWarningShare * capacity);
        return {finding};
    }
    // One batch size: a what-if of the patch records a second, and the next diagnosis of this
    // run projects from both (peaksAtOtherBatchSizes).
    // (A batch size no real run has, read from a hostile database, is not doubled past 64 bits.)
    const bool doubles = facts.batchSize <= std::numeric_limits<std::int64_t>::max() / 2;
    const std::int64_t second = tight ? std::max<std::int64_t>(1, facts.batchSize / 2)
                                      : (doubles ? facts.batchSize * 2 : facts.batchSize);
    if (second == facts.batchSize)
        return {finding};
    finding.recommendation = fillText(
        engineText("MemoryHeadroomRule",
                   "To project the largest batch that fits, measure a second batch size: a run "
                   "or a what-if of the patch (batch %1) records it, then diagnose this run "
                   "again."),
        {formatCount(second)});
    finding.patch = {{"data", {{"batch_size", second}}}};
    return {finding};
}

}  // namespace es
