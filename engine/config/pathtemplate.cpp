#include "engine/config/pathtemplate.h"

#include "engine/config/jsonreader.h"
#include "engine/i18n/translate.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace es {

namespace {

// Digits beyond this are not accumulated: the number is already far above every limit, and a
// spec of a thousand digits must not overflow the count.
constexpr int kDigitsCap = 1'000'000;

// The formatter's integer argument; values outside it (only a logged value under an integer
// type can be) are formatted as floats instead.
constexpr double kLongLongLimit = 9.2e18;

/// Throws `pattern` filled with the character (from 1) at which the problem is (%1), the
/// template text (%2), `spec` (%3) and `details` (%4...).
[[noreturn]] void fail(const char* pattern, const std::string& text, std::size_t at,
                       const std::string& spec = {}, const std::string& detail1 = {},
                       const std::string& detail2 = {})
{
    throw std::invalid_argument(
        fillText(pattern, {std::to_string(at + 1), text, spec, detail1, detail2}));
}

[[noreturn]] void failUnsupported(const std::string& text, std::size_t at, const std::string& spec)
{
    fail(engineText("PathTemplate",
                    "unsupported format spec \"%3\" at character %1 of \"%2\"; paths use "
                    "[[fill]align][sign][#][0][width][.precision][type] with the align one of "
                    "< > ^ and the type one of d b o x X e E f F g G"),
         text, at, spec);
}

bool isAlign(char c)
{
    return c == '<' || c == '>' || c == '^' || c == '=';
}

/// Bytes of the UTF-8 character that starts with `lead` (1 for a stray byte).
std::size_t utf8Length(unsigned char lead)
{
    if (lead >= 0xF0)
        return 4;
    if (lead >= 0xE0)
        return 3;
    if (lead >= 0xC0)
        return 2;
    return 1;
}

/// A number written in a spec: its digits as written, for messages, and its value, which
/// saturates at kDigitsCap.
struct SpecNumber {
    std::string digits;
    int value = 0;
};

/// Reads decimal digits from `i`.
SpecNumber readNumber(const std::string& spec, std::size_t& i)
{
    SpecNumber number;
    while (i < spec.size() && spec[i] >= '0' && spec[i] <= '9') {
        number.digits += spec[i];
        number.value = std::min(kDigitsCap, number.value * 10 + (spec[i] - '0'));
        ++i;
    }
    return number;
}

/// What the fields' specs say, read by Python's grammar
/// [[fill]align][sign][z][#][0][width][grouping][.precision][type] far enough to bound the
/// width and the precision before anything is formatted and to refuse what {fmt} reads
/// differently from Python ('=' alignment, grouping, 'z', the '%' and 'n' types, 'L').
struct SpecParts {
    SpecNumber width;
    std::optional<SpecNumber> precision;
    char type = 0;           ///< 0 when absent
    bool alternate = false;  ///< '#'
};

SpecParts readSpec(const std::string& spec, const std::string& text, std::size_t at)
{
    SpecParts parts;
    std::size_t i = 0;
    const std::size_t fill = spec.empty() ? 0 : utf8Length(static_cast<unsigned char>(spec[0]));
    if (fill < spec.size() && isAlign(spec[fill]))
        i = fill + 1;
    else if (!spec.empty() && isAlign(spec[0]))
        i = 1;
    if (i > 0 && spec[i - 1] == '=')
        failUnsupported(text, at, spec);
    if (i < spec.size() && (spec[i] == '+' || spec[i] == '-' || spec[i] == ' '))
        ++i;
    if (i < spec.size() && spec[i] == '#') {
        parts.alternate = true;
        ++i;
    }
    if (i < spec.size() && spec[i] == '0')  // zero padding, not part of the width
        ++i;
    parts.width = readNumber(spec, i);
    if (i < spec.size() && spec[i] == '.') {
        ++i;
        parts.precision = readNumber(spec, i);
        if (parts.precision->digits.empty())
            fail(engineText("PathTemplate",
                            "format spec \"%3\" has a '.' without a precision at character %1 of "
                            "\"%2\""),
                 text, at, spec);
    }
    if (i + 1 == spec.size())
        parts.type = spec[i++];
    if (i != spec.size() || (parts.type != 0 && std::string_view("bdoxXeEfFgG").find(parts.type) ==
                                                    std::string_view::npos))
        failUnsupported(text, at, spec);
    // Python writes an octal's alternate form "0o17", {fmt} as C does, "017".
    if (parts.alternate && parts.type == 'o')
        failUnsupported(text, at, spec);
    return parts;
}

bool isIntegerType(char type)
{
    return std::string_view("bdoxX").find(type) != std::string_view::npos;
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
        const bool counter = piece.key == "epoch" || piece.key == "batch";
        if (colon == std::string::npos || colon + 1 == field.size()) {
            piece.kind = counter ? Kind::Integer : Kind::PythonFloat;
            piece.pattern = "{}";
        } else {
            const std::string spec = field.substr(colon + 1);
            const SpecParts parts = readSpec(spec, text, i);
            if (parts.width.value > kMaxWidth)
                fail(engineText("PathTemplate",
                                "format spec \"%3\": width %4 is wider than a file name can be "
                                "(%5 bytes) at character %1 of \"%2\""),
                     text, i, spec, parts.width.digits, std::to_string(kMaxWidth));
            if (parts.precision && parts.precision->value > kMaxPrecision)
                fail(engineText("PathTemplate",
                                "format spec \"%3\": precision %4 is above the maximum of %5 (a "
                                "double holds 17 significant digits) at character %1 of \"%2\""),
                     text, i, spec, parts.precision->digits, std::to_string(kMaxPrecision));
            if (isIntegerType(parts.type) && parts.precision)
                fail(engineText("PathTemplate",
                                "format spec \"%3\": an integer ('%4') has no precision at "
                                "character %1 of \"%2\""),
                     text, i, spec, std::string(1, parts.type));
            // Python formats an int under a float type and a float under no type; a
            // precision without a type asks for a float too ("{epoch:.2}").
            const bool integer =
                isIntegerType(parts.type) || (parts.type == 0 && counter && !parts.precision);
            piece.kind = integer ? Kind::Integer : Kind::Float;
            // A float under a spec without a type is formatted as 'g' formats it, as these
            // paths always were ("{loss:8}" is "     0.5"); {fmt}'s own default would print
            // the shortest text instead.
            piece.pattern = "{:" + spec + (!integer && parts.type == 0 ? "g}" : "}");
            // {fmt} checks a spec only when it formats, so the spec is tried once here: a
            // spec it refuses is a config error now, not a failed save at the end of epoch 1.
            try {
                if (integer)
                    (void)fmt::format(fmt::runtime(piece.pattern), 1LL);
                else
                    (void)fmt::format(fmt::runtime(piece.pattern), 0.5);
            } catch (const fmt::format_error& error) {
                fail(engineText("PathTemplate",
                                "unsupported format spec \"%3\" at character %1 of \"%2\": %4"),
                     text, i, spec, error.what());
            }
        }
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
        switch (piece.kind) {
            case Kind::PythonFloat: {
                // Python prints logged values as floats: 1.0, not 1.
                const bool whole = std::floor(value) == value && std::fabs(value) < 1e15;
                out += formatNumber(value) + (whole ? ".0" : "");
                break;
            }
            case Kind::Integer:
                if (std::isfinite(value) && std::fabs(value) < kLongLongLimit) {
                    out += fmt::format(fmt::runtime(piece.pattern),
                                       static_cast<long long>(std::llround(value)));
                    break;
                }
                // A logged value under an integer type that no integer holds (Python would
                // refuse any float there): its float text, rather than a wrapped number.
                out += fmt::format("{}", value);
                break;
            case Kind::Float: out += fmt::format(fmt::runtime(piece.pattern), value); break;
        }
    }
    return out;
}

}  // namespace es
