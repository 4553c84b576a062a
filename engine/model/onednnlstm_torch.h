#pragma once

// Internal to the engine: includes LibTorch.
//
// The `onednn` backend's LSTM: one single-layer, single-direction LSTM, wrapped as a LibTorch
// autograd function so that everything around it stays LibTorch. Training runs the engine's
// recurrence on oneDNN's GEMM (model/lstmrecurrence.h); inference runs oneDNN's fused
// forward_inference primitive.

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

/// How many primitive sets a cache has built, one per shape and batch part (its misses), and the
/// time that took: the part of a first step (or a first step of a new batch size) that later
/// steps do not pay again, reported by tests/benchmarks/backends. And how many training
/// forwards ran, which build nothing.
struct OneDnnLstmCacheStats {
    std::size_t inference = 0;  ///< forward_inference primitive sets built
    /// Wall time spent building them: descriptors, kernel generation (JIT), the weight reorder
    /// primitives (a scratchpad is taken per call).
    double buildSeconds = 0.0;
    /// Training forwards run on the engine's recurrence, one per batch part.
    std::size_t trainingRuns = 0;

    /// A primitive set built: an inference one, as training builds none.
    void countBuilt(bool /*forTraining*/) { ++inference; }
};

/// One model's oneDNN LSTM inference primitives, keyed by (steps, batch, inputs, units, batch
/// part). Building a primitive set costs milliseconds (descriptors, JIT kernels, weight
/// reorders), so each shape is built once: the validation batches and the last partial one
/// each get theirs, one per part when a batch runs as parts on several threads
/// (onednn::batchParts). The primitives keep scratch buffers for the weights in their chosen
/// layouts, so a cache is used by one thread at a time, like the model that owns it (its parts
/// run inside that thread's calls).
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

/// Runs an LSTM on oneDNN. x: (B, T, I) float32 on the CPU; weightIh (4H, I), weightHh
/// (4H, H), biasIh and biasHh (4H) as torch::nn::LSTM holds them (gates i, f, g, o, which is
/// oneDNN's order for its vanilla LSTM too). The initial state is zero.
///
/// With grad mode on and any input requiring a gradient it runs the engine's recurrence and
/// records its backward for autograd: gradients for x, both weights and both biases (each bias
/// gets the gradient of their sum), from gradients of any of the three results. Otherwise it
/// runs forward_inference. Throws c10::Error for inputs it cannot take (another device, dtype
/// or rank) and std::runtime_error in a build without oneDNN.
LstmResult oneDnnLstm(const torch::Tensor& x, const torch::Tensor& weightIh,
                      const torch::Tensor& weightHh, const torch::Tensor& biasIh,
                      const torch::Tensor& biasHh, OneDnnLstmCache& cache);

}  // namespace es
