#pragma once

// Internal to the engine: includes LibTorch.
//
// A fused CPU GRU: one single-layer, single-direction GRU run by oneDNN's linear-before-reset
// GRU primitives (forward_training with a workspace and lbr_gru_backward, or
// forward_inference), wrapped as a LibTorch autograd function so that everything around it
// stays LibTorch. The GRU twin of model/onednnlstm_torch.h.

#include <torch/torch.h>

#include <cstddef>
#include <memory>

namespace es {

/// The results of one GRU over a batch of sequences, batch first.
struct GruResult {
    torch::Tensor output;  ///< (B, T, H): h at every step
    torch::Tensor hn;      ///< (B, H): h after the last step
};

/// How many primitive sets a GRU cache has built, one per shape and kind (its misses), and
/// the time that took (descriptors, JIT kernels, weight reorders, scratchpad allocation).
struct OneDnnGruCacheStats {
    std::size_t training = 0;   ///< forward_training + backward
    std::size_t inference = 0;  ///< forward_inference
    double buildSeconds = 0.0;

    void countBuilt(bool forTraining) { ++(forTraining ? training : inference); }
};

/// One model's oneDNN GRU primitives, keyed by (steps, batch, inputs, units, training, batch
/// part): each shape (and part) is built once, as OneDnnLstmCache does for the LSTM. The primitives
/// keep scratch buffers for the weights in their chosen layouts, so a cache is used by one thread
/// at a time, like the model that owns it.
class OneDnnGruCache {
public:
    OneDnnGruCache();
    ~OneDnnGruCache();
    OneDnnGruCache(const OneDnnGruCache&) = delete;
    OneDnnGruCache& operator=(const OneDnnGruCache&) = delete;

    OneDnnGruCacheStats stats() const;

    struct Impl;

private:
    std::unique_ptr<Impl> m_impl;
    friend Impl& cacheImpl(OneDnnGruCache& cache);
};

/// Runs a GRU through oneDNN. x: (B, T, I) float32 on the CPU; weightIh (3H, I), weightHh
/// (3H, H), biasIh and biasHh (3H) as torch::nn::GRU holds them (gates r, z, n). The initial
/// state is zero. Computes exactly torch::nn::GRU, which is Keras' GRU with reset_after=True:
///   r = σ(W_ir x + b_ir + W_hr h + b_hr), z = σ(W_iz x + b_iz + W_hz h + b_hz),
///   n = tanh(W_in x + b_in + r * (W_hn h + b_hn)), h' = (1 - z) * n + z * h.
///
/// With grad mode on and any input requiring a gradient it runs forward_training and records
/// lbr_gru_backward for autograd: gradients for x, both weights and both biases, from
/// gradients of either result or both. Otherwise it runs forward_inference. Throws c10::Error
/// for inputs it cannot take (another device, dtype or rank) and std::runtime_error in a build
/// without oneDNN.
GruResult oneDnnGru(const torch::Tensor& x, const torch::Tensor& weightIh,
                    const torch::Tensor& weightHh, const torch::Tensor& biasIh,
                    const torch::Tensor& biasHh, OneDnnGruCache& cache);

}  // namespace es
