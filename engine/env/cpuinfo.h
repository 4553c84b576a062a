#pragma once

#include <string>
#include <string_view>

namespace es {

struct CpuTopology {
    std::string model;
    int physicalCores = 0;  ///< distinct (physical id, core id) pairs
    int logicalCores = 0;   ///< processor entries
    std::string flags;      ///< the first processor's "flags" line: the ISA extensions
};

/// Parses the text of /proc/cpuinfo. Pure, so that it can be tested on recorded files.
CpuTopology parseCpuInfo(std::string_view procCpuinfo);

/// This machine's topology; falls back to std::thread::hardware_concurrency() when
/// /proc/cpuinfo is unreadable or has no core ids (some VMs).
CpuTopology readCpuTopology();

}  // namespace es
