// "unfused-recurrent": a recurrent layer ran on the step loop, how much of the step that layer
// took, and what puts it back on its whole-sequence kernel. Two causes, one finding each:
// one of its Keras options has no fused kernel (oneDNN on the CPU, cuDNN on CUDA), fixed by
// the option's fused value; or a layer on a whole-sequence kernel got batches whose mask_zero
// padding was not all on the right, fixed by padding at the end of each sample.

#include "engine/diagnosis/rules.h"
#include "engine/i18n/evidencetext.h"
#include "engine/i18n/recordedtext.h"

#include <cstdint>
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
constexpr std::size_t kUnfusedRecurrentMinSteadySteps = 5;
// A layer that fell back for fewer than half of its batches spent a smaller part of its
// measured time on the step loop than its share says: padding at the end gains less, Info.
constexpr double kWarningFallbackShare = 0.5;

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
    if (steadySteps(evidence).size() < kUnfusedRecurrentMinSteadySteps)
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
            {layer.layer, recorded, std::to_string(kUnfusedRecurrentMinSteadySteps)});
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

/// The merge patch that pads synthetic_tokens' reviews at their end; null for file data
/// (its padding is in the files) and for a source already padded so.
Json postPaddingPatch(const Json& config)
{
    if (!config.is_object() || !config.contains("data") || !config["data"].is_object())
        return nullptr;
    const Json& data = config["data"];
    if (!data.contains("source") || !data["source"].is_object())
        return nullptr;
    const Json& source = data["source"];
    if (!source.contains("type") || source["type"] != "synthetic_tokens")
        return nullptr;
    // A config recorded before the key existed was padded "pre", the default.
    if (source.contains("padding") && source["padding"] == "post")
        return nullptr;
    return {{"data", {{"source", {{"padding", "post"}}}}}};
}

/// A layer on a whole-sequence kernel that ran `fallbacks` of the `batches` training steps on
/// the step loop, because their mask_zero padding was not all on the right.
Finding paddingFinding(const RunEvidence& evidence, const RecurrentLayerFact& layer,
                       std::int64_t fallbacks, std::optional<double> layerShare,
                       std::optional<double> compute)
{
    const std::int64_t batches = evidence.maskFallbackSteps;
    Finding finding;
    finding.id = "unfused-recurrent";
    finding.title = fillText(engineText("UnfusedRecurrentRule",
                                        "%1 ran %2 of %3 training batches on the step loop: "
                                        "mask_zero padding on the left"),
                             {layer.layer, std::to_string(fallbacks), std::to_string(batches)});
    const std::string recorded = recordedText(layer.reason);
    const double fallbackShare = static_cast<double>(fallbacks) / static_cast<double>(batches);
    if (layerShare && compute) {
        const double stepShare = *layerShare * *compute;
        finding.severity = stepShare >= kWarningStepShare && fallbackShare >= kWarningFallbackShare
                               ? Severity::Warning
                               : Severity::Info;
        finding.evidence = fillText(
            engineText("UnfusedRecurrentRule",
                       "%1 (%2) fell back to the step loop for %3 of %4 training batches: in "
                       "each, some sample had a padding token 0 before a real one. The layer "
                       "took %5 of the forward time over %6 training steps; with "
                       "Forward+Backward at %7 of the steady step time, that is about %8 of "
                       "each step"),
            {layer.layer, recorded, std::to_string(fallbacks), std::to_string(batches),
             formatText("%.0f%%", 100.0 * *layerShare), std::to_string(evidence.layerForwardSteps),
             formatText("%.0f%%", 100.0 * *compute), formatText("%.0f%%", 100.0 * stepShare)});
    } else {
        finding.severity = Severity::Info;
        finding.evidence = fillText(
            engineText("UnfusedRecurrentRule",
                       "%1 (%2) fell back to the step loop for %3 of %4 training batches: in "
                       "each, some sample had a padding token 0 before a real one. Its share of "
                       "the step was not measured (layers are timed on the CPU, over at least "
                       "%5 steady steps)"),
            {layer.layer, recorded, std::to_string(fallbacks), std::to_string(batches),
             std::to_string(kUnfusedRecurrentMinSteadySteps)});
    }
    finding.patch = postPaddingPatch(evidence.config);
    finding.recommendation =
        finding.patch.is_null()
            ? fillText(engineText("UnfusedRecurrentRule",
                                  "A whole-sequence kernel (oneDNN's or cuDNN's fused one, or "
                                  "LibTorch's) can only end a sample early, so a batch padded "
                                  "on the left runs on the step loop (Keras, too, leaves "
                                  "cuDNN for such a batch). Pad each sample at its end when "
                                  "preparing the data: "
                                  "keras.utils.pad_sequences(..., padding=\"post\") (its "
                                  "default, \"pre\", pads at the start); %1 then runs every "
                                  "batch on its own kernel"),
                       {layer.layer})
            : fillText(engineText("UnfusedRecurrentRule",
                                  "A whole-sequence kernel (oneDNN's or cuDNN's fused one, or "
                                  "LibTorch's) can only end a sample early, so a batch padded "
                                  "on the left runs on the step loop (Keras, too, leaves "
                                  "cuDNN for such a batch). The patch sets data.source.padding to "
                                  "\"post\": the "
                                  "same reviews, padded at their end as "
                                  "keras.utils.pad_sequences(..., padding=\"post\") does, so "
                                  "that %1 runs every batch on its own kernel. The mask keeps "
                                  "the padding out of the results either way: the loss should "
                                  "barely change (Try this fix measures both)"),
                       {layer.layer});
    return finding;
}

/// How many training batches `layer` ran on the step loop for its padding; 0 when it runs
/// there anyway or the run did not record it.
std::int64_t maskFallbacksOf(const RunEvidence& evidence, const RecurrentLayerFact& layer)
{
    if (layer.kernel != "fused" && layer.kernel != "libtorch" && layer.kernel != "libtorch_fused")
        return 0;
    const auto found = evidence.maskFallbackBatches.find(layer.layer);
    return found == evidence.maskFallbackBatches.end() ? 0 : found->second;
}

}  // namespace

std::vector<Finding> diagnoseUnfusedRecurrent(const RunEvidence& evidence)
{
    if (evidence.facts.script)
        return diagnoseScriptRecurrent(evidence);
    std::vector<Finding> findings;
    const std::optional<double> compute = computeShare(evidence);
    for (const RecurrentLayerFact& layer : evidence.facts.recurrentLayers) {
        if (layer.kernel == "step_loop" && !layer.optionKey.empty()) {
            findings.push_back(
                layerFinding(evidence, layer, forwardShare(evidence, layer.layer), compute));
            continue;
        }
        const std::int64_t fallbacks = maskFallbacksOf(evidence, layer);
        // Evidence not read from a run database is held to the reader's bounds as well: the
        // finding divides by the steps.
        if (fallbacks > 0 && fallbacks <= evidence.maskFallbackSteps)
            findings.push_back(paddingFinding(evidence, layer, fallbacks,
                                              forwardShare(evidence, layer.layer), compute));
    }
    return findings;
}

}  // namespace es
