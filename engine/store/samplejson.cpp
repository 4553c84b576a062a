#include "engine/store/samplejson.h"

#include <cmath>
#include <limits>

namespace es {

namespace {

using Json = nlohmann::json;

Json finiteOrNull(double value)
{
    return std::isfinite(value) ? Json(value) : Json(nullptr);
}

/// `object[key]` when it is a number, else NaN: a value NVML could not read was stored as null,
/// and a database from elsewhere may hold anything there.
double numberOrNaN(const Json& object, const char* key)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_number() ? found->get<double>()
                                                       : std::numeric_limits<double>::quiet_NaN();
}

/// `object[key]` when it is a number that fits `T`, else `fallback`.
template <typename T>
T numberOr(const Json& object, const char* key, T fallback)
{
    const auto found = object.find(key);
    if (found == object.end() || !found->is_number())
        return fallback;
    const double value = found->get<double>();
    // Out of range (or NaN) would be undefined behaviour to convert.
    if (!(value >= static_cast<double>(std::numeric_limits<T>::lowest()) &&
          value <= static_cast<double>(std::numeric_limits<T>::max())))
        return fallback;
    return found->is_number_float() ? static_cast<T>(value) : found->get<T>();
}

}  // namespace

nlohmann::json threadsJson(const std::vector<ThreadCpu>& threads)
{
    Json array = Json::array();
    for (const ThreadCpu& thread : threads)
        array.push_back({{"tid", thread.tid}, {"name", thread.name}, {"cpu_pct", thread.cpuPct}});
    return array;
}

nlohmann::json gpusJson(const std::vector<GpuSample>& gpus)
{
    Json array = Json::array();
    for (const GpuSample& gpu : gpus) {
        array.push_back({{"index", gpu.index},
                         {"sm_util_pct", finiteOrNull(gpu.smUtilPct)},
                         {"mem_util_pct", finiteOrNull(gpu.memUtilPct)},
                         {"mem_used_mb", finiteOrNull(gpu.memUsedMb)},
                         {"mem_total_mb", finiteOrNull(gpu.memTotalMb)},
                         {"power_w", finiteOrNull(gpu.powerW)},
                         {"pcie_tx_mb_per_s", finiteOrNull(gpu.pcieTxMbPerS)},
                         {"pcie_rx_mb_per_s", finiteOrNull(gpu.pcieRxMbPerS)},
                         {"sm_clock_mhz", finiteOrNull(gpu.smClockMhz)}});
    }
    return array;
}

// Both readers take what has the expected type and leave the rest out (a database from
// elsewhere may hold any JSON there): never an exception, never a key looked up in a value
// that is not an object.

std::vector<GpuSample> gpusFromJson(const Json& array)
{
    std::vector<GpuSample> gpus;
    if (!array.is_array())
        return gpus;
    for (const Json& item : array) {
        if (!item.is_object())
            continue;
        GpuSample gpu;
        gpu.index = numberOr(item, "index", 0);
        gpu.smUtilPct = numberOrNaN(item, "sm_util_pct");
        gpu.memUtilPct = numberOrNaN(item, "mem_util_pct");
        gpu.memUsedMb = numberOrNaN(item, "mem_used_mb");
        gpu.memTotalMb = numberOrNaN(item, "mem_total_mb");
        gpu.powerW = numberOrNaN(item, "power_w");
        gpu.pcieTxMbPerS = numberOrNaN(item, "pcie_tx_mb_per_s");
        gpu.pcieRxMbPerS = numberOrNaN(item, "pcie_rx_mb_per_s");
        gpu.smClockMhz = numberOrNaN(item, "sm_clock_mhz");
        gpus.push_back(gpu);
    }
    return gpus;
}

std::vector<ThreadCpu> threadsFromJson(const nlohmann::json& array)
{
    std::vector<ThreadCpu> threads;
    if (!array.is_array())
        return threads;
    for (const Json& item : array) {
        if (!item.is_object())
            continue;
        const auto name = item.find("name");
        threads.push_back(
            {numberOr(item, "tid", 0),
             name != item.end() && name->is_string() ? name->get<std::string>() : std::string(),
             numberOr(item, "cpu_pct", 0.0)});
    }
    return threads;
}

}  // namespace es
