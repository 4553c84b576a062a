// "unfused-lstm": the LSTM layers ran as a chain of small kernels per time step where a fused
// kernel computes the whole cell, and why the fused one was not used (docs/diagnosis.md,
// unfused-lstm).

#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"
#include "engine/model/backendchoice.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace es {

namespace {

// At half of the steady step or more, the recurrent math decides the step time, so a faster
// kernel (the fused oneDNN LSTM against LibTorch's, docs/benchmarks.md) would cut a noticeable
// share of it: Warning. Below half, other phases hold most of the step
// and the kernel is worth knowing about but moves the step less: Info.
constexpr double kUnfusedLstmWarningShare = 0.5;
// A share over fewer steady steps than this rests on too few measurements to rank the cause.
constexpr std::size_t kUnfusedLstmMinSteadySteps = 5;
// What the trainer records when the config itself turned cuDNN off (trainer.cpp).
constexpr std::string_view kCudnnOffByConfig = "off: device.cudnn is false";

/// Forward and Backward against the wall time of the steady steps (steadySteps()), summed over
/// those steps.
struct SteadyShare {
    double computeMsPerStep = 0.0;
    double wallMsPerStep = 0.0;
    double share = 0.0;
    std::int64_t firstStep = 0;
    std::int64_t lastStep = 0;
};

std::optional<SteadyShare> forwardBackwardShare(const RunEvidence& evidence)
{
    const std::vector<std::size_t> steady = steadySteps(evidence);
    const std::size_t steps = steady.size();
    if (steps < kUnfusedLstmMinSteadySteps)
        return std::nullopt;
    const std::optional<SteadyPhaseShare> compute =
        steadyPhaseShare(evidence, {Phase::Forward, Phase::Backward});
    // Forward+Backward above the wall time is a broken record, not evidence.
    if (!compute || compute->phaseMs > compute->wallMs * (1.0 + 1e-9))
        return std::nullopt;
    const double computeMs = compute->phaseMs;
    const double wallMs = compute->wallMs;
    SteadyShare result;
    result.computeMsPerStep = computeMs / static_cast<double>(steps);
    result.wallMsPerStep = wallMs / static_cast<double>(steps);
    result.share = computeMs / wallMs;
    result.firstStep = stepNumber(steady.front());
    result.lastStep = stepNumber(steady.back());
    return result;
}

std::string shareText(const SteadyShare& share)
{
    return fillText(
        engineText("UnfusedLstmRule",
                   "Forward+Backward took %1 of the steady step time (%2 of %3 ms "
                   "per step on average, steps %4-%5)"),
        {formatText("%.0f%%", 100.0 * share.share), formatText("%.1f", share.computeMsPerStep),
         formatText("%.1f", share.wallMsPerStep), std::to_string(share.firstStep),
         std::to_string(share.lastStep)});
}

Finding baseFinding(const SteadyShare& share)
{
    Finding finding;
    finding.id = "unfused-lstm";
    finding.severity = share.share >= kUnfusedLstmWarningShare ? Severity::Warning : Severity::Info;
    finding.firstStep = share.firstStep;
    finding.lastStep = share.lastStep;
    return finding;
}

std::string reasonText(const std::string& reason)
{
    return reason.empty() ? std::string(engineText("UnfusedLstmRule", "no reason recorded"))
                          : reason;
}

Finding cpuFinding(const RunEvidence& evidence, const SteadyShare& share)
{
    Finding finding = baseFinding(share);
    finding.title =
        engineText("UnfusedLstmRule", "The recurrent layers ran unfused on LibTorch's CPU backend");
    finding.evidence = fillText(
        engineText("UnfusedLstmRule", "backend %1 (%2); %3"),
        {evidence.facts.backend, reasonText(evidence.facts.backendReason), shareText(share)});
    // The diagnosis may run in another build than the run did (a run brought home from a
    // server), so the patch is offered only where this build can train it.
    if (oneDnnBuilt()) {
        finding.recommendation = engineText(
            "UnfusedLstmRule",
            "LibTorch's CPU kernels compute these layers (LibTorch 1.13's LSTM, and its GRU in "
            "every release) as a matrix product plus separate element-wise operations at every "
            "time step, where oneDNN's fused kernels run a layer's whole sequence in one "
            "primitive (docs/benchmarks.md has the speed-ups measured). Set "
            "backend to \"onednn\" (the patch; \"auto\" also picks it on the CPU); the model, "
            "weights and checkpoints stay the same");
        finding.patch = {{"backend", "onednn"}};
    } else {
        finding.recommendation = engineText(
            "UnfusedLstmRule",
            "LibTorch's CPU kernels compute these layers (LibTorch 1.13's LSTM, and its GRU in "
            "every release) as a matrix product plus separate element-wise operations at every "
            "time step, where oneDNN's fused kernels run a layer's whole sequence in one "
            "primitive (docs/benchmarks.md has the speed-ups measured). This "
            "build has no oneDNN: rebuild with EPOCHSCOPE_WITH_ONEDNN=ON (Debian's libdnnl-dev) "
            "to select it. Until then make sure the BLAS is a fast one (the doctor's "
            "reference-blas finding), as the unfused layers' matrix products go through it");
    }
    return finding;
}

Finding cudaFinding(const RunEvidence& evidence, const SteadyShare& share)
{
    const std::string& cudnn = evidence.facts.cudnn;
    const bool byConfig = cudnn.compare(0, kCudnnOffByConfig.size(), kCudnnOffByConfig) == 0;
    Finding finding = baseFinding(share);
    finding.title = fillText(
        engineText("UnfusedLstmRule", "The LSTM layers ran without cuDNN's fused kernels on %1"),
        {evidence.facts.device});
    finding.evidence = fillText(engineText("UnfusedLstmRule", "cudnn %1; backend %2 (%3); %4"),
                                {cudnn, evidence.facts.backend,
                                 reasonText(evidence.facts.backendReason), shareText(share)});
    if (byConfig) {
        finding.recommendation =
            engineText("UnfusedLstmRule",
                       "Set device.cudnn to true: cuDNN runs the whole LSTM as fused kernels, "
                       "where without it LibTorch launches separate kernels for every time step");
        finding.patch = {{"device", {{"cudnn", true}}}};
    } else {
        finding.recommendation = fillText(
            engineText("UnfusedLstmRule",
                       "cuDNN was not used for a reason outside the config (%1): use a LibTorch "
                       "built with cuDNN, or a machine where it loads, to get the fused LSTM "
                       "kernels"),
            {cudnn});
    }
    return finding;
}

}  // namespace

std::vector<Finding> diagnoseUnfusedLstm(const RunEvidence& evidence)
{
    const RunFacts& facts = evidence.facts;
    if (!facts.modelHasLstm)
        return {};
    const bool onCuda = facts.device.compare(0, 4, "cuda") == 0;
    // LibTorch's CPU kernels are unfused, but for LibTorch 2.x's LSTM (kernel
    // "libtorch_fused"); other CPU backends (oneDNN) are fused.
    const bool unfusedCpu = ranUnfusedOnLibTorchCpu(facts);
    // On CUDA the cudnn fact says which kernel ran; an empty one was not recorded.
    const bool unfusedCuda = onCuda && facts.cudnn.compare(0, 3, "off") == 0;
    if (!unfusedCpu && !unfusedCuda)
        return {};
    // A run that recorded each layer's kernel: the backend only matters for the layers that
    // ran on it; those on the step loop are the unfused-recurrent rule's.
    const auto& layers = facts.recurrentLayers;
    const bool anyOnBackend =
        layers.empty() || std::any_of(layers.begin(), layers.end(), [](const auto& layer) {
            return layer.kernel == "libtorch" || layer.kernel == "fused";
        });
    if (!anyOnBackend)
        return {};
    const std::optional<SteadyShare> share = forwardBackwardShare(evidence);
    if (!share)
        return {};
    return {unfusedCpu ? cpuFinding(evidence, *share) : cudaFinding(evidence, *share)};
}

}  // namespace es
