#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace es {

/// MemAvailable from the text of /proc/meminfo, in bytes; nullopt when the line is missing or
/// malformed. Pure, so that it can be tested on recorded text.
std::optional<std::uint64_t> parseMemAvailable(std::string_view procMeminfo);

/// Throws ConfigError(path, ...) when `bytes` exceeds the memory the kernel reports available,
/// so that an oversized CSV file or window count is refused before anything is allocated
/// rather than ending in std::bad_alloc or the OOM killer. `what` names the allocation in the
/// message. Does nothing where /proc/meminfo is unreadable.
void requireAvailableMemory(std::uint64_t bytes, const std::string& path, std::string_view what);

}  // namespace es
