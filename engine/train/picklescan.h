#pragma once

// LibTorch-free, so that a fuzzer can drive it without the rest of the engine.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// A storage a pickle refers to: `persistent_load(("storage", torch.FloatStorage, "3", "cpu",
/// 2048))`. Its bytes are the archive's record `data/<key>`.
struct PickledStorage {
    std::string key;
    std::string type;  ///< "FloatStorage", "LongStorage", ...
    std::int64_t elements = 0;
};

/// A tensor a pickle rebuilds from a storage (`torch._utils._rebuild_tensor_v2`): the view
/// LibTorch's loader would lay over the storage's bytes without checking it.
struct PickledTensor {
    /// Where the tensor hangs in the pickled object: attribute names joined with dots
    /// ("lstm0.weight_ih_l0", "optimizer.state.0.exp_avg"); empty when it has none.
    std::string name;
    std::size_t storage = 0;  ///< index into PickleScan::storages
    std::int64_t offset = 0;
    std::vector<std::int64_t> sizes;
    std::vector<std::int64_t> strides;
};

struct PickleScan {
    std::vector<PickledStorage> storages;
    std::vector<PickledTensor> tensors;
};

/// A pickle refused by scanPickle(): `offset` is the byte of the opcode at fault.
class PickleError : public std::runtime_error {
public:
    PickleError(std::size_t offset, const std::string& message);
    std::size_t offset() const { return m_offset; }

private:
    std::size_t m_offset;
};

/// Reads a pickle the way LibTorch's unpickler would, without building anything: every
/// storage it references and every tensor view it lays over one, each tensor named by the
/// attribute path it is stored under. Accepts only the opcodes and globals LibTorch writes
/// into its archives (`data.pkl`, `constants.pkl`, the debug pickles); anything else, a
/// truncated argument, a malformed storage reference or tensor is a PickleError. Linear in
/// the input's size, and never recursive, whatever the nesting.
PickleScan scanPickle(std::string_view bytes);

/// Bytes per element of a storage type ("FloatStorage" -> 4), or 0 when it is not one.
std::int64_t storageElementBytes(std::string_view type);

}  // namespace es
