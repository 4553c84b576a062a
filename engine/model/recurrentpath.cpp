#include "engine/model/recurrentpath.h"

#include "engine/config/jsonreader.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"

namespace es {

namespace {

std::string quoted(std::string_view text)
{
    return "\"" + std::string(text) + "\"";
}

std::string reasonFor(const UnfusedOption& option)
{
    return fillText(markedText("RunRecord", "step loop: %1 %2 is not fused"),
                    {option.key, option.value});
}

std::string fusedReason(LayerType cell, DeviceType device)
{
    const bool lstm = cell == LayerType::Lstm;
    if (device == DeviceType::Cuda)
        return lstm ? markedText("RunRecord", "fused: cuDNN's LSTM")
                    : markedText("RunRecord", "fused: cuDNN's GRU");
    return lstm ? markedText("RunRecord", "fused: oneDNN's LSTM on the CPU")
                : markedText("RunRecord", "fused: oneDNN's GRU on the CPU");
}

}  // namespace

std::vector<UnfusedOption> unfusedOptions(const LayerConfig& layer)
{
    std::vector<UnfusedOption> options;
    if (!isRecurrent(layer))
        return options;
    if (layer.cellActivation != Activation::Tanh)
        options.push_back({"activation", quoted(activationKey(layer.cellActivation)),
                           quoted(activationKey(Activation::Tanh))});
    if (layer.recurrentActivation != Activation::Sigmoid)
        options.push_back({"recurrent_activation", quoted(activationKey(layer.recurrentActivation)),
                           quoted(activationKey(Activation::Sigmoid))});
    if (layer.recurrentDropout > 0.0)
        options.push_back({"recurrent_dropout", formatNumber(layer.recurrentDropout), "0"});
    if (layer.unroll)
        options.push_back({"unroll", "true", "false"});
    // Only the GRU that applies the reset gate after the recurrent matrix has a fused kernel
    // (oneDNN's linear-before-reset GRU, cuDNN's GRU).
    if (recurrentCell(layer) == LayerType::Gru && !layer.resetAfter)
        options.push_back({"reset_after", "false", "true"});
    return options;
}

LayerConfig withFusedOptions(const LayerConfig& layer)
{
    LayerConfig fused = layer;
    fused.cellActivation = Activation::Tanh;
    fused.recurrentActivation = Activation::Sigmoid;
    fused.recurrentDropout = 0.0;
    fused.unroll = false;
    if (recurrentCell(layer) == LayerType::Gru)
        fused.resetAfter = true;
    return fused;
}

std::vector<RecurrentPath> recurrentPaths(const ModelConfig& model, Backend backend,
                                          DeviceType device, bool cudnn)
{
    const std::vector<std::string> names = layerNames(model);
    std::vector<RecurrentPath> paths;
    for (std::size_t i = 0; i < model.layers.size(); ++i) {
        const LayerConfig& layer = model.layers[i];
        if (!isRecurrent(layer))
            continue;
        RecurrentPath path;
        path.layerIndex = i;
        path.layerName = names[i];
        const std::vector<UnfusedOption> options = unfusedOptions(layer);
        if (!options.empty()) {
            path.kernel = RecurrentKernel::StepLoop;
            path.option = options.front();
            path.reason = reasonFor(options.front());
        } else if ((device == DeviceType::Cuda && cudnn) ||
                   (device != DeviceType::Cuda && backend == Backend::OneDnn)) {
            path.kernel = RecurrentKernel::Fused;
            path.reason = fusedReason(recurrentCell(layer), device);
        } else if (device != DeviceType::Cuda && recurrentCell(layer) == LayerType::Lstm &&
                   libTorchFusesCpuLstm()) {
            path.kernel = RecurrentKernel::LibTorchFused;
            path.reason = markedText(
                "RunRecord", "libtorch: LibTorch runs its LSTM through oneDNN's fused kernel");
        } else if (device == DeviceType::Cuda) {
            path.kernel = RecurrentKernel::LibTorch;
            path.reason = markedText("RunRecord", "libtorch: cuDNN is off");
        } else {
            path.kernel = RecurrentKernel::LibTorch;
            path.reason = markedText("RunRecord", "libtorch: LibTorch's kernels, step by step");
        }
        paths.push_back(std::move(path));
    }
    return paths;
}

std::string_view recurrentKernelKey(RecurrentKernel kernel)
{
    switch (kernel) {
        case RecurrentKernel::Fused: return "fused";
        case RecurrentKernel::LibTorch: return "libtorch";
        case RecurrentKernel::LibTorchFused: return "libtorch_fused";
        case RecurrentKernel::StepLoop: return "step_loop";
    }
    return "step_loop";
}

}  // namespace es
