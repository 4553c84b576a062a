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

double numberOrNaN(const Json& value)
{
    return value.is_number() ? value.get<double>() : std::numeric_limits<double>::quiet_NaN();
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

std::vector<GpuSample> gpusFromJson(const Json& array)
{
    std::vector<GpuSample> gpus;
    for (const Json& item : array) {
        GpuSample gpu;
        gpu.index = item.value("index", 0);
        gpu.smUtilPct = numberOrNaN(item["sm_util_pct"]);
        gpu.memUtilPct = numberOrNaN(item["mem_util_pct"]);
        gpu.memUsedMb = numberOrNaN(item["mem_used_mb"]);
        gpu.memTotalMb = numberOrNaN(item["mem_total_mb"]);
        gpu.powerW = numberOrNaN(item["power_w"]);
        gpu.pcieTxMbPerS = numberOrNaN(item["pcie_tx_mb_per_s"]);
        gpu.pcieRxMbPerS = numberOrNaN(item["pcie_rx_mb_per_s"]);
        gpu.smClockMhz = numberOrNaN(item["sm_clock_mhz"]);
        gpus.push_back(gpu);
    }
    return gpus;
}

std::vector<ThreadCpu> threadsFromJson(const nlohmann::json& array)
{
    std::vector<ThreadCpu> threads;
    for (const Json& item : array)
        threads.push_back(
            {item.value("tid", 0), item.value("name", ""), item.value("cpu_pct", 0.0)});
    return threads;
}

}  // namespace es
