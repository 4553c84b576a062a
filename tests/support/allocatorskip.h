#pragma once

// Why a test of a host allocator skips on this machine (a library not installed, or not
// loadable by a running process), for QSKIP; nothing when the allocator can serve a run.

#include "engine/train/allocator.h"

#include <optional>
#include <string>

namespace es::test {

inline std::optional<std::string> allocatorUnavailable(HostAllocator allocator)
{
    const AllocatorAvailability availability = allocatorAvailability(allocator);
    if (availability.available)
        return std::nullopt;
    return std::string(allocatorKey(allocator)) + ": " + availability.detail;
}

}  // namespace es::test
