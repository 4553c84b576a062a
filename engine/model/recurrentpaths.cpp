// recurrentPaths(): the kernel each recurrent layer of a run takes, and why. Apart from the
// rules in recurrentpath.cpp because it asks LibTorch whether its own LSTM is fused
// (libTorchFusesCpuLstm(), defined with LibTorch): the LibTorch-free fuzz targets that quote
// the rules (tests/fuzz/CMakeLists.txt) link recurrentpath.cpp without it.
#include "engine/model/recurrentpath.h"

#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"

namespace es {

namespace {

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

}  // namespace es
