#include "engine/model/sequentialmodel_torch.h"

#include <cmath>
#include <map>
#include <stdexcept>
#include <string>

namespace es {

namespace {

/// Keras' default Embedding initialiser: uniform in [-0.05, 0.05].
constexpr double kEmbeddingInitRange = 0.05;
/// Keras' unit_forget_bias: the forget gate starts open so gradients flow through time.
constexpr double kForgetGateBias = 1.0;

void glorotUniform(torch::Tensor weight)
{
    // weight is (fan_out, fan_in) in LibTorch's layout.
    const double fanOut = static_cast<double>(weight.size(0));
    const double fanIn = static_cast<double>(weight.size(1));
    const double limit = std::sqrt(6.0 / (fanIn + fanOut));
    torch::nn::init::uniform_(weight, -limit, limit);
}

void initializeLstm(torch::nn::LSTM& lstm, std::int64_t units)
{
    torch::NoGradGuard noGrad;
    // LibTorch stacks the gates (i, f, g, o) along dim 0, as Keras stacks (i, f, c, o).
    // Keras initialises the whole (I, 4H) kernel as one Glorot matrix.
    glorotUniform(lstm->named_parameters()["weight_ih_l0"]);
    torch::nn::init::orthogonal_(lstm->named_parameters()["weight_hh_l0"]);
    auto biasIh = lstm->named_parameters()["bias_ih_l0"];
    auto biasHh = lstm->named_parameters()["bias_hh_l0"];
    biasIh.zero_();
    biasHh.zero_();
    biasIh.narrow(0, units, units).fill_(kForgetGateBias);
}

}  // namespace

SequentialModelImpl::SequentialModelImpl(const ModelConfig& config, std::int64_t inputFeatures,
                                         Backend lstmBackend)
    : m_lstmBackend(lstmBackend)
{
    if (lstmBackend == Backend::Auto)
        throw std::invalid_argument("SequentialModel: resolve the backend before building");
    std::map<LayerType, int> counters;
    std::int64_t features = inputFeatures;  // width of the last dimension entering a layer
    for (const LayerConfig& layerConfig : config.layers) {
        const std::string name = std::string(layerTypeKey(layerConfig.type)) + "_" +
                                 std::to_string(++counters[layerConfig.type]);
        Layer layer;
        layer.config = layerConfig;
        switch (layerConfig.type) {
            case LayerType::Embedding:
                layer.embedding = register_module(
                    name, torch::nn::Embedding(layerConfig.inputDim, layerConfig.outputDim));
                {
                    torch::NoGradGuard noGrad;
                    torch::nn::init::uniform_(layer.embedding->weight, -kEmbeddingInitRange,
                                              kEmbeddingInitRange);
                }
                features = layerConfig.outputDim;
                break;
            case LayerType::Lstm:
                layer.lstm = register_module(
                    name,
                    torch::nn::LSTM(
                        torch::nn::LSTMOptions(features, layerConfig.units).batch_first(true)));
                initializeLstm(layer.lstm, layerConfig.units);
                layer.lstmKernel = layer.lstm->named_parameters()["weight_ih_l0"];
                layer.lstmRecurrent = layer.lstm->named_parameters()["weight_hh_l0"];
                layer.lstmBiasIh = layer.lstm->named_parameters()["bias_ih_l0"];
                layer.lstmBiasHh = layer.lstm->named_parameters()["bias_hh_l0"];
                features = layerConfig.units;
                break;
            case LayerType::Dropout: break;
            case LayerType::Dense:
                layer.dense = register_module(name, torch::nn::Linear(features, layerConfig.units));
                {
                    torch::NoGradGuard noGrad;
                    glorotUniform(layer.dense->weight);
                    layer.dense->bias.zero_();
                }
                features = layerConfig.units;
                break;
        }
        m_layers.push_back(std::move(layer));
    }
}

torch::Tensor SequentialModelImpl::forward(torch::Tensor x)
{
    for (Layer& layer : m_layers) {
        switch (layer.config.type) {
            case LayerType::Embedding: x = layer.embedding->forward(x); break;
            case LayerType::Lstm: x = applyLstm(layer, x); break;
            case LayerType::Dropout: x = torch::dropout(x, layer.config.rate, is_training()); break;
            case LayerType::Dense:
                x = applyActivation(layer.config.activation, layer.dense->forward(x));
                break;
        }
    }
    return x;
}

torch::Tensor SequentialModelImpl::applyLstm(Layer& layer, torch::Tensor x)
{
    const double rate = layer.config.dropout;
    if (is_training() && rate > 0.0) {
        // Keras drops the same input features at every time step of a sample.
        auto mask = torch::empty({x.size(0), 1, x.size(2)}, x.options()).bernoulli_(1.0 - rate);
        x = x * mask / (1.0 - rate);
    }
    const torch::Tensor output =  // (B, T, H)
        m_lstmBackend == Backend::OneDnn
            ? oneDnnLstm(x, layer.lstmKernel, layer.lstmRecurrent, layer.lstmBiasIh,
                         layer.lstmBiasHh, *m_oneDnnCache)
                  .output
            : std::get<0>(layer.lstm->forward(x));
    if (layer.config.returnSequences)
        return output;
    return output.select(1, output.size(1) - 1);
}

torch::Tensor SequentialModelImpl::applyActivation(Activation activation, torch::Tensor x)
{
    switch (activation) {
        case Activation::Linear: return x;
        case Activation::Relu: return torch::relu(x);
        case Activation::Sigmoid: return torch::sigmoid(x);
        case Activation::Tanh: return torch::tanh(x);
        case Activation::Softmax: return torch::softmax(x, -1);
    }
    throw std::logic_error("unhandled activation");
}

torch::Tensor SequentialModelImpl::regularizationLoss() const
{
    torch::Tensor total = torch::zeros({});
    for (const Layer& layer : m_layers) {
        if (layer.config.type != LayerType::Lstm)
            continue;
        if (layer.config.kernelL2 > 0.0)
            total = total + layer.config.kernelL2 * layer.lstmKernel.pow(2).sum();
        if (layer.config.recurrentL2 > 0.0)
            total = total + layer.config.recurrentL2 * layer.lstmRecurrent.pow(2).sum();
    }
    return total;
}

}  // namespace es
