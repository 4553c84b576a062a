#include "engine/model/backendchoice.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"

#include <algorithm>

namespace es {

namespace {

bool hasRecurrentLayer(const ModelConfig& model)
{
    return std::any_of(model.layers.begin(), model.layers.end(),
                       [](const LayerConfig& layer) { return isRecurrent(layer); });
}

}  // namespace

bool oneDnnBuilt()
{
    return EPOCHSCOPE_WITH_ONEDNN != 0;
}

BackendChoice resolveBackend(const RunConfig& config, DeviceType device, bool oneDnnAvailable)
{
    switch (config.backend) {
        case Backend::LibTorch:
            return {Backend::LibTorch, markedText("RunRecord", "set to libtorch in the config")};
        case Backend::OneDnn:
            if (device == DeviceType::Cuda)
                throw ConfigError("backend",
                                  engineText("BackendChoice",
                                             "\"onednn\" runs the LSTM layers on the CPU, "
                                             "but the run is on a CUDA device; use "
                                             "\"auto\" or \"libtorch\""));
            if (!oneDnnAvailable)
                throw ConfigError("backend",
                                  engineText("BackendChoice",
                                             "\"onednn\" requested, but this build has no oneDNN "
                                             "(configured with EPOCHSCOPE_WITH_ONEDNN=OFF); use "
                                             "\"auto\" or \"libtorch\""));
            return {Backend::OneDnn, markedText("RunRecord", "set to onednn in the config")};
        case Backend::Auto: break;
    }
    if (device == DeviceType::Cuda)
        return {Backend::LibTorch,
                markedText("RunRecord",
                           "auto: on a CUDA device LibTorch's LSTM runs cuDNN's fused kernels")};
    if (!oneDnnAvailable)
        return {Backend::LibTorch, markedText("RunRecord",
                                              "auto: this build has no oneDNN (configured with "
                                              "EPOCHSCOPE_WITH_ONEDNN=OFF)")};
    if (!hasRecurrentLayer(config.model))
        return {Backend::LibTorch,
                markedText("RunRecord", "auto: the model has no recurrent layer")};
    return {Backend::OneDnn, markedText("RunRecord", "auto: fused oneDNN LSTM on the CPU")};
}

BackendChoice autoCpuLstmBackend(bool oneDnnAvailable)
{
    RunConfig probe;
    LayerConfig lstm;
    lstm.type = LayerType::Lstm;
    lstm.units = 1;
    probe.model.layers = {lstm};
    return resolveBackend(probe, DeviceType::Cpu, oneDnnAvailable);
}

DenormalsChoice resolveFlushDenormals(const DeviceConfig& device, Backend backend)
{
    switch (device.flushDenormals) {
        case FlushDenormals::On: return {true, markedText("RunRecord", "on: set in the config")};
        case FlushDenormals::Off: return {false, markedText("RunRecord", "off: set in the config")};
        case FlushDenormals::Auto: break;
    }
    if (backend == Backend::OneDnn)
        return {true, markedText("RunRecord", "auto: on with the onednn backend")};
    return {false, fillText(markedText("RunRecord", "auto: off with the %1 backend"),
                            {backendKey(backend)})};
}

}  // namespace es
