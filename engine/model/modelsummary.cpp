#include "engine/model/modelsummary.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/translate.h"

namespace es {

namespace {

// LibTorch's LSTM keeps four gates (input, forget, cell, output), its GRU three (reset,
// update, new) ...
constexpr std::int64_t kLstmGates = 4;
constexpr std::int64_t kGruGates = 3;
// ... and two bias vectors per gate (b_ih and b_hh) where Keras' LSTM keeps one.
constexpr std::int64_t kBiasVectors = 2;
// A multiply and an add per weight.
constexpr double kFlopsPerMultiplyAdd = 2.0;
// Backward costs about twice the forward pass (gradients for inputs and for weights).
constexpr double kTrainingOverForward = 3.0;

using Shape = std::vector<std::int64_t>;

std::string layerPath(std::size_t index)
{
    return "model.layers[" + std::to_string(index) + "]";
}

std::string shapeText(const Shape& shape)
{
    std::string text = "(";
    for (std::size_t i = 0; i < shape.size(); ++i)
        text += (i > 0 ? ", " : "") + std::to_string(shape[i]);
    return text + (shape.size() == 1 ? ",)" : ")");
}

/// Fills `layer` for an input of `input`; returns the output shape.
Shape summarizeLayer(const LayerConfig& config, const Shape& input, std::size_t index,
                     LayerSummary& layer)
{
    switch (config.type) {
        case LayerType::Embedding: {
            if (input.size() != 1) {
                throw ConfigError(layerPath(index) + ".type",
                                  fillText(engineText("ModelSummary",
                                                      "an embedding needs token ids, one per "
                                                      "time step, got %1 per sample"),
                                           {shapeText(input)}));
            }
            layer.params = config.inputDim * config.outputDim;
            return {input[0], config.outputDim};
        }
        case LayerType::Lstm:
        case LayerType::Gru:
        case LayerType::Bidirectional: {
            if (input.size() != 2) {
                throw ConfigError(layerPath(index) + ".type",
                                  fillText(engineText("ModelSummary",
                                                      "a recurrent layer needs a sequence "
                                                      "(timesteps, features), got %1 per sample"),
                                           {shapeText(input)}));
            }
            const std::int64_t steps = input[0];
            const std::int64_t inputs = input[1];
            const std::int64_t hidden = config.units;
            const std::int64_t gates =
                recurrentCell(config) == LayerType::Lstm ? kLstmGates : kGruGates;
            const std::int64_t gateRows = gates * hidden;
            const std::int64_t directions = config.type == LayerType::Bidirectional ? 2 : 1;
            const std::int64_t biases = config.useBias ? kBiasVectors * gateRows : 0;
            layer.params = directions * (gateRows * (inputs + hidden) + biases);
            layer.forwardFlopsPerSample =
                kFlopsPerMultiplyAdd * static_cast<double>(directions * steps) *
                static_cast<double>(gateRows) * static_cast<double>(inputs + hidden);
            const std::int64_t width = recurrentOutputWidth(config);
            if (config.returnSequences)
                return {steps, width};
            return {width};
        }
        case LayerType::Dropout: return input;
        case LayerType::Dense: {
            const std::int64_t inputs = input.back();
            // On a sequence the same weights apply at every time step.
            std::int64_t positions = 1;
            for (std::size_t i = 0; i + 1 < input.size(); ++i)
                positions *= input[i];
            layer.params = inputs * config.units + (config.useBias ? config.units : 0);
            layer.forwardFlopsPerSample = kFlopsPerMultiplyAdd * static_cast<double>(positions) *
                                          static_cast<double>(inputs) *
                                          static_cast<double>(config.units);
            Shape output = input;
            output.back() = config.units;
            return output;
        }
    }
    return input;
}

}  // namespace

std::optional<std::vector<std::int64_t>> declaredInputShape(const RunConfig& config)
{
    if (!config.model.inputShape.empty())
        return config.model.inputShape;
    const DataSourceConfig& source = config.data.source;
    switch (source.type) {
        case DataSourceType::SyntheticRegression:
            return std::vector<std::int64_t>{source.timesteps, source.features};
        case DataSourceType::SyntheticTokens: return std::vector<std::int64_t>{source.timesteps};
        case DataSourceType::Csv:
            return std::vector<std::int64_t>{source.window,
                                             static_cast<std::int64_t>(source.columns.size())};
        case DataSourceType::TextCsv:
        case DataSourceType::TextFolder: {
            const std::int64_t length = config.data.text.vectorizer.outputSequenceLength;
            if (length > 0)
                return std::vector<std::int64_t>{length};
            return std::nullopt;  // the longest training text decides
        }
        case DataSourceType::Npy:
        case DataSourceType::Npz: return std::nullopt;
    }
    return std::nullopt;
}

ModelSummary summarizeModel(const RunConfig& config)
{
    const std::optional<std::vector<std::int64_t>> shape = declaredInputShape(config);
    if (!shape) {
        throw ConfigError("model.input_shape",
                          engineText("ModelSummary",
                                     "the shape of one sample is known only once the data files "
                                     "are read; set input_shape to summarise the model before "
                                     "that"));
    }
    return summarizeModel(config.model, *shape);
}

ModelSummary summarizeModel(const ModelConfig& model, const std::vector<std::int64_t>& inputShape)
{
    ModelSummary summary;
    summary.inputShape = inputShape;
    const std::vector<std::string> names = layerNames(model);
    Shape shape = summary.inputShape;
    for (std::size_t i = 0; i < model.layers.size(); ++i) {
        const LayerConfig& layerConfig = model.layers[i];
        LayerSummary layer;
        layer.type = layerConfig.type;
        layer.name = names[i];
        shape = summarizeLayer(layerConfig, shape, i, layer);
        layer.outputShape = shape;
        summary.totalParams += layer.params;
        summary.forwardFlopsPerSample += layer.forwardFlopsPerSample;
        summary.layers.push_back(std::move(layer));
    }
    summary.trainingFlopsPerSample = kTrainingOverForward * summary.forwardFlopsPerSample;
    return summary;
}

}  // namespace es
