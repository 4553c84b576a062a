#include "engine/data/hostmemory.h"

#include "engine/config/configerror.h"
#include "engine/i18n/translate.h"

#include <charconv>
#include <fstream>
#include <iterator>
#include <limits>

namespace es {

namespace {

// /proc/meminfo states sizes in kibibytes ("MemAvailable:   123456 kB").
constexpr std::uint64_t kBytesPerKiB = 1024;
constexpr std::string_view kMemAvailableKey = "MemAvailable:";

std::string mebibytes(std::uint64_t bytes)
{
    const std::uint64_t whole = bytes >> 20;
    const bool partial = (bytes & ((std::uint64_t{1} << 20) - 1)) != 0;
    return std::to_string(whole + (partial ? 1 : 0)) + " MiB";
}

}  // namespace

std::optional<std::uint64_t> parseMemAvailable(std::string_view procMeminfo)
{
    std::size_t start = 0;
    while (start < procMeminfo.size()) {
        std::size_t end = procMeminfo.find('\n', start);
        if (end == std::string_view::npos)
            end = procMeminfo.size();
        std::string_view line = procMeminfo.substr(start, end - start);
        start = end + 1;
        if (line.substr(0, kMemAvailableKey.size()) != kMemAvailableKey)
            continue;
        line.remove_prefix(kMemAvailableKey.size());
        const std::size_t digits = line.find_first_not_of(' ');
        if (digits == std::string_view::npos)
            return std::nullopt;
        line.remove_prefix(digits);
        std::uint64_t kib = 0;
        const auto [ptr, ec] = std::from_chars(line.data(), line.data() + line.size(), kib);
        if (ec != std::errc() || ptr == line.data())
            return std::nullopt;
        if (kib > std::numeric_limits<std::uint64_t>::max() / kBytesPerKiB)
            return std::numeric_limits<std::uint64_t>::max();
        return kib * kBytesPerKiB;
    }
    return std::nullopt;
}

std::optional<std::uint64_t> memAvailableBytes()
{
    std::ifstream file("/proc/meminfo");
    if (!file)
        return std::nullopt;
    const std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    return parseMemAvailable(text);
}

void requireMemory(std::string_view path, std::string_view what, std::uint64_t needed,
                   std::optional<std::uint64_t> available)
{
    if (!available || needed <= *available)
        return;
    // `what` is the caller's whole phrase ("reading the file"), already in the language.
    throw ConfigError(std::string(path),
                      fillText(engineText("HostMemory",
                                          "%1 needs %2 bytes (%3) but only %4 bytes (%5) of memory "
                                          "are available (MemAvailable in /proc/meminfo)"),
                               {what, std::to_string(needed), mebibytes(needed),
                                std::to_string(*available), mebibytes(*available)}));
}

void requireAvailableMemory(std::uint64_t bytes, std::string_view path, std::string_view what)
{
    requireMemory(path, what, bytes, memAvailableBytes());
}

}  // namespace es
