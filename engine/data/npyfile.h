#pragma once

// Reading .npy files from disk: memory-mapped, converted once into the array the engine trains
// on. LibTorch-free; the engine wraps the vectors in tensors.

#include "engine/data/npydata.h"
#include "engine/data/npyheader.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// A whole file mapped read-only (MAP_PRIVATE) for the lifetime of the object. An empty file
/// maps to no memory: data() is null and size() is 0.
class MappedFile {
public:
    /// Throws ConfigError naming the file and the system's reason when it cannot be opened,
    /// is not a regular file, or cannot be mapped.
    explicit MappedFile(std::string path);
    ~MappedFile();
    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&& other) noexcept;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    const std::uint8_t* data() const { return m_data; }
    std::size_t size() const { return m_size; }

    /// Lets the kernel drop the resident pages wholly inside [begin, end): a loader that has
    /// converted them keeps its peak memory near the size of the result, not twice it.
    void releasePages(std::size_t begin, std::size_t end) const;
    const std::string& path() const { return m_path; }

private:
    void release();

    std::string m_path;
    const std::uint8_t* m_data = nullptr;
    std::size_t m_size = 0;
};

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

/// Header of a .npy file, after checking that the file holds all the data it announces.
NpyArrayInfo inspectNpyFile(const std::string& path);
/// Statistics of a .npy file, read straight from the mapped bytes.
ArrayStats scanNpyFile(const std::string& path);
/// Statistics of a converted array (for .npz members and validation before training).
ArrayStats computeArrayStats(const HostArray& array);

/// Loads a .npy file converted to `target`, refusing before allocation an array that does not
/// fit in the memory available. Throws ConfigError.
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
