#pragma once

// How the comparison reports write numbers for people, the same way in every format: fixed
// decimals per unit, signed differences with as many decimals as small values need, and a
// word where a value was not recorded.

#include "engine/core/text.h"
#include "engine/i18n/evidencetext.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

namespace es {

/// `value` with `decimals` digits after the point ("33.50").
inline std::string fixedText(double value, int decimals)
{
    return formatText("%.*f", decimals, value);
}

/// `value` with `decimals` digits, or `missing` when unset.
inline std::string fixedText(const std::optional<double>& value, int decimals, const char* missing)
{
    return value ? fixedText(*value, decimals) : std::string(missing);
}

/// Decimals that keep a small figure readable: one from 0.1 up, two from 0.01, else three.
inline int figureDecimals(double value)
{
    const double magnitude = std::fabs(value);
    if (magnitude >= 0.1 || magnitude == 0.0)
        return 1;
    return magnitude >= 0.01 ? 2 : 3;
}

/// Zero for what is below the last digit figureText() shows (rounding noise of sums).
inline double withoutNoise(double value)
{
    return std::fabs(value) < 0.0005 ? 0.0 : value;
}

/// A measured figure: "33.5", "0.04".
inline std::string figureText(double value)
{
    value = withoutNoise(value);
    return fixedText(value, figureDecimals(value));
}

/// A difference with its sign: "+3.0", "-20.0", "-0.05"; "0.0" for none.
inline std::string signedFigureText(double value)
{
    value = withoutNoise(value);
    if (value == 0.0)
        return fixedText(0.0, 1);
    return formatText("%+.*f", figureDecimals(value), value);
}

/// A difference with its sign and `decimals` digits: "+0.80", "-20.00"; "0.00" for one that
/// rounds to zero, so that noise in the last bits shows no sign.
inline std::string signedFixedText(double value, int decimals)
{
    std::string text = formatText("%+.*f", decimals, value);
    if (text.find_first_of("123456789") == std::string::npos)
        return fixedText(0.0, decimals);
    return text;
}

/// A ratio: "1.75x".
inline std::string ratioText(double value)
{
    return formatText("%.2fx", value);
}

/// A report's text written for one format. The report's model marks user text with the
/// isolates of isolatedText(); here each stretch between them goes through `plain` (the
/// format's escaping, with escapeControls() for whatever text was not marked) and each
/// isolate is written as `open` or `close`: <bdi> in HTML, the isolates themselves for pango,
/// nothing in Markdown. They come out balanced even where a text was cut between them.
template <typename Plain>
std::string withIsolates(std::string_view text, const Plain& plain, std::string_view open,
                         std::string_view close)
{
    std::string out;
    int depth = 0;
    while (!text.empty()) {
        const std::size_t start = text.find(kIsolateStart);
        const std::size_t end = text.find(kIsolateEnd);
        const std::size_t mark = std::min(start, end);
        out += plain(escapeControls(text.substr(0, mark)));
        if (mark == std::string_view::npos)
            break;
        if (mark == start) {
            out += open;
            ++depth;
        } else if (depth > 0) {
            out += close;
            --depth;
        }
        static_assert(kIsolateStart.size() == kIsolateEnd.size());
        text.remove_prefix(mark + kIsolateStart.size());
    }
    for (; depth > 0; --depth)
        out += close;
    return out;
}

/// `text` as plain Unicode: its controls escaped, its isolates kept (pango, PDF metadata).
inline std::string withPlainIsolates(std::string_view text)
{
    return withIsolates(
        text, [](const std::string& part) { return part; }, kIsolateStart, kIsolateEnd);
}

/// `text` with its isolates dropped and its controls escaped: for where no isolate can go.
inline std::string withoutIsolates(std::string_view text)
{
    return withIsolates(text, [](const std::string& part) { return part; }, {}, {});
}

}  // namespace es
