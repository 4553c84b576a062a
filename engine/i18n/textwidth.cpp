#include "engine/i18n/textwidth.h"

#include <algorithm>

namespace es {

namespace {

/// Whether a code point takes two columns in a monospaced font: the East Asian wide and
/// full-width blocks (Unicode's East_Asian_Width W and F, the ranges a Chinese text uses).
bool isWide(char32_t c)
{
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) ||
           (c >= 0x3041 && c <= 0x33FF) || (c >= 0x3400 && c <= 0x4DBF) ||
           (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
           (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
           (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

/// The byte length of the UTF-8 sequence that starts with `lead`.
std::size_t sequenceLength(unsigned char lead)
{
    return lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
}

/// Columns the character at `text[i]` takes; `length` is its byte length.
std::size_t characterWidth(std::string_view text, std::size_t i, std::size_t length)
{
    const auto lead = static_cast<unsigned char>(text[i]);
    char32_t code = length == 1 ? lead : lead & (0xFF >> (length + 1));
    for (std::size_t k = 1; k < length && i + k < text.size(); ++k)
        code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    return isWide(code) ? 2 : 1;
}

}  // namespace

std::size_t displayWidth(std::string_view text)
{
    std::size_t width = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = sequenceLength(static_cast<unsigned char>(text[i]));
        width += characterWidth(text, i, length);
        i += length;
    }
    return width;
}

std::string fittedText(std::string_view text, std::size_t width)
{
    std::size_t used = 0;
    std::size_t end = 0;
    while (end < text.size()) {
        const std::size_t length =
            std::min(sequenceLength(static_cast<unsigned char>(text[end])), text.size() - end);
        used += characterWidth(text, end, length);
        if (used > width)
            break;
        end += length;
    }
    return std::string(text.substr(0, end));
}

std::string paddedText(std::string_view text, std::size_t width, bool alignRight)
{
    const std::string fill(width - std::min(width, displayWidth(text)), ' ');
    return alignRight ? fill + std::string(text) : std::string(text) + fill;
}

}  // namespace es
