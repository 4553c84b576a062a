#include "engine/train/threading.h"

#include "engine/config/deviceconfig.h"
#include "engine/train/trainingmessages.h"

#include <torch/torch.h>

namespace es {

AppliedThreads applyThreadSettings(const DeviceConfig& device, int physicalCores)
{
    AppliedThreads applied;
    const int intra = device.intraOpThreads > 0 ? device.intraOpThreads : physicalCores;
    at::set_num_threads(intra);
    applied.intraOp = at::get_num_threads();

    if (device.interOpThreads > 0 &&
        device.interOpThreads != static_cast<int>(at::get_num_interop_threads())) {
        try {
            at::set_num_interop_threads(device.interOpThreads);
        } catch (const c10::Error&) {
            // LibTorch fixes the inter-op pool once per process.
            applied.warnings.push_back(interOpThreadsFixedText(
                device.interOpThreads, static_cast<int>(at::get_num_interop_threads())));
        }
    }
    applied.interOp = at::get_num_interop_threads();
    return applied;
}

}  // namespace es
