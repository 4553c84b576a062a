#pragma once

// Internal to the engine: includes LibTorch.

#include "engine/config/deviceconfig.h"
#include "engine/config/modelconfig.h"
#include "engine/model/onednnlstm_torch.h"
#include "engine/model/recurrentlayer_torch.h"
#include "engine/model/recurrentloop_torch.h"
#include "engine/model/recurrentpath.h"

#include <torch/torch.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace es {

/// How often one recurrent layer left its recorded kernel (recurrentPaths()) for a batch.
struct StepLoopFallbacks {
    std::size_t layerIndex = 0;  ///< index into the model's layers
    std::string layerName;       ///< "gru_1", as recurrentPaths() names it
    /// Forward calls that ran on the step loop although the layer's kernel is Fused or
    /// LibTorch, for the one reason there is: the batch's mask_zero padding was not all on the
    /// right (some sample has a padding token before a real one). Always 0 on the step loop.
    std::int64_t stepLoopFallbacks = 0;
};

/// The Keras-style Sequential model built from a validated layer list.
///
/// Keras semantics: a recurrent layer without return_sequences hands its last output to the
/// next layer; Dense applies to the last dimension (per time step on sequences); recurrent
/// `dropout` drops input features with one mask for all time steps, `recurrent_dropout` drops
/// h (recurrentloop_torch.h); go_backwards returns the outputs in the order read;
/// bidirectional layers merge a forward and a backward direction; an embedding with mask_zero
/// masks the token-0 steps of the recurrent layers after it, through dropout, dense and
/// recurrent layers that return sequences (recurrentlayer_torch.h says what a mask does). L2
/// penalties are returned by regularizationLoss() for the trainer to add to the loss.
/// Initialisation follows Keras with Keras' shapes (kerasinitializers_torch.h): by default
/// Glorot-uniform kernels, orthogonal recurrent kernels, zero biases with the LSTM forget-gate
/// bias at 1, embeddings uniform in [-0.05, 0.05], so that runs train like their Keras
/// originals.
///
/// Parameters are held by LibTorch's modules under the layers' Keras names (layerNames()):
/// torch::nn::Embedding, torch::nn::LSTM, torch::nn::GRU (one module with bidirectional(true)
/// for a bidirectional layer, the backward direction's weights named *_reverse),
/// torch::nn::Linear, each built without biases for use_bias false. Checkpoints, optimizers
/// and initialisation do not depend on the kernel that runs a layer (recurrentPaths()).
class SequentialModelImpl : public torch::nn::Module {
public:
    /// `backend` is Backend::LibTorch or Backend::OneDnn (not Auto: resolve it first);
    /// `device` is the device the model will run on. Together they choose each recurrent
    /// layer's kernel (recurrentPaths(model, backend, device)), once, here.
    explicit SequentialModelImpl(const ModelConfig& config, std::int64_t inputFeatures,
                                 Backend backend = Backend::LibTorch,
                                 DeviceType device = DeviceType::Cpu);

    /// x: (B, T, F) float, or (B, T) int64 tokens when the first layer is an embedding.
    torch::Tensor forward(torch::Tensor x);

    /// Sum of the configured L2 penalties over the current weights (a 0-dim tensor): every
    /// recurrent layer's kernels and recurrent kernels, both directions of a bidirectional one.
    torch::Tensor regularizationLoss() const;

    Backend lstmBackend() const { return m_lstmBackend; }
    /// The onednn backend's primitive cache (all zero with libtorch).
    OneDnnLstmCacheStats oneDnnStats() const { return m_oneDnnCaches->lstm.stats(); }
    /// The onednn backend's GRU primitive cache (all zero without a fused GRU).
    OneDnnGruCacheStats oneDnnGruStats() const { return m_oneDnnCaches->gru.stats(); }

    /// The kernel of each recurrent layer and why, as the run records it; the model runs
    /// exactly these (but see stepLoopFallbacks()).
    std::vector<RecurrentPath> recurrentPaths() const { return m_paths; }
    /// Per recurrent layer, in the order of recurrentPaths(): the batches it ran on the step
    /// loop instead, since construction.
    std::vector<StepLoopFallbacks> stepLoopFallbacks() const;

    /// Per-layer forward timing for the diagnosis: off by default, and then forward() reads no
    /// clock. On, forward() adds each layer's wall time (steady clock) to layerForwardSeconds().
    /// On a CUDA device that is the time to launch the layer's kernels, not to run them: the
    /// model does not synchronise.
    void setLayerTiming(bool enabled) { m_layerTiming = enabled; }
    bool layerTiming() const { return m_layerTiming; }
    /// Seconds of forward() per layer (index as in the config's layers), accumulated since
    /// construction or resetLayerTimes(); zeros while timing is off.
    std::vector<double> layerForwardSeconds() const;
    void resetLayerTimes();

private:
    struct Layer {
        LayerConfig config;
        std::string name;
        torch::nn::Embedding embedding{nullptr};
        torch::nn::LSTM lstm{nullptr};  ///< lstm, or bidirectional around one
        torch::nn::GRU gru{nullptr};    ///< gru, or bidirectional around one
        torch::nn::Linear dense{nullptr};
        /// The recurrent module's parameters by direction (forward, then _reverse): the same
        /// tensors, so that they follow the module to another device.
        std::vector<RecurrentWeights> directions;
        RecurrentKernel kernel = RecurrentKernel::StepLoop;
        std::int64_t stepLoopFallbacks = 0;
        double forwardSeconds = 0.0;
    };

    torch::Tensor applyLayer(Layer& layer, const torch::Tensor& x, torch::Tensor& mask);

    std::vector<Layer> m_layers;
    std::vector<RecurrentPath> m_paths;
    Backend m_lstmBackend;
    bool m_layerTiming = false;
    /// One for the model: entries are keyed by shape and keep nothing from one call to the
    /// next, so layers of the same shape share theirs.
    std::shared_ptr<OneDnnCaches> m_oneDnnCaches = std::make_shared<OneDnnCaches>();
};

TORCH_MODULE(SequentialModel);

}  // namespace es
