#pragma once

// Internal to the engine (LibTorch): the LibTorch interfaces whose form differs between the
// releases EpochScope builds on, LibTorch 1.13 (Debian 12) and 2.6 (Debian 13). This is the
// only file that asks which LibTorch it is built with; everything else uses what it declares.

// The headers of what it declares, not <torch/torch.h>: the allocator's file stays light.
#include <ATen/core/Tensor.h>
#include <c10/core/Allocator.h>
#include <torch/version.h>
#if !(TORCH_VERSION_MAJOR >= 2)
#include <c10/util/string_utils.h>
#endif

#include <cstddef>
#include <string>

// LibTorch 2.3 made c10::Allocator::allocate non-const and added the pure copy_data.
#define EPOCHSCOPE_TORCH_AT_LEAST(major, minor) \
    (TORCH_VERSION_MAJOR > (major) ||           \
     (TORCH_VERSION_MAJOR == (major) && TORCH_VERSION_MINOR >= (minor)))

namespace es::libtorch {

/// Whether this LibTorch's at::lstm has a path through oneDNN's fused LSTM for float CPU
/// input (its mkldnn_rnn_layer, LibTorch 2.0 onwards): taken when LibTorch was built with
/// oneDNN and the user has not switched it off (recurrentlayer.cpp asks both). LibTorch 1.13
/// computes a CPU LSTM step by step. at::gru and packed sequences never take such a path.
constexpr bool kLstmHasOneDnnPath = EPOCHSCOPE_TORCH_AT_LEAST(2, 0);

/// The key under which optimizer.state() keeps `parameter`'s state: its TensorImpl's address,
/// as text in LibTorch 1.13, as the pointer itself in 2.x.
inline auto optimizerStateKey(const at::Tensor& parameter)
{
#if EPOCHSCOPE_TORCH_AT_LEAST(2, 0)
    return static_cast<void*>(parameter.unsafeGetTensorImpl());
#else
    return c10::guts::to_string(parameter.unsafeGetTensorImpl());
#endif
}

/// A CPU tensor allocator in the form either release wants: a subclass implements
/// allocateBytes() (and raw_deleter()); the overrides that differ are here.
class TensorAllocator : public c10::Allocator {
public:
#if EPOCHSCOPE_TORCH_AT_LEAST(2, 3)
    c10::DataPtr allocate(std::size_t bytes) override
    {
        return allocateBytes(bytes);
    }
    void copy_data(void* destination, const void* source, std::size_t bytes) const override
    {
        default_copy_data(destination, source, bytes);
    }
#else
    c10::DataPtr allocate(std::size_t bytes) const override
    {
        return allocateBytes(bytes);
    }
#endif

protected:
    virtual c10::DataPtr allocateBytes(std::size_t bytes) const = 0;
};

}  // namespace es::libtorch
