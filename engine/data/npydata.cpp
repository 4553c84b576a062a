#include "engine/data/npydata.h"

#include "engine/data/npyerror.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

namespace es {

namespace {

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
            throwNpyError(origin, byteOf(),
                          fillText(engineText("NpyFormat",
                                              "element %1 (%2) is %3: expected a whole number "
                                              "that fits int64 for an integer array"),
                                   {std::to_string(index), npyDTypeName(info.dtype), text}));
        }
        return static_cast<std::int64_t>(v);
    } else if constexpr (std::is_same_v<Value, std::uint64_t>) {
        if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            throwNpyError(
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

ArrayStatsAccumulator::ArrayStatsAccumulator(NpyArrayInfo info)
    : m_info(std::move(info)),
      m_low(std::numeric_limits<double>::infinity()),
      m_high(-std::numeric_limits<double>::infinity())
{
}

void ArrayStatsAccumulator::add(const std::uint8_t* src, std::int64_t first, std::int64_t count)
{
    withReader(m_info.dtype, [&](auto tag) {
        using Reader = typename decltype(tag)::Type;
        walk<Reader>(m_info, src, first, count, [&](std::int64_t, std::int64_t d, auto v) {
            const auto value = static_cast<double>(v);
            if (std::isfinite(value)) {
                ++m_finite;
                m_low = std::min(m_low, value);
                m_high = std::max(m_high, value);
                return;
            }
            if (std::isnan(value))
                ++m_stats.nanCount;
            else
                ++m_stats.infCount;
            // In C order, which a Fortran array's file order is not: the smallest index wins.
            if (m_stats.firstNonFiniteIndex < 0 || d < m_stats.firstNonFiniteIndex)
                m_stats.firstNonFiniteIndex = d;
        });
    });
}

ArrayStats ArrayStatsAccumulator::result() const
{
    ArrayStats stats = m_stats;
    stats.min = m_finite > 0 ? m_low : std::numeric_limits<double>::quiet_NaN();
    stats.max = m_finite > 0 ? m_high : std::numeric_limits<double>::quiet_NaN();
    return stats;
}

ArrayStats computeArrayStats(const NpyArrayInfo& info, const std::uint8_t* src, std::size_t srcSize,
                             std::string_view origin)
{
    requireNpyData(info, srcSize, origin);
    ArrayStatsAccumulator stats(info);
    stats.add(src, 0, info.elementCount);
    return stats.result();
}

}  // namespace es
