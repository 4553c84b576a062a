#include "engine/model/sequentialmodel_torch.h"

#include "engine/config/configerror.h"
#include "engine/config/jsonreader.h"
#include "engine/model/kerasactivation_torch.h"
#include "engine/model/kerasinitializers_torch.h"
#include "engine/model/modelmessages.h"
#include "engine/model/recurrentlayer_torch.h"

#include <chrono>
#include <stdexcept>
#include <string>

namespace es {

namespace {

/// Keras' unit_forget_bias: the forget gate starts open so gradients flow through time.
constexpr double kForgetGateBias = 1.0;

/// Where a layer's option is in the config: in the wrapped "layer" of a bidirectional one.
std::string optionPath(const LayerConfig& layer, std::size_t index, const char* key)
{
    const bool wrapped = layer.type == LayerType::Bidirectional;
    return JsonReader::elementPath("model.layers", index) + (wrapped ? ".layer." : ".") + key;
}

/// Keras refuses an orthogonal bias (a vector is no matrix); so does the model, before it
/// draws anything, naming the option.
void checkBiasInitializer(const LayerConfig& layer, std::size_t index)
{
    if (layer.useBias && layer.biasInitializer == Initializer::Orthogonal) {
        throw ConfigError(optionPath(layer, index, "bias_initializer"), orthogonalBiasText());
    }
}

/// The recurrent module's parameters of each direction: forward, then *_reverse.
template <typename Module>
std::vector<RecurrentWeights> directionsOf(Module& module, bool bidirectional, bool useBias)
{
    auto parameters = module->named_parameters();
    std::vector<RecurrentWeights> directions;
    for (const std::string suffix : {"", "_reverse"}) {
        if (!suffix.empty() && !bidirectional)
            break;
        RecurrentWeights weights;
        weights.weightIh = parameters["weight_ih_l0" + suffix];
        weights.weightHh = parameters["weight_hh_l0" + suffix];
        if (useBias) {
            weights.biasIh = parameters["bias_ih_l0" + suffix];
            weights.biasHh = parameters["bias_hh_l0" + suffix];
        }
        directions.push_back(weights);
    }
    return directions;
}

/// Keras' initialisation of a recurrent layer, each direction as Keras' own layer: the
/// kernel (inputs, gates x units) and the recurrent kernel (units, gates x units) each as one
/// matrix, then the bias.
void initializeRecurrent(const LayerConfig& config, const std::vector<RecurrentWeights>& directions)
{
    torch::NoGradGuard noGrad;
    const std::int64_t units = config.units;
    for (const RecurrentWeights& weights : directions) {
        kerasInitialize(weights.weightIh, config.kernelInitializer,
                        kerasFansOfTransposed(weights.weightIh));
        kerasInitialize(weights.weightHh, config.recurrentInitializer,
                        kerasFansOfTransposed(weights.weightHh));
        if (!weights.hasBias())
            continue;
        if (recurrentCell(config) == LayerType::Lstm) {
            // Keras' one bias of 4 x units is bias_ih; bias_hh, which LibTorch adds to it,
            // starts at zero.
            weights.biasHh.zero_();
            if (config.unitForgetBias) {
                // Keras draws the input gate's units and the cell and output gates' 2 units as
                // vectors of their own, the forget gate's ones between them (i, f, c, o).
                kerasInitialize(weights.biasIh.narrow(0, 0, units), config.biasInitializer,
                                kerasFansOfVector(units));
                weights.biasIh.narrow(0, units, units).fill_(kForgetGateBias);
                kerasInitialize(weights.biasIh.narrow(0, 2 * units, 2 * units),
                                config.biasInitializer, kerasFansOfVector(2 * units));
            } else {
                kerasInitialize(weights.biasIh, config.biasInitializer,
                                kerasFansOfVector(weights.biasIh.size(0)));
            }
        } else if (config.resetAfter) {
            // Keras' GRU with reset_after holds a (2, 3 x units) bias, input and recurrent,
            // both drawn from bias_initializer.
            const KerasFans fans = kerasFansOfMatrix(2, weights.biasIh.size(0));
            kerasInitialize(weights.biasIh, config.biasInitializer, fans);
            kerasInitialize(weights.biasHh, config.biasInitializer, fans);
        } else {
            // Keras' original GRU has the input bias only.
            kerasInitialize(weights.biasIh, config.biasInitializer,
                            kerasFansOfVector(weights.biasIh.size(0)));
            weights.biasHh.zero_();
        }
    }
}

}  // namespace

SequentialModelImpl::SequentialModelImpl(const ModelConfig& config, std::int64_t inputFeatures,
                                         Backend backend, DeviceType device)
    : m_lstmBackend(backend)
{
    if (backend == Backend::Auto)
        throw std::invalid_argument("SequentialModel: resolve the backend before building");
    m_paths = es::recurrentPaths(config, backend, device);
    const std::vector<std::string> names = layerNames(config);
    std::int64_t features = inputFeatures;  // width of the last dimension entering a layer
    for (std::size_t i = 0; i < config.layers.size(); ++i) {
        const LayerConfig& layerConfig = config.layers[i];
        Layer layer;
        layer.config = layerConfig;
        layer.name = names[i];
        switch (layerConfig.type) {
            case LayerType::Embedding:
                layer.embedding = register_module(
                    layer.name, torch::nn::Embedding(layerConfig.inputDim, layerConfig.outputDim));
                kerasInitialize(layer.embedding->weight, layerConfig.embeddingsInitializer,
                                kerasFansOfMatrix(layerConfig.inputDim, layerConfig.outputDim));
                features = layerConfig.outputDim;
                break;
            case LayerType::Lstm:
            case LayerType::Gru:
            case LayerType::Bidirectional: {
                checkBiasInitializer(layerConfig, i);
                const bool bidirectional = layerConfig.type == LayerType::Bidirectional;
                if (recurrentCell(layerConfig) == LayerType::Lstm) {
                    layer.lstm = register_module(
                        layer.name,
                        torch::nn::LSTM(torch::nn::LSTMOptions(features, layerConfig.units)
                                            .batch_first(true)
                                            .bias(layerConfig.useBias)
                                            .bidirectional(bidirectional)));
                    layer.directions = directionsOf(layer.lstm, bidirectional, layerConfig.useBias);
                } else {
                    layer.gru = register_module(
                        layer.name,
                        torch::nn::GRU(torch::nn::GRUOptions(features, layerConfig.units)
                                           .batch_first(true)
                                           .bias(layerConfig.useBias)
                                           .bidirectional(bidirectional)));
                    layer.directions = directionsOf(layer.gru, bidirectional, layerConfig.useBias);
                }
                initializeRecurrent(layerConfig, layer.directions);
                for (const RecurrentPath& path : m_paths)
                    if (path.layerIndex == i)
                        layer.kernel = path.kernel;
                features = recurrentOutputWidth(layerConfig);
                break;
            }
            case LayerType::Dropout: break;
            case LayerType::Dense:
                checkBiasInitializer(layerConfig, i);
                layer.dense = register_module(
                    layer.name,
                    torch::nn::Linear(torch::nn::LinearOptions(features, layerConfig.units)
                                          .bias(layerConfig.useBias)));
                // Keras' kernel is (inputs, units), the transpose of LibTorch's weight.
                kerasInitialize(layer.dense->weight, layerConfig.kernelInitializer,
                                kerasFansOfTransposed(layer.dense->weight));
                if (layerConfig.useBias)
                    kerasInitialize(layer.dense->bias, layerConfig.biasInitializer,
                                    kerasFansOfVector(layerConfig.units));
                features = layerConfig.units;
                break;
        }
        m_layers.push_back(std::move(layer));
    }
}

torch::Tensor SequentialModelImpl::forward(torch::Tensor x)
{
    torch::Tensor mask;  // mask_zero's (B, T) bool while the steps it masks are there
    for (Layer& layer : m_layers) {
        if (!m_layerTiming) {
            x = applyLayer(layer, x, mask);
            continue;
        }
        const auto start = std::chrono::steady_clock::now();
        x = applyLayer(layer, x, mask);
        layer.forwardSeconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    return x;
}

torch::Tensor SequentialModelImpl::applyLayer(Layer& layer, const torch::Tensor& x,
                                              torch::Tensor& mask)
{
    const LayerConfig& config = layer.config;
    switch (config.type) {
        case LayerType::Embedding:
            if (config.maskZero)
                mask = x.ne(0);
            return layer.embedding->forward(x);
        case LayerType::Lstm:
        case LayerType::Gru:
        case LayerType::Bidirectional: {
            RecurrentLayerOutput result = runRecurrentLayer(
                config, layer.kernel, layer.directions, x, mask, is_training(), *m_oneDnnCaches);
            if (result.fellBackToStepLoop)
                ++layer.stepLoopFallbacks;
            // Keras passes the mask on with the sequence, and drops it with the time axis.
            if (!config.returnSequences)
                mask = torch::Tensor();
            return result.output;
        }
        case LayerType::Dropout: return torch::dropout(x, config.rate, is_training());
        case LayerType::Dense: return kerasActivation(config.activation, layer.dense->forward(x));
    }
    throw std::logic_error("unhandled layer type");
}

torch::Tensor SequentialModelImpl::regularizationLoss() const
{
    torch::Tensor total = torch::zeros({});
    for (const Layer& layer : m_layers) {
        for (const RecurrentWeights& weights : layer.directions) {
            if (layer.config.kernelL2 > 0.0)
                total = total + layer.config.kernelL2 * weights.weightIh.pow(2).sum();
            if (layer.config.recurrentL2 > 0.0)
                total = total + layer.config.recurrentL2 * weights.weightHh.pow(2).sum();
        }
    }
    return total;
}

std::vector<StepLoopFallbacks> SequentialModelImpl::stepLoopFallbacks() const
{
    std::vector<StepLoopFallbacks> counts;
    for (std::size_t i = 0; i < m_layers.size(); ++i) {
        const Layer& layer = m_layers[i];
        if (isRecurrent(layer.config))
            counts.push_back({i, layer.name, layer.stepLoopFallbacks});
    }
    return counts;
}

std::vector<double> SequentialModelImpl::layerForwardSeconds() const
{
    std::vector<double> seconds;
    seconds.reserve(m_layers.size());
    for (const Layer& layer : m_layers)
        seconds.push_back(layer.forwardSeconds);
    return seconds;
}

void SequentialModelImpl::resetLayerTimes()
{
    for (Layer& layer : m_layers)
        layer.forwardSeconds = 0.0;
}

}  // namespace es
