#pragma once

// The NumPy .npy format (header versions 1.0, 2.0 and 3.0) parsed from bytes in memory, and
// conversion of its data into float32 or int64 buffers in C order. No I/O and no LibTorch, so
// that the parser can be fuzzed on its own and used by the CLI and the GUI alike.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// Element types EpochScope reads. Everything else (object, structured, complex, strings,
/// datetimes) is refused with an explanation.
enum class NpyDType {
    Bool,
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Float16,
    Float32,
    Float64,
};

/// NumPy's name of the type (`float32`, `uint8`, `bool`).
std::string_view npyDTypeName(NpyDType dtype);
/// Bytes per element.
std::size_t npyDTypeSize(NpyDType dtype);
/// A shape as Python prints it: `()`, `(5,)`, `(2, 3)`.
std::string npyShapeText(const std::vector<std::int64_t>& shape);

/// What a .npy header says about the array that follows it.
struct NpyArrayInfo {
    NpyDType dtype = NpyDType::Float32;
    bool bigEndian = false;
    bool fortranOrder = false;
    /// Any rank, including 0 (a scalar, one element).
    std::vector<std::int64_t> shape;
    std::int64_t elementCount = 0;
    /// Magic, version, length field and header dict together: where the data starts.
    std::size_t dataOffset = 0;
    /// elementCount * element size.
    std::size_t dataBytes = 0;
    int versionMajor = 1;
    int versionMinor = 0;
    /// The header's 'descr' exactly as written (`<f8`, `|b1`, `>i4`).
    std::string descr;
};

/// min/max over the finite elements (both NaN when there are none), NaN and infinity counts,
/// and the C-order index of the first NaN or infinity (-1 when all are finite).
struct ArrayStats {
    double min = 0.0;
    double max = 0.0;
    std::int64_t nanCount = 0;
    std::int64_t infCount = 0;
    std::int64_t firstNonFiniteIndex = -1;
};

/// Bytes needed to learn the header length: the magic string, the version and the longest
/// length field (version 2.0 and later).
constexpr std::size_t kNpyPreambleBytes = 12;

/// Total header size (= data offset) from the first bytes of a file; `size` may be less than
/// kNpyPreambleBytes only for version 1.0 files. Checks the magic, the version and the
/// header length limit. Throws ConfigError.
std::size_t npyDataOffset(const std::uint8_t* data, std::size_t size, std::string_view origin);

/// Parses the header at the start of `data` (at least the whole header; the array data may or
/// may not follow). Errors are ConfigError with path `<origin>@byte N`.
NpyArrayInfo parseNpyHeader(const std::uint8_t* data, std::size_t size, std::string_view origin);

/// Throws when `available` bytes after the header are fewer than the shape needs (a truncated
/// file), giving both counts.
void requireNpyData(const NpyArrayInfo& info, std::size_t available, std::string_view origin);

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

}  // namespace es
