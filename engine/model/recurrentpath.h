#pragma once

// Which kernel runs each recurrent layer and why: decided from the config, the resolved
// backend and the device alone (no LibTorch), so that the run records it before the first
// step, the diagnosis can name the option that keeps a layer off the fused kernel, and the
// model runs exactly what was recorded.

#include "engine/config/deviceconfig.h"
#include "engine/config/modelconfig.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace es {

/// How a recurrent layer's time steps are computed.
enum class RecurrentKernel {
    /// One fused primitive for the whole sequence: oneDNN's on the CPU (backend onednn),
    /// cuDNN's on a CUDA device.
    Fused,
    /// LibTorch's own nn::LSTM / nn::GRU on the CPU (backend libtorch): Keras' options, a
    /// chain of LibTorch kernels per step (and on CUDA without cuDNN).
    LibTorch,
    /// LibTorch's own nn::LSTM on the CPU (backend libtorch), which LibTorch 2.x runs through
    /// oneDNN's fused LSTM itself (libTorchFusesCpuLstm()): fused, but LibTorch's call of it.
    LibTorchFused,
    /// EpochScope's loop over time steps, which runs every Keras option: the path Keras takes
    /// too when an option rules out the fused kernel.
    StepLoop,
};

/// An option of a recurrent layer that no fused kernel runs, with its value as the config
/// writes it ("activation", "relu"), and the value that would allow the fused kernel.
struct UnfusedOption {
    std::string key;
    std::string value;
    std::string fusedValue;
};

/// The options of `layer` (lstm, gru or bidirectional) that rule out a fused kernel, in the
/// order Keras checks them; empty when a fused kernel can run it.
std::vector<UnfusedOption> unfusedOptions(const LayerConfig& layer);

/// `layer` with each of its unfusedOptions() set to the fused value: the patch that puts the
/// layer back on the fused kernel (it changes the model, so its loss changes too).
LayerConfig withFusedOptions(const LayerConfig& layer);

/// One recurrent layer's kernel and why, as the run records it.
struct RecurrentPath {
    std::size_t layerIndex = 0;  ///< index into model.layers
    std::string layerName;       ///< "lstm_2", as the model summary names it
    RecurrentKernel kernel = RecurrentKernel::StepLoop;
    /// English, recorded ("step loop: activation \"relu\" is not fused"); shown through
    /// recordedText().
    std::string reason;
    /// The option responsible when the kernel is the step loop because of an option.
    std::optional<UnfusedOption> option;
};

/// Whether LibTorch's own LSTM (at::lstm) runs a float CPU sequence through oneDNN's fused
/// kernel in this build: LibTorch 2.x built with oneDNN, unless switched off at run time.
/// Defined with LibTorch (recurrentlayer.cpp); GRU never is.
bool libTorchFusesCpuLstm();

/// The path of every recurrent layer of `model` for a run on `backend` (resolved: LibTorch or
/// OneDnn) and `device`, in layer order. `cudnn` says whether cuDNN runs on a CUDA device
/// (device.cudnn and whether it loaded); without it a CUDA layer runs LibTorch's kernels.
std::vector<RecurrentPath> recurrentPaths(const ModelConfig& model, Backend backend,
                                          DeviceType device, bool cudnn = true);

/// "fused", "libtorch", "libtorch_fused" or "step_loop": the key runs record and exports carry.
std::string_view recurrentKernelKey(RecurrentKernel kernel);

}  // namespace es
