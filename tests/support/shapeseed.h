#pragma once

// The seed of a test's random shapes (tst_onednnlstm, tst_onednngru).

#include <cstdint>
#include <cstdlib>
#include <string>

namespace es::test {

/// `fixed`, so that a failure can be repeated, unless EPOCHSCOPE_SHAPE_SEED names another seed,
/// which runs the test on shapes it has never seen.
inline std::uint32_t shapeSeed(std::uint32_t fixed)
{
    const char* chosen = std::getenv("EPOCHSCOPE_SHAPE_SEED");
    if (chosen == nullptr || *chosen == '\0')
        return fixed;
    return static_cast<std::uint32_t>(std::stoul(chosen));
}

}  // namespace es::test
