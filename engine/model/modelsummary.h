#pragma once

#include "engine/config/modelconfig.h"
#include "engine/config/runconfigfwd.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace es {

/// What a layer does to one sample, computed from the config alone (no LibTorch), so that
/// the CLI, reports and the GUI's layer editor can show it live.
struct LayerSummary {
    std::string name;  ///< "lstm_1", "dense_1", ... (Keras-style)
    LayerType type = LayerType::Dense;
    std::vector<std::int64_t> outputShape;  ///< per sample, without the batch dimension
    std::int64_t params = 0;
    double forwardFlopsPerSample = 0.0;
};

/// Parameter count and FLOPs of the model in docs/config.md#flops:
/// LSTM forward 2*T*4H*(I+H) per sample, GRU 2*T*3H*(I+H), twice that for a bidirectional
/// layer, Dense 2*in*units (per time step when the input is a sequence), Embedding and Dropout
/// 0; training = 3 x forward (forward + backward). Recurrent parameters follow LibTorch (two
/// bias vectors: 4H*(I+H) + 8H for an LSTM), which is 4H more than Keras counts for an LSTM
/// (a GRU with reset_after has two in Keras too).
struct ModelSummary {
    std::vector<std::int64_t> inputShape;  ///< per sample
    std::vector<LayerSummary> layers;
    std::int64_t totalParams = 0;
    double forwardFlopsPerSample = 0.0;
    double trainingFlopsPerSample = 0.0;

    double trainingFlopsPerBatch(std::int64_t batchSize) const
    {
        return trainingFlopsPerSample * static_cast<double>(batchSize);
    }
};

/// The shape of one sample as the config alone tells it: model.input_shape when set, else what
/// a synthetic source generates or a CSV window holds; nullopt for .npy/.npz sources without
/// input_shape, whose shape is in the files.
std::optional<std::vector<std::int64_t>> declaredInputShape(const RunConfig& config);

/// Summary of a validated config's model on its declared input shape; a ConfigError at
/// model.input_shape when there is none (see declaredInputShape()).
ModelSummary summarizeModel(const RunConfig& config);

/// Summary of a model on samples of `inputShape` ([T, F] features or [T] token ids). Throws
/// ConfigError, at the layer's path, for a layer that cannot take its input (an LSTM after a
/// layer that outputs one vector per sample, an embedding on anything but token ids), as
/// parseRunConfig would have.
ModelSummary summarizeModel(const ModelConfig& model, const std::vector<std::int64_t>& inputShape);

}  // namespace es
