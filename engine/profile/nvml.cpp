#include "engine/profile/nvml.h"

#include "engine/core/siunits.h"

#include <dlfcn.h>

#include <cmath>
#include <limits>

namespace es {

// From nvml.h; stable across driver versions since the _v2 entry points. Outside the anonymous
// namespace: Nvml::Api, which has linkage, holds pointers to functions that take them (GCC 14
// crashed on such a field when its types had no linkage, in a unity batch).
using NvmlReturn = int;
struct NvmlDeviceOpaque;
using NvmlDevice = NvmlDeviceOpaque*;
struct NvmlUtilization {
    unsigned int gpu;
    unsigned int memory;
};
struct NvmlMemory {
    unsigned long long total;
    unsigned long long free;
    unsigned long long used;
};

namespace {

constexpr int kNvmlSuccess = 0;
constexpr int kPcieTxBytes = 0;  // NVML_PCIE_UTIL_TX_BYTES
constexpr int kPcieRxBytes = 1;  // NVML_PCIE_UTIL_RX_BYTES
constexpr int kClockSm = 1;      // NVML_CLOCK_SM
constexpr unsigned int kNameBytes = 96;
constexpr double kKbPerMb = 1e3;
constexpr double kMilliwattsPerWatt = 1e3;

template <typename Function>
Function symbol(void* library, const char* name)
{
    return reinterpret_cast<Function>(::dlsym(library, name));
}

}  // namespace

struct Nvml::Api {
    void* library = nullptr;
    NvmlReturn (*init)() = nullptr;
    NvmlReturn (*shutdown)() = nullptr;
    NvmlReturn (*deviceCount)(unsigned int*) = nullptr;
    NvmlReturn (*handleByIndex)(unsigned int, NvmlDevice*) = nullptr;
    NvmlReturn (*name)(NvmlDevice, char*, unsigned int) = nullptr;
    NvmlReturn (*driverVersion)(char*, unsigned int) = nullptr;
    NvmlReturn (*utilization)(NvmlDevice, NvmlUtilization*) = nullptr;
    NvmlReturn (*memory)(NvmlDevice, NvmlMemory*) = nullptr;
    NvmlReturn (*power)(NvmlDevice, unsigned int*) = nullptr;
    NvmlReturn (*pcie)(NvmlDevice, int, unsigned int*) = nullptr;
    NvmlReturn (*clock)(NvmlDevice, int, unsigned int*) = nullptr;
    bool initialised = false;

    NvmlDevice device(int index) const
    {
        NvmlDevice handle = nullptr;
        if (handleByIndex(static_cast<unsigned int>(index), &handle) != kNvmlSuccess)
            return nullptr;
        return handle;
    }
};

Nvml::Nvml(const std::string& library) : m_api(std::make_unique<Api>())
{
    Api& api = *m_api;
    api.library = ::dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (api.library == nullptr) {
        const char* reason = ::dlerror();
        m_status = reason != nullptr ? reason : library + ": cannot be loaded";
        return;
    }
    api.init = symbol<decltype(api.init)>(api.library, "nvmlInit_v2");
    api.shutdown = symbol<decltype(api.shutdown)>(api.library, "nvmlShutdown");
    api.deviceCount = symbol<decltype(api.deviceCount)>(api.library, "nvmlDeviceGetCount_v2");
    api.handleByIndex =
        symbol<decltype(api.handleByIndex)>(api.library, "nvmlDeviceGetHandleByIndex_v2");
    api.name = symbol<decltype(api.name)>(api.library, "nvmlDeviceGetName");
    api.driverVersion =
        symbol<decltype(api.driverVersion)>(api.library, "nvmlSystemGetDriverVersion");
    api.utilization =
        symbol<decltype(api.utilization)>(api.library, "nvmlDeviceGetUtilizationRates");
    api.memory = symbol<decltype(api.memory)>(api.library, "nvmlDeviceGetMemoryInfo");
    api.power = symbol<decltype(api.power)>(api.library, "nvmlDeviceGetPowerUsage");
    api.pcie = symbol<decltype(api.pcie)>(api.library, "nvmlDeviceGetPcieThroughput");
    api.clock = symbol<decltype(api.clock)>(api.library, "nvmlDeviceGetClockInfo");
    const bool complete = api.init && api.shutdown && api.deviceCount && api.handleByIndex &&
                          api.name && api.driverVersion && api.utilization && api.memory &&
                          api.power && api.pcie && api.clock;
    if (!complete) {
        m_status = library + " lacks functions this program needs (driver too old?)";
        return;
    }
    const NvmlReturn initialised = api.init();
    if (initialised != kNvmlSuccess) {
        m_status = "nvmlInit failed with NVML error " + std::to_string(initialised) +
                   " (no driver loaded, or no permission)";
        return;
    }
    api.initialised = true;
    unsigned int count = 0;
    if (api.deviceCount(&count) == kNvmlSuccess)
        m_deviceCount = static_cast<int>(count);
    m_status = "NVML driver " + driverVersion() + ", " + std::to_string(m_deviceCount) + " GPU" +
               (m_deviceCount == 1 ? "" : "s");
}

Nvml::~Nvml()
{
    if (m_api->initialised)
        m_api->shutdown();
    if (m_api->library != nullptr)
        ::dlclose(m_api->library);
}

bool Nvml::available() const
{
    return m_api->initialised;
}

const std::string& Nvml::status() const
{
    return m_status;
}

int Nvml::deviceCount() const
{
    return m_deviceCount;
}

std::string Nvml::deviceName(int index) const
{
    if (!available())
        return {};
    char name[kNameBytes] = {};
    const NvmlDevice device = m_api->device(index);
    if (device == nullptr || m_api->name(device, name, kNameBytes) != kNvmlSuccess)
        return {};
    return name;
}

std::string Nvml::driverVersion() const
{
    if (!available())
        return {};
    char version[kNameBytes] = {};
    if (m_api->driverVersion(version, kNameBytes) != kNvmlSuccess)
        return {};
    return version;
}

GpuSample Nvml::sample(int index) const
{
    const double missing = std::numeric_limits<double>::quiet_NaN();
    GpuSample sample{index, missing, missing, missing, missing, missing, missing, missing, missing};
    const NvmlDevice device = available() ? m_api->device(index) : nullptr;
    if (device == nullptr)
        return sample;
    NvmlUtilization utilization{};
    if (m_api->utilization(device, &utilization) == kNvmlSuccess) {
        sample.smUtilPct = utilization.gpu;
        sample.memUtilPct = utilization.memory;
    }
    NvmlMemory memory{};
    if (m_api->memory(device, &memory) == kNvmlSuccess) {
        sample.memUsedMb = static_cast<double>(memory.used) / kBytesPerMb;
        sample.memTotalMb = static_cast<double>(memory.total) / kBytesPerMb;
    }
    unsigned int value = 0;
    if (m_api->power(device, &value) == kNvmlSuccess)
        sample.powerW = value / kMilliwattsPerWatt;
    if (m_api->pcie(device, kPcieTxBytes, &value) == kNvmlSuccess)
        sample.pcieTxMbPerS = value / kKbPerMb;  // NVML reports KB/s
    if (m_api->pcie(device, kPcieRxBytes, &value) == kNvmlSuccess)
        sample.pcieRxMbPerS = value / kKbPerMb;
    if (m_api->clock(device, kClockSm, &value) == kNvmlSuccess)
        sample.smClockMhz = value;
    return sample;
}

}  // namespace es
