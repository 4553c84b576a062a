#pragma once

// Internal to the engine: includes LibTorch.

#include "engine/config/runconfig.h"
#include "engine/model/onednnlstm_torch.h"

#include <torch/torch.h>

#include <memory>
#include <vector>

namespace es {

/// The Keras-style Sequential model built from a validated layer list.
///
/// Keras semantics: an LSTM without return_sequences hands its last time step to the next
/// layer; Dense applies to the last dimension (per time step on sequences); LSTM `dropout`
/// drops input features with one mask for all time steps; L2 penalties are returned by
/// regularizationLoss() for the trainer to add to the loss. Initialisation follows Keras
/// (Glorot-uniform kernels, orthogonal recurrent weights, zero biases with the forget-gate
/// bias at 1, embeddings uniform in [-0.05, 0.05]) so that runs train like their Keras
/// originals.
///
/// The LSTM layers run on a resolved backend (model/backendchoice.h): LibTorch's nn::LSTM or
/// oneDNN's fused primitives (onednnlstm_torch.h). Either way the weights are the nn::LSTM
/// modules' parameters, so checkpoints, optimizers and initialisation do not depend on it.
class SequentialModelImpl : public torch::nn::Module {
public:
    /// `lstmBackend` is Backend::LibTorch or Backend::OneDnn (not Auto: resolve it first).
    explicit SequentialModelImpl(const ModelConfig& config, std::int64_t inputFeatures,
                                 Backend lstmBackend = Backend::LibTorch);

    /// x: (B, T, F) float, or (B, T) int64 tokens when the first layer is an embedding.
    torch::Tensor forward(torch::Tensor x);

    /// Sum of the configured L2 penalties over the current weights (a 0-dim tensor).
    torch::Tensor regularizationLoss() const;

    Backend lstmBackend() const { return m_lstmBackend; }
    /// The onednn backend's primitive cache (all zero with libtorch).
    OneDnnLstmCacheStats oneDnnStats() const { return m_oneDnnCache->stats(); }

private:
    struct Layer {
        LayerConfig config;
        torch::nn::Embedding embedding{nullptr};
        torch::nn::LSTM lstm{nullptr};
        torch::nn::Linear dense{nullptr};
        torch::Tensor lstmKernel;     ///< weight_ih_l0, the Keras "kernel"
        torch::Tensor lstmRecurrent;  ///< weight_hh_l0, the Keras "recurrent_kernel"
        torch::Tensor lstmBiasIh;     ///< bias_ih_l0 and bias_hh_l0: Keras' one bias in two
        torch::Tensor lstmBiasHh;
    };

    torch::Tensor applyLstm(Layer& layer, torch::Tensor x);
    static torch::Tensor applyActivation(Activation activation, torch::Tensor x);

    std::vector<Layer> m_layers;
    Backend m_lstmBackend;
    /// One for the model: entries are keyed by shape and keep nothing from one call to the
    /// next, so layers of the same shape share theirs.
    std::shared_ptr<OneDnnLstmCache> m_oneDnnCache = std::make_shared<OneDnnLstmCache>();
};

TORCH_MODULE(SequentialModel);

}  // namespace es
