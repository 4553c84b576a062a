#include "engine/train/threading.h"

#include "engine/config/deviceconfig.h"
#include "engine/i18n/translate.h"

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
            applied.warnings.push_back(
                fillText(engineText("Threading",
                                    "device.inter_op_threads=%1 could not be applied: LibTorch "
                                    "sets the inter-op pool once per process and it already has "
                                    "%2 threads"),
                         {std::to_string(device.interOpThreads),
                          std::to_string(at::get_num_interop_threads())}));
        }
    }
    applied.interOp = at::get_num_interop_threads();
    return applied;
}

}  // namespace es
