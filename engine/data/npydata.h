#pragma once

// The data of a NumPy .npy file, the bytes after its checked header (npyheader.h): converted
// into float32 or int64 buffers in C order, or scanned for statistics without converting. No
// I/O and no LibTorch, like the header's parser.

#include "engine/data/npyheader.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace es {

/// min/max over the finite elements (both NaN when there are none), NaN and infinity counts,
/// and the C-order index of the first NaN or infinity (-1 when all are finite).
struct ArrayStats {
    double min = 0.0;
    double max = 0.0;
    std::int64_t nanCount = 0;
    std::int64_t infCount = 0;
    std::int64_t firstNonFiniteIndex = -1;
};

/// Converts the whole array (`src` points at the data, after the header) into `dst`, which
/// holds info.elementCount values, in C order: Fortran arrays are transposed, big-endian
/// values swapped, float16 widened, float64 rounded to nearest. Checks srcSize first.
void convertNpyData(const NpyArrayInfo& info, const std::uint8_t* src, std::size_t srcSize,
                    float* dst, std::string_view origin);
/// As above into int64. Floats must hold whole numbers in range, and uint64 values must fit
/// int64; otherwise the error names the element and its byte offset.
void convertNpyData(const NpyArrayInfo& info, const std::uint8_t* src, std::size_t srcSize,
                    std::int64_t* dst, std::string_view origin);

/// Converts `count` elements starting at element `first` in file order (what a streamed chunk
/// holds) into `dst`, the whole C-order destination. For readers that cannot map the file.
void convertNpyChunk(const NpyArrayInfo& info, const std::uint8_t* src, std::int64_t first,
                     std::int64_t count, float* dst, std::string_view origin);
void convertNpyChunk(const NpyArrayInfo& info, const std::uint8_t* src, std::int64_t first,
                     std::int64_t count, std::int64_t* dst, std::string_view origin);

/// Statistics read straight from the source bytes, element by element, without converting
/// the array. Checks srcSize first.
ArrayStats computeArrayStats(const NpyArrayInfo& info, const std::uint8_t* src, std::size_t srcSize,
                             std::string_view origin);

/// The same statistics gathered chunk by chunk in file order, for readers that hold one chunk
/// of the data at a time (a .npy read from disk), never the whole of it.
class ArrayStatsAccumulator {
public:
    explicit ArrayStatsAccumulator(NpyArrayInfo info);

    /// Adds `count` elements from element `first` on in file order; `src` points at them.
    void add(const std::uint8_t* src, std::int64_t first, std::int64_t count);
    /// The statistics of every element added so far.
    ArrayStats result() const;

private:
    NpyArrayInfo m_info;
    ArrayStats m_stats;
    double m_low;
    double m_high;
    std::int64_t m_finite = 0;
};

}  // namespace es
