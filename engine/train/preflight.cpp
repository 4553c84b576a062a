#include "engine/train/preflight.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/translate.h"
#include "engine/train/allocator.h"

#include <torch/torch.h>

#include <string>

namespace es {

void checkRunnable(const RunConfig& config)
{
    // An allocator whose library is missing: named with the package to install.
    resolveAllocator(config.device.allocator);
    if (config.device.type != DeviceType::Cuda)
        return;
    if (!torch::cuda::is_available())
        throw ConfigError("device.name",
                          fillText(engineText("Preflight",
                                              "%1 requested, but no CUDA device is available to "
                                              "this LibTorch build; use \"cpu\""),
                                   {config.device.name()}));
    const auto count = static_cast<int>(torch::cuda::device_count());
    if (config.device.index >= count)
        throw ConfigError("device.name", fillText(engineText("Preflight",
                                                             "%1 requested, but only %2 CUDA "
                                                             "device(s) exist"),
                                                  {config.device.name(), std::to_string(count)}));
}

}  // namespace es
