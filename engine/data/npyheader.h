#pragma once

// The header of a NumPy .npy file (format versions 1.0, 2.0 and 3.0) parsed from bytes in
// memory and checked: the magic, the version, the header length and the dict that gives the
// dtype, the order and the shape. No I/O and no LibTorch, so that the parser can be fuzzed on
// its own and used by the CLI and the GUI alike; npydata.h reads the data that follows.

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

/// Whether this machine stores numbers big-endian: the order a descr of `=` means, and the one
/// data in the other order is byte-swapped into.
bool hostIsBigEndian();

}  // namespace es
