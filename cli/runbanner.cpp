#include "cli/runbanner.h"

#include "engine/core/phase.h"
#include "engine/core/records.h"
#include "engine/core/siunits.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/textwidth.h"
#include "engine/i18n/translate.h"
#include "engine/summary/runsummary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace es {

namespace {

/// countedText() with the count grouped as formatCount() writes it ("12,345 parameters").
std::string groupedCount(std::int64_t count, const char* one, const char* many)
{
    return countedText(count, one, many, formatCount(count));
}

/// Segments of a banner line, joined as the line shows them.
std::string joined(const std::vector<std::string>& parts)
{
    std::string text;
    for (const std::string& part : parts)
        text += (text.empty() ? "" : " - ") + part;
    return text;
}

std::string fixed(const char* pattern, double value)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, pattern, value);
    return buffer;
}

/// How the run ended and how long it took, as one sentence (`totalS` already formatted).
std::string endedHow(const RunResult& result, const std::string& totalS)
{
    const int done = static_cast<int>(result.epochs.size());
    const std::string planned = std::to_string(result.info.epochs);
    switch (result.state) {
        case RunState::Finished:
            if (!result.stoppedBy.empty())
                return fillText(
                    done == 1 ? engineText("RunBanner",
                                           "Finished %1 epoch of %2 epochs, ended by %3, in %4")
                              : engineText("RunBanner",
                                           "Finished %1 epochs of %2 epochs, ended by %3, in %4"),
                    {formatCount(done), planned, recordedText(result.stoppedBy), totalS});
            return fillText(done == 1 ? engineText("RunBanner", "Finished %1 epoch in %2")
                                      : engineText("RunBanner", "Finished %1 epochs in %2"),
                            {formatCount(done), totalS});
        case RunState::Stopped:
            return fillText(engineText("RunBanner", "Stopped after %1 of %2 epochs in %3"),
                            {std::to_string(done), planned, totalS});
        case RunState::Failed:
            if (!hasRunInfo(result.info))
                return fillText(engineText("RunBanner", "Failed before training started in %1"),
                                {totalS});
            return fillText(engineText("RunBanner", "Failed after %1 of %2 epochs in %3"),
                            {std::to_string(done), planned, totalS});
        default:
            return fillText(engineText("RunBanner", "Ended (%1) in %2"),
                            {runStateName(result.state), totalS});
    }
}

}  // namespace

std::vector<std::string> formatRunHeader(const RunInfo& info)
{
    // Each line is a label and " - "-separated parts; the labels are padded in each language
    // as its translation pads them, so that the values line up.
    std::vector<std::string> lines;
    const std::string model =
        joined({groupedCount(info.model.totalParams, engineText("RunBanner", "%1 parameter"),
                             engineText("RunBanner", "%1 parameters")),
                fillText(info.batchSize == 1
                             ? engineText("RunBanner", "%1 per training step of %2 sample")
                             : engineText("RunBanner", "%1 per training step of %2 samples"),
                         {formatSi(info.model.trainingFlopsPerBatch(info.batchSize), "FLOP"),
                          formatCount(info.batchSize)})});
    lines.push_back(fillText(engineText("RunBanner", "Model:   %1"), {model}));
    const std::string samples =
        info.validationSamples > 0
            ? fillText(engineText("RunBanner", "%1 training + %2 validation samples"),
                       {formatCount(info.trainSamples), formatCount(info.validationSamples)})
            : fillText(engineText("RunBanner", "%1 training samples"),
                       {formatCount(info.trainSamples)});
    const std::string placement =
        info.prefetch > 0
            ? fillText(engineText("RunBanner", "%1 placement, prefetch %2"),
                       {info.placement, std::to_string(info.prefetch)})
            : fillText(engineText("RunBanner", "%1 placement, no prefetch"), {info.placement});
    const std::string data =
        joined({samples,
                groupedCount(info.batchesPerEpoch, engineText("RunBanner", "%1 step per epoch"),
                             engineText("RunBanner", "%1 steps per epoch")),
                groupedCount(info.epochs, engineText("RunBanner", "%1 epoch"),
                             engineText("RunBanner", "%1 epochs")),
                placement});
    lines.push_back(fillText(engineText("RunBanner", "Data:    %1"), {data}));
    const char* sourceLabel = engineText("RunBanner", "Source:  %1");
    if (!info.dataSource.empty())
        lines.push_back(fillText(sourceLabel, {recordedText(info.dataSource)}));
    // The notes start under the source.
    const std::string underLabel(displayWidth(fillText(sourceLabel, {""})), ' ');
    for (const std::string& note : info.dataNotes)
        lines.push_back(underLabel + recordedText(note));
    std::string device =
        fillText(engineText("RunBanner", "Device:  %1 - %2, %3"),
                 {info.device,
                  groupedCount(info.intraOpThreads, engineText("RunBanner", "%1 intra-op thread"),
                               engineText("RunBanner", "%1 intra-op threads")),
                  groupedCount(info.interOpThreads, engineText("RunBanner", "%1 inter-op thread"),
                               engineText("RunBanner", "%1 inter-op threads"))});
    // Only when on: leaving denormals alone is LibTorch's default and needs no mention.
    if (info.flushDenormals)
        device += " - " + fillText(engineText("RunBanner", "denormals flushed to zero (%1)"),
                                   {recordedText(info.flushDenormalsReason)});
    lines.push_back(device);
    if (info.worldSize > 1)
        lines.push_back(fillText(
            engineText("RunBanner",
                       "Ranks:   %1 - a global batch of %2 samples (%3 per process) - "
                       "%4"),
            {fillText(engineText("RunBanner", "%1 processes"), {formatCount(info.worldSize)}),
             formatCount(info.globalBatchSize), formatCount(info.batchSize),
             recordedText(info.gradientReduction)}));
    std::string backend = info.backendReason.empty()
                              ? fillText(engineText("RunBanner", "Backend: %1"), {info.backend})
                              : fillText(engineText("RunBanner", "Backend: %1 (%2)"),
                                         {info.backend, recordedText(info.backendReason)});
    if (!info.cudnn.empty())
        backend += " - cuDNN " + recordedText(info.cudnn);
    lines.push_back(backend);
    // Each recurrent layer's kernel, when one of them is off the fused one: that is the layer
    // to look at first in a slow run.
    const bool anyOnStepLoop = std::any_of(
        info.recurrentLayers.begin(), info.recurrentLayers.end(),
        [](const RecurrentPath& path) { return path.kernel == RecurrentKernel::StepLoop; });
    if (anyOnStepLoop) {
        for (const RecurrentPath& path : info.recurrentLayers)
            lines.push_back(fillText(engineText("RunBanner", "Layer:   %1: %2"),
                                     {path.layerName, recordedText(path.reason)}));
    }
    if (!info.allocator.empty())
        lines.push_back(fillText(engineText("RunBanner", "Memory:  %1 allocator (%2)"),
                                 {info.allocator, recordedText(info.allocatorReason)}));
    return lines;
}

std::string formatRunFooter(const RunResult& result)
{
    std::string line = endedHow(result, fixed("%.1fs", result.totalS));
    if (const auto stepMs = steadyStateStepMs(result.batches))
        line += " - " + fillText(engineText("RunBanner", "steady state %1ms/step"),
                                 {formatThreeDigits(*stepMs)});
    if (const auto ratio = firstEpochRatio(result.epochs))
        line += " - " + fillText(engineText("RunBanner", "first epoch %1x the later ones"),
                                 {fixed("%.2f", *ratio)});
    double warmUpMs = 0.0;
    for (const BatchRecord& batch : result.batches)
        warmUpMs += batch.phaseMs[phaseIndex(Phase::WarmUp)];
    const char* warmUp = engineText("RunBanner", "warm-up %1");
    if (warmUpMs >= kMsPerS)
        line += " - " + fillText(warmUp, {fixed("%.2fs", warmUpMs / kMsPerS)});
    else if (warmUpMs > 0.0)
        line += " - " + fillText(warmUp, {formatThreeDigits(warmUpMs) + "ms"});
    const Throughput throughput = trainingThroughput(result);
    if (throughput.samplesPerS)
        line += " - " + fillText(engineText("RunBanner", "%1 samples/s"),
                                 {formatCount(std::llround(*throughput.samplesPerS))});
    if (throughput.achievedGflops)
        line += " - " + formatSi(*throughput.achievedGflops * 1e9, "FLOP/s");
    return line;
}

}  // namespace es
