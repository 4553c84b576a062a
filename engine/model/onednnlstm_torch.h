#pragma once

// Internal to the engine: includes LibTorch.
//
// The `onednn` backend's LSTM: one single-layer, single-direction LSTM run by oneDNN's fused
// primitives (forward_training with a workspace and lstm_backward, or forward_inference),
// wrapped as a LibTorch autograd function so that everything around it stays LibTorch.

#include <torch/torch.h>

#include <cstddef>
#include <memory>

namespace es {

/// The results of one LSTM over a batch of sequences, batch first.
struct LstmResult {
    torch::Tensor output;  ///< (B, T, H): h at every step
    torch::Tensor hn;      ///< (B, H): h after the last step
    torch::Tensor cn;      ///< (B, H): c after the last step
};

/// How many primitive sets a cache has built, one per shape, kind and batch part (its misses), and
/// the time that took: the part of a first step (or a first step of a new batch size) that later
/// steps do not pay again, reported by tests/benchmarks/backends.
struct OneDnnLstmCacheStats {
    std::size_t training = 0;   ///< forward_training + backward
    std::size_t inference = 0;  ///< forward_inference
    /// Wall time spent building them: descriptors, kernel generation (JIT), the weight reorder
    /// primitives and the scratchpad allocation.
    double buildSeconds = 0.0;
};

/// One model's oneDNN LSTM primitives, keyed by (steps, batch, inputs, units, training, batch
/// part). Building a primitive set costs milliseconds (descriptors, JIT kernels, weight
/// reorders), so each shape is built once: the full batches, the last partial one and the
/// validation batches each get theirs, one per part when a batch runs as parts on several
/// threads (onednn::batchParts). The primitives keep scratch buffers for the weights in their
/// chosen layouts, so a cache is used by one thread at a time, like the model that owns it
/// (its parts run inside that thread's calls).
class OneDnnLstmCache {
public:
    OneDnnLstmCache();
    ~OneDnnLstmCache();
    OneDnnLstmCache(const OneDnnLstmCache&) = delete;
    OneDnnLstmCache& operator=(const OneDnnLstmCache&) = delete;

    OneDnnLstmCacheStats stats() const;

    struct Impl;

private:
    std::unique_ptr<Impl> m_impl;
    friend Impl& cacheImpl(OneDnnLstmCache& cache);
};

/// Runs an LSTM through oneDNN. x: (B, T, I) float32 on the CPU; weightIh (4H, I), weightHh
/// (4H, H), biasIh and biasHh (4H) as torch::nn::LSTM holds them (gates i, f, g, o, which is
/// oneDNN's order for its vanilla LSTM too). The initial state is zero.
///
/// With grad mode on and any input requiring a gradient it runs forward_training and records
/// lstm_backward for autograd: gradients for x, both weights and both biases (each bias gets
/// the gradient of their sum), from gradients of any of the three results. Otherwise it runs
/// forward_inference. Throws c10::Error for inputs it cannot take (another device, dtype or
/// rank) and std::runtime_error in a build without oneDNN.
LstmResult oneDnnLstm(const torch::Tensor& x, const torch::Tensor& weightIh,
                      const torch::Tensor& weightHh, const torch::Tensor& biasIh,
                      const torch::Tensor& biasHh, OneDnnLstmCache& cache);

}  // namespace es
