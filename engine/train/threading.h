#pragma once

#include "engine/config/runconfigfwd.h"

#include <string>
#include <vector>

namespace es {

struct AppliedThreads {
    int intraOp = 0;
    int interOp = 0;
    std::vector<std::string> warnings;  ///< settings that could not be applied, and why
};

/// Applies the device's thread settings to LibTorch for the calling thread (OpenMP keeps
/// its thread count per calling thread, so the engine thread calls this itself).
/// intra_op_threads 0 means one per physical core: LibTorch's own default is 1 here.
AppliedThreads applyThreadSettings(const DeviceConfig& device, int physicalCores);

}  // namespace es
