#pragma once

// The host's load beside a benchmark's figures: these machines are shared, and a figure taken
// while other work ran says so in its header.

#include <fstream>
#include <string>

namespace bench {

/// The 1, 5 and 15 minute load averages, "0.12 0.30 0.41"; "unknown" without /proc.
inline std::string loadAverage()
{
    std::ifstream file("/proc/loadavg");
    std::string one;
    std::string five;
    std::string fifteen;
    if (!(file >> one >> five >> fifteen))
        return "unknown";
    return one + " " + five + " " + fifteen;
}

}  // namespace bench
