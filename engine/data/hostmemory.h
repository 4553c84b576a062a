#pragma once

// How much memory the machine can give: the guard every loader runs before allocating.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace es {

/// Below this many bytes the loaders skip the memory check: reading /proc/meminfo would cost
/// more than the allocation, and the fuzzers read thousands of tables a second.
inline constexpr std::uint64_t kMemoryCheckBytes = std::uint64_t{64} << 20;

/// MemAvailable from the text of /proc/meminfo, in bytes; nullopt when the line is missing or
/// malformed. Pure, so that it can be tested on recorded text.
std::optional<std::uint64_t> parseMemAvailable(std::string_view procMeminfo);

/// MemAvailable of this machine now; nullopt when /proc/meminfo cannot be read.
std::optional<std::uint64_t> memAvailableBytes();

/// Throws ConfigError(path, "<what> needs N bytes (..) but only M bytes (..) of memory are
/// available ...") when `needed` exceeds `available`; nothing when `available` is unknown.
void requireMemory(std::string_view path, std::string_view what, std::uint64_t needed,
                   std::optional<std::uint64_t> available);

/// requireMemory against the memory available now, so that an oversized file, array or
/// window count is refused before anything is allocated rather than ending in
/// std::bad_alloc or the OOM killer. `what` names the allocation in the message.
void requireAvailableMemory(std::uint64_t bytes, std::string_view path, std::string_view what);

}  // namespace es
