#include "engine/env/cpuinfo.h"

#include "engine/core/text.h"

#include <fstream>
#include <set>
#include <sstream>
#include <thread>
#include <utility>

namespace es {

namespace {

// /proc/cpuinfo pads keys with tabs; a file copied from elsewhere may end lines with \r.
constexpr std::string_view kBlanks = " \t\r";

}  // namespace

CpuTopology parseCpuInfo(std::string_view procCpuinfo)
{
    CpuTopology topology;
    std::set<std::pair<std::string, std::string>> cores;  // (physical id, core id)
    std::string physicalId;
    std::string coreId;
    bool anyCoreId = false;

    auto finishProcessor = [&] {
        if (!coreId.empty()) {
            cores.emplace(physicalId, coreId);
            anyCoreId = true;
        }
        physicalId.clear();
        coreId.clear();
    };

    std::size_t start = 0;
    while (start <= procCpuinfo.size()) {
        auto end = procCpuinfo.find('\n', start);
        if (end == std::string_view::npos)
            end = procCpuinfo.size();
        const std::string_view line = procCpuinfo.substr(start, end - start);
        start = end + 1;

        const auto colon = line.find(':');
        if (colon == std::string_view::npos) {
            if (trimmed(line, kBlanks).empty())
                finishProcessor();  // a blank line ends one processor's block
            continue;
        }
        const std::string_view key = trimmed(line.substr(0, colon), kBlanks);
        const std::string_view value = trimmed(line.substr(colon + 1), kBlanks);
        if (key == "processor") {
            finishProcessor();
            ++topology.logicalCores;
        } else if (key == "model name" && topology.model.empty()) {
            topology.model = std::string(value);
        } else if (key == "physical id") {
            physicalId = std::string(value);
        } else if (key == "core id") {
            coreId = std::string(value);
        } else if (key == "flags" && topology.flags.empty()) {
            topology.flags = std::string(value);
        }
    }
    finishProcessor();
    topology.physicalCores = anyCoreId ? static_cast<int>(cores.size()) : topology.logicalCores;
    return topology;
}

CpuTopology readCpuTopology()
{
    std::ifstream file("/proc/cpuinfo");
    std::ostringstream text;
    if (file)
        text << file.rdbuf();
    CpuTopology topology = parseCpuInfo(text.str());
    if (topology.logicalCores <= 0) {
        const int hardware = static_cast<int>(std::thread::hardware_concurrency());
        topology.logicalCores = hardware > 0 ? hardware : 1;
    }
    if (topology.physicalCores <= 0)
        topology.physicalCores = topology.logicalCores;
    return topology;
}

}  // namespace es
