#include "engine/model/recurrentpath.h"

#include "engine/config/jsonreader.h"

namespace es {

namespace {

std::string quoted(std::string_view text)
{
    return "\"" + std::string(text) + "\"";
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
