// "padding-waste": the recurrent layers run over every time step of a batch, padding
// included (a mask keeps padding out of the results, not out of the work), so the share of
// the steps' time steps that are padding (BatchRecord::paddingShare) is work a shorter batch
// would not do. Batches by length cut each batch after its longest text; a sequence length at
// the 95th percentile of the texts' lengths cuts the long tail that every sample pays for.

#include "engine/core/text.h"
#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"

#include <cmath>
#include <string>
#include <vector>

namespace es {

namespace {

// Below 10% padding is what texts of near-equal lengths leave, even batched by length; from
// 25% a quarter of the recurrent work is padding, a share an epoch's time shows; from 50%
// most of it is.
constexpr double kPaddingInfoShare = 0.10;
constexpr double kPaddingWarningShare = 0.25;
constexpr double kPaddingCriticalShare = 0.50;
// A share over fewer steps is a batch or two, not the run's data.
constexpr std::size_t kPaddingMinSteadySteps = 5;

/// The steady steps' padding share, weighted by their samples; nullopt when a record holds a
/// share that is not one or there are no samples.
std::optional<double> steadyPaddingShare(const RunEvidence& evidence,
                                         const std::vector<std::size_t>& steady)
{
    double padded = 0.0;
    double samples = 0.0;
    for (std::size_t i : steady) {
        const BatchRecord& step = evidence.batches[i];
        if (!std::isfinite(step.paddingShare) || step.paddingShare < 0.0 ||
            step.paddingShare > 1.0 || step.samples < 0)
            return std::nullopt;
        padded += step.paddingShare * static_cast<double>(step.samples);
        samples += static_cast<double>(step.samples);
    }
    if (samples <= 0.0)
        return std::nullopt;
    return padded / samples;
}

/// The fix that fits the run, as a patch and its recommendation.
void proposeFix(const SequenceFacts& sequences, Finding& finding)
{
    const TextLengths& lengths = sequences.lengths;
    const std::int64_t length =
        sequences.outputSequenceLength > 0 ? sequences.outputSequenceLength : lengths.longest;
    if (sequences.textSource && sequences.batching == "fixed" && sequences.padding == "post" &&
        sequences.maskZero) {
        finding.patch = {{"data", {{"batching", "by_length"}}}};
        finding.recommendation = engineText(
            "PaddingWasteRule",
            "Batch the texts by length: set data.batching to \"by_length\". Texts of similar "
            "length then share a batch and each batch is cut after its longest text, so short "
            "texts stop paying for the long ones' padding; mask_zero keeps each text's result "
            "the same. Each new batch width is a new shape that the fused kernels prepare once "
            "(the warm-up finding shows what that costs).");
        return;
    }
    if (sequences.textSource && lengths.known() && lengths.p95 < length) {
        finding.patch = {{"data", {{"text", {{"output_sequence_length", lengths.p95}}}}}};
        finding.recommendation = fillText(
            engineText("PaddingWasteRule",
                       "Cut the texts at the 95th percentile of their lengths: set "
                       "data.text.output_sequence_length to %1 (now %2). The longest 5% of the "
                       "texts lose their ends, and every sample stops carrying padding up to the "
                       "longest one; what-if measures the time saved and shows the loss beside "
                       "it. Batching by length cuts more, and needs data.text.padding \"post\" "
                       "and mask_zero on the embedding."),
            {std::to_string(lengths.p95), std::to_string(length)});
        return;
    }
    finding.patch = nullptr;
    finding.recommendation = engineText(
        "PaddingWasteRule",
        "Make the sequences shorter or of more equal lengths: pad them to a length nearer "
        "their typical one, or train from the raw texts (a text_csv or text_folder source) "
        "with data.batching \"by_length\", which cuts each batch after its longest text.");
}

}  // namespace

std::vector<Finding> diagnosePaddingWaste(const RunEvidence& evidence)
{
    const std::vector<std::size_t> steady = steadySteps(evidence);
    if (steady.size() < kPaddingMinSteadySteps)
        return {};
    const std::optional<double> share = steadyPaddingShare(evidence, steady);
    if (!share || *share < kPaddingInfoShare)
        return {};
    const SequenceFacts& sequences = evidence.facts.sequences;

    Finding finding;
    finding.id = "padding-waste";
    finding.severity = *share >= kPaddingCriticalShare  ? Severity::Critical
                       : *share >= kPaddingWarningShare ? Severity::Warning
                                                        : Severity::Info;
    finding.title =
        fillText(engineText("PaddingWasteRule", "%1 of the time steps trained on are padding"),
                 {sharePercent(*share)});
    std::string lengths;
    if (sequences.lengths.known())
        lengths =
            fillText(engineText("PaddingWasteRule",
                                " The training texts have %1 tokens at the median, %2 at "
                                "the 95th percentile and %3 at most."),
                     {formatCount(sequences.lengths.median), formatCount(sequences.lengths.p95),
                      formatCount(sequences.lengths.longest)});
    finding.evidence = fillText(
        engineText("PaddingWasteRule",
                   "Padding (token id 0) fills %1 of the time steps of the %2 steady steps "
                   "(weighted by their samples); the recurrent layers compute every one of them. "
                   "Batching \"%3\".%4"),
        {formatText("%.1f%%", 100.0 * *share), std::to_string(steady.size()), sequences.batching,
         lengths});
    proposeFix(sequences, finding);
    finding.firstStep = stepNumber(steady.front());
    finding.lastStep = stepNumber(steady.back());
    return {finding};
}

}  // namespace es
