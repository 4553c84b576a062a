#include "env/cpuinfo.h"

#include <fstream>
#include <set>
#include <sstream>
#include <thread>
#include <utility>

namespace es {

namespace {

std::string_view trim(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r");
    return text.substr(first, last - first + 1);
}

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
            if (trim(line).empty())
                finishProcessor();  // a blank line ends one processor's block
            continue;
        }
        const std::string_view key = trim(line.substr(0, colon));
        const std::string_view value = trim(line.substr(colon + 1));
        if (key == "processor") {
            finishProcessor();
            ++topology.logicalCores;
        } else if (key == "model name" && topology.model.empty()) {
            topology.model = std::string(value);
        } else if (key == "physical id") {
            physicalId = std::string(value);
        } else if (key == "core id") {
            coreId = std::string(value);
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
