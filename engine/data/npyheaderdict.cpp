#include "engine/data/npyheaderdict.h"

#include "engine/data/npyerror.h"
#include "engine/i18n/translate.h"

#include <cstdio>
#include <limits>
#include <utility>

namespace es {

namespace {

// Real headers nest three deep at most (a structured dtype with sub-array shapes); the limit
// keeps a hostile header from exhausting the stack of the recursive parser.
constexpr int kMaxNesting = 32;

/// One byte as it should appear in a message: the character when printable, else \xNN.
std::string describeByte(std::uint8_t byte)
{
    if (byte >= 0x20 && byte < 0x7F)
        return std::string("'") + static_cast<char>(byte) + "'";
    char text[8];
    std::snprintf(text, sizeof text, "0x%02X", byte);
    return text;
}

/// Recursive-descent parser for the literals NumPy writes: dicts, tuples, lists, strings,
/// integers (with Python 2's `L` suffix), True, False and None. Nothing is evaluated.
class LiteralParser {
public:
    LiteralParser(std::string_view text, std::size_t base, std::string_view origin)
        : m_text(text), m_base(base), m_origin(origin)
    {
    }

    PyValue parseDocument()
    {
        skipSpace();
        PyValue value = parseValue(0);
        skipSpace();
        if (m_pos != m_text.size())
            error(fillText(engineText("NpyFormat",
                                      "header dict syntax error: expected only "
                                      "padding after the dict, found %1"),
                           {found()}));
        return value;
    }

private:
    [[noreturn]] void error(std::string message) const
    {
        throwNpyError(m_origin, m_base + m_pos, std::move(message));
    }

    std::string found() const
    {
        if (m_pos >= m_text.size())
            return engineText("NpyFormat", "the end of the header");
        return describeByte(static_cast<std::uint8_t>(m_text[m_pos]));
    }

    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t' ||
                                         m_text[m_pos] == '\n' || m_text[m_pos] == '\r'))
            ++m_pos;
    }

    bool peek(char c) const { return m_pos < m_text.size() && m_text[m_pos] == c; }

    PyValue parseValue(int depth)
    {
        if (depth > kMaxNesting)
            error(fillText(engineText("NpyFormat",
                                      "header dict syntax error: values nested more than %1 deep"),
                           {std::to_string(kMaxNesting)}));
        PyValue value;
        value.offset = m_base + m_pos;
        if (m_pos >= m_text.size())
            error(engineText("NpyFormat",
                             "header dict syntax error: expected a value, found the end of the "
                             "header"));
        const char c = m_text[m_pos];
        if (c == '{') {
            value.kind = PyValue::Kind::Dict;
            parseItems(value, '}', true, depth);
        } else if (c == '(') {
            value.kind = PyValue::Kind::Tuple;
            parseItems(value, ')', false, depth);
        } else if (c == '[') {
            value.kind = PyValue::Kind::List;
            parseItems(value, ']', false, depth);
        } else if (c == '\'' || c == '"') {
            value.kind = PyValue::Kind::String;
            value.text = parseString();
        } else if (c == '-' || c == '+' || (c >= '0' && c <= '9')) {
            value.kind = PyValue::Kind::Int;
            value.number = parseInt();
        } else if (c >= 'A' && c <= 'Z') {
            parseName(value);
        } else {
            error(fillText(
                engineText("NpyFormat", "header dict syntax error: expected a value, found %1"),
                {found()}));
        }
        return value;
    }

    void parseItems(PyValue& value, char close, bool isDict, int depth)
    {
        ++m_pos;  // the opening bracket
        bool sawComma = false;
        while (true) {
            skipSpace();
            if (peek(close)) {
                ++m_pos;
                break;
            }
            if (!value.items.empty() && !sawComma)
                error(fillText(engineText("NpyFormat",
                                          "header dict syntax error: expected ',' "
                                          "or '%1', found %2"),
                               {std::string(1, close), found()}));
            value.items.push_back(parseValue(depth + 1));
            skipSpace();
            if (isDict) {
                if (!peek(':'))
                    error(fillText(engineText("NpyFormat",
                                              "header dict syntax error: expected "
                                              "':' after a key, found %1"),
                                   {found()}));
                ++m_pos;
                skipSpace();
                value.items.push_back(parseValue(depth + 1));
                skipSpace();
            }
            sawComma = peek(',');
            if (sawComma)
                ++m_pos;
        }
        // Python's `(3)` is the integer 3, not a tuple; `(3,)` is the tuple.
        if (value.kind == PyValue::Kind::Tuple && value.items.size() == 1 && !sawComma) {
            PyValue inner = std::move(value.items.front());
            value = std::move(inner);
        }
    }

    std::string parseString()
    {
        const char quote = m_text[m_pos++];
        std::string text;
        while (m_pos < m_text.size() && m_text[m_pos] != quote) {
            if (m_text[m_pos] == '\n')
                error(engineText("NpyFormat", "header dict syntax error: newline inside a string"));
            if (m_text[m_pos] == '\\') {
                ++m_pos;
                if (m_pos >= m_text.size())
                    break;
            }
            text += m_text[m_pos++];
        }
        if (m_pos >= m_text.size())
            error(fillText(engineText("NpyFormat",
                                      "header dict syntax error: string not closed, "
                                      "expected %1 before the end of the header"),
                           {std::string(1, quote)}));
        ++m_pos;
        return text;
    }

    std::int64_t parseInt()
    {
        const std::size_t start = m_pos;
        bool negative = false;
        if (m_text[m_pos] == '-' || m_text[m_pos] == '+') {
            negative = m_text[m_pos] == '-';
            ++m_pos;
        }
        if (m_pos >= m_text.size() || m_text[m_pos] < '0' || m_text[m_pos] > '9')
            error(fillText(
                engineText("NpyFormat", "header dict syntax error: expected digits, found %1"),
                {found()}));
        std::uint64_t magnitude = 0;
        constexpr auto kLimit =
            static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
        while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9') {
            magnitude = magnitude * 10 + static_cast<std::uint64_t>(m_text[m_pos] - '0');
            if (magnitude > kLimit) {
                m_pos = start;
                error(fillText(engineText("NpyFormat", "integer too large: expected at most %1"),
                               {std::to_string(kLimit)}));
            }
            ++m_pos;
        }
        // Files written by Python 2 spell dimensions as long integers: (3L, 4L).
        if (peek('L') || peek('l'))
            ++m_pos;
        const auto value = static_cast<std::int64_t>(magnitude);
        return negative ? -value : value;
    }

    void parseName(PyValue& value)
    {
        std::size_t end = m_pos;
        while (end < m_text.size() && ((m_text[end] >= 'A' && m_text[end] <= 'Z') ||
                                       (m_text[end] >= 'a' && m_text[end] <= 'z')))
            ++end;
        const std::string_view name = m_text.substr(m_pos, end - m_pos);
        if (name == "True" || name == "False") {
            value.kind = PyValue::Kind::Bool;
            value.flag = name == "True";
        } else if (name == "None") {
            value.kind = PyValue::Kind::None;
        } else {
            error(fillText(engineText("NpyFormat",
                                      "header dict syntax error: expected True, "
                                      "False or None, found '%1'"),
                           {name}));
        }
        m_pos = end;
    }

    std::string_view m_text;
    std::size_t m_base;
    std::string_view m_origin;
    std::size_t m_pos = 0;
};

}  // namespace

/// What a value is, as the "found %1" of a message says it.
std::string_view pyValueKindName(PyValue::Kind kind)
{
    switch (kind) {
        case PyValue::Kind::String: return engineText("NpyFormat", "a string");
        case PyValue::Kind::Int: return engineText("NpyFormat", "an integer");
        case PyValue::Kind::Bool: return engineText("NpyFormat", "a boolean");
        case PyValue::Kind::None: return "None";
        case PyValue::Kind::Tuple: return engineText("NpyFormat", "a tuple");
        case PyValue::Kind::List: return engineText("NpyFormat", "a list");
        case PyValue::Kind::Dict: return engineText("NpyFormat", "a dict");
    }
    return engineText("NpyFormat", "a value");
}

PyValue parseNpyHeaderDict(std::string_view text, std::size_t base, std::string_view origin)
{
    LiteralParser parser(text, base, origin);
    return parser.parseDocument();
}

}  // namespace es
