#include "engine/data/npyheader.h"

#include "engine/data/npyerror.h"
#include "engine/data/npyheaderdict.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <limits>
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

// ---- The dtype string

/// Fills dtype and bigEndian from a descr such as '<f4'; refuses everything unsupported.
void parseDescr(const PyValue& value, NpyArrayInfo& info, std::string_view origin)
{
    const std::size_t at = value.offset;
    if (value.kind == PyValue::Kind::List)
        throwNpyError(
            origin, at,
            engineText("NpyFormat",
                       "structured dtype (a list of named fields) is not supported: save each "
                       "field as its own array, converted with .astype(np.float32); pickled "
                       "data is never loaded; save a plain numeric array instead: "
                       "np.save(path, x.astype(np.float32), allow_pickle=False)"));
    if (value.kind != PyValue::Kind::String)
        throwNpyError(
            origin, at,
            fillText(engineText("NpyFormat",
                                "expected a dtype string such as '<f4' for 'descr', found %1"),
                     {pyValueKindName(value.kind)}));
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
        throwNpyError(
            origin, at,
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
            throwNpyError(origin, at,
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
    throwNpyError(origin, at, fillText(pattern, {quoted}));
}

void parseShape(const PyValue& value, NpyArrayInfo& info, std::string_view origin)
{
    if (value.kind != PyValue::Kind::Tuple)
        throwNpyError(
            origin, value.offset,
            fillText(engineText("NpyFormat", "expected a tuple of integers for 'shape', found %1"),
                     {pyValueKindName(value.kind)}));
    if (value.items.size() > kMaxRank)
        throwNpyError(
            origin, value.offset,
            fillText(engineText("NpyFormat", "shape has %1 dimensions, expected at most %2"),
                     {std::to_string(value.items.size()), std::to_string(kMaxRank)}));
    for (const PyValue& dim : value.items) {
        if (dim.kind != PyValue::Kind::Int)
            throwNpyError(origin, dim.offset,
                          fillText(engineText("NpyFormat",
                                              "expected an integer dimension in 'shape', found %1"),
                                   {pyValueKindName(dim.kind)}));
        if (dim.number < 0)
            throwNpyError(origin, dim.offset,
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
                throwNpyError(origin, value.offset,
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
        throwNpyError(
            origin, dict.offset,
            fillText(engineText("NpyFormat", "expected the header to be a dict, found %1"),
                     {pyValueKindName(dict.kind)}));
    const PyValue* descr = nullptr;
    const PyValue* fortran = nullptr;
    const PyValue* shape = nullptr;
    for (std::size_t i = 0; i + 1 < dict.items.size(); i += 2) {
        const PyValue& key = dict.items[i];
        if (key.kind != PyValue::Kind::String)
            throwNpyError(origin, key.offset,
                          fillText(engineText("NpyFormat",
                                              "expected a string key in the header dict, "
                                              "found %1"),
                                   {pyValueKindName(key.kind)}));
        const PyValue** slot = key.text == "descr"           ? &descr
                               : key.text == "fortran_order" ? &fortran
                               : key.text == "shape"         ? &shape
                                                             : nullptr;
        if (slot == nullptr)
            throwNpyError(
                origin, key.offset,
                fillText(engineText("NpyFormat",
                                    "unexpected key '%1' in the header dict: expected exactly "
                                    "'descr', 'fortran_order' and 'shape'"),
                         {key.text}));
        if (*slot != nullptr)
            throwNpyError(origin, key.offset,
                          fillText(engineText("NpyFormat", "duplicate key '%1' in the header dict"),
                                   {key.text}));
        *slot = &dict.items[i + 1];
    }
    const std::pair<const PyValue*, const char*> required[] = {
        {descr, "descr"}, {fortran, "fortran_order"}, {shape, "shape"}};
    for (const auto& [value, name] : required) {
        if (value == nullptr)
            throwNpyError(origin, dict.offset,
                          fillText(engineText("NpyFormat",
                                              "the header dict has no '%1' key: expected "
                                              "'descr', 'fortran_order' and 'shape'"),
                                   {name}));
    }
    parseDescr(*descr, info, origin);
    if (fortran->kind != PyValue::Kind::Bool)
        throwNpyError(origin, fortran->offset,
                      fillText(engineText("NpyFormat",
                                          "expected True or False for 'fortran_order', found %1"),
                               {pyValueKindName(fortran->kind)}));
    info.fortranOrder = fortran->flag;
    parseShape(*shape, info, origin);
}

}  // namespace

bool hostIsBigEndian()
{
    const std::uint16_t probe = 1;
    std::uint8_t first = 0;
    std::memcpy(&first, &probe, 1);
    return first == 0;
}

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
        throwNpyError(
            origin, 0,
            engineText("NpyFormat", "empty file: expected a .npy file starting with \\x93NUMPY"));
    for (std::size_t i = 0; i < kMagicBytes && i < size; ++i) {
        if (data[i] == kMagic[i])
            continue;
        const bool zip = size >= 4 && std::memcmp(data, "PK\x03\x04", 4) == 0;
        throwNpyError(
            origin, i,
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
        throwNpyError(origin, size,
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
        throwNpyError(origin, 6,
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
        throwNpyError(
            origin, kMagicBytes + 2,
            fillText(engineText("NpyFormat", "header length %1 exceeds the limit of %2 bytes"),
                     {std::to_string(headerLength), std::to_string(kMaxHeaderBytes)}));
    return preamble + headerLength;
}

NpyArrayInfo parseNpyHeader(const std::uint8_t* data, std::size_t size, std::string_view origin)
{
    const std::size_t dataOffset = npyDataOffset(data, size, origin);
    if (size < dataOffset)
        throwNpyError(origin, size,
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
    interpretDict(parseNpyHeaderDict(text, dictStart, origin), info, origin);
    return info;
}

void requireNpyData(const NpyArrayInfo& info, std::size_t available, std::string_view origin)
{
    if (available >= info.dataBytes)
        return;
    throwNpyError(origin, info.dataOffset + available,
                  fillText(engineText("NpyFormat",
                                      "truncated data: shape %1 of %2 needs %3 bytes after "
                                      "the %4-byte header, found %5"),
                           {npyShapeText(info.shape), npyDTypeName(info.dtype),
                            std::to_string(info.dataBytes), std::to_string(info.dataOffset),
                            std::to_string(available)}));
}

}  // namespace es
