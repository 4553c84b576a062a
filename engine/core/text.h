#pragma once

#include "engine/core/utf8.h"

#include <cstddef>
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

/// 17217 as "17,217".
inline std::string formatCount(std::int64_t value)
{
    std::string digits = std::to_string(value < 0 ? -static_cast<std::uint64_t>(value)
                                                  : static_cast<std::uint64_t>(value));
    for (std::ptrdiff_t at = static_cast<std::ptrdiff_t>(digits.size()) - 3; at > 0; at -= 3)
        digits.insert(static_cast<std::size_t>(at), ",");
    return value < 0 ? "-" + digits : digits;
}

/// A byte count in decimal units: "512 B", "12.3 kB", "4.5 MB", "1.2 GB".
inline std::string formatBytes(std::int64_t bytes)
{
    return formatDecimalUnits(static_cast<double>(bytes), "B");
}

/// Whether escapeControls() leaves line breaks as they are.
enum class LineBreaks { Escape, Keep };

/// `text` with every character that would act instead of show written as an escape, for
/// user text (a run's name, notes, paths, errors) on a terminal or in a report: C0 controls
/// and DEL (`\n`, `\t`, `\r`, else `\x1b`), C1 controls and the invisible characters that
/// reorder or separate text (`\u202e` for the right-to-left override, the bidi embeddings,
/// isolates and marks, U+2028/U+2029), and bytes that are not UTF-8 (`\xff`). So an ESC
/// sequence cannot recolour, move or clear the terminal, a newline cannot forge a line, and
/// an override cannot make a name read as another. Other text, backslashes included, stays as
/// typed so that paths and messages read the same. With LineBreaks::Keep, '\n' stays (for
/// messages of several lines).
inline std::string escapeControls(std::string_view text, LineBreaks lineBreaks = LineBreaks::Escape)
{
    static constexpr char kHex[] = "0123456789abcdef";
    const auto escapeByte = [](std::string& out, unsigned char byte) {
        out += "\\x";
        out += kHex[byte >> 4];
        out += kHex[byte & 0xF];
    };
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x80) {
            if (byte == '\n' && lineBreaks == LineBreaks::Keep)
                out += '\n';
            else if (byte == '\n')
                out += "\\n";
            else if (byte == '\t')
                out += "\\t";
            else if (byte == '\r')
                out += "\\r";
            else if (byte < 0x20 || byte == 0x7F)
                escapeByte(out, byte);
            else
                out += static_cast<char>(byte);
            ++i;
            continue;
        }
        // One UTF-8 character; anything malformed (a stray continuation byte, an overlong
        // form, a surrogate, beyond U+10FFFF) is escaped a byte at a time.
        const std::size_t length = utf8SequenceLength(text, i);
        if (length == 0) {
            escapeByte(out, byte);
            ++i;
            continue;
        }
        std::uint32_t code = byte & (0x7Fu >> length);
        for (std::size_t k = 1; k < length; ++k)
            code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
        const bool invisibleControl =
            (code >= 0x80 && code <= 0x9F) || code == 0x061C || code == 0x200E || code == 0x200F ||
            (code >= 0x2028 && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069);
        if (invisibleControl) {
            out += "\\u";
            for (int shift = 12; shift >= 0; shift -= 4)
                out += kHex[(code >> shift) & 0xF];
        } else {
            out.append(text.substr(i, length));
        }
        i += length;
    }
    return out;
}

/// U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE: text between them takes
/// its direction from its own first strong letter and leaves the text around it as it was.
inline constexpr std::string_view kIsolateStart = "\xE2\x81\xA8";
inline constexpr std::string_view kIsolateEnd = "\xE2\x81\xA9";

/// User text for a report: escapeControls(), so that the only isolates left are these, then
/// isolated, so that a right-to-left name cannot reorder the sentence or table it is in. The
/// PDF keeps the isolates (pango lays them out as Unicode says); HTML turns them into <bdi>
/// and Markdown drops them.
inline std::string isolatedText(std::string_view text)
{
    std::string out(kIsolateStart);
    out += escapeControls(text);
    out += kIsolateEnd;
    return out;
}

}  // namespace es
