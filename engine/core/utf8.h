#pragma once

// Well-formed UTF-8 as Unicode defines it (Table 3-7): the one rule the tokenizer, the text
// readers and every escape of user text use, so that they agree on which bytes are valid.

#include <cstddef>
#include <string_view>

namespace es {

/// U+FFFD REPLACEMENT CHARACTER in UTF-8, what Unicode prescribes for bytes that are not UTF-8.
inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

/// What a UTF-8 lead byte announces (Table 3-7): the length of its sequence in bytes (0 for a
/// byte that begins none: ASCII aside, a continuation byte, 0xC0, 0xC1, 0xF5 and above) and the
/// range its second byte must fall in. The range narrows for E0, ED, F0 and F4: outside it are
/// overlong forms, UTF-16 surrogates and code points beyond U+10FFFF.
struct Utf8Lead {
    std::size_t length = 0;
    unsigned char secondLow = 0x80;
    unsigned char secondHigh = 0xBF;
};

inline Utf8Lead utf8Lead(unsigned char lead)
{
    Utf8Lead announced;
    if (lead >= 0xC2 && lead <= 0xDF) {
        announced.length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        announced.length = 3;
        if (lead == 0xE0)
            announced.secondLow = 0xA0;  // overlong below U+0800
        if (lead == 0xED)
            announced.secondHigh = 0x9F;  // surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        announced.length = 4;
        if (lead == 0xF0)
            announced.secondLow = 0x90;  // overlong below U+10000
        if (lead == 0xF4)
            announced.secondHigh = 0x8F;  // beyond U+10FFFF
    }
    return announced;
}

/// How many bytes from `at` hold a run of a lead byte and the continuation bytes it still
/// accepts, at most one short of its whole sequence: Unicode's "maximal subpart" of an
/// ill-formed sequence (chapter 3, U+FFFD substitution), which ICU's decoder and so
/// tf.strings.unicode_split replace with one U+FFFD each. 1 for a byte that begins no sequence.
/// Where a well-formed sequence starts, it is that sequence's length.
inline std::size_t utf8MaximalSubpartLength(std::string_view text, std::size_t at)
{
    const Utf8Lead lead = utf8Lead(static_cast<unsigned char>(text[at]));
    if (lead.length == 0)
        return 1;
    unsigned char low = lead.secondLow;
    unsigned char high = lead.secondHigh;
    std::size_t length = 1;
    while (length < lead.length && at + length < text.size()) {
        const auto next = static_cast<unsigned char>(text[at + length]);
        if (next < low || next > high)
            break;
        low = 0x80;
        high = 0xBF;
        ++length;
    }
    return length;
}

/// The length of the well-formed UTF-8 sequence at `text[at]` (1 to 4), or 0 when the bytes
/// there are not one: a stray continuation byte, an overlong form, a UTF-16 surrogate, a code
/// point beyond U+10FFFF, or a sequence cut short by the end of `text` or by a byte that
/// cannot continue it.
inline std::size_t utf8SequenceLength(std::string_view text, std::size_t at)
{
    if (static_cast<unsigned char>(text[at]) < 0x80)
        return 1;
    const std::size_t length = utf8Lead(static_cast<unsigned char>(text[at])).length;
    return length != 0 && utf8MaximalSubpartLength(text, at) == length ? length : 0;
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
