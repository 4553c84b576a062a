// The Sequential model's recurrent layers (issue 23): lstm and gru with every activation and
// option, bidirectional with every merge mode, mask_zero with right, left and inner padding,
// recurrent dropout, on every kernel that runs them (fused, libtorch, step loop), against a
// reference in Python's PyTorch (tests/unit/recurrentreference.py): outputs and the gradients
// of the input and every parameter on random shapes. Also Keras' initializers (statistics of
// large layers), the parameters' names, the paths the model runs and reports, its fallbacks,
// its per-layer timing, the L2 penalty, and a masked bidirectional model that trains.

#include "engine/config/configerror.h"
#include "engine/data/npyfile.h"
#include "engine/model/backendchoice.h"
#include "engine/model/kerasinitializers_torch.h"
#include "engine/model/modelsummary.h"
#include "engine/model/recurrentpath.h"
#include "engine/model/sequentialmodel_torch.h"
#include "tests/support/layerbuilders.h"
#include "tests/support/tensorcompare_torch.h"
#include "tests/support/testpaths.h"
#include "tests/support/testsuite.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <torch/torch.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace {

/// The issue's bound for float32: the kernels and the float64 reference sum in different
/// orders, nothing more.
constexpr double kReferenceTolerance = 1e-4;
using es::test::kPython;
/// The reference runs a few hundred small cases; on two busy cores that takes under a minute.
constexpr int kReferenceTimeoutMs = 600000;

using es::test::relativeDifference;

/// A float32 .npy file as NumPy writes one (format 1.0), for the Python side to read.
void writeNpy(const std::string& path, const torch::Tensor& tensor)
{
    const torch::Tensor data = tensor.detach().to(torch::kFloat).contiguous();
    std::string shape = "(";
    for (std::int64_t size : data.sizes())
        shape += std::to_string(size) + ", ";
    shape += ")";
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape + ", }";
    constexpr std::size_t kPreamble = 10;  // magic (6), version (2), header length (2)
    constexpr std::size_t kAlignment = 64;
    while ((kPreamble + header.size() + 1) % kAlignment != 0)
        header += ' ';
    header += '\n';
    std::ofstream file(path, std::ios::binary);
    file.write("\x93NUMPY\x01\x00", 8);
    const auto length = static_cast<std::uint16_t>(header.size());
    const char lengthBytes[2] = {static_cast<char>(length & 0xff), static_cast<char>(length >> 8)};
    file.write(lengthBytes, 2);
    file.write(header.data(), static_cast<std::streamsize>(header.size()));
    file.write(static_cast<const char*>(data.data_ptr()),
               static_cast<std::streamsize>(data.numel() * sizeof(float)));
}

torch::Tensor readNpy(const std::string& path)
{
    es::HostArray array = es::loadNpyFile(path, es::ElementKind::Float32);
    return torch::from_blob(array.floats.data(), array.shape, torch::kFloat).clone();
}

/// Where the padding token 0 goes in a sample.
enum class Padding {
    None,    ///< float features, no embedding, no mask
    Right,   ///< tokens then zeros: the fused and libtorch kernels run it
    Left,    ///< zeros then tokens: the step loop runs the batch
    Inside,  ///< zeros between tokens
};

const char* paddingKey(Padding padding)
{
    switch (padding) {
        case Padding::None: return "none";
        case Padding::Right: return "right";
        case Padding::Left: return "left";
        case Padding::Inside: return "inside";
    }
    return "none";
}

/// One row of the equivalence table: the recurrent layers (units set from the random shape)
/// after an embedding with mask_zero when the input is padded tokens.
struct CaseSpec {
    std::string name;
    std::vector<es::LayerConfig> layers;
    Padding padding = Padding::None;
    bool training = false;  ///< recurrent dropout: the masks drawn in training are reproduced
};

es::LayerConfig recurrent(es::LayerType type, bool returnSequences,
                          const std::function<void(es::LayerConfig&)>& options = {})
{
    es::LayerConfig layer;
    layer.type = type;
    layer.returnSequences = returnSequences;
    if (options)
        options(layer);
    return layer;
}

/// An Embedding of `inputDim` token ids to `outputDim` features that masks id 0 (mask_zero).
es::LayerConfig maskedEmbedding(std::int64_t inputDim, std::int64_t outputDim)
{
    es::LayerConfig embedding;
    embedding.type = es::LayerType::Embedding;
    embedding.inputDim = inputDim;
    embedding.outputDim = outputDim;
    embedding.maskZero = true;
    return embedding;
}

es::LayerConfig bidirectional(es::LayerType wrapped, es::MergeMode mode, bool returnSequences,
                              const std::function<void(es::LayerConfig&)>& options = {})
{
    es::LayerConfig layer = recurrent(es::LayerType::Bidirectional, returnSequences, options);
    layer.wrapped = wrapped;
    layer.mergeMode = mode;
    return layer;
}

std::string layerLabel(const es::LayerConfig& layer)
{
    std::string label = layer.type == es::LayerType::Bidirectional
                            ? "bidirectional " + std::string(es::layerTypeKey(layer.wrapped)) +
                                  " " + std::string(es::mergeModeKey(layer.mergeMode))
                            : std::string(es::layerTypeKey(layer.type));
    return label + (layer.returnSequences ? " seq" : " last");
}

std::vector<CaseSpec> equivalenceCases()
{
    using es::Activation;
    using es::LayerType;
    using es::MergeMode;
    std::vector<CaseSpec> cases;
    // Every activation and recurrent_activation of the LSTM.
    for (Activation activation : es::kRecurrentActivations) {
        for (Activation gate : es::kRecurrentActivations) {
            cases.push_back({"lstm " + std::string(es::activationKey(activation)) + "/" +
                                 std::string(es::activationKey(gate)),
                             {recurrent(LayerType::Lstm, true, [&](es::LayerConfig& layer) {
                                 layer.cellActivation = activation;
                                 layer.recurrentActivation = gate;
                             })}});
        }
    }
    // The GRU, both reset conventions, each activation with sigmoid gates and each gate
    // activation with tanh.
    for (bool resetAfter : {true, false}) {
        const std::string reset = resetAfter ? " reset_after" : " reset_before";
        for (Activation activation : es::kRecurrentActivations) {
            cases.push_back(
                {"gru" + reset + " " + std::string(es::activationKey(activation)) + "/sigmoid",
                 {recurrent(LayerType::Gru, true, [&](es::LayerConfig& layer) {
                     layer.resetAfter = resetAfter;
                     layer.cellActivation = activation;
                 })}});
        }
        for (Activation gate : es::kRecurrentActivations) {
            if (gate == Activation::Sigmoid)
                continue;
            cases.push_back({"gru" + reset + " tanh/" + std::string(es::activationKey(gate)),
                             {recurrent(LayerType::Gru, false, [&](es::LayerConfig& layer) {
                                 layer.resetAfter = resetAfter;
                                 layer.recurrentActivation = gate;
                             })}});
        }
    }
    const auto noBias = [](es::LayerConfig& layer) { layer.useBias = false; };
    const auto backwards = [](es::LayerConfig& layer) { layer.goBackwards = true; };
    for (LayerType cell : {LayerType::Lstm, LayerType::Gru}) {
        const std::string key(es::layerTypeKey(cell));
        for (bool sequences : {true, false}) {
            const std::string last = sequences ? " seq" : " last";
            cases.push_back({key + " use_bias false" + last, {recurrent(cell, sequences, noBias)}});
            cases.push_back(
                {key + " go_backwards" + last, {recurrent(cell, sequences, backwards)}});
            for (MergeMode mode : es::kAllMergeModes)
                cases.push_back(
                    {"bidirectional " + key + " " + std::string(es::mergeModeKey(mode)) + last,
                     {bidirectional(cell, mode, sequences)}});
        }
        cases.push_back({"bidirectional " + key + " use_bias false",
                         {bidirectional(cell, MergeMode::Concat, true, noBias)}});
        // Keras 2's wrapper flips the wrapped layer's go_backwards for its backward copy.
        cases.push_back({"bidirectional " + key + " around go_backwards",
                         {bidirectional(cell, MergeMode::Concat, true, backwards)}});
    }
    cases.push_back(
        {"bidirectional gru reset_before hard_sigmoid_keras2",
         {bidirectional(LayerType::Gru, MergeMode::Ave, true, [](es::LayerConfig& layer) {
             layer.resetAfter = false;
             layer.recurrentActivation = Activation::HardSigmoidKeras2;
         })}});
    cases.push_back(
        {"stacked lstm seq -> gru backwards last",
         {recurrent(LayerType::Lstm, true), recurrent(LayerType::Gru, false, backwards)}});

    // mask_zero: each padding, through every way a layer reads the sequence.
    for (Padding padding : {Padding::Right, Padding::Left, Padding::Inside}) {
        for (LayerType cell : {LayerType::Lstm, LayerType::Gru}) {
            const std::vector<es::LayerConfig> layers = {
                recurrent(cell, true),
                recurrent(cell, false),
                recurrent(cell, true, backwards),
                recurrent(cell, false, backwards),
                bidirectional(cell, MergeMode::Concat, true),
                bidirectional(cell, MergeMode::Sum, false),
            };
            for (const es::LayerConfig& layer : layers) {
                std::string label = layerLabel(layer) + (layer.goBackwards ? " go_backwards" : "");
                cases.push_back(
                    {"mask " + std::string(paddingKey(padding)) + " " + label, {layer}, padding});
            }
        }
        // The mask passes through a layer that returns sequences to the next one.
        cases.push_back(
            {"mask " + std::string(paddingKey(padding)) + " stacked",
             {bidirectional(LayerType::Gru, MergeMode::Mul, true),
              recurrent(LayerType::Lstm, true, backwards), recurrent(LayerType::Gru, false)},
             padding});
        cases.push_back({"mask " + std::string(paddingKey(padding)) + " lstm relu/hard_sigmoid",
                         {recurrent(LayerType::Lstm, true,
                                    [](es::LayerConfig& layer) {
                                        layer.cellActivation = Activation::Relu;
                                        layer.recurrentActivation = Activation::HardSigmoid;
                                    })},
                         padding});
    }

    // Recurrent dropout, in training: the model's masks are drawn again here and given to the
    // reference.
    const auto dropped = [](es::LayerConfig& layer) { layer.recurrentDropout = 0.4; };
    cases.push_back({"recurrent_dropout lstm",
                     {recurrent(LayerType::Lstm, true, dropped)},
                     Padding::None,
                     true});
    cases.push_back({"recurrent_dropout gru reset_after",
                     {recurrent(LayerType::Gru, true, dropped)},
                     Padding::None,
                     true});
    cases.push_back({"recurrent_dropout gru reset_before",
                     {recurrent(LayerType::Gru, false,
                                [](es::LayerConfig& layer) {
                                    layer.recurrentDropout = 0.3;
                                    layer.resetAfter = false;
                                })},
                     Padding::None,
                     true});
    cases.push_back({"recurrent_dropout bidirectional lstm masked",
                     {bidirectional(LayerType::Lstm, MergeMode::Concat, true, dropped)},
                     Padding::Right,
                     true});
    return cases;
}

/// The three ways to run a layer: each backend's kernel, and the step loop (unroll, which
/// changes nothing else, keeps a layer off the whole-sequence kernels).
struct Variant {
    const char* name;
    es::Backend backend;
    bool unroll;
};
constexpr Variant kVariants[] = {
    {"libtorch", es::Backend::LibTorch, false},
    {"fused", es::Backend::OneDnn, false},
    {"step loop", es::Backend::LibTorch, true},
};

struct ReferenceShape {
    std::int64_t batch = 1, steps = 1, inputs = 1, units = 1;
};

/// The seeds of a row: the first gives the smallest shape, the others random ones.
constexpr int kSeeds[] = {1, 2, 3};

ReferenceShape shapeFor(const CaseSpec& spec, std::size_t row, int seed)
{
    const bool tokens = spec.padding != Padding::None;
    if (seed == kSeeds[0])
        return tokens ? ReferenceShape{4, 3, 1, 1} : ReferenceShape{1, 1, 1, 1};
    std::mt19937 generator(static_cast<std::uint32_t>(1000 * row + static_cast<std::size_t>(seed)));
    const auto uniform = [&](std::int64_t low, std::int64_t high) {
        return std::uniform_int_distribution<std::int64_t>(low, high)(generator);
    };
    ReferenceShape shape;
    shape.batch = tokens ? uniform(4, 7) : uniform(1, 6);
    shape.steps = tokens ? uniform(3, 9) : uniform(1, 9);
    shape.inputs = uniform(1, 5);
    shape.units = uniform(1, 6);
    return shape;
}

/// Token ids in [1, vocabulary) with the row's padding. Sample 0 is full, sample 1 all padding
/// (length 0), the others random; left and inside padding are guaranteed to occur.
torch::Tensor paddedTokens(Padding padding, const ReferenceShape& shape, std::int64_t vocabulary)
{
    torch::Tensor tokens = torch::randint(1, vocabulary, {shape.batch, shape.steps}, torch::kInt64);
    const std::int64_t steps = shape.steps;
    for (std::int64_t b = 0; b < shape.batch; ++b) {
        std::int64_t length = torch::randint(0, steps + 1, {1}).item<std::int64_t>();
        if (b == 0)
            length = steps;
        else if (b == 1)
            length = 0;
        else if (b == 2)
            length = steps - 1;  // one padding step: before a token unless padded on the right
        const std::int64_t padded = steps - length;
        switch (padding) {
            case Padding::Right: tokens[b].narrow(0, length, padded).zero_(); break;
            case Padding::Left: tokens[b].narrow(0, 0, padded).zero_(); break;
            case Padding::Inside:
                if (b == 2)
                    tokens[b][steps / 2] = 0;
                else if (b != 0)
                    tokens[b].index_put_({torch::rand({steps}) < 0.4}, 0);
                break;
            case Padding::None: break;
        }
    }
    return tokens;
}

es::ModelConfig modelFor(const CaseSpec& spec, const ReferenceShape& shape, bool unroll,
                         std::int64_t vocabulary)
{
    es::ModelConfig model;
    if (spec.padding != Padding::None) {
        model.layers.push_back(maskedEmbedding(vocabulary, shape.inputs));
    }
    for (es::LayerConfig layer : spec.layers) {
        layer.units = shape.units;
        layer.unroll = layer.unroll || unroll;
        model.layers.push_back(layer);
    }
    return model;
}

/// What one variant computed.
struct Computed {
    torch::Tensor output;
    std::map<std::string, torch::Tensor> gradients;  ///< "x" and every parameter
};

/// The outcome of a row, checked by its test function.
struct RowOutcome {
    double worstReference = 0.0;
    std::string whereReference;
    double worstAcrossKernels = 0.0;
    std::string whereAcrossKernels;
    std::vector<std::string> failures;
    int moduleChecked = 0;
    int cases = 0;
};

struct PendingCase {
    std::size_t row = 0;
    int seed = 0;
    std::string directory;
    std::vector<std::pair<std::string, Computed>> variants;
};

/// Python's JSON description of one recurrent layer (recurrentreference.py reads it).
nlohmann::json layerJson(const es::LayerConfig& layer, const std::string& name)
{
    const bool bidirectional = layer.type == es::LayerType::Bidirectional;
    return {{"type", "recurrent"},
            {"name", name},
            {"cell", std::string(es::layerTypeKey(es::recurrentCell(layer)))},
            {"bidirectional", bidirectional},
            {"merge_mode", std::string(es::mergeModeKey(layer.mergeMode))},
            {"return_sequences", layer.returnSequences},
            {"go_backwards", layer.goBackwards},
            {"use_bias", layer.useBias},
            {"activation", std::string(es::activationKey(layer.cellActivation))},
            {"recurrent_activation", std::string(es::activationKey(layer.recurrentActivation))},
            {"reset_after", layer.resetAfter}};
}

std::string fileName(const std::string& directory, const std::string& name)
{
    return directory + "/" + name;
}

/// Runs the reference over every case under `root`; empty on success, else why (with the fix).
QString runReference(const QString& root)
{
    if (!QFileInfo::exists(kPython))
        return "/usr/bin/python3 is missing: run scripts/bootstrap-debian.sh";
    QProcess python;
    python.setProcessChannelMode(QProcess::SeparateChannels);
    python.start(kPython, {es::test::pathFromCtest("EPOCHSCOPE_RECURRENT_REFERENCE"), root});
    if (!python.waitForFinished(kReferenceTimeoutMs))
        return "the reference (recurrentreference.py) did not finish within 10 minutes";
    const QString errors = QString::fromUtf8(python.readAllStandardError());
    if (errors.contains("No module named 'torch'") || errors.contains("No module named 'numpy'"))
        return "PyTorch or NumPy is missing for /usr/bin/python3 (python3-torch, "
               "python3-numpy): run scripts/bootstrap-debian.sh\n" +
               errors;
    if (python.exitStatus() != QProcess::NormalExit || python.exitCode() != 0)
        return "the reference (recurrentreference.py) failed: " + errors;
    return {};
}

/// Where the initializer tests configure an initializer.
constexpr const char* kInitializerPlaces[] = {"lstm kernel",  "lstm recurrent", "gru kernel",
                                              "dense kernel", "embedding",      "lstm bias",
                                              "gru bias"};

/// A weight (or part of one) in Keras' layout, and the fans Keras gives it.
struct InitializedBlock {
    std::string what;
    torch::Tensor keras;
    double fanIn = 1.0;
    double fanOut = 1.0;
};

/// Builds a large layer with `initializer` in `place` and returns what it drew there.
std::vector<InitializedBlock> initializedBlocks(const std::string& place, es::Initializer chosen)
{
    using es::LayerType;
    torch::manual_seed(31);
    es::ModelConfig config;
    std::int64_t features = 1;
    es::LayerConfig layer;
    layer.kernelInitializer = es::Initializer::Zeros;  // besides the one tested, cheap ones
    layer.recurrentInitializer = es::Initializer::Zeros;
    if (place == "embedding") {
        layer.type = LayerType::Embedding;
        layer.inputDim = 1000;
        layer.outputDim = 64;
        layer.embeddingsInitializer = chosen;
        config.layers = {layer};
        es::SequentialModel model(config, 1);
        return {{place, model->named_parameters()["embedding_1.weight"].detach(), 1000, 64}};
    }
    if (place == "dense kernel") {
        layer.type = LayerType::Dense;
        layer.units = 150;
        layer.kernelInitializer = chosen;
        config.layers = {layer};
        es::SequentialModel model(config, 500);
        return {{place, model->named_parameters()["dense_1.weight"].detach().t(), 500, 150}};
    }
    const bool gru = place.rfind("gru", 0) == 0;
    layer.type = gru ? LayerType::Gru : LayerType::Lstm;
    const std::int64_t gates = gru ? 3 : 4;
    const std::string name = gru ? "gru_1." : "lstm_1.";
    if (place == "lstm kernel" || place == "gru kernel") {
        layer.units = 100;
        layer.kernelInitializer = chosen;
        features = gru ? 200 : 300;
        config.layers = {layer};
        es::SequentialModel model(config, features);
        // Keras' kernel (inputs, gates x units): weight_ih_l0 transposed.
        return {{place, model->named_parameters()[name + "weight_ih_l0"].detach().t(),
                 static_cast<double>(features), static_cast<double>(gates * 100)}};
    }
    if (place == "lstm recurrent") {
        layer.units = 100;
        layer.recurrentInitializer = chosen;
        config.layers = {layer};
        es::SequentialModel model(config, 8);
        // Keras' recurrent kernel (units, gates x units): weight_hh_l0 transposed.
        return {{place, model->named_parameters()[name + "weight_hh_l0"].detach().t(), 100, 400}};
    }
    constexpr std::int64_t kUnits = 2000;
    layer.units = kUnits;
    layer.biasInitializer = chosen;
    config.layers = {layer};
    es::SequentialModel model(config, features);
    auto params = model->named_parameters();
    const torch::Tensor biasIh = params[name + "bias_ih_l0"].detach();
    const torch::Tensor biasHh = params[name + "bias_hh_l0"].detach();
    if (gru) {
        // Keras' (2, 3 x units) bias of a reset_after GRU: fan_in 2, fan_out 3 x units.
        return {{"bias_ih", biasIh, 2, 3 * kUnits}, {"bias_hh", biasHh, 2, 3 * kUnits}};
    }
    // unit_forget_bias: the input gate's units and the cell and output gates' 2 x units are
    // drawn as vectors of their own.
    return {{"input gate", biasIh.narrow(0, 0, kUnits), kUnits, kUnits},
            {"cell and output gates", biasIh.narrow(0, 2 * kUnits, 2 * kUnits), 2 * kUnits,
             2 * kUnits}};
}

/// Checks `block` against Keras' definition of `initializer`; empty when it holds.
std::string checkInitializer(const InitializedBlock& block, es::Initializer initializer)
{
    // Keras' VarianceScaling divides a truncated normal's stddev by the stddev of a standard
    // normal truncated at +-2, so that the draws have the variance it promises.
    constexpr double kTruncatedStddev = 0.87962566103423978;
    const torch::Tensor w = block.keras.to(torch::kDouble);
    const double n = static_cast<double>(w.numel());
    const double fanIn = block.fanIn;
    const double fanAverage = (block.fanIn + block.fanOut) / 2.0;
    double stddev = 0.0;  // of the draws
    double bound = 0.0;   // the largest |w| possible; 0 for none
    switch (initializer) {
        case es::Initializer::Zeros:
            return w.abs().max().item<double>() == 0.0 ? "" : "not all zero";
        case es::Initializer::Ones:
            return (w.min().item<double>() == 1.0 && w.max().item<double>() == 1.0) ? ""
                                                                                    : "not all one";
        case es::Initializer::Orthogonal: {
            // Keras' Orthogonal on the Keras matrix: orthonormal rows, or columns when it has
            // more rows than columns.
            const bool wide = w.size(0) <= w.size(1);
            const torch::Tensor product = wide ? w.mm(w.t()) : w.t().mm(w);
            const torch::Tensor identity = torch::eye(product.size(0), torch::kDouble);
            const double error = (product - identity).abs().max().item<double>();
            return error < 1e-4 ? "" : "not orthogonal (error " + std::to_string(error) + ")";
        }
        case es::Initializer::GlorotUniform: bound = std::sqrt(3.0 / fanAverage); break;
        case es::Initializer::HeUniform: bound = std::sqrt(6.0 / fanIn); break;
        case es::Initializer::LecunUniform: bound = std::sqrt(3.0 / fanIn); break;
        case es::Initializer::RandomUniform: bound = 0.05; break;
        case es::Initializer::GlorotNormal:
            stddev = std::sqrt(1.0 / fanAverage);
            bound = 2.0 * stddev / kTruncatedStddev;
            break;
        case es::Initializer::HeNormal:
            stddev = std::sqrt(2.0 / fanIn);
            bound = 2.0 * stddev / kTruncatedStddev;
            break;
        case es::Initializer::LecunNormal:
            stddev = std::sqrt(1.0 / fanIn);
            bound = 2.0 * stddev / kTruncatedStddev;
            break;
        case es::Initializer::TruncatedNormal:
            stddev = 0.05 * kTruncatedStddev;
            bound = 0.1;
            break;
        case es::Initializer::RandomNormal: stddev = 0.05; break;
    }
    if (stddev == 0.0)
        stddev = bound / std::sqrt(3.0);  // a uniform in [-bound, bound]
    const double measuredMean = w.mean().item<double>();
    const double measuredStddev = w.std().item<double>();
    const double largest = w.abs().max().item<double>();
    // Four standard errors of the sample's stddev (about sqrt(1 / 2n) of it), at least 3 %.
    const double stddevTolerance = std::max(0.03, 4.0 / std::sqrt(2.0 * n));
    std::string failure;
    if (std::abs(measuredMean) > 5.0 * stddev / std::sqrt(n))
        failure += "mean " + std::to_string(measuredMean) + "; ";
    if (std::abs(measuredStddev / stddev - 1.0) > stddevTolerance)
        failure += "stddev " + std::to_string(measuredStddev) + ", Keras' " +
                   std::to_string(stddev) + "; ";
    if (bound > 0.0 && (largest > bound * (1.0 + 1e-5) || largest < 0.9 * bound))
        failure +=
            "largest |w| " + std::to_string(largest) + ", bound " + std::to_string(bound) + "; ";
    return failure;
}

/// The names of the autograd nodes that `output` was computed through.
std::set<std::string> autogradNodeNames(const torch::Tensor& output)
{
    std::set<std::string> names;
    std::set<const torch::autograd::Node*> seen;
    std::vector<const torch::autograd::Node*> pending = {output.grad_fn().get()};
    while (!pending.empty()) {
        const torch::autograd::Node* node = pending.back();
        pending.pop_back();
        if (node == nullptr || !seen.insert(node).second)
            continue;
        names.insert(node->name());
        for (const torch::autograd::Edge& edge : node->next_edges())
            pending.push_back(edge.function.get());
    }
    return names;
}

}  // namespace

class TestRecurrentLayers : public QObject {
    Q_OBJECT

    std::vector<CaseSpec> m_cases = equivalenceCases();
    std::vector<RowOutcome> m_outcomes;
    QString m_referenceError;

    /// Builds each variant of a case, runs it forward and backward, writes the reference's
    /// inputs. Failures are recorded for the row.
    PendingCase computeCase(std::size_t row, int seed, const QString& root)
    {
        const CaseSpec& spec = m_cases[row];
        RowOutcome& outcome = m_outcomes[row];
        const ReferenceShape shape = shapeFor(spec, row, seed);
        constexpr std::int64_t kVocabulary = 7;
        PendingCase pending;
        pending.row = row;
        pending.seed = seed;
        pending.directory =
            QDir(root).filePath(QString("row%1-seed%2").arg(row).arg(seed)).toStdString();
        QDir().mkpath(QString::fromStdString(pending.directory));
        const std::string context =
            spec.name + " seed " + std::to_string(seed) + " (B" + std::to_string(shape.batch) +
            " T" + std::to_string(shape.steps) + " I" + std::to_string(shape.inputs) + " H" +
            std::to_string(shape.units) + ")";

        torch::manual_seed(static_cast<std::uint64_t>(seed) * 7919 + row);
        const bool tokens = spec.padding != Padding::None;
        const torch::Tensor input = tokens ? paddedTokens(spec.padding, shape, kVocabulary)
                                           : torch::randn({shape.batch, shape.steps, shape.inputs});
        const std::uint64_t weightSeed = static_cast<std::uint64_t>(seed) * 104729 + row;
        const std::uint64_t dropoutSeed = weightSeed + 1;

        torch::Tensor upstream;
        std::map<std::string, torch::Tensor> firstParameters;
        for (const Variant& variant : kVariants) {
            const es::ModelConfig config = modelFor(spec, shape, variant.unroll, kVocabulary);
            const std::int64_t features = tokens ? 1 : shape.inputs;
            torch::manual_seed(weightSeed);
            es::SequentialModel model(config, features, variant.backend);
            model->train();
            const std::string where = context + " on " + variant.name;

            // The kernels the model runs are the ones recurrentPaths() records.
            const auto expected = es::recurrentPaths(config, variant.backend, es::DeviceType::Cpu);
            const auto paths = model->recurrentPaths();
            bool samePaths = paths.size() == expected.size();
            for (std::size_t i = 0; samePaths && i < paths.size(); ++i)
                samePaths = paths[i].kernel == expected[i].kernel &&
                            paths[i].layerName == expected[i].layerName &&
                            paths[i].layerIndex == expected[i].layerIndex;
            if (!samePaths)
                outcome.failures.push_back(where + ": recurrentPaths() is not the config's");
            if (variant.unroll) {
                for (const es::RecurrentPath& path : paths)
                    if (path.kernel != es::RecurrentKernel::StepLoop)
                        outcome.failures.push_back(where + ": unroll is not on the step loop");
            }

            // Every variant starts from the same weights.
            const auto parameters = model->named_parameters();
            for (const auto& item : parameters) {
                if (firstParameters.empty() || !firstParameters.count(item.key()))
                    continue;
                if (!torch::equal(firstParameters[item.key()], item.value()))
                    outcome.failures.push_back(where + ": " + item.key() + " differs");
            }
            if (firstParameters.empty()) {
                for (const auto& item : parameters)
                    firstParameters[item.key()] = item.value().detach().clone();
            }

            torch::Tensor x = tokens ? input : input.clone().requires_grad_(true);
            torch::manual_seed(dropoutSeed);
            const torch::Tensor output = model->forward(x);
            if (!upstream.defined()) {
                torch::manual_seed(weightSeed + 2);
                upstream = torch::randn_like(output);
            }
            std::vector<torch::Tensor> sources;
            std::vector<std::string> names;
            for (const auto& item : parameters) {
                sources.push_back(item.value());
                names.push_back(item.key());
            }
            if (!tokens) {
                sources.push_back(x);
                names.push_back("x");
            }
            const auto gradients =
                torch::autograd::grad({(output * upstream).sum()}, sources, {}, false, false, true);
            Computed computed;
            computed.output = output.detach();
            for (std::size_t i = 0; i < names.size(); ++i)
                computed.gradients[names[i]] =
                    gradients[i].defined() ? gradients[i] : torch::zeros_like(sources[i]);
            pending.variants.emplace_back(variant.name, computed);

            // Without gradients (validation) the same outputs: oneDNN's inference primitive.
            if (!spec.training) {
                torch::NoGradGuard noGrad;
                const torch::Tensor inference = model->forward(x.detach());
                const double difference = relativeDifference(inference, computed.output);
                if (difference > kReferenceTolerance)
                    outcome.failures.push_back(where + ": without gradients differs by " +
                                               std::to_string(difference));
            }

            // A kernel that cannot stop samples early leaves only a mask padded on the right.
            const bool wholeSequence = !variant.unroll;
            std::int64_t fallbacks = 0;
            for (const es::StepLoopFallbacks& layer : model->stepLoopFallbacks())
                fallbacks += layer.stepLoopFallbacks;
            const bool stepped = paths.front().kernel == es::RecurrentKernel::StepLoop;
            const bool expectFallback =
                wholeSequence && !stepped &&
                (spec.padding == Padding::Left || spec.padding == Padding::Inside);
            const std::int64_t calls = spec.training ? 1 : 2;  // with and without gradients
            const std::int64_t expectedFallbacks =
                expectFallback ? calls * static_cast<std::int64_t>(paths.size()) : 0;
            if (fallbacks != expectedFallbacks)
                outcome.failures.push_back(where + ": " + std::to_string(fallbacks) +
                                           " step loop fallbacks, expected " +
                                           std::to_string(expectedFallbacks));
        }

        // The reference's inputs, from the first variant (all have the same weights).
        nlohmann::json caseJson;
        caseJson["input"] = tokens ? "tokens" : "features";
        const es::ModelConfig config = modelFor(spec, shape, false, kVocabulary);
        const std::vector<std::string> layerNames = es::layerNames(config);
        nlohmann::json layers = nlohmann::json::array();
        for (std::size_t i = 0; i < config.layers.size(); ++i) {
            const es::LayerConfig& layer = config.layers[i];
            if (layer.type == es::LayerType::Embedding)
                layers.push_back({{"type", "embedding"},
                                  {"name", layerNames[i]},
                                  {"mask_zero", layer.maskZero}});
            else
                layers.push_back(layerJson(layer, layerNames[i]));
        }
        caseJson["layers"] = layers;
        nlohmann::json parameterNames = nlohmann::json::array();
        for (const auto& [name, value] : firstParameters) {
            parameterNames.push_back(name);
            writeNpy(fileName(pending.directory, "param." + name + ".npy"), value);
        }
        caseJson["params"] = parameterNames;
        writeNpy(fileName(pending.directory, tokens ? "tokens.npy" : "x.npy"), input);
        writeNpy(fileName(pending.directory, "upstream.npy"), upstream);
        if (spec.training) {
            // The model draws, per recurrent layer and direction, the input dropout's mask (none
            // here) and then recurrent dropout's: (B, units), scaled by 1 / (1 - rate).
            torch::manual_seed(dropoutSeed);
            for (std::size_t i = 0; i < config.layers.size(); ++i) {
                const es::LayerConfig& layer = config.layers[i];
                if (!es::isRecurrent(layer))
                    continue;
                const int directions = layer.type == es::LayerType::Bidirectional ? 2 : 1;
                for (int d = 0; d < directions; ++d) {
                    const double rate = layer.recurrentDropout;
                    const torch::Tensor mask =
                        torch::empty({shape.batch, layer.units}).bernoulli_(1.0 - rate) /
                        (1.0 - rate);
                    writeNpy(fileName(pending.directory, "recmask." + layerNames[i] + "." +
                                                             std::to_string(d) + ".npy"),
                             mask);
                }
            }
        }
        std::ofstream(fileName(pending.directory, "case.json")) << caseJson.dump(2);
        return pending;
    }

    void compareWithReference(const PendingCase& pending)
    {
        RowOutcome& outcome = m_outcomes[pending.row];
        const std::string context =
            m_cases[pending.row].name + " seed " + std::to_string(pending.seed);
        std::ifstream resultFile(fileName(pending.directory, "result.json"));
        if (!resultFile) {
            outcome.failures.push_back(context + ": the reference wrote no result");
            return;
        }
        const auto result = nlohmann::json::parse(resultFile);
        outcome.moduleChecked += result.at("module_checked").get<int>();
        ++outcome.cases;

        const torch::Tensor output = readNpy(fileName(pending.directory, "output.npy"));
        const Computed& baseline = pending.variants.front().second;
        for (const auto& [variant, computed] : pending.variants) {
            const auto note = [&, &variant = variant](const std::string& what,
                                                      const torch::Tensor& actual,
                                                      const torch::Tensor& reference, double& worst,
                                                      std::string& where) {
                if (actual.sizes() != reference.sizes()) {
                    outcome.failures.push_back(context + " on " + variant + ": " + what +
                                               " has another shape than the reference");
                    return;
                }
                const double difference = relativeDifference(actual, reference);
                if (difference >= worst) {
                    worst = difference;
                    where = context + " on " + variant + ": " + what;
                }
            };
            note("output", computed.output, output, outcome.worstReference, outcome.whereReference);
            note("output vs libtorch", computed.output, baseline.output, outcome.worstAcrossKernels,
                 outcome.whereAcrossKernels);
            for (const auto& [name, gradient] : computed.gradients) {
                const torch::Tensor reference =
                    readNpy(fileName(pending.directory, "grad." + name + ".npy"));
                note("d " + name, gradient, reference, outcome.worstReference,
                     outcome.whereReference);
                note("d " + name + " vs libtorch", gradient, baseline.gradients.at(name),
                     outcome.worstAcrossKernels, outcome.whereAcrossKernels);
            }
        }
    }

private Q_SLOTS:
    // Every row's cases are computed here, the reference runs once over all of them (Python's
    // start and PyTorch's import cost seconds), and each row then checks its own.
    void initTestCase()
    {
        if (!es::oneDnnBuilt())
            QSKIP("this build has no oneDNN (EPOCHSCOPE_WITH_ONEDNN=OFF): no fused kernel here");
        QTemporaryDir root;
        QVERIFY(root.isValid());
        m_outcomes.assign(m_cases.size(), RowOutcome());
        std::vector<PendingCase> pending;
        for (std::size_t row = 0; row < m_cases.size(); ++row)
            for (int seed : kSeeds)
                pending.push_back(computeCase(row, seed, root.path()));
        m_referenceError = runReference(root.path());
        if (!m_referenceError.isEmpty())
            return;
        double worst = 0.0;
        double worstAcross = 0.0;
        for (const PendingCase& one : pending)
            compareWithReference(one);
        for (const RowOutcome& outcome : m_outcomes) {
            worst = std::max(worst, outcome.worstReference);
            worstAcross = std::max(worstAcross, outcome.worstAcrossKernels);
        }
        qInfo(
            "%zu rows, %zu cases x %zu kernels: largest relative difference %.2e from the "
            "reference, %.2e between kernels",
            m_cases.size(), pending.size(), std::size(kVariants), worst, worstAcross);
    }

    // Outputs and every gradient (input, embedding, each direction's weights and biases) of
    // each kernel within 1e-4 of the reference and of each other, the kernels the model
    // reports, and the fallbacks it counts for masks not padded on the right.
    void matchesReference_data()
    {
        QTest::addColumn<int>("row");
        for (std::size_t row = 0; row < m_cases.size(); ++row)
            QTest::newRow(m_cases[row].name.c_str()) << static_cast<int>(row);
    }

    void matchesReference()
    {
        QFETCH(int, row);
        QVERIFY2(m_referenceError.isEmpty(), qPrintable(m_referenceError));
        const RowOutcome& outcome = m_outcomes[static_cast<std::size_t>(row)];
        QCOMPARE(outcome.cases, static_cast<int>(std::size(kSeeds)));
        for (const std::string& failure : outcome.failures)
            qWarning("%s", failure.c_str());
        if (!outcome.failures.empty())
            QFAIL(outcome.failures.front().c_str());
        const std::string message =
            outcome.whereReference + " differs by " + std::to_string(outcome.worstReference);
        QVERIFY2(outcome.worstReference <= kReferenceTolerance, message.c_str());
        const std::string across = outcome.whereAcrossKernels + " differs by " +
                                   std::to_string(outcome.worstAcrossKernels);
        QVERIFY2(outcome.worstAcrossKernels <= kReferenceTolerance, across.c_str());
        // Where PyTorch's own module computes the layer the reference checked its cell on it.
        const CaseSpec& spec = m_cases[static_cast<std::size_t>(row)];
        const es::LayerConfig& first = spec.layers.front();
        const bool moduleRuns = spec.padding == Padding::None && !spec.training &&
                                first.cellActivation == es::Activation::Tanh &&
                                first.recurrentActivation == es::Activation::Sigmoid &&
                                (first.type == es::LayerType::Lstm || first.resetAfter) &&
                                !(first.type == es::LayerType::Bidirectional && first.goBackwards);
        if (moduleRuns)
            QVERIFY(outcome.moduleChecked >= outcome.cases);
    }

    // Keras' definitions on Keras' shapes: the statistics of a large layer's weights for each
    // initializer, in each place it can be configured.
    void initializerStatistics_data()
    {
        QTest::addColumn<QString>("place");
        QTest::addColumn<int>("initializer");
        for (const char* place : kInitializerPlaces) {
            for (es::Initializer initializer : es::kAllInitializers) {
                if (QString(place).endsWith("bias") && initializer == es::Initializer::Orthogonal)
                    continue;  // refused: see orthogonalBiasIsRefused
                QTest::addRow("%s %s", place, std::string(es::initializerKey(initializer)).c_str())
                    << QString(place) << static_cast<int>(initializer);
            }
        }
    }

    void initializerStatistics()
    {
        QFETCH(QString, place);
        QFETCH(int, initializer);
        const auto chosen = static_cast<es::Initializer>(initializer);
        const std::vector<InitializedBlock> blocks = initializedBlocks(place.toStdString(), chosen);
        QVERIFY(!blocks.empty());
        for (const InitializedBlock& block : blocks) {
            const std::string failure = checkInitializer(block, chosen);
            QVERIFY2(failure.empty(), (block.what + ": " + failure).c_str());
        }
    }

    // unit_forget_bias puts 1 in the LSTM's forget gate only (bias_ih's second quarter, as
    // Keras' i, f, c, o and LibTorch's i, f, g, o agree), bias_hh starts at zero, and use_bias
    // false leaves the modules without biases.
    void biasesAsKerasHoldsThem()
    {
        using es::LayerType;
        es::ModelConfig config;
        config.layers.push_back(recurrent(LayerType::Lstm, true, [](es::LayerConfig& layer) {
            layer.units = 6;
            layer.biasInitializer = es::Initializer::Ones;
            layer.unitForgetBias = false;
        }));
        config.layers.push_back(
            recurrent(LayerType::Lstm, true, [](es::LayerConfig& layer) { layer.units = 6; }));
        config.layers.push_back(recurrent(LayerType::Gru, true, [](es::LayerConfig& layer) {
            layer.units = 6;
            layer.resetAfter = false;
            layer.biasInitializer = es::Initializer::Ones;
        }));
        config.layers.push_back(recurrent(LayerType::Gru, true, [](es::LayerConfig& layer) {
            layer.units = 6;
            layer.biasInitializer = es::Initializer::Ones;
        }));
        config.layers.push_back(
            bidirectional(LayerType::Lstm, es::MergeMode::Sum, true, [](es::LayerConfig& layer) {
                layer.units = 6;
                layer.useBias = false;
            }));
        es::SequentialModel model(config, 3);
        auto params = model->named_parameters();
        // unit_forget_bias false: bias_initializer everywhere.
        QCOMPARE(params["lstm_1.bias_ih_l0"].min().item<float>(), 1.0f);
        QCOMPARE(params["lstm_1.bias_hh_l0"].abs().max().item<float>(), 0.0f);
        // The default: zeros, and the forget gate at 1.
        const torch::Tensor bias = params["lstm_2.bias_ih_l0"];
        QCOMPARE(bias.narrow(0, 0, 6).abs().max().item<float>(), 0.0f);
        QCOMPARE(bias.narrow(0, 6, 6).min().item<float>(), 1.0f);
        QCOMPARE(bias.narrow(0, 6, 6).max().item<float>(), 1.0f);
        QCOMPARE(bias.narrow(0, 12, 12).abs().max().item<float>(), 0.0f);
        // Keras' original GRU has one bias; with reset_after, two, both from bias_initializer.
        QCOMPARE(params["gru_1.bias_ih_l0"].min().item<float>(), 1.0f);
        QCOMPARE(params["gru_1.bias_hh_l0"].abs().max().item<float>(), 0.0f);
        QCOMPARE(params["gru_2.bias_ih_l0"].min().item<float>(), 1.0f);
        QCOMPARE(params["gru_2.bias_hh_l0"].min().item<float>(), 1.0f);
        for (const auto& item : params)
            QVERIFY2(item.key().rfind("bidirectional_1.bias", 0) != 0, item.key().c_str());
    }

    // Checkpoints name parameters after the layers and LibTorch's modules: the names and
    // shapes below are what a checkpoint holds, and their count is the model summary's.
    void parameterNamesAndCount()
    {
        using es::LayerType;
        es::ModelConfig config;
        config.layers.push_back(maskedEmbedding(30, 5));
        const auto units = [](std::int64_t count) {
            return [count](es::LayerConfig& layer) { layer.units = count; };
        };
        config.layers.push_back(recurrent(LayerType::Lstm, true, units(4)));
        config.layers.push_back(recurrent(LayerType::Gru, true, [](es::LayerConfig& layer) {
            layer.units = 3;
            layer.useBias = false;
        }));
        config.layers.push_back(
            bidirectional(LayerType::Gru, es::MergeMode::Concat, true, units(2)));
        config.layers.push_back(
            bidirectional(LayerType::Lstm, es::MergeMode::Ave, false, units(3)));
        es::LayerConfig head = es::test::dense(2, es::Activation::HardSigmoid);
        head.useBias = false;
        config.layers.push_back(head);
        es::SequentialModel model(config, 1);

        const std::map<std::string, std::vector<std::int64_t>> expected = {
            {"embedding_1.weight", {30, 5}},
            {"lstm_1.weight_ih_l0", {16, 5}},
            {"lstm_1.weight_hh_l0", {16, 4}},
            {"lstm_1.bias_ih_l0", {16}},
            {"lstm_1.bias_hh_l0", {16}},
            {"gru_1.weight_ih_l0", {9, 4}},
            {"gru_1.weight_hh_l0", {9, 3}},
            {"bidirectional_1.weight_ih_l0", {6, 3}},
            {"bidirectional_1.weight_hh_l0", {6, 2}},
            {"bidirectional_1.bias_ih_l0", {6}},
            {"bidirectional_1.bias_hh_l0", {6}},
            {"bidirectional_1.weight_ih_l0_reverse", {6, 3}},
            {"bidirectional_1.weight_hh_l0_reverse", {6, 2}},
            {"bidirectional_1.bias_ih_l0_reverse", {6}},
            {"bidirectional_1.bias_hh_l0_reverse", {6}},
            {"bidirectional_2.weight_ih_l0", {12, 4}},
            {"bidirectional_2.weight_hh_l0", {12, 3}},
            {"bidirectional_2.bias_ih_l0", {12}},
            {"bidirectional_2.bias_hh_l0", {12}},
            {"bidirectional_2.weight_ih_l0_reverse", {12, 4}},
            {"bidirectional_2.weight_hh_l0_reverse", {12, 3}},
            {"bidirectional_2.bias_ih_l0_reverse", {12}},
            {"bidirectional_2.bias_hh_l0_reverse", {12}},
            {"dense_1.weight", {2, 3}},
        };
        std::map<std::string, std::vector<std::int64_t>> actual;
        std::int64_t count = 0;
        for (const auto& item : model->named_parameters()) {
            actual[item.key()] = item.value().sizes().vec();
            count += item.value().numel();
        }
        QVERIFY(actual == expected);
        QCOMPARE(count, es::summarizeModel(config, {7}).totalParams);

        const auto output = model->forward(torch::randint(0, 30, {2, 7}, torch::kInt64));
        QCOMPARE(output.sizes().vec(), (std::vector<std::int64_t>{2, 2}));
        QVERIFY(output.min().item<float>() >= 0.0f && output.max().item<float>() <= 1.0f);
    }

    // Keras refuses an orthogonal bias; so does the model, naming the option.
    void orthogonalBiasIsRefused_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<QString>("path");
        QTest::newRow("lstm") << static_cast<int>(es::LayerType::Lstm)
                              << "model.layers[0].bias_initializer";
        QTest::newRow("bidirectional") << static_cast<int>(es::LayerType::Bidirectional)
                                       << "model.layers[0].layer.bias_initializer";
        QTest::newRow("dense") << static_cast<int>(es::LayerType::Dense)
                               << "model.layers[0].bias_initializer";
    }

    void orthogonalBiasIsRefused()
    {
        QFETCH(int, type);
        QFETCH(QString, path);
        es::LayerConfig layer = recurrent(static_cast<es::LayerType>(type), false);
        layer.units = 4;
        layer.biasInitializer = es::Initializer::Orthogonal;
        es::ModelConfig config;
        config.layers = {layer};
        try {
            es::SequentialModel model(config, 3);
            QFAIL("an orthogonal bias was accepted");
        } catch (const es::ConfigError& error) {
            QCOMPARE(QString::fromStdString(error.issues().front().path), path);
        }
        // Without a bias there is nothing to refuse.
        config.layers.front().useBias = false;
        es::SequentialModel model(config, 3);
        QCOMPARE(
            model->parameters().size(),
            static_cast<std::size_t>(type == static_cast<int>(es::LayerType::Dense)           ? 1
                                     : type == static_cast<int>(es::LayerType::Bidirectional) ? 4
                                                                                              : 2));
    }

    // What the model records is what the config says for each backend and device, and the
    // model runs it: a layer with a step-loop option beside fused ones.
    void reportsItsPaths_data()
    {
        QTest::addColumn<int>("backend");
        QTest::addColumn<int>("device");
        QTest::newRow("libtorch cpu")
            << static_cast<int>(es::Backend::LibTorch) << static_cast<int>(es::DeviceType::Cpu);
        QTest::newRow("onednn cpu")
            << static_cast<int>(es::Backend::OneDnn) << static_cast<int>(es::DeviceType::Cpu);
        QTest::newRow("libtorch cuda")
            << static_cast<int>(es::Backend::LibTorch) << static_cast<int>(es::DeviceType::Cuda);
    }

    void reportsItsPaths()
    {
        QFETCH(int, backend);
        QFETCH(int, device);
        const auto chosenBackend = static_cast<es::Backend>(backend);
        const auto chosenDevice = static_cast<es::DeviceType>(device);
        es::ModelConfig config;
        const auto units = [](es::LayerConfig& layer) { layer.units = 5; };
        config.layers.push_back(recurrent(es::LayerType::Gru, true, units));
        config.layers.push_back(es::test::dropout(0.1));
        config.layers.push_back(recurrent(es::LayerType::Lstm, true, [](es::LayerConfig& layer) {
            layer.units = 5;
            layer.recurrentActivation = es::Activation::HardSigmoidKeras2;
        }));
        config.layers.push_back(
            bidirectional(es::LayerType::Lstm, es::MergeMode::Concat, false, units));
        config.layers.push_back(es::test::dense(1));
        es::SequentialModel model(config, 3, chosenBackend, chosenDevice);
        const auto expected = es::recurrentPaths(config, chosenBackend, chosenDevice);
        const auto paths = model->recurrentPaths();
        QCOMPARE(paths.size(), std::size_t(3));
        for (std::size_t i = 0; i < paths.size(); ++i) {
            QCOMPARE(paths[i].layerIndex, expected[i].layerIndex);
            QCOMPARE(paths[i].layerName, expected[i].layerName);
            QCOMPARE(paths[i].kernel, expected[i].kernel);
            QCOMPARE(paths[i].reason, expected[i].reason);
        }
        QCOMPARE(paths[1].kernel, es::RecurrentKernel::StepLoop);
        if (chosenBackend == es::Backend::LibTorch && chosenDevice == es::DeviceType::Cpu) {
            // LibTorch 2.x runs its own LSTM fused (oneDNN), its GRU never.
            QCOMPARE(paths[0].kernel, es::RecurrentKernel::LibTorch);
            QCOMPARE(paths[2].kernel, es::libTorchFusesCpuLstm()
                                          ? es::RecurrentKernel::LibTorchFused
                                          : es::RecurrentKernel::LibTorch);
        }
        const auto fallbacks = model->stepLoopFallbacks();
        QCOMPARE(fallbacks.size(), std::size_t(3));
        QCOMPARE(fallbacks[2].layerName, std::string("bidirectional_1"));
        QCOMPARE(fallbacks[2].layerIndex, std::size_t(3));
        if (chosenDevice == es::DeviceType::Cpu) {
            const auto output = model->forward(torch::randn({2, 6, 3}));
            QCOMPARE(output.sizes().vec(), (std::vector<std::int64_t>{2, 1}));
            QCOMPARE(model->oneDnnStats().trainingRuns > 0,
                     chosenBackend == es::Backend::OneDnn);  // the bidirectional LSTM
        }
    }

    // What libTorchFusesCpuLstm() says is what LibTorch does: on the libtorch backend a
    // training forward of an LSTM goes through oneDNN's RNN layer (its backward node is in the
    // graph) exactly when it says so, masked or not; a GRU's never does.
    void libTorchFusedLstmIsWhatRuns_data()
    {
        QTest::addColumn<int>("cell");
        QTest::addColumn<bool>("masked");
        QTest::newRow("lstm") << static_cast<int>(es::LayerType::Lstm) << false;
        QTest::newRow("lstm masked") << static_cast<int>(es::LayerType::Lstm) << true;
        QTest::newRow("gru") << static_cast<int>(es::LayerType::Gru) << false;
    }

    void libTorchFusedLstmIsWhatRuns()
    {
        QFETCH(int, cell);
        QFETCH(bool, masked);
        const auto type = static_cast<es::LayerType>(cell);
        es::ModelConfig config;
        if (masked) {
            config.layers.push_back(maskedEmbedding(20, 4));
        }
        config.layers.push_back(
            recurrent(type, false, [](es::LayerConfig& layer) { layer.units = 6; }));
        config.layers.push_back(es::test::dense(1));
        es::SequentialModel model(config, masked ? 1 : 3, es::Backend::LibTorch);
        model->train();
        const auto paths = model->recurrentPaths();
        QCOMPARE(paths.size(), std::size_t(1));
        const bool fusedExpected = type == es::LayerType::Lstm && es::libTorchFusesCpuLstm();
        QCOMPARE(paths.front().kernel == es::RecurrentKernel::LibTorchFused, fusedExpected);
        // Right-padded token ids: the mask keeps the layer on its whole-sequence kernel.
        const torch::Tensor input =
            masked ? torch::tensor({5, 3, 7, 0, 0, 2, 9, 4, 1, 0}, torch::kInt64).reshape({2, 5})
                   : torch::randn({2, 5, 3});
        const torch::Tensor output = model->forward(input);
        QCOMPARE(autogradNodeNames(output).count("MkldnnRnnLayerBackward0") > 0, fusedExpected);
    }

    // Per-layer forward time: nothing is measured while off, each layer's time accumulates
    // while on, and resetLayerTimes() starts again.
    void timesEachLayer()
    {
        es::ModelConfig config;
        config.layers.push_back(maskedEmbedding(50, 8));
        config.layers.push_back(bidirectional(es::LayerType::Gru, es::MergeMode::Concat, true,
                                              [](es::LayerConfig& layer) { layer.units = 8; }));
        config.layers.push_back(es::test::lstm(8));
        config.layers.push_back(es::test::dropout(0.2));
        config.layers.push_back(es::test::dense(1, es::Activation::Sigmoid));
        es::SequentialModel model(config, 1, es::Backend::OneDnn);
        const auto tokens = torch::randint(1, 50, {4, 10}, torch::kInt64);
        QVERIFY(!model->layerTiming());
        model->forward(tokens);
        QCOMPARE(model->layerForwardSeconds(), std::vector<double>(5, 0.0));

        model->setLayerTiming(true);
        model->forward(tokens);
        const std::vector<double> once = model->layerForwardSeconds();
        QCOMPARE(once.size(), std::size_t(5));
        for (std::size_t layer : {0, 1, 2, 4})  // dropout may take less than the clock's tick
            QVERIFY2(once[layer] > 0.0, std::to_string(layer).c_str());
        model->forward(tokens);
        const std::vector<double> twice = model->layerForwardSeconds();
        for (std::size_t layer = 0; layer < twice.size(); ++layer)
            QVERIFY(twice[layer] >= once[layer]);
        QVERIFY(twice[1] > once[1]);

        model->resetLayerTimes();
        QCOMPARE(model->layerForwardSeconds(), std::vector<double>(5, 0.0));
        model->setLayerTiming(false);
        model->forward(tokens);
        QCOMPARE(model->layerForwardSeconds(), std::vector<double>(5, 0.0));
    }

    // kernel_l2 and recurrent_l2 reach every recurrent layer, both directions of a
    // bidirectional one.
    void l2CoversEveryRecurrentLayer()
    {
        es::ModelConfig config;
        config.layers.push_back(recurrent(es::LayerType::Gru, true, [](es::LayerConfig& layer) {
            layer.units = 4;
            layer.kernelL2 = 0.01;
            layer.recurrentL2 = 0.003;
        }));
        config.layers.push_back(bidirectional(es::LayerType::Lstm, es::MergeMode::Sum, false,
                                              [](es::LayerConfig& layer) {
                                                  layer.units = 4;
                                                  layer.kernelL2 = 0.02;
                                                  layer.recurrentL2 = 0.005;
                                              }));
        es::SequentialModel model(config, 3);
        auto params = model->named_parameters();
        const auto squares = [&](const char* name) {
            return params[name].pow(2).sum().item<double>();
        };
        const double expected = 0.01 * squares("gru_1.weight_ih_l0") +
                                0.003 * squares("gru_1.weight_hh_l0") +
                                0.02 * (squares("bidirectional_1.weight_ih_l0") +
                                        squares("bidirectional_1.weight_ih_l0_reverse")) +
                                0.005 * (squares("bidirectional_1.weight_hh_l0") +
                                         squares("bidirectional_1.weight_hh_l0_reverse"));
        QVERIFY(std::abs(model->regularizationLoss().item<double>() - expected) < 1e-6);
        QVERIFY(expected > 0.0);
    }

    // Recurrent dropout acts in training only: evaluated, the layer is the one without it.
    void recurrentDropoutOnlyInTraining()
    {
        es::ModelConfig withDropout;
        withDropout.layers.push_back(recurrent(es::LayerType::Lstm, true, [](es::LayerConfig& l) {
            l.units = 6;
            l.recurrentDropout = 0.5;
        }));
        es::ModelConfig without = withDropout;
        without.layers.front().recurrentDropout = 0.0;
        torch::manual_seed(4);
        es::SequentialModel dropped(withDropout, 3);
        torch::manual_seed(4);
        es::SequentialModel plain(without, 3);
        const auto x = torch::randn({5, 8, 3});
        dropped->eval();
        plain->eval();
        QVERIFY(relativeDifference(dropped->forward(x), plain->forward(x)) <= kReferenceTolerance);
        dropped->train();
        QVERIFY(relativeDifference(dropped->forward(x), plain->forward(x)) > 0.01);
    }

    // A model Keras users write for padded text trains on the CPU: embedding with mask_zero,
    // a bidirectional GRU, an LSTM, dropout and a sigmoid head, on a task it can learn (does a
    // sample's first token come from the upper half of the vocabulary?).
    void trainsMaskedBidirectionalModel_data()
    {
        QTest::addColumn<int>("backend");
        QTest::addColumn<bool>("leftPadded");
        QTest::newRow("libtorch, right padding")
            << static_cast<int>(es::Backend::LibTorch) << false;
        QTest::newRow("onednn, right padding") << static_cast<int>(es::Backend::OneDnn) << false;
        QTest::newRow("onednn, left padding") << static_cast<int>(es::Backend::OneDnn) << true;
    }

    void trainsMaskedBidirectionalModel()
    {
        QFETCH(int, backend);
        QFETCH(bool, leftPadded);
        constexpr std::int64_t kVocabulary = 20;
        constexpr std::int64_t kSamples = 128;
        constexpr std::int64_t kSteps = 12;
        constexpr std::int64_t kBatch = 32;
        constexpr int kTrainingSteps = 30;
        es::ModelConfig config;
        config.layers.push_back(maskedEmbedding(kVocabulary, 8));
        config.layers.push_back(bidirectional(es::LayerType::Gru, es::MergeMode::Concat, true,
                                              [](es::LayerConfig& layer) { layer.units = 8; }));
        config.layers.push_back(es::test::lstm(8));
        config.layers.push_back(es::test::dropout(0.2));
        config.layers.push_back(es::test::dense(1, es::Activation::Sigmoid));

        torch::manual_seed(12);
        torch::Tensor tokens = torch::randint(1, kVocabulary, {kSamples, kSteps}, torch::kInt64);
        const torch::Tensor lengths = torch::randint(3, kSteps + 1, {kSamples}, torch::kInt64);
        torch::Tensor labels = torch::zeros({kSamples, 1});
        for (std::int64_t i = 0; i < kSamples; ++i) {
            const std::int64_t length = lengths[i].item<std::int64_t>();
            const std::int64_t padding = kSteps - length;
            if (leftPadded)
                tokens[i].narrow(0, 0, padding).zero_();
            else
                tokens[i].narrow(0, length, padding).zero_();
            const std::int64_t first = tokens[i][leftPadded ? padding : 0].item<std::int64_t>();
            labels[i][0] = first >= kVocabulary / 2 ? 1.0f : 0.0f;
        }

        es::SequentialModel model(config, 1, static_cast<es::Backend>(backend));
        model->train();
        torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(0.02));
        std::vector<double> losses;
        for (int step = 0; step < kTrainingSteps; ++step) {
            const std::int64_t start = (step * kBatch) % kSamples;
            const auto batch = tokens.narrow(0, start, kBatch);
            const auto target = labels.narrow(0, start, kBatch);
            optimizer.zero_grad();
            const auto loss = torch::binary_cross_entropy(model->forward(batch), target) +
                              model->regularizationLoss();
            loss.backward();
            optimizer.step();
            losses.push_back(loss.item<double>());
            QVERIFY2(std::isfinite(losses.back()), std::to_string(step).c_str());
        }
        const auto mean = [&](std::size_t from, std::size_t count) {
            double sum = 0.0;
            for (std::size_t i = from; i < from + count; ++i)
                sum += losses[i];
            return sum / static_cast<double>(count);
        };
        const double first = mean(0, 5);
        const double last = mean(losses.size() - 5, 5);
        qInfo("loss %.4f -> %.4f", first, last);
        QVERIFY2(last < 0.9 * first,
                 (std::to_string(first) + " -> " + std::to_string(last)).c_str());

        std::int64_t fallbacks = 0;
        for (const es::StepLoopFallbacks& layer : model->stepLoopFallbacks())
            fallbacks += layer.stepLoopFallbacks;
        QCOMPARE(fallbacks, leftPadded ? std::int64_t(2 * kTrainingSteps) : std::int64_t(0));
    }
};

EPOCHSCOPE_TEST_APPLESS_MAIN(TestRecurrentLayers)
#include "tst_recurrentlayers.moc"
