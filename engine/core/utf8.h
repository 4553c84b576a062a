#pragma once

// Well-formed UTF-8 as Unicode defines it (Table 3-7): the one rule the tokenizer, the text
// readers and every escape of user text use, so that they agree on which bytes are valid.

#include <cstddef>
#include <string_view>

namespace es {

/// U+FFFD REPLACEMENT CHARACTER in UTF-8, what Unicode prescribes for bytes that are not UTF-8.
inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

/// The length of the well-formed UTF-8 sequence at `text[at]` (1 to 4), or 0 when the bytes
/// there are not one: a stray continuation byte, an overlong form, a UTF-16 surrogate, a code
/// point beyond U+10FFFF, or a sequence cut short by the end of `text`.
inline std::size_t utf8SequenceLength(std::string_view text, std::size_t at)
{
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    if (lead < 0x80)
        return 1;
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0)
            low = 0xA0;  // overlong below U+0800
        if (lead == 0xED)
            high = 0x9F;  // surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0)
            low = 0x90;  // overlong below U+10000
        if (lead == 0xF4)
            high = 0x8F;  // beyond U+10FFFF
    } else {
        return 0;
    }
    if (at + length > text.size() || byte(at + 1) < low || byte(at + 1) > high)
        return 0;
    for (std::size_t i = 2; i < length; ++i)
        if (byte(at + i) < 0x80 || byte(at + i) > 0xBF)
            return 0;
    return length;
}

/// The offset of the first byte of `text` that does not begin a well-formed UTF-8 sequence,
/// or std::string_view::npos when all of `text` is UTF-8.
inline std::size_t firstInvalidUtf8(std::string_view text)
{
    std::size_t at = 0;
    while (at < text.size()) {
        if (static_cast<unsigned char>(text[at]) < 0x80) {
            ++at;  // ASCII, the common case, without the call
            continue;
        }
        const std::size_t length = utf8SequenceLength(text, at);
        if (length == 0)
            return at;
        at += length;
    }
    return std::string_view::npos;
}

}  // namespace es
