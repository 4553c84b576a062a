#include "callbacks/pathtemplate.h"

#include "config/jsonreader.h"
#include "i18n/translate.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace es {

namespace {

/// Throws `pattern` filled with the character (from 1) at which the problem is (%1), the
/// template text (%2) and `detail` (%3), such as a format spec.
[[noreturn]] void fail(const char* pattern, const std::string& text, std::size_t at,
                       const std::string& detail = {})
{
    throw std::invalid_argument(fillText(pattern, {std::to_string(at + 1), text, detail}));
}

/// printf conversion for a Python spec "[0][width][.precision][type]".
std::string conversion(const std::string& spec, const std::string& text, std::size_t at)
{
    std::size_t i = 0;
    std::string flags;
    if (i < spec.size() && spec[i] == '0') {
        flags = "0";
        ++i;
    }
    std::string width;
    while (i < spec.size() && std::isdigit(static_cast<unsigned char>(spec[i])) != 0)
        width += spec[i++];
    std::string precision;
    if (i < spec.size() && spec[i] == '.') {
        ++i;
        while (i < spec.size() && std::isdigit(static_cast<unsigned char>(spec[i])) != 0)
            precision += spec[i++];
        if (precision.empty())
            fail(engineText("PathTemplate",
                            "format spec \"%3\" has a '.' without a precision at character %1 of "
                            "\"%2\""),
                 text, at, spec);
    }
    char type = 'g';
    if (i < spec.size())
        type = spec[i++];
    if (i != spec.size() || std::string("dfeg").find(type) == std::string::npos)
        fail(engineText("PathTemplate",
                        "unsupported format spec \"%3\"; use [0][width][.precision][d|f|e|g] at "
                        "character %1 of \"%2\""),
             text, at, spec);
    if (type == 'd' && !precision.empty())
        fail(engineText("PathTemplate",
                        "format spec \"%3\": an integer ('d') has no precision at character %1 of "
                        "\"%2\""),
             text, at, spec);
    return "%" + flags + width + (precision.empty() ? "" : "." + precision) +
           (type == 'd' ? "lld" : std::string(1, type));
}

}  // namespace

PathTemplate::PathTemplate(std::string text)
{
    Piece piece;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '}') {
            if (i + 1 < text.size() && text[i + 1] == '}') {
                piece.literal += '}';
                ++i;
                continue;
            }
            fail(engineText("PathTemplate",
                            "a single '}' (write '}}' for a literal brace) at character %1 of "
                            "\"%2\""),
                 text, i);
        }
        if (c != '{') {
            piece.literal += c;
            continue;
        }
        if (i + 1 < text.size() && text[i + 1] == '{') {
            piece.literal += '{';
            ++i;
            continue;
        }
        const std::size_t close = text.find('}', i);
        if (close == std::string::npos)
            fail(engineText("PathTemplate", "an unclosed '{' at character %1 of \"%2\""), text, i);
        const std::string field = text.substr(i + 1, close - i - 1);
        const std::size_t colon = field.find(':');
        piece.key = field.substr(0, colon);
        if (piece.key.empty())
            fail(engineText("PathTemplate",
                            "a field without a name ('{}') at character %1 of \"%2\""),
                 text, i);
        if (colon != std::string::npos)
            piece.spec = conversion(field.substr(colon + 1), text, i);
        m_pieces.push_back(std::move(piece));
        piece = Piece();
        i = close;
    }
    m_pieces.push_back(std::move(piece));
}

std::vector<std::string> PathTemplate::keys() const
{
    std::vector<std::string> keys;
    for (const Piece& piece : m_pieces) {
        if (!piece.key.empty() && std::find(keys.begin(), keys.end(), piece.key) == keys.end())
            keys.push_back(piece.key);
    }
    return keys;
}

std::string PathTemplate::format(const std::map<std::string, double>& values) const
{
    std::string out;
    for (const Piece& piece : m_pieces) {
        out += piece.literal;
        if (piece.key.empty())
            continue;
        const double value = values.at(piece.key);
        char text[64];
        if (piece.spec.empty()) {
            // Python prints the epoch and batch counters as ints, logged values as floats
            // (1.0, not 1).
            const bool counter = piece.key == "epoch" || piece.key == "batch";
            const bool whole = std::floor(value) == value && std::fabs(value) < 1e15;
            if (counter)
                out += std::to_string(static_cast<long long>(std::llround(value)));
            else
                out += formatNumber(value) + (whole ? ".0" : "");
        } else if (piece.spec.back() == 'd') {
            std::snprintf(text, sizeof text, piece.spec.c_str(),
                          static_cast<long long>(std::llround(value)));
            out += text;
        } else {
            std::snprintf(text, sizeof text, piece.spec.c_str(), value);
            out += text;
        }
    }
    return out;
}

}  // namespace es
