// "unfused-recurrent": a recurrent layer ran on the step loop because one of its Keras options
// has no fused kernel, how much of the step that layer took, and the options that put it back
// on the fused kernel (oneDNN on the CPU, cuDNN on CUDA).

#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"
#include "engine/i18n/recordedtext.h"

#include <numeric>
#include <optional>
#include <string>
#include <vector>

namespace es {

namespace {

// A layer that takes a quarter of every step or more decides much of the step time, so the
// fused kernel (several times faster, docs/benchmarks.md) would cut a noticeable share of it:
// Warning. Below, or when its share was not measured, the layer is worth knowing about: Info.
constexpr double kWarningStepShare = 0.25;
// A share over fewer steady steps than this rests on too few measurements.
constexpr std::size_t kMinSteadySteps = 5;

using Json = nlohmann::json;

/// The options of a recurrent layer's JSON (or of the layer a bidirectional one wraps) that
/// decide the kernel, at the values the fused kernels run.
Json fusedOptionsOf(const Json& layer, bool gru)
{
    Json fused = layer;
    fused["activation"] = "tanh";
    fused["recurrent_activation"] = "sigmoid";
    fused["recurrent_dropout"] = 0.0;
    fused["unroll"] = false;
    if (gru)
        fused["reset_after"] = true;
    return fused;
}

/// The merge patch that puts layer `index` on the fused kernel: the whole layers array (a
/// merge patch replaces arrays whole) with that layer's kernel options changed; null when the
/// stored config does not hold that layer as a recurrent one.
Json fusedPatch(const Json& config, std::size_t index)
{
    if (!config.is_object() || !config.contains("model") || !config["model"].is_object())
        return nullptr;
    const Json& model = config["model"];
    if (!model.contains("layers") || !model["layers"].is_array() || index >= model["layers"].size())
        return nullptr;
    Json layers = model["layers"];
    Json& layer = layers[index];
    if (!layer.is_object() || !layer.contains("type") || !layer["type"].is_string())
        return nullptr;
    const std::string type = layer["type"].get<std::string>();
    if (type == "lstm" || type == "gru") {
        layer = fusedOptionsOf(layer, type == "gru");
    } else if (type == "bidirectional" && layer.contains("layer") && layer["layer"].is_object()) {
        Json& wrapped = layer["layer"];
        const bool gru = wrapped.contains("type") && wrapped["type"] == "gru";
        wrapped = fusedOptionsOf(wrapped, gru);
    } else {
        return nullptr;
    }
    return {{"model", {{"layers", std::move(layers)}}}};
}

/// The layer's share of the training forward time as measured, or nullopt.
std::optional<double> forwardShare(const RunEvidence& evidence, const std::string& layer)
{
    const auto& seconds = evidence.layerForwardSeconds;
    const double total =
        std::accumulate(seconds.begin(), seconds.end(), 0.0,
                        [](double sum, const auto& entry) { return sum + entry.second; });
    if (!(total > 0.0))
        return std::nullopt;
    for (const auto& [name, layerSeconds] : seconds)
        if (name == layer)
            return layerSeconds / total;
    return std::nullopt;
}

/// Forward+Backward over the steady steps' wall time, when enough steps were measured.
std::optional<double> computeShare(const RunEvidence& evidence)
{
    if (steadySteps(evidence).size() < kMinSteadySteps)
        return std::nullopt;
    const std::optional<SteadyPhaseShare> compute =
        steadyPhaseShare(evidence, {Phase::Forward, Phase::Backward});
    if (!compute || compute->phaseMs > compute->wallMs * (1.0 + 1e-9))
        return std::nullopt;
    return compute->share;
}

Finding layerFinding(const RunEvidence& evidence, const RecurrentLayerFact& layer,
                     std::optional<double> layerShare, std::optional<double> compute)
{
    Finding finding;
    finding.id = "unfused-recurrent";
    finding.title = fillText(
        engineText("UnfusedRecurrentRule", "%1 ran on the step loop: %2 %3 has no fused kernel"),
        {layer.layer, layer.optionKey, layer.optionValue});
    const std::string recorded = recordedText(layer.reason);
    if (layerShare && compute) {
        const double stepShare = *layerShare * *compute;
        finding.severity = stepShare >= kWarningStepShare ? Severity::Warning : Severity::Info;
        finding.evidence = fillText(
            engineText("UnfusedRecurrentRule",
                       "%1 (%2) took %3 of the forward time over %4 training steps; with "
                       "Forward+Backward at %5 of the steady step time, that is about %6 of "
                       "each step"),
            {layer.layer, recorded, formatText("%.0f%%", 100.0 * *layerShare),
             std::to_string(evidence.layerForwardSteps), formatText("%.0f%%", 100.0 * *compute),
             formatText("%.0f%%", 100.0 * stepShare)});
    } else {
        finding.severity = Severity::Info;
        finding.evidence = fillText(
            engineText("UnfusedRecurrentRule",
                       "%1 (%2); its share of the step was not measured (layers are timed on "
                       "the CPU, over at least %3 steady steps)"),
            {layer.layer, recorded, std::to_string(kMinSteadySteps)});
    }
    finding.patch = fusedPatch(evidence.config, layer.index);
    const std::string setting = layer.optionKey + " " + layer.fusedValue;
    finding.recommendation =
        finding.patch.is_null()
            ? fillText(engineText("UnfusedRecurrentRule",
                                  "A recurrent layer runs one fused kernel for its whole "
                                  "sequence (oneDNN on the CPU, cuDNN on CUDA) only with "
                                  "activation tanh, recurrent_activation sigmoid, "
                                  "recurrent_dropout 0, unroll false and, for a GRU, "
                                  "reset_after true, as in Keras. Set %1 on %2"),
                       {setting, layer.layer})
            : fillText(engineText("UnfusedRecurrentRule",
                                  "A recurrent layer runs one fused kernel for its whole "
                                  "sequence (oneDNN on the CPU, cuDNN on CUDA) only with "
                                  "activation tanh, recurrent_activation sigmoid, "
                                  "recurrent_dropout 0, unroll false and, for a GRU, "
                                  "reset_after true, as in Keras. The patch sets %1 (and the "
                                  "other kernel options) on %2. This changes the model: "
                                  "compare the loss as well as the speed (Try this fix "
                                  "measures both)"),
                       {setting, layer.layer});
    return finding;
}

}  // namespace

std::vector<Finding> diagnoseUnfusedRecurrent(const RunEvidence& evidence)
{
    std::vector<Finding> findings;
    const std::optional<double> compute = computeShare(evidence);
    for (const RecurrentLayerFact& layer : evidence.facts.recurrentLayers) {
        if (layer.kernel != "step_loop" || layer.optionKey.empty())
            continue;
        findings.push_back(
            layerFinding(evidence, layer, forwardShare(evidence, layer.layer), compute));
    }
    return findings;
}

}  // namespace es
