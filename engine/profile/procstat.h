#pragma once

// Parsers for the /proc files the system sampler reads. Pure functions over the text, so that
// they are tested on fixtures; procstat.cpp also has the small readers for the live files.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace es {

/// The machine's CPU time from the first ("cpu ") line of /proc/stat, in clock ticks summed
/// over every core: busy = user + nice + system + irq + softirq + steal, total adds idle and
/// iowait. Guest time is already inside user and nice.
struct MachineCpuTimes {
    std::uint64_t busy = 0;
    std::uint64_t total = 0;
};
std::optional<MachineCpuTimes> parseMachineCpu(std::string_view procStat);

/// From /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat: user and system time in clock ticks,
/// the start time in ticks after boot (which, with the pid, identifies a process even when
/// pids are reused) and the state letter. The command name may hold spaces and parentheses;
/// fields are counted after its last ')'.
struct TaskCpuTimes {
    std::uint64_t userTicks = 0;
    std::uint64_t systemTicks = 0;
    std::uint64_t startTicks = 0;
    char state = '?';  ///< R, S, D, T, Z, X, ...

    std::uint64_t cpuTicks() const { return userTicks + systemTicks; }
    /// A zombie (ended, not yet reaped by its parent) or dead: it has no memory left to count.
    bool ended() const { return state == 'Z' || state == 'X'; }
};
std::optional<TaskCpuTimes> parseTaskStat(std::string_view stat);

/// Resident pages, the second field of /proc/<pid>/statm.
std::optional<std::uint64_t> parseResidentPages(std::string_view statm);

/// The whole of a small file (a /proc entry), or nullopt when it cannot be read.
std::optional<std::string> readSmallFile(const std::string& path);

/// sysconf(_SC_CLK_TCK) and the page size, read once.
long clockTicksPerSecond();
long pageSizeBytes();

/// This process's start time in ticks after boot; 0 when /proc cannot tell.
std::uint64_t processStartTicks(int pid);

}  // namespace es
