#pragma once

// Amounts with an SI prefix, for people: the CLI's run header and footer and the data-file
// descriptions (`epochscope-cli inspect`, the app's data preview) write sizes and rates alike.

#include <array>
#include <cmath>
#include <cstdio>
#include <string>

namespace es {

/// Bytes in a megabyte (SI), as the samplers record memory.
inline constexpr double kBytesPerMb = 1e6;

/// Three significant digits without switching to exponents (values below 1000): "2.46",
/// "12.3", "850".
inline std::string formatThreeDigits(double value)
{
    const double magnitude = std::fabs(value);
    const char* pattern = magnitude < 9.995 ? "%.2f" : magnitude < 99.95 ? "%.1f" : "%.0f";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, pattern, value);
    return buffer;
}

/// An amount with an SI prefix and three significant digits: formatSi(2.456e6, "FLOP") ->
/// "2.46 MFLOP".
inline std::string formatSi(double value, const std::string& unit)
{
    static constexpr std::array<const char*, 6> kPrefixes = {"", "k", "M", "G", "T", "P"};
    std::size_t prefix = 0;
    // 999.5 and up would print as "1000" after rounding to three digits.
    while (std::fabs(value) >= 999.5 && prefix + 1 < kPrefixes.size()) {
        value /= 1000.0;
        ++prefix;
    }
    return formatThreeDigits(value) + " " + kPrefixes[prefix] + unit;
}

}  // namespace es
