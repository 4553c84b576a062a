#pragma once

// NVIDIA's management library, loaded with dlopen when a sampler or the doctor asks for it, so
// that EpochScope starts and runs where no NVIDIA driver is installed. Only the few functions
// used are declared here (their C signatures from nvml.h).

#include "engine/core/records.h"

#include <memory>
#include <string>

namespace es {

class Nvml {
public:
    /// Loads `library` and initialises NVML; when either fails, available() is false and
    /// status() says why. Never throws.
    explicit Nvml(const std::string& library = "libnvidia-ml.so.1");
    ~Nvml();
    Nvml(const Nvml&) = delete;
    Nvml& operator=(const Nvml&) = delete;

    bool available() const;
    /// "NVML 12.535.104.05, 1 GPU" or why NVML is not there
    /// ("libnvidia-ml.so.1: cannot open shared object file: No such file or directory").
    const std::string& status() const;
    int deviceCount() const;
    std::string deviceName(int index) const;
    std::string driverVersion() const;
    /// The device's utilisation, memory, power, PCIe throughput and SM clock; values NVML
    /// cannot read are NaN.
    GpuSample sample(int index) const;

private:
    struct Api;
    std::unique_ptr<Api> m_api;
    std::string m_status;
    int m_deviceCount = 0;
};

}  // namespace es
