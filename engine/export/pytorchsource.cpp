#include "engine/export/pytorchsource.h"

#include "engine/config/runconfig.h"
#include "engine/core/text.h"
#include "engine/export/pytorchrecurrent.h"
#include "engine/export/pytorchtokenizer.h"
#include "engine/model/modelsummary.h"

#include <algorithm>
#include <charconv>
#include <cstddef>

namespace es {

namespace {

constexpr const char* kIndent = "        ";  // a line of Model's methods

/// The shortest text that reads back as `value` ("0.5", "1e-05"), as Python's repr writes it.
std::string pythonNumber(double value)
{
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    return std::string(text, result.ptr);
}

/// User text (the run's name, a path) inside a Python docstring: controls escaped as
/// escapeControls() writes them, and backslashes and quotes escaped so that neither ends the
/// string nor starts an escape.
std::string docstringText(std::string_view text)
{
    std::string escaped;
    for (const char character : escapeControls(text)) {
        if (character == '\\' || character == '"')
            escaped += '\\';
        escaped += character;
    }
    return escaped;
}

bool readsTokens(const ModelConfig& model)
{
    return !model.layers.empty() && model.layers.front().type == LayerType::Embedding;
}

/// "(batch, 64, 8)": a shape per sample with the batch dimension in front.
std::string batchShape(const std::vector<std::int64_t>& sample)
{
    std::string text = "(batch";
    for (const std::int64_t size : sample)
        text += ", " + std::to_string(size);
    return text + ")";
}

std::string inputText(const RunConfig& config, const std::vector<std::int64_t>& sample)
{
    if (readsTokens(config.model))
        return "a torch.long tensor " + batchShape(sample) + " of token ids in [0, " +
               std::to_string(config.model.layers.front().inputDim) + ")";
    std::string text = "a torch.float32 tensor " + batchShape(sample);
    if (sample.size() == 2)
        text += ", " + std::to_string(sample[0]) + " time steps of " + std::to_string(sample[1]) +
                " features";
    return text;
}

/// The loss as EpochScope computes it (engine/train/losses.cpp), in PyTorch's terms.
std::string lossText(LossType loss)
{
    switch (loss) {
        case LossType::Mse: return "mse, torch.nn.MSELoss()";
        case LossType::Mae: return "mae, torch.nn.L1Loss()";
        case LossType::BinaryCrossentropy:
            return "binary_crossentropy on the output probabilities, torch.nn.BCELoss()\n"
                   "        (EpochScope, like Keras, first clips them to [1e-7, 1 - 1e-7])";
        case LossType::CategoricalCrossentropy:
            return "categorical_crossentropy on the output probabilities against one-hot "
                   "targets:\n"
                   "        -(y * p.clamp(1e-7, 1 - 1e-7).log()).sum(-1).mean()";
        case LossType::SparseCategoricalCrossentropy:
            return "sparse_categorical_crossentropy on the output probabilities against class "
                   "ids:\n"
                   "        torch.nn.NLLLoss() on p.clamp(1e-7, 1 - 1e-7).log()";
    }
    return std::string(lossKey(loss));
}

std::string recurrentText(const LayerConfig& layer)
{
    const std::string cell = recurrentCell(layer) == LayerType::Lstm ? "LSTM" : "GRU";
    std::string text = cell + "(" + std::to_string(layer.units) + ")";
    if (layer.type == LayerType::Bidirectional)
        text = "Bidirectional(" + text + ", merge_mode " +
               std::string(mergeModeKey(layer.mergeMode)) + ")";
    if (layer.cellActivation != Activation::Tanh)
        text += ", activation " + std::string(activationKey(layer.cellActivation));
    if (layer.recurrentActivation != Activation::Sigmoid)
        text += ", recurrent_activation " + std::string(activationKey(layer.recurrentActivation));
    if (recurrentCell(layer) == LayerType::Gru && !layer.resetAfter)
        text += ", reset_after False";
    if (!layer.useBias)
        text += ", use_bias False";
    if (layer.goBackwards)
        text += ", go_backwards";
    if (layer.returnSequences)
        text += ", return_sequences";
    return text;
}

/// The layer as the docstring lists it: "Dense(1, sigmoid)".
std::string layerText(const LayerConfig& layer)
{
    switch (layer.type) {
        case LayerType::Embedding:
            return "Embedding(" + std::to_string(layer.inputDim) + ", " +
                   std::to_string(layer.outputDim) + ")" +
                   (layer.maskZero ? ", mask_zero: token id 0 is padding" : "");
        case LayerType::Lstm:
        case LayerType::Gru:
        case LayerType::Bidirectional: return recurrentText(layer);
        case LayerType::Dropout: return "Dropout(" + pythonNumber(layer.rate) + ")";
        case LayerType::Dense:
            return "Dense(" + std::to_string(layer.units) + ", " +
                   std::string(activationKey(layer.activation)) + ")" +
                   (layer.useBias ? "" : ", use_bias False");
    }
    return {};
}

/// What the config trains with that an inference module leaves out, one line each.
std::vector<std::string> trainingOnlyLines(const ModelConfig& model,
                                           const std::vector<std::string>& names)
{
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < model.layers.size(); ++i) {
        const LayerConfig& layer = model.layers[i];
        if (!isRecurrent(layer))
            continue;
        const std::pair<const char*, double> options[] = {
            {"dropout", layer.dropout},
            {"recurrent_dropout", layer.recurrentDropout},
            {"kernel_l2", layer.kernelL2},
            {"recurrent_l2", layer.recurrentL2}};
        std::string text;
        for (const auto& [key, value] : options)
            if (value > 0.0)
                text += (text.empty() ? "" : ", ") + std::string(key) + " " + pythonNumber(value);
        if (!text.empty())
            lines.push_back(names[i] + ": " + text);
    }
    return lines;
}

/// The Dense layer's activation around `linear`, the nn.Linear's output.
std::string activated(Activation activation, const std::string& linear)
{
    switch (activation) {
        case Activation::Linear: return linear;
        case Activation::Relu: return "torch.relu(" + linear + ")";
        case Activation::Sigmoid: return "torch.sigmoid(" + linear + ")";
        case Activation::Tanh: return "torch.tanh(" + linear + ")";
        case Activation::Softmax: return "torch.softmax(" + linear + ", -1)";
        case Activation::HardSigmoid:
            return "torch.clamp(" + linear + " / 6 + 0.5, 0.0, 1.0)  # Keras 3's hard_sigmoid";
        case Activation::HardSigmoidKeras2:
            return "torch.clamp(0.2 * " + linear + " + 0.5, 0.0, 1.0)  # Keras 2's hard_sigmoid";
    }
    return linear;
}

/// Model's __init__ and forward, layer by layer.
struct ModelBody {
    std::vector<std::string> init;
    std::vector<std::string> forward;
    bool usesKerasRecurrent = false;
};

ModelBody modelBody(const ModelConfig& model, const std::vector<std::int64_t>& sample)
{
    ModelBody body;
    const std::vector<std::string> names = layerNames(model);
    std::int64_t width = sample.size() == 2 ? sample[1] : 1;  // features entering a layer
    // Whether mask_zero's mask is on the sequence: from the embedding that sets it until a
    // recurrent layer drops the time axis (SequentialModelImpl::applyLayer).
    bool masked = false;
    for (std::size_t i = 0; i < model.layers.size(); ++i) {
        const LayerConfig& layer = model.layers[i];
        const std::string& name = names[i];
        const std::string self = "self." + name;
        switch (layer.type) {
            case LayerType::Embedding:
                body.init.push_back(self + " = nn.Embedding(" + std::to_string(layer.inputDim) +
                                    ", " + std::to_string(layer.outputDim) + ")");
                if (layer.maskZero) {
                    body.forward.push_back("mask = x != 0  # mask_zero: token id 0 is padding");
                    masked = true;
                }
                body.forward.push_back("x = " + self + "(x)");
                width = layer.outputDim;
                break;
            case LayerType::Lstm:
            case LayerType::Gru:
            case LayerType::Bidirectional: {
                const std::vector<std::string> misses = torchRecurrentMisses(layer, masked);
                if (!misses.empty()) {
                    const bool lstm = recurrentCell(layer) == LayerType::Lstm;
                    std::string reasons;
                    for (const std::string& miss : misses)
                        reasons += (reasons.empty() ? "" : ", ") + miss;
                    body.init.push_back(std::string("# Step by step: nn.") +
                                        (lstm ? "LSTM" : "GRU") + " does not compute " + reasons);
                    body.usesKerasRecurrent = true;
                }
                body.init.push_back(self + " = " + recurrentConstructor(layer, width, masked));
                const std::vector<std::string> lines = recurrentForwardLines(layer, name, masked);
                body.forward.insert(body.forward.end(), lines.begin(), lines.end());
                masked = masked && layer.returnSequences;
                width = recurrentOutputWidth(layer);
                break;
            }
            case LayerType::Dropout:
                body.init.push_back(self + " = nn.Dropout(" + pythonNumber(layer.rate) + ")");
                body.forward.push_back("x = " + self + "(x)");
                break;
            case LayerType::Dense:
                body.init.push_back(self + " = nn.Linear(" + std::to_string(width) + ", " +
                                    std::to_string(layer.units) +
                                    (layer.useBias ? "" : ", bias=False") + ")");
                body.forward.push_back("x = " + activated(layer.activation, self + "(x)"));
                width = layer.units;
                break;
        }
    }
    return body;
}

std::string docstring(const RunConfig& config, const PyTorchSourceContext& context)
{
    const std::vector<std::string> names = layerNames(config.model);
    const ModelSummary summary = summarizeModel(config.model, context.sampleShape);
    std::string text = "\"\"\"" + docstringText(config.name) +
                       ": an EpochScope model for PyTorch, written by its PyTorch export.\n\n";
    text += "Input:  x, " + inputText(config, context.sampleShape) + "\n";
    text +=
        "Output: a torch.float32 tensor " + batchShape(summary.layers.back().outputShape) + "\n";
    text += "Loss:   " + lossText(config.training.loss) + "\n\n";
    text += "Weights: weights.pt, the state_dict of Model() from " +
            docstringText(context.checkpoint) + " (" + context.checkpointKind + ").\n\n";
    text += "Layers, named as EpochScope names them (the state_dict's keys start with them):\n";
    std::size_t nameWidth = 0;
    for (const std::string& name : names)
        nameWidth = std::max(nameWidth, name.size());
    for (std::size_t i = 0; i < names.size(); ++i)
        text += "    " + names[i] + std::string(nameWidth + 2 - names[i].size(), ' ') +
                layerText(config.model.layers[i]) + "\n";
    const std::vector<std::string> trainingOnly = trainingOnlyLines(config.model, names);
    if (!trainingOnly.empty()) {
        text += "\nIn training only, and so not in this module:\n";
        for (const std::string& line : trainingOnly)
            text += "    " + line + "\n";
    }
    return text + "\"\"\"\n";
}

}  // namespace

std::string pytorchModelSource(const RunConfig& config, const PyTorchSourceContext& context)
{
    const ModelBody body = modelBody(config.model, context.sampleShape);
    std::string text = docstring(config, context);
    text += "\nimport torch\nfrom torch import nn\n\n\n";
    if (body.usesKerasRecurrent)
        text += kerasRecurrentSource() + "\n\n";
    text += "class Model(nn.Module):\n";
    text += "    \"\"\"" + docstringText(config.name) + " (see the module's docstring).\"\"\"\n\n";
    text += "    def __init__(self):\n";
    text += std::string(kIndent) + "super().__init__()\n";
    for (const std::string& line : body.init)
        text += kIndent + line + "\n";
    text += "\n    def forward(self, x):\n";
    for (const std::string& line : body.forward)
        text += kIndent + line + "\n";
    text += std::string(kIndent) + "return x\n";
    if (context.tokenizer)
        text += "\n" + pythonTokenizerSource();
    return text;
}

std::string pytorchReadme(const RunConfig& config, const PyTorchSourceContext& context)
{
    std::string text = escapeControls(config.name) + " for PyTorch, exported by EpochScope from " +
                       escapeControls(context.checkpoint) + " (" + context.checkpointKind +
                       ").\n\n";
    text +=
        "model.py is the model as a torch.nn.Module, class Model; its docstring names the input,\n"
        "the output, the loss and the layers. weights.pt is its state_dict, for torch.load.\n\n";
    text += "In this directory, these lines load it and predict y for x,\n" +
            inputText(config, context.sampleShape) + ":\n\n";
    text += "    import torch; from model import Model\n";
    text +=
        "    model = Model(); model.load_state_dict(torch.load(\"weights.pt\")); model.eval()\n";
    text += "    with torch.no_grad(): y = model(x)\n";
    if (context.tokenizer) {
        text +=
            "\nThe model was trained on text. tokenizer.json is its tokenizer, and model.py's\n"
            "tokenize_batch() makes x from texts exactly as EpochScope does:\n\n";
        text += "    from model import tokenize_batch, class_names\n";
        text += "    with torch.no_grad(): y = model(tokenize_batch([\"A great film.\"]))\n";
    }
    return text;
}

}  // namespace es
