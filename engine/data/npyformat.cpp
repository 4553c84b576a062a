#include "data/npyformat.h"

#include "config/configerror.h"
#include "i18n/translate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

namespace es {

namespace {

// "\x93NUMPY": the first six bytes of every .npy file.
constexpr std::uint8_t kMagic[] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
constexpr std::size_t kMagicBytes = sizeof kMagic;
// NumPy refuses headers over 10000 bytes by default; a megabyte leaves room for tools that pad
// generously while bounding what a corrupt length field can make a reader allocate.
constexpr std::size_t kMaxHeaderBytes = std::size_t{1} << 20;
// NumPy 2 allows 64 dimensions (NumPy 1: 32); more is a corrupt header, not a real array.
constexpr std::size_t kMaxRank = 64;
// Real headers nest three deep at most (a structured dtype with sub-array shapes); the limit
// keeps a hostile header from exhausting the stack of the recursive parser.
constexpr int kMaxNesting = 32;

[[noreturn]] void fail(std::string_view origin, std::size_t byte, std::string message)
{
    throw ConfigError(std::string(origin) + "@byte " + std::to_string(byte), std::move(message));
}

bool hostIsBigEndian()
{
    const std::uint16_t probe = 1;
    std::uint8_t first = 0;
    std::memcpy(&first, &probe, 1);
    return first == 0;
}

/// One byte as it should appear in a message: the character when printable, else \xNN.
std::string describeByte(std::uint8_t byte)
{
    if (byte >= 0x20 && byte < 0x7F)
        return std::string("'") + static_cast<char>(byte) + "'";
    char text[8];
    std::snprintf(text, sizeof text, "0x%02X", byte);
    return text;
}

std::string describeBytes(const std::uint8_t* data, std::size_t size)
{
    std::string text;
    for (std::size_t i = 0; i < size; ++i) {
        const std::uint8_t byte = data[i];
        if (byte >= 0x20 && byte < 0x7F && byte != '\\') {
            text += static_cast<char>(byte);
        } else {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02X", byte);
            text += escaped;
        }
    }
    return text;
}

// ---- The header dict: a Python literal such as
// {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }

struct PyValue {
    enum class Kind { String, Int, Bool, None, Tuple, List, Dict };
    Kind kind = Kind::None;
    /// Byte offset in the file where the value starts, for messages.
    std::size_t offset = 0;
    std::string text;
    std::int64_t number = 0;
    bool flag = false;
    /// Tuple and list elements; for a dict, keys and values alternate.
    std::vector<PyValue> items;
};

/// What a value is, as the "found %1" of a message says it.
std::string_view kindName(PyValue::Kind kind)
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
        fail(m_origin, m_base + m_pos, std::move(message));
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

// ---- The dtype string

/// Fills dtype and bigEndian from a descr such as '<f4'; refuses everything unsupported.
void parseDescr(const PyValue& value, NpyArrayInfo& info, std::string_view origin)
{
    const std::size_t at = value.offset;
    if (value.kind == PyValue::Kind::List)
        fail(origin, at,
             engineText("NpyFormat",
                        "structured dtype (a list of named fields) is not supported: save each "
                        "field as its own array, converted with .astype(np.float32); pickled "
                        "data is never loaded; save a plain numeric array instead: "
                        "np.save(path, x.astype(np.float32), allow_pickle=False)"));
    if (value.kind != PyValue::Kind::String)
        fail(origin, at,
             fillText(engineText("NpyFormat",
                                 "expected a dtype string such as '<f4' for 'descr', found %1"),
                      {kindName(value.kind)}));
    const std::string& descr = value.text;
    info.descr = descr;
    std::size_t pos = 0;
    char order = '=';
    if (!descr.empty() &&
        (descr[0] == '<' || descr[0] == '>' || descr[0] == '|' || descr[0] == '='))
        order = descr[pos++];
    const std::string code = descr.substr(pos);
    const std::string quoted = "'" + descr + "'";
    if (!code.empty() && code[0] == 'O')
        fail(origin, at,
             fillText(engineText("NpyFormat",
                                 "object array (dtype %1): its elements are pickled Python "
                                 "objects; pickled data is never loaded; save a plain numeric "
                                 "array instead: np.save(path, x.astype(np.float32), "
                                 "allow_pickle=False)"),
                      {quoted}));

    struct Known {
        const char* code;
        NpyDType dtype;
    };
    static const Known kKnown[] = {
        {"b1", NpyDType::Bool},    {"?", NpyDType::Bool},     {"i1", NpyDType::Int8},
        {"i2", NpyDType::Int16},   {"i4", NpyDType::Int32},   {"i8", NpyDType::Int64},
        {"u1", NpyDType::UInt8},   {"u2", NpyDType::UInt16},  {"u4", NpyDType::UInt32},
        {"u8", NpyDType::UInt64},  {"f2", NpyDType::Float16}, {"f4", NpyDType::Float32},
        {"f8", NpyDType::Float64},
    };
    for (const Known& known : kKnown) {
        if (code != known.code)
            continue;
        info.dtype = known.dtype;
        if (order == '|' && npyDTypeSize(known.dtype) > 1)
            fail(origin, at,
                 fillText(engineText("NpyFormat",
                                     "dtype %1 has no byte order ('|') but its "
                                     "elements are %2 bytes: expected '<' or '>'"),
                          {quoted, std::to_string(npyDTypeSize(known.dtype))}));
        info.bigEndian = order == '>' || (order == '=' && hostIsBigEndian());
        return;
    }

    const char kind = code.empty() ? '\0' : code[0];
    const char* pattern = nullptr;
    if (kind == 'c')
        pattern = engineText("NpyFormat",
                             "unsupported dtype %1: complex numbers are not supported; save the "
                             "real part or both parts as float32 (convert with "
                             ".astype(np.float32))");
    else if (kind == 'U' || kind == 'S' || kind == 'a')
        pattern = engineText("NpyFormat",
                             "unsupported dtype %1: text arrays are not supported; convert to "
                             "numbers first (convert with .astype(np.float32))");
    else if (kind == 'M' || kind == 'm')
        pattern = engineText("NpyFormat",
                             "unsupported dtype %1: dates and time spans are not supported; "
                             "convert to numbers first (convert with .astype(np.float32))");
    else if (kind == 'V')
        pattern = engineText("NpyFormat",
                             "unsupported dtype %1: raw (void) records are not supported "
                             "(convert with .astype(np.float32))");
    else if (kind == 'f' || kind == 'g')
        pattern = engineText("NpyFormat",
                             "unsupported dtype %1: only float16, float32 and float64 are "
                             "supported (convert with .astype(np.float32))");
    else
        pattern = engineText("NpyFormat",
                             "unsupported dtype %1: expected one of bool, int8/16/32/64, "
                             "uint8/16/32/64, float16/32/64 (convert with .astype(np.float32))");
    fail(origin, at, fillText(pattern, {quoted}));
}

void parseShape(const PyValue& value, NpyArrayInfo& info, std::string_view origin)
{
    if (value.kind != PyValue::Kind::Tuple)
        fail(origin, value.offset,
             fillText(engineText("NpyFormat", "expected a tuple of integers for 'shape', found %1"),
                      {kindName(value.kind)}));
    if (value.items.size() > kMaxRank)
        fail(origin, value.offset,
             fillText(engineText("NpyFormat", "shape has %1 dimensions, expected at most %2"),
                      {std::to_string(value.items.size()), std::to_string(kMaxRank)}));
    for (const PyValue& dim : value.items) {
        if (dim.kind != PyValue::Kind::Int)
            fail(origin, dim.offset,
                 fillText(
                     engineText("NpyFormat", "expected an integer dimension in 'shape', found %1"),
                     {kindName(dim.kind)}));
        if (dim.number < 0)
            fail(origin, dim.offset,
                 fillText(engineText("NpyFormat", "negative dimension %1 in 'shape'"),
                          {std::to_string(dim.number)}));
        info.shape.push_back(dim.number);
    }
    const bool empty =
        std::any_of(info.shape.begin(), info.shape.end(), [](std::int64_t d) { return d == 0; });
    const std::size_t itemSize = npyDTypeSize(info.dtype);
    // The byte count must fit both int64 (element indices) and size_t (buffer sizes).
    const std::uint64_t limit = std::min<std::uint64_t>(
        static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()),
        std::numeric_limits<std::size_t>::max());
    std::uint64_t count = 1;
    if (empty) {
        count = 0;
    } else {
        for (const std::int64_t dim : info.shape) {
            const auto d = static_cast<std::uint64_t>(dim);
            if (count > limit / itemSize / d)
                fail(origin, value.offset,
                     fillText(engineText("NpyFormat",
                                         "element count overflow: shape %1 of %2 "
                                         "needs more than %3 bytes"),
                              {npyShapeText(info.shape), npyDTypeName(info.dtype),
                               std::to_string(limit)}));
            count *= d;
        }
    }
    info.elementCount = static_cast<std::int64_t>(count);
    info.dataBytes = static_cast<std::size_t>(count * itemSize);
}

void interpretDict(const PyValue& dict, NpyArrayInfo& info, std::string_view origin)
{
    if (dict.kind != PyValue::Kind::Dict)
        fail(origin, dict.offset,
             fillText(engineText("NpyFormat", "expected the header to be a dict, found %1"),
                      {kindName(dict.kind)}));
    const PyValue* descr = nullptr;
    const PyValue* fortran = nullptr;
    const PyValue* shape = nullptr;
    for (std::size_t i = 0; i + 1 < dict.items.size(); i += 2) {
        const PyValue& key = dict.items[i];
        if (key.kind != PyValue::Kind::String)
            fail(origin, key.offset,
                 fillText(engineText("NpyFormat",
                                     "expected a string key in the header dict, "
                                     "found %1"),
                          {kindName(key.kind)}));
        const PyValue** slot = key.text == "descr"           ? &descr
                               : key.text == "fortran_order" ? &fortran
                               : key.text == "shape"         ? &shape
                                                             : nullptr;
        if (slot == nullptr)
            fail(origin, key.offset,
                 fillText(engineText("NpyFormat",
                                     "unexpected key '%1' in the header dict: expected exactly "
                                     "'descr', 'fortran_order' and 'shape'"),
                          {key.text}));
        if (*slot != nullptr)
            fail(origin, key.offset,
                 fillText(engineText("NpyFormat", "duplicate key '%1' in the header dict"),
                          {key.text}));
        *slot = &dict.items[i + 1];
    }
    const std::pair<const PyValue*, const char*> required[] = {
        {descr, "descr"}, {fortran, "fortran_order"}, {shape, "shape"}};
    for (const auto& [value, name] : required) {
        if (value == nullptr)
            fail(origin, dict.offset,
                 fillText(engineText("NpyFormat",
                                     "the header dict has no '%1' key: expected "
                                     "'descr', 'fortran_order' and 'shape'"),
                          {name}));
    }
    parseDescr(*descr, info, origin);
    if (fortran->kind != PyValue::Kind::Bool)
        fail(origin, fortran->offset,
             fillText(
                 engineText("NpyFormat", "expected True or False for 'fortran_order', found %1"),
                 {kindName(fortran->kind)}));
    info.fortranOrder = fortran->flag;
    parseShape(*shape, info, origin);
}

// ---- Element access

std::uint8_t byteSwap(std::uint8_t v)
{
    return v;
}
std::uint16_t byteSwap(std::uint16_t v)
{
    return __builtin_bswap16(v);
}
std::uint32_t byteSwap(std::uint32_t v)
{
    return __builtin_bswap32(v);
}
std::uint64_t byteSwap(std::uint64_t v)
{
    return __builtin_bswap64(v);
}

template <typename Bits>
Bits loadBits(const std::uint8_t* p, bool swap)
{
    Bits bits;
    std::memcpy(&bits, p, sizeof bits);
    return swap ? byteSwap(bits) : bits;
}

template <typename To, typename From>
To bitCast(From from)
{
    static_assert(sizeof(To) == sizeof(From));
    To to;
    std::memcpy(&to, &from, sizeof to);
    return to;
}

/// IEEE 754 half to single precision, exactly: every half value (subnormals, infinities, NaN
/// payloads, signed zeros) has a float32 equal to it.
float halfToFloat(std::uint16_t half)
{
    const std::uint32_t sign = static_cast<std::uint32_t>(half & 0x8000u) << 16;
    const std::uint32_t exponent = (half >> 10) & 0x1Fu;
    const std::uint32_t mantissa = half & 0x3FFu;
    if (exponent == 0) {
        // Zero or subnormal: mantissa * 2^-24, exact in float32.
        const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
        return sign != 0 ? -magnitude : magnitude;
    }
    if (exponent == 0x1F)
        return bitCast<float>(sign | 0x7F800000u | (mantissa << 13));
    // Rebias the exponent from 15 to 127.
    return bitCast<float>(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}

template <typename T, typename Bits>
struct IntReader {
    using Value = T;
    static constexpr std::size_t kSize = sizeof(T);
    static T read(const std::uint8_t* p, bool swap) { return bitCast<T>(loadBits<Bits>(p, swap)); }
};

struct BoolReader {
    using Value = bool;
    static constexpr std::size_t kSize = 1;
    static bool read(const std::uint8_t* p, bool) { return *p != 0; }
};

struct HalfReader {
    using Value = float;
    static constexpr std::size_t kSize = 2;
    static float read(const std::uint8_t* p, bool swap)
    {
        return halfToFloat(loadBits<std::uint16_t>(p, swap));
    }
};

struct FloatReader {
    using Value = float;
    static constexpr std::size_t kSize = 4;
    static float read(const std::uint8_t* p, bool swap)
    {
        return bitCast<float>(loadBits<std::uint32_t>(p, swap));
    }
};

struct DoubleReader {
    using Value = double;
    static constexpr std::size_t kSize = 8;
    static double read(const std::uint8_t* p, bool swap)
    {
        return bitCast<double>(loadBits<std::uint64_t>(p, swap));
    }
};

template <typename T>
struct Tag {
    using Type = T;
};

/// Calls fn(Tag<Reader>) for the reader of `dtype`, so the element loops are compiled once per
/// type instead of switching per element.
template <typename Fn>
void withReader(NpyDType dtype, Fn&& fn)
{
    switch (dtype) {
        case NpyDType::Bool: fn(Tag<BoolReader>{}); return;
        case NpyDType::Int8: fn(Tag<IntReader<std::int8_t, std::uint8_t>>{}); return;
        case NpyDType::Int16: fn(Tag<IntReader<std::int16_t, std::uint16_t>>{}); return;
        case NpyDType::Int32: fn(Tag<IntReader<std::int32_t, std::uint32_t>>{}); return;
        case NpyDType::Int64: fn(Tag<IntReader<std::int64_t, std::uint64_t>>{}); return;
        case NpyDType::UInt8: fn(Tag<IntReader<std::uint8_t, std::uint8_t>>{}); return;
        case NpyDType::UInt16: fn(Tag<IntReader<std::uint16_t, std::uint16_t>>{}); return;
        case NpyDType::UInt32: fn(Tag<IntReader<std::uint32_t, std::uint32_t>>{}); return;
        case NpyDType::UInt64: fn(Tag<IntReader<std::uint64_t, std::uint64_t>>{}); return;
        case NpyDType::Float16: fn(Tag<HalfReader>{}); return;
        case NpyDType::Float32: fn(Tag<FloatReader>{}); return;
        case NpyDType::Float64: fn(Tag<DoubleReader>{}); return;
    }
}

/// Walks C-order destination indices for consecutive Fortran-order source elements: the first
/// dimension varies fastest in the file, the last one in memory.
class FortranToC {
public:
    FortranToC(const std::vector<std::int64_t>& shape, std::int64_t first)
        : m_shape(shape), m_index(shape.size(), 0), m_stride(shape.size(), 1)
    {
        for (std::size_t k = shape.size(); k-- > 1;)
            m_stride[k - 1] = m_stride[k] * shape[k];
        for (std::size_t k = 0; k < shape.size(); ++k) {
            m_index[k] = first % shape[k];
            first /= shape[k];
            m_dest += m_index[k] * m_stride[k];
        }
    }

    std::int64_t dest() const { return m_dest; }

    void next()
    {
        std::size_t k = 0;
        ++m_index[0];
        m_dest += m_stride[0];
        while (m_index[k] == m_shape[k] && k + 1 < m_shape.size()) {
            m_dest -= m_shape[k] * m_stride[k];
            m_index[k] = 0;
            ++k;
            ++m_index[k];
            m_dest += m_stride[k];
        }
    }

private:
    const std::vector<std::int64_t>& m_shape;
    std::vector<std::int64_t> m_index;
    std::vector<std::int64_t> m_stride;
    std::int64_t m_dest = 0;
};

/// Calls store(sourceIndex, destIndex, value) for `count` elements from element `first` on;
/// `src` points at element `first`.
template <typename Reader, typename Store>
void walk(const NpyArrayInfo& info, const std::uint8_t* src, std::int64_t first, std::int64_t count,
          Store&& store)
{
    // An empty array may have zero-size dimensions, which FortranToC cannot divide by.
    if (count <= 0)
        return;
    const bool swap = info.bigEndian != hostIsBigEndian();
    if (!info.fortranOrder || info.shape.size() < 2) {
        for (std::int64_t i = 0; i < count; ++i)
            store(first + i, first + i, Reader::read(src + i * Reader::kSize, swap));
        return;
    }
    FortranToC order(info.shape, first);
    for (std::int64_t i = 0; i < count; ++i) {
        store(first + i, order.dest(), Reader::read(src + i * Reader::kSize, swap));
        order.next();
    }
}

bool directCopy(const NpyArrayInfo& info, NpyDType same)
{
    return info.dtype == same && !(info.fortranOrder && info.shape.size() >= 2) &&
           info.bigEndian == hostIsBigEndian();
}

template <typename Value>
std::int64_t toInt64(Value value, std::int64_t index, const NpyArrayInfo& info,
                     std::string_view origin)
{
    const auto byteOf = [&] {
        return info.dataOffset + static_cast<std::size_t>(index) * npyDTypeSize(info.dtype);
    };
    if constexpr (std::is_same_v<Value, bool>) {
        return value ? 1 : 0;
    } else if constexpr (std::is_floating_point_v<Value>) {
        // 2^63 is exact in both float and double; the range is [-2^63, 2^63).
        constexpr double kTwo63 = 9223372036854775808.0;
        const double v = static_cast<double>(value);
        if (!(v >= -kTwo63 && v < kTwo63) || std::trunc(v) != v) {
            char text[64];
            std::snprintf(text, sizeof text, "%.17g", v);
            fail(origin, byteOf(),
                 fillText(engineText("NpyFormat",
                                     "element %1 (%2) is %3: expected a whole number "
                                     "that fits int64 for an integer array"),
                          {std::to_string(index), npyDTypeName(info.dtype), text}));
        }
        return static_cast<std::int64_t>(v);
    } else if constexpr (std::is_same_v<Value, std::uint64_t>) {
        if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            fail(
                origin, byteOf(),
                fillText(engineText("NpyFormat",
                                    "element %1 (%2) is %3: expected at most "
                                    "9223372036854775807 (int64)"),
                         {std::to_string(index), npyDTypeName(info.dtype), std::to_string(value)}));
        return static_cast<std::int64_t>(value);
    } else {
        return static_cast<std::int64_t>(value);
    }
}

}  // namespace

std::string_view npyDTypeName(NpyDType dtype)
{
    switch (dtype) {
        case NpyDType::Bool: return "bool";
        case NpyDType::Int8: return "int8";
        case NpyDType::Int16: return "int16";
        case NpyDType::Int32: return "int32";
        case NpyDType::Int64: return "int64";
        case NpyDType::UInt8: return "uint8";
        case NpyDType::UInt16: return "uint16";
        case NpyDType::UInt32: return "uint32";
        case NpyDType::UInt64: return "uint64";
        case NpyDType::Float16: return "float16";
        case NpyDType::Float32: return "float32";
        case NpyDType::Float64: return "float64";
    }
    return "unknown";
}

std::size_t npyDTypeSize(NpyDType dtype)
{
    switch (dtype) {
        case NpyDType::Bool:
        case NpyDType::Int8:
        case NpyDType::UInt8: return 1;
        case NpyDType::Int16:
        case NpyDType::UInt16:
        case NpyDType::Float16: return 2;
        case NpyDType::Int32:
        case NpyDType::UInt32:
        case NpyDType::Float32: return 4;
        case NpyDType::Int64:
        case NpyDType::UInt64:
        case NpyDType::Float64: return 8;
    }
    return 1;
}

std::string npyShapeText(const std::vector<std::int64_t>& shape)
{
    std::string text = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i > 0)
            text += ", ";
        text += std::to_string(shape[i]);
    }
    if (shape.size() == 1)
        text += ',';
    return text + ")";
}

std::size_t npyDataOffset(const std::uint8_t* data, std::size_t size, std::string_view origin)
{
    if (size == 0)
        fail(origin, 0,
             engineText("NpyFormat", "empty file: expected a .npy file starting with \\x93NUMPY"));
    for (std::size_t i = 0; i < kMagicBytes && i < size; ++i) {
        if (data[i] == kMagic[i])
            continue;
        const bool zip = size >= 4 && std::memcmp(data, "PK\x03\x04", 4) == 0;
        fail(origin, i,
             fillText(zip ? engineText("NpyFormat",
                                       "bad magic: expected \\x93NUMPY at the start of a .npy "
                                       "file, found %1 (a zip archive: name it .npz to read it "
                                       "as one)")
                          : engineText("NpyFormat",
                                       "bad magic: expected \\x93NUMPY at the start "
                                       "of a .npy file, found %1"),
                      {describeBytes(data, std::min(size, kMagicBytes))}));
    }
    const auto truncated = [&](std::size_t needed) {
        fail(origin, size,
             fillText(engineText("NpyFormat",
                                 "truncated header: expected %1 bytes of magic, "
                                 "version and header length, the file ends after %2"),
                      {std::to_string(needed), std::to_string(size)}));
    };
    if (size < kMagicBytes + 2)
        truncated(kMagicBytes + 2);
    const int major = data[6];
    const int minor = data[7];
    if (major < 1 || major > 3 || minor != 0)
        fail(origin, 6,
             fillText(engineText("NpyFormat",
                                 "unsupported .npy format version %1.%2: expected "
                                 "1.0, 2.0 or 3.0"),
                      {std::to_string(major), std::to_string(minor)}));
    // Version 1.0 stores the header length in two bytes, later versions in four (little-endian).
    const std::size_t lengthBytes = major == 1 ? 2 : 4;
    const std::size_t preamble = kMagicBytes + 2 + lengthBytes;
    if (size < preamble)
        truncated(preamble);
    std::size_t headerLength = 0;
    for (std::size_t i = lengthBytes; i-- > 0;)
        headerLength = headerLength << 8 | data[kMagicBytes + 2 + i];
    if (headerLength > kMaxHeaderBytes)
        fail(origin, kMagicBytes + 2,
             fillText(engineText("NpyFormat", "header length %1 exceeds the limit of %2 bytes"),
                      {std::to_string(headerLength), std::to_string(kMaxHeaderBytes)}));
    return preamble + headerLength;
}

NpyArrayInfo parseNpyHeader(const std::uint8_t* data, std::size_t size, std::string_view origin)
{
    const std::size_t dataOffset = npyDataOffset(data, size, origin);
    if (size < dataOffset)
        fail(origin, size,
             fillText(engineText("NpyFormat",
                                 "truncated header: the header says it is %1 bytes "
                                 "long, the file ends after %2"),
                      {std::to_string(dataOffset), std::to_string(size)}));
    NpyArrayInfo info;
    info.versionMajor = data[6];
    info.versionMinor = data[7];
    info.dataOffset = dataOffset;
    const std::size_t dictStart = info.versionMajor == 1 ? 10 : 12;
    const std::string_view text(reinterpret_cast<const char*>(data + dictStart),
                                dataOffset - dictStart);
    LiteralParser parser(text, dictStart, origin);
    interpretDict(parser.parseDocument(), info, origin);
    return info;
}

void requireNpyData(const NpyArrayInfo& info, std::size_t available, std::string_view origin)
{
    if (available >= info.dataBytes)
        return;
    fail(origin, info.dataOffset + available,
         fillText(
             engineText("NpyFormat",
                        "truncated data: shape %1 of %2 needs %3 bytes after "
                        "the %4-byte header, found %5"),
             {npyShapeText(info.shape), npyDTypeName(info.dtype), std::to_string(info.dataBytes),
              std::to_string(info.dataOffset), std::to_string(available)}));
}

void convertNpyChunk(const NpyArrayInfo& info, const std::uint8_t* src, std::int64_t first,
                     std::int64_t count, float* dst, std::string_view)
{
    if (count <= 0)
        return;
    if (directCopy(info, NpyDType::Float32)) {
        std::memcpy(dst + first, src, static_cast<std::size_t>(count) * sizeof(float));
        return;
    }
    withReader(info.dtype, [&](auto tag) {
        using Reader = typename decltype(tag)::Type;
        walk<Reader>(info, src, first, count, [dst](std::int64_t, std::int64_t d, auto value) {
            dst[d] = static_cast<float>(value);
        });
    });
}

void convertNpyChunk(const NpyArrayInfo& info, const std::uint8_t* src, std::int64_t first,
                     std::int64_t count, std::int64_t* dst, std::string_view origin)
{
    if (count <= 0)
        return;
    if (directCopy(info, NpyDType::Int64)) {
        std::memcpy(dst + first, src, static_cast<std::size_t>(count) * sizeof(std::int64_t));
        return;
    }
    withReader(info.dtype, [&](auto tag) {
        using Reader = typename decltype(tag)::Type;
        walk<Reader>(info, src, first, count, [&](std::int64_t s, std::int64_t d, auto value) {
            dst[d] = toInt64(value, s, info, origin);
        });
    });
}

void convertNpyData(const NpyArrayInfo& info, const std::uint8_t* src, std::size_t srcSize,
                    float* dst, std::string_view origin)
{
    requireNpyData(info, srcSize, origin);
    convertNpyChunk(info, src, 0, info.elementCount, dst, origin);
}

void convertNpyData(const NpyArrayInfo& info, const std::uint8_t* src, std::size_t srcSize,
                    std::int64_t* dst, std::string_view origin)
{
    requireNpyData(info, srcSize, origin);
    convertNpyChunk(info, src, 0, info.elementCount, dst, origin);
}

ArrayStats computeArrayStats(const NpyArrayInfo& info, const std::uint8_t* src, std::size_t srcSize,
                             std::string_view origin)
{
    requireNpyData(info, srcSize, origin);
    ArrayStats stats;
    double low = std::numeric_limits<double>::infinity();
    double high = -std::numeric_limits<double>::infinity();
    std::int64_t finite = 0;
    withReader(info.dtype, [&](auto tag) {
        using Reader = typename decltype(tag)::Type;
        walk<Reader>(info, src, 0, info.elementCount, [&](std::int64_t, std::int64_t d, auto v) {
            const auto value = static_cast<double>(v);
            if (std::isfinite(value)) {
                ++finite;
                low = std::min(low, value);
                high = std::max(high, value);
                return;
            }
            if (std::isnan(value))
                ++stats.nanCount;
            else
                ++stats.infCount;
            if (stats.firstNonFiniteIndex < 0 || d < stats.firstNonFiniteIndex)
                stats.firstNonFiniteIndex = d;
        });
    });
    stats.min = finite > 0 ? low : std::numeric_limits<double>::quiet_NaN();
    stats.max = finite > 0 ? high : std::numeric_limits<double>::quiet_NaN();
    return stats;
}

}  // namespace es
