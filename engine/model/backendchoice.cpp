#include "model/backendchoice.h"

#include "config/configerror.h"

#include <algorithm>

namespace es {

namespace {

bool hasLstm(const ModelConfig& model)
{
    return std::any_of(model.layers.begin(), model.layers.end(),
                       [](const LayerConfig& layer) { return layer.type == LayerType::Lstm; });
}

constexpr const char* kNoOneDnn =
    "this build has no oneDNN (configured with EPOCHSCOPE_WITH_ONEDNN=OFF)";

}  // namespace

bool oneDnnBuilt()
{
    return EPOCHSCOPE_WITH_ONEDNN != 0;
}

BackendChoice resolveBackend(const RunConfig& config, DeviceType device, bool oneDnnAvailable)
{
    switch (config.backend) {
        case Backend::LibTorch: return {Backend::LibTorch, "set to libtorch in the config"};
        case Backend::OneDnn:
            if (device == DeviceType::Cuda)
                throw ConfigError("backend",
                                  "\"onednn\" runs the LSTM layers on the CPU, but the run is on a "
                                  "CUDA device; use \"auto\" or \"libtorch\"");
            if (!oneDnnAvailable)
                throw ConfigError("backend", std::string("\"onednn\" requested, but ") + kNoOneDnn +
                                                 "; use \"auto\" or \"libtorch\"");
            return {Backend::OneDnn, "set to onednn in the config"};
        case Backend::Auto: break;
    }
    if (device == DeviceType::Cuda)
        return {Backend::LibTorch,
                "auto: on a CUDA device LibTorch's LSTM runs cuDNN's fused kernels"};
    if (!oneDnnAvailable)
        return {Backend::LibTorch, std::string("auto: ") + kNoOneDnn};
    if (!hasLstm(config.model))
        return {Backend::LibTorch, "auto: the model has no LSTM layer"};
    return {Backend::OneDnn, "auto: fused oneDNN LSTM on the CPU"};
}

DenormalsChoice resolveFlushDenormals(const DeviceConfig& device, Backend backend)
{
    switch (device.flushDenormals) {
        case FlushDenormals::On: return {true, "on: set in the config"};
        case FlushDenormals::Off: return {false, "off: set in the config"};
        case FlushDenormals::Auto: break;
    }
    if (backend == Backend::OneDnn)
        return {true, "auto: on with the onednn backend"};
    return {false, "auto: off with the " + std::string(backendKey(backend)) + " backend"};
}

}  // namespace es
