#pragma once

// Reading .npy files from disk: read chunk by chunk through an InputFile (engine/config/
// inputfile.h: regular files only, never past the size they had when opened, no memory map
// whose pages a truncation would turn into SIGBUS) and converted once into the array the engine
// trains on. LibTorch-free; the engine wraps the vectors in tensors.

#include "engine/config/inputfile.h"
#include "engine/data/npydata.h"
#include "engine/data/npyheader.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// The element type the engine wants: float32 for features and targets, int64 for token ids.
enum class ElementKind { Float32, Int64 };

/// An array converted for the engine, in C order. Exactly one of floats and ints is filled,
/// as `kind` says.
struct HostArray {
    std::vector<std::int64_t> shape;
    ElementKind kind = ElementKind::Float32;
    std::vector<float> floats;
    std::vector<std::int64_t> ints;
    NpyDType sourceDtype = NpyDType::Float32;
    /// What the load did to the data, for the data panel and the run summary
    /// (`float64 converted to float32 once at load`); empty when it was used as stored.
    std::string note;
};

/// A .npy file opened, its header read and checked, and the file's size checked against the
/// data the header announces; the data is read when asked for, one chunk at a time. A file
/// truncated in between is a ConfigError naming the byte where it ended.
class NpyFileReader {
public:
    /// Throws ConfigError naming the file: cannot be opened, not a regular file, a bad header,
    /// or fewer bytes than the shape needs.
    explicit NpyFileReader(const std::string& path);

    const NpyArrayInfo& info() const { return m_info; }
    const InputFile& file() const { return m_file; }

    /// The array converted to `target`, refused before allocation when it does not fit in the
    /// memory available. Peak memory: the result and one chunk (none when the file holds the
    /// result's bytes as they are).
    HostArray load(ElementKind target) const;
    /// Statistics of the elements as stored, one chunk in memory at a time.
    ArrayStats scan() const;

private:
    InputFile m_file;
    NpyArrayInfo m_info;
};

/// Header of a .npy file, after checking that the file holds all the data it announces.
NpyArrayInfo inspectNpyFile(const std::string& path);
/// Statistics of a .npy file, read chunk by chunk without converting the array.
ArrayStats scanNpyFile(const std::string& path);
/// Statistics of a converted array (for .npz members and validation before training).
ArrayStats computeArrayStats(const HostArray& array);

/// Loads a .npy file converted to `target` (NpyFileReader(path).load(target)). Throws
/// ConfigError.
HostArray loadNpyFile(const std::string& path, ElementKind target);

/// What converting an array of `info` to `kind` does (`float64 converted to float32 once at
/// load; big-endian bytes swapped`); empty when the data is used as stored.
std::string describeConversion(const NpyArrayInfo& info, ElementKind kind);

/// Bytes per element of `kind`.
std::size_t elementKindSize(ElementKind kind);
/// `float32` or `int64`.
std::string_view elementKindName(ElementKind kind);

/// An empty HostArray of `kind` with storage for `info`'s elements, after requireMemory;
/// sourceDtype and note are filled from the conversion it implies.
HostArray allocateHostArray(const NpyArrayInfo& info, ElementKind kind, std::string_view what);

}  // namespace es
