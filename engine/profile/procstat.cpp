#include "engine/profile/procstat.h"

#include <unistd.h>

#include <charconv>
#include <fstream>
#include <sstream>
#include <vector>

namespace es {

namespace {

/// Splits on spaces, skipping runs of them.
std::vector<std::string_view> fields(std::string_view text)
{
    std::vector<std::string_view> parts;
    std::size_t pos = 0;
    while (pos < text.size()) {
        while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n' || text[pos] == '\t'))
            ++pos;
        const std::size_t start = pos;
        while (pos < text.size() && text[pos] != ' ' && text[pos] != '\n' && text[pos] != '\t')
            ++pos;
        if (pos > start)
            parts.push_back(text.substr(start, pos - start));
    }
    return parts;
}

std::optional<std::uint64_t> number(std::string_view text)
{
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

}  // namespace

std::optional<MachineCpuTimes> parseMachineCpu(std::string_view procStat)
{
    const std::string_view firstLine = procStat.substr(0, procStat.find('\n'));
    const std::vector<std::string_view> parts = fields(firstLine);
    // cpu user nice system idle iowait irq softirq steal [guest guest_nice]
    constexpr std::size_t kNeeded = 9;
    if (parts.size() < kNeeded || parts[0] != "cpu")
        return std::nullopt;
    std::uint64_t values[kNeeded - 1] = {};
    for (std::size_t i = 1; i < kNeeded; ++i) {
        const auto value = number(parts[i]);
        if (!value)
            return std::nullopt;
        values[i - 1] = *value;
    }
    enum Column { User, Nice, System, Idle, IoWait, Irq, SoftIrq, Steal };
    MachineCpuTimes times;
    times.busy = values[User] + values[Nice] + values[System] + values[Irq] + values[SoftIrq] +
                 values[Steal];
    times.total = times.busy + values[Idle] + values[IoWait];
    return times;
}

std::optional<TaskCpuTimes> parseTaskStat(std::string_view stat)
{
    const std::size_t close = stat.rfind(')');
    if (close == std::string_view::npos)
        return std::nullopt;
    // After the name: state(3) ppid(4) ... utime(14) stime(15) ... starttime(22).
    const std::vector<std::string_view> parts = fields(stat.substr(close + 1));
    constexpr std::size_t kUser = 14 - 3;
    constexpr std::size_t kSystem = 15 - 3;
    constexpr std::size_t kStart = 22 - 3;
    if (parts.size() <= kStart)
        return std::nullopt;
    const auto user = number(parts[kUser]);
    const auto system = number(parts[kSystem]);
    const auto start = number(parts[kStart]);
    if (!user || !system || !start || parts[0].size() != 1)
        return std::nullopt;
    return TaskCpuTimes{*user, *system, *start, parts[0].front()};
}

std::optional<std::uint64_t> parseResidentPages(std::string_view statm)
{
    const std::vector<std::string_view> parts = fields(statm);
    if (parts.size() < 2)
        return std::nullopt;
    return number(parts[1]);
}

std::optional<std::string> readSmallFile(const std::string& path)
{
    std::ifstream file(path);
    if (!file)
        return std::nullopt;
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

long clockTicksPerSecond()
{
    static const long ticks = ::sysconf(_SC_CLK_TCK);
    return ticks > 0 ? ticks : 100;
}

long pageSizeBytes()
{
    static const long bytes = ::sysconf(_SC_PAGESIZE);
    return bytes > 0 ? bytes : 4096;
}

std::uint64_t processStartTicks(int pid)
{
    const auto stat = readSmallFile("/proc/" + std::to_string(pid) + "/stat");
    if (!stat)
        return 0;
    const auto times = parseTaskStat(*stat);
    return times ? times->startTicks : 0;
}

}  // namespace es
