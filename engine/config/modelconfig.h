#pragma once

// The `model` section of a run's config: its layers and input shape, and the enums their
// fields take (RunConfig in runconfig.h holds every section). The JSON format is documented in
// docs/config.md; keys there are the snake_case spellings of the fields below. Every field
// has the default written next to it.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace es {

enum class LayerType { Embedding, Lstm, Gru, Bidirectional, Dropout, Dense };
/// Keras' activations. `hard_sigmoid` is Keras 3's (relu6(x + 3) / 6, i.e. clip(x / 6 + 0.5,
/// 0, 1)); `hard_sigmoid_keras2` is Keras 2's (clip(0.2 x + 0.5, 0, 1)), the default
/// recurrent_activation of Keras 2's LSTM and GRU.
enum class Activation { Linear, Relu, Sigmoid, Tanh, Softmax, HardSigmoid, HardSigmoidKeras2 };
/// Keras' initializers with Keras' default arguments (random_uniform in [-0.05, 0.05],
/// random_normal and truncated_normal with stddev 0.05, orthogonal with gain 1).
enum class Initializer {
    GlorotUniform,
    GlorotNormal,
    HeUniform,
    HeNormal,
    LecunUniform,
    LecunNormal,
    Orthogonal,
    Zeros,
    Ones,
    RandomUniform,
    RandomNormal,
    TruncatedNormal,
};
/// How a bidirectional layer combines its forward and backward outputs (Keras' merge_mode).
enum class MergeMode { Concat, Sum, Mul, Ave };

/// One layer of the Sequential model. Only the fields of its `type` are meaningful, and only
/// they are compared by operator== and written by toJson.
///
/// A `bidirectional` layer keeps the recurrent layer it wraps in the same struct: `wrapped`
/// says which (lstm or gru) and the recurrent fields below are that layer's; in JSON the
/// wrapped layer is the nested object "layer", as in Keras.
struct LayerConfig {
    LayerType type = LayerType::Dense;
    // embedding: Keras names
    std::int64_t inputDim = 0;   ///< "input_dim": vocabulary size
    std::int64_t outputDim = 0;  ///< "output_dim": embedding width
    /// "mask_zero": token id 0 is padding; the recurrent layers carry state and output
    /// through padded steps, as in Keras.
    bool maskZero = false;
    Initializer embeddingsInitializer = Initializer::RandomUniform;  ///< "embeddings_initializer"
    // lstm, gru and dense
    std::int64_t units = 0;
    bool useBias = true;                                         ///< "use_bias"
    Initializer kernelInitializer = Initializer::GlorotUniform;  ///< "kernel_initializer"
    Initializer biasInitializer = Initializer::Zeros;            ///< "bias_initializer"
    // lstm and gru
    bool returnSequences = false;  ///< "return_sequences"
    double dropout = 0.0;          ///< input dropout, one mask for all time steps (Keras)
    double kernelL2 = 0.0;         ///< "kernel_l2": l2 * sum(W_ih^2) added to the loss
    double recurrentL2 = 0.0;      ///< "recurrent_l2": l2 * sum(W_hh^2) added to the loss
    Activation cellActivation = Activation::Tanh;          ///< "activation" of lstm and gru
    Activation recurrentActivation = Activation::Sigmoid;  ///< "recurrent_activation"
    double recurrentDropout = 0.0;  ///< "recurrent_dropout": on h, one mask for all time steps
    bool goBackwards = false;       ///< "go_backwards": read the sequence last step first
    /// "unroll": Keras unrolls the loop into one graph; here it only keeps the layer off the
    /// fused kernel, as it does in Keras.
    bool unroll = false;
    Initializer recurrentInitializer = Initializer::Orthogonal;  ///< "recurrent_initializer"
    // lstm
    bool unitForgetBias = true;  ///< "unit_forget_bias": the forget gate's bias starts at 1
    // gru
    /// "reset_after": apply the reset gate after the recurrent matrix (cuDNN's and PyTorch's
    /// GRU, Keras' default since 2.3) rather than before it (Keras' original GRU).
    bool resetAfter = true;
    // bidirectional
    LayerType wrapped = LayerType::Lstm;      ///< the wrapped layer's type: Lstm or Gru
    MergeMode mergeMode = MergeMode::Concat;  ///< "merge_mode"
    // dropout
    double rate = 0.0;
    // dense
    Activation activation = Activation::Linear;

    bool operator==(const LayerConfig&) const;
};

/// Whether the layer runs a recurrence over time: lstm, gru or bidirectional.
bool isRecurrent(const LayerConfig& layer);
/// The recurrent cell a recurrent layer runs: Lstm or Gru (`wrapped` for bidirectional).
LayerType recurrentCell(const LayerConfig& layer);
/// The width of a recurrent layer's output per time step: units, or 2 x units for a
/// bidirectional layer that concatenates.
std::int64_t recurrentOutputWidth(const LayerConfig& layer);

struct ModelConfig;
/// Each layer's Keras-style name, in order: its type key and its count among the layers of
/// that type ("lstm_1", "dense_2"). The model's modules, the summary and the run records use
/// these names.
std::vector<std::string> layerNames(const ModelConfig& model);

struct ModelConfig {
    std::vector<LayerConfig> layers;
    /// "input_shape": the shape of one sample, as keras.Input(shape=...) declares it:
    /// [timesteps, features] for float features, [timesteps] for token ids. Empty (the
    /// default) takes the shape from the data; when set, data of another shape is refused
    /// before training.
    std::vector<std::int64_t> inputShape;
    bool operator==(const ModelConfig&) const;
};

// Every value of each enum, in declaration order: for parsers, pickers in forms, and tests.
inline constexpr std::array<LayerType, 6> kAllLayerTypes = {
    LayerType::Embedding,     LayerType::Lstm,    LayerType::Gru,
    LayerType::Bidirectional, LayerType::Dropout, LayerType::Dense};
/// The layers a bidirectional layer may wrap.
inline constexpr std::array<LayerType, 2> kWrappableLayerTypes = {LayerType::Lstm, LayerType::Gru};
inline constexpr std::array<Activation, 7> kAllActivations = {
    Activation::Linear,  Activation::Relu,        Activation::Sigmoid,          Activation::Tanh,
    Activation::Softmax, Activation::HardSigmoid, Activation::HardSigmoidKeras2};
/// What a recurrent layer's activation and recurrent_activation may be (softmax over a
/// gate is no Keras model's choice and no kernel's).
inline constexpr std::array<Activation, 6> kRecurrentActivations = {
    Activation::Linear, Activation::Relu,        Activation::Sigmoid,
    Activation::Tanh,   Activation::HardSigmoid, Activation::HardSigmoidKeras2};
inline constexpr std::array<Initializer, 12> kAllInitializers = {
    Initializer::GlorotUniform, Initializer::GlorotNormal, Initializer::HeUniform,
    Initializer::HeNormal,      Initializer::LecunUniform, Initializer::LecunNormal,
    Initializer::Orthogonal,    Initializer::Zeros,        Initializer::Ones,
    Initializer::RandomUniform, Initializer::RandomNormal, Initializer::TruncatedNormal};
inline constexpr std::array<MergeMode, 4> kAllMergeModes = {MergeMode::Concat, MergeMode::Sum,
                                                            MergeMode::Mul, MergeMode::Ave};

std::string_view layerTypeKey(LayerType type);
std::string_view activationKey(Activation activation);
std::string_view initializerKey(Initializer initializer);
std::string_view mergeModeKey(MergeMode mode);

}  // namespace es
