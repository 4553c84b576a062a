#pragma once

#include <string>

namespace es {

/// The basics of the machine and the LibTorch build a run used.
struct EnvironmentInfo {
    std::string libtorchVersion;
    int intraOpThreads = 0;  ///< as LibTorch reports them now
    int interOpThreads = 0;
    std::string cpuModel;
    int physicalCores = 0;
    int logicalCores = 0;
    bool cudaAvailable = false;
    int cudaDeviceCount = 0;
};

EnvironmentInfo collectEnvironment();

}  // namespace es
