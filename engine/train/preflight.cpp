#include "engine/train/preflight.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/train/allocator.h"
#include "engine/train/trainingmessages.h"

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
        throw ConfigError("device.name", noCudaDeviceText(config.device.name()));
    const auto count = static_cast<int>(torch::cuda::device_count());
    if (config.device.index >= count)
        throw ConfigError("device.name", tooFewCudaDevicesText(config.device.name(), count));
}

}  // namespace es
