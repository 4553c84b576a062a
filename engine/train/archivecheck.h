#pragma once

// LibTorch-free, so that a fuzzer can drive it without the rest of the engine.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace es {

/// A LibTorch archive refused before LibTorch reads it. what() names the record and, where
/// the pickle names it, the parameter ("record archive/data/3 (lstm0.weight_ih_l0): ...").
class ArchiveError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// What a checked archive holds.
struct ArchiveContents {
    std::uint64_t recordBytes = 0;  ///< all records together, inflated
    std::size_t storages = 0;
    std::size_t tensors = 0;
};

/// Checks a checkpoint or backup (a zip of records as torch::serialize::OutputArchive writes
/// it) before LibTorch's loader sees it, because that loader trusts the file: it lays every
/// tensor over its storage record without checking the view, and inflates records to whatever
/// size they claim. Refuses, naming the record and the parameter:
/// - anything but a plain zip whose end record is the last thing in the file (so that libzip
///   here and LibTorch's miniz read the same directory), records neither stored nor deflated,
///   and records that together inflate to more than `maxRecordBytes` (what the model can
///   need);
/// - pickles (data.pkl, constants.pkl, the debug pickles) scanPickle() refuses;
/// - a storage that claims more bytes than its record holds, or of an unknown type, or whose
///   record is missing;
/// - a tensor whose offset, sizes and strides reach outside its storage, or are negative.
/// Reads the directory and the pickles, never the tensors' bytes. `bytes` is the whole file:
/// the caller hands LibTorch the same bytes, so that nothing changes between check and load.
ArchiveContents checkArchiveBytes(std::string_view bytes, std::uint64_t maxRecordBytes);

}  // namespace es
