#include "engine/env/environment.h"

#include "engine/env/cpuinfo.h"

#include <torch/torch.h>

namespace es {

EnvironmentInfo collectEnvironment()
{
    EnvironmentInfo info;
    info.libtorchVersion = TORCH_VERSION;
    info.intraOpThreads = at::get_num_threads();
    info.interOpThreads = at::get_num_interop_threads();
    const CpuTopology cpu = readCpuTopology();
    info.cpuModel = cpu.model;
    info.physicalCores = cpu.physicalCores;
    info.logicalCores = cpu.logicalCores;
    info.cudaAvailable = torch::cuda::is_available();
    info.cudaDeviceCount = info.cudaAvailable ? static_cast<int>(torch::cuda::device_count()) : 0;
    return info;
}

}  // namespace es
