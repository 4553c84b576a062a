#pragma once

// SplitMix64 (Steele, Lea and Flood 2014): a small generator whose output is the same on every
// platform and library, unlike the standard distributions, which each library implements its
// own way. What a seed decides (the validation texts, the demo's corpus) is then the same on
// every machine.

#include <cstdint>

namespace es {

/// The next number of the stream that `state` holds, advancing it.
inline std::uint64_t nextSplitMix64(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace es
