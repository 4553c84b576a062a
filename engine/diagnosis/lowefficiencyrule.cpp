// "low-efficiency": the training math ran at a small fraction of the matrix-product rate the
// environment doctor measured on this machine (docs/diagnosis.md, low-efficiency).

#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace es {

namespace {

// A fused LSTM training step reached ~85% of the oneDNN SGEMM rate on the development machine,
// so a well-fed model uses most of the peak: below a quarter of it three quarters of the
// machine's math rate go unused (info), below a tenth the step is ten times slower than its
// arithmetic needs (warning). Never critical: the fraction does not say where the time goes;
// the phase rules do.
constexpr double kInfoFraction = 0.25;
constexpr double kWarningFraction = 0.10;
// Fewer steady steps than this give a median that one unusual step can move.
constexpr std::size_t kLowEfficiencyMinSteadySteps = 5;
// Below this many rows a batch's matrix products are too small to run near the peak.
constexpr std::int64_t kSmallBatch = 64;

/// The patch to batch 64, when the epoch surely holds that many training samples (so that
/// drop_last still leaves a batch); null otherwise.
nlohmann::json batchPatch(const RunFacts& facts)
{
    if (facts.batchSize <= 0 || facts.batchSize >= kSmallBatch || facts.batchesPerEpoch <= 0)
        return nullptr;
    // Every batch but the last is full, so the epoch has at least this many samples.
    const std::int64_t leastSamples =
        static_cast<std::int64_t>(facts.batchesPerEpoch - 1) * facts.batchSize + 1;
    if (leastSamples < kSmallBatch)
        return nullptr;
    return {{"data", {{"batch_size", kSmallBatch}}}};
}

std::string recommendation(const RunFacts& facts, const nlohmann::json& patch)
{
    std::string text;
    if (ranUnfusedOnLibTorchCpu(facts))
        text += engineText("LowEfficiencyRule",
                           "The recurrent layers run unfused (LibTorch's CPU kernels, see "
                           "the unfused-lstm finding): a small matrix product and element-wise "
                           "operations per time step cannot reach the SGEMM rate; backend "
                           "\"onednn\" runs each layer as one fused oneDNN primitive. ");
    if (facts.batchSize > 0 && facts.batchSize < kSmallBatch) {
        const std::string batch = std::to_string(facts.batchSize);
        const std::string wanted = std::to_string(kSmallBatch);
        text += fillText(
            patch.is_null()
                ? engineText("LowEfficiencyRule",
                             "Batches of %1 samples give matrix products of %1 rows, too small "
                             "to run near the peak: try %2 or more (the data may not hold that "
                             "many samples); a bigger batch changes training itself (fewer, "
                             "larger steps per epoch; the learning rate may need retuning). ")
                : engineText("LowEfficiencyRule",
                             "Batches of %1 samples give matrix products of %1 rows, too small "
                             "to run near the peak: try %2 or more (the patch sets %2); a bigger "
                             "batch changes training itself (fewer, larger steps per epoch; the "
                             "learning rate may need retuning). "),
            {batch, wanted});
    }
    text += engineText("LowEfficiencyRule",
                       "If the doctor reports reference-blas or slow-blas, fix the BLAS first: "
                       "every matrix product goes through it");
    return text;
}

}  // namespace

std::vector<Finding> diagnoseLowEfficiency(const RunEvidence& evidence)
{
    const RunFacts& facts = evidence.facts;
    // The peak is the CPU's SGEMM rate; a run on a GPU is not measured against it.
    if (facts.device != "cpu" || !evidence.peakGflops)
        return {};
    // Batches by length are each cut to their own width: the recorded FLOPs per batch are the
    // full shape's, which would overstate the rate the steps achieved.
    if (facts.sequences.batching == "by_length")
        return {};
    const double peakGflops = *evidence.peakGflops;
    if (!std::isfinite(peakGflops) || peakGflops <= 0.0 ||
        !std::isfinite(facts.trainingFlopsPerBatch) || facts.trainingFlopsPerBatch <= 0.0)
        return {};
    if (steadySteps(evidence).size() < kLowEfficiencyMinSteadySteps)
        return {};
    const std::optional<double> stepMs = steadyStepMs(evidence);
    if (!stepMs || !std::isfinite(*stepMs) || *stepMs <= 0.0)
        return {};
    const double achievedGflops = facts.trainingFlopsPerBatch / (*stepMs / 1000.0) / 1e9;
    const double fraction = achievedGflops / peakGflops;
    if (!std::isfinite(fraction) || fraction >= kInfoFraction)
        return {};

    Finding finding;
    finding.id = "low-efficiency";
    finding.severity = fraction < kWarningFraction ? Severity::Warning : Severity::Info;
    finding.title =
        fillText(engineText("LowEfficiencyRule",
                            "Training reached %1 of this machine's measured matrix-product rate"),
                 {formatText("%.1f%%", 100.0 * fraction)});
    const std::string source =
        evidence.peakSource.empty()
            ? std::string(engineText("LowEfficiencyRule", "source not recorded"))
            : evidence.peakSource;
    finding.evidence = fillText(
        engineText("LowEfficiencyRule",
                   "achieved %1 against a peak of %2 (%3); achieved = training FLOPs of one "
                   "batch (%4, counted from the layer sizes, backward as twice the forward) / "
                   "the median steady step (%5, every phase included)"),
        {formatText("%.2f GFLOP/s", achievedGflops), formatText("%.1f GFLOP/s", peakGflops), source,
         formatText("%.3g GFLOP", facts.trainingFlopsPerBatch / 1e9),
         formatText("%.1f ms", *stepMs)});
    finding.patch = batchPatch(facts);
    finding.recommendation = recommendation(facts, finding.patch);
    return {finding};
}

}  // namespace es
