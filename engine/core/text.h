#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// `text` without the `blanks` characters at either end (a view into `text`).
inline std::string_view trimmed(std::string_view text, std::string_view blanks = " \t")
{
    const auto first = text.find_first_not_of(blanks);
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(blanks);
    return text.substr(first, last - first + 1);
}

/// `[12, 3, 0]`: a JSON-style list of integers (an input_shape, an element's index).
inline std::string bracketedList(const std::vector<std::int64_t>& values)
{
    std::string text = "[";
    for (std::size_t i = 0; i < values.size(); ++i)
        text += (i > 0 ? ", " : "") + std::to_string(values[i]);
    return text + "]";
}

/// A quantity in decimal units, for people: "512 B", "12.3 kB", "4.5 MFLOP", "1.2 GFLOP".
inline std::string formatDecimalUnits(double value, const char* unit)
{
    char text[48];
    if (value < 1e3)
        std::snprintf(text, sizeof text, "%.0f %s", value, unit);
    else if (value < 1e6)
        std::snprintf(text, sizeof text, "%.1f k%s", value / 1e3, unit);
    else if (value < 1e9)
        std::snprintf(text, sizeof text, "%.1f M%s", value / 1e6, unit);
    else
        std::snprintf(text, sizeof text, "%.1f G%s", value / 1e9, unit);
    return text;
}

/// A byte count in decimal units: "512 B", "12.3 kB", "4.5 MB", "1.2 GB".
inline std::string formatBytes(std::int64_t bytes)
{
    return formatDecimalUnits(static_cast<double>(bytes), "B");
}

}  // namespace es
