#pragma once

// Command-line numbers for the benchmark programs: a bad value is an error that names its
// flag, never a silent default.

#include <stdexcept>
#include <string>

namespace bench {

/// `value` as a whole number of at least `least`; throws std::invalid_argument naming `flag`.
inline int wholeNumberAtLeast(const std::string& flag, const std::string& value, int least)
{
    std::size_t used = 0;
    int parsed = 0;
    try {
        parsed = std::stoi(value, &used);
    } catch (const std::exception&) {
        used = 0;  // not a number, or out of int's range
    }
    if (value.empty() || used != value.size() || parsed < least)
        throw std::invalid_argument(flag + ": expected a whole number of at least " +
                                    std::to_string(least) + ", got '" + value + "'");
    return parsed;
}

}  // namespace bench
