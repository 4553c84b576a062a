#include "engine/keras/keraslayers.h"

#include "engine/config/jsonreader.h"
#include "engine/core/text.h"
#include "engine/i18n/translate.h"
#include "engine/keras/kerasoptions.h"
#include "engine/keras/kerasvalues.h"

#include <string_view>
#include <utility>

namespace es {

namespace {

using Json = nlohmann::json;

// The bounds the run config accepts (docs/config.md#model), checked here so that a refusal
// names the Keras layer rather than a config path.
constexpr std::int64_t kMaxUnits = 1 << 16;
constexpr std::int64_t kMaxVocabulary = 1 << 24;
constexpr std::int64_t kMaxAxis = std::int64_t(1) << 32;

/// A size option that must be given (units, input_dim, ...).
std::optional<std::int64_t> requiredSize(KerasOptions& options, std::string_view key,
                                         std::int64_t max)
{
    if (options.isObject() && options.take(key) == nullptr) {
        options.log().refuse(fillText(engineText("KerasImport",
                                                 "%1: option %2 is missing; expected an integer "
                                                 "from 1 to %3"),
                                      {options.label(), kerasQuoted(key), std::to_string(max)}));
        return std::nullopt;
    }
    return options.integer(key, 1, max);
}

/// Options every layer may carry that only a few layers use.
void readRarelyUsedOptions(KerasOptions& options)
{
    options.requireNull(
        "activity_regularizer",
        engineText("KerasImport", "EpochScope adds no penalty on a layer's output"));
    // Keras 3's LoRA (low-rank adaptation for fine-tuning) and quantized layers.
    options.requireNull("lora_rank",
                        engineText("KerasImport", "LoRA fine-tuning is not an EpochScope layer"));
    options.requireNull("quantization_config",
                        engineText("KerasImport", "EpochScope trains float32 weights"));
}

void readRecurrent(KerasOptions& options, LayerType cell, bool wrapped,
                   const KerasLayerContext& context, LayerConfig& layer)
{
    const KerasVersion& version = *context.version;
    readCommonLayerOptions(options);
    if (const auto units = requiredSize(options, "units", kMaxUnits))
        layer.units = *units;
    if (const auto activation = readKerasActivation(options, "activation", true, version))
        layer.cellActivation = *activation;
    if (const auto activation =
            readKerasActivation(options, "recurrent_activation", true, version)) {
        layer.recurrentActivation = *activation;
    } else if (options.isObject() && !options.take("recurrent_activation")) {
        if (const auto fallback = defaultRecurrentActivation(version))
            layer.recurrentActivation = *fallback;
        else
            options.log().refuse(
                fillText(engineText("KerasImport",
                                    "%1: option \"recurrent_activation\" is missing, and its "
                                    "default depends on the Keras version (hard_sigmoid before "
                                    "2.3, sigmoid since), which the file does not say; add it"),
                         {options.label()}));
    }
    if (const auto useBias = options.boolean("use_bias"))
        layer.useBias = *useBias;
    if (const auto initializer = readKerasInitializer(options, "kernel_initializer"))
        layer.kernelInitializer = *initializer;
    if (const auto initializer = readKerasInitializer(options, "recurrent_initializer"))
        layer.recurrentInitializer = *initializer;
    if (const auto initializer = readKerasInitializer(options, "bias_initializer"))
        layer.biasInitializer = *initializer;
    if (cell == LayerType::Lstm) {
        if (const auto unitForgetBias = options.boolean("unit_forget_bias"))
            layer.unitForgetBias = *unitForgetBias;
    } else if (const auto resetAfter = options.boolean("reset_after")) {
        layer.resetAfter = *resetAfter;
    } else if (options.isObject() && !options.take("reset_after")) {
        if (const auto fallback = defaultResetAfter(version))
            layer.resetAfter = *fallback;
        else
            options.log().refuse(
                fillText(engineText("KerasImport",
                                    "%1: option \"reset_after\" is missing, and its default "
                                    "depends on the Keras version (false in Keras 2 up to 2.3, "
                                    "true from 2.4 and in Keras 3), which the file does not "
                                    "say; add it"),
                         {options.label()}));
    }
    if (const auto l2 = readKerasL2(options, "kernel_regularizer"))
        layer.kernelL2 = *l2;
    if (const auto l2 = readKerasL2(options, "recurrent_regularizer"))
        layer.recurrentL2 = *l2;
    const char* noBiasPenalty =
        engineText("KerasImport", "EpochScope adds L2 penalties on kernels only");
    options.requireNull("bias_regularizer", noBiasPenalty);
    const char* noConstraints =
        engineText("KerasImport", "EpochScope does not constrain weights after each step");
    options.requireNull("kernel_constraint", noConstraints);
    options.requireNull("recurrent_constraint", noConstraints);
    options.requireNull("bias_constraint", noConstraints);
    if (const auto dropout = options.number("dropout", 0.0, 1.0))
        layer.dropout = *dropout;
    if (const auto dropout = options.number("recurrent_dropout", 0.0, 1.0))
        layer.recurrentDropout = *dropout;
    if (const auto returnSequences = options.boolean("return_sequences"))
        layer.returnSequences = *returnSequences;
    options.requireFalse("return_state",
                         engineText("KerasImport",
                                    "a Sequential model passes on the output only; the states "
                                    "need the functional API"));
    if (const auto backwards = options.boolean("go_backwards")) {
        if (wrapped && *backwards)
            options.refuse("go_backwards", true,
                           engineText("KerasImport",
                                      "in a Bidirectional layer the forward layer reads the "
                                      "sequence forward"));
        else
            layer.goBackwards = *backwards;
    }
    options.requireFalse("stateful",
                         engineText("KerasImport",
                                    "each batch starts from a zero state in EpochScope; carrying "
                                    "the state from batch to batch is not supported"));
    if (const auto unroll = options.boolean("unroll"))
        layer.unroll = *unroll;
    options.requireFalse(
        "time_major",
        engineText("KerasImport", "EpochScope's layers take (batch, timesteps, features)"));
    if (const auto zeroOutput = options.boolean("zero_output_for_mask")) {
        // Keras' Bidirectional sets it to return_sequences on the layers it wraps, so there it
        // says nothing the wrapper does not. On a plain layer it matters only where masked steps
        // reach the output.
        if (*zeroOutput && !wrapped && context.masked && layer.returnSequences)
            options.refuse("zero_output_for_mask", true,
                           engineText("KerasImport",
                                      "EpochScope's layers carry their last output through "
                                      "masked steps, as Keras does by default"));
    }
    noteKerasSeed(options);
    readRarelyUsedOptions(options);
}

LayerConfig importEmbedding(KerasOptions& options, ImportedKerasLayer& imported)
{
    LayerConfig layer;
    layer.type = LayerType::Embedding;
    readCommonLayerOptions(options);
    if (const auto inputDim = requiredSize(options, "input_dim", kMaxVocabulary))
        layer.inputDim = *inputDim;
    if (const auto outputDim = requiredSize(options, "output_dim", kMaxUnits))
        layer.outputDim = *outputDim;
    if (const auto initializer = readKerasInitializer(options, "embeddings_initializer"))
        layer.embeddingsInitializer = *initializer;
    options.requireNull(
        "embeddings_regularizer",
        engineText("KerasImport", "EpochScope adds L2 penalties on LSTM and GRU kernels only"));
    options.requireNull(
        "embeddings_constraint",
        engineText("KerasImport", "EpochScope does not constrain weights after each step"));
    if (const auto maskZero = options.boolean("mask_zero"))
        layer.maskZero = *maskZero;
    if (const Json* length = options.take("input_length");
        length != nullptr && !length->is_null()) {
        if (length->is_number_integer() && length->get<std::int64_t>() >= 1 &&
            length->get<std::int64_t>() <= kMaxAxis)
            imported.inputLength = length->get<std::int64_t>();
        else
            options.refuseType("input_length", *length,
                               engineText("KerasImport", "a positive integer or null"));
    }
    options.requireFalse(
        "sparse", engineText("KerasImport", "EpochScope's embedding computes dense gradients"));
    readRarelyUsedOptions(options);
    return layer;
}

LayerConfig importDense(KerasOptions& options, const KerasLayerContext& context)
{
    LayerConfig layer;
    layer.type = LayerType::Dense;
    readCommonLayerOptions(options);
    if (const auto units = requiredSize(options, "units", kMaxUnits))
        layer.units = *units;
    if (const auto activation = readKerasActivation(options, "activation", false, *context.version))
        layer.activation = *activation;
    if (const auto useBias = options.boolean("use_bias"))
        layer.useBias = *useBias;
    if (const auto initializer = readKerasInitializer(options, "kernel_initializer"))
        layer.kernelInitializer = *initializer;
    if (const auto initializer = readKerasInitializer(options, "bias_initializer"))
        layer.biasInitializer = *initializer;
    const char* kernelsOnly =
        engineText("KerasImport", "EpochScope adds L2 penalties on LSTM and GRU kernels only");
    options.requireNull("kernel_regularizer", kernelsOnly);
    options.requireNull("bias_regularizer", kernelsOnly);
    const char* noConstraints =
        engineText("KerasImport", "EpochScope does not constrain weights after each step");
    options.requireNull("kernel_constraint", noConstraints);
    options.requireNull("bias_constraint", noConstraints);
    readRarelyUsedOptions(options);
    return layer;
}

LayerConfig importDropout(KerasOptions& options)
{
    LayerConfig layer;
    layer.type = LayerType::Dropout;
    readCommonLayerOptions(options);
    if (options.isObject() && options.take("rate") == nullptr)
        options.log().refuse(fillText(engineText("KerasImport",
                                                 "%1: option \"rate\" is missing; expected a "
                                                 "number from 0 up to but not 1"),
                                      {options.label()}));
    if (const auto rate = options.number("rate", 0.0, 1.0))
        layer.rate = *rate;
    options.requireNull("noise_shape",
                        engineText("KerasImport",
                                   "EpochScope drops each value on its own; a mask shared "
                                   "along axes is not supported"));
    noteKerasSeed(options);
    readRarelyUsedOptions(options);
    return layer;
}

/// Whether `backward` is the layer Keras makes itself from `forward` (Keras 3 writes it into
/// every Bidirectional's config): the same class and options, but for its name and
/// go_backwards. Returns the first option that differs, or nullopt when it is that layer.
std::optional<std::string> backwardDifference(const Json& forward, const Json& backward)
{
    if (!forward.is_object() || !backward.is_object())
        return std::string("config");
    if (forward.value("class_name", Json()) != backward.value("class_name", Json()))
        return std::string("class_name");
    const Json forwardConfig = forward.value("config", Json::object());
    const Json backwardConfig = backward.value("config", Json::object());
    if (!forwardConfig.is_object() || !backwardConfig.is_object())
        return std::string("config");
    const auto skipped = [](const std::string& key) {
        return key == "name" || key == "go_backwards";
    };
    for (const auto& [key, value] : forwardConfig.items()) {
        if (skipped(key))
            continue;
        const auto other = backwardConfig.find(key);
        if (other == backwardConfig.end() || *other != value)
            return key;
    }
    for (const auto& [key, value] : backwardConfig.items()) {
        if (!skipped(key) && !forwardConfig.contains(key))
            return key;
    }
    if (forwardConfig.value("go_backwards", false) == backwardConfig.value("go_backwards", false))
        return std::string("go_backwards");
    return std::nullopt;
}

LayerConfig importBidirectional(KerasOptions& options, const KerasLayerContext& context)
{
    LayerConfig layer;
    layer.type = LayerType::Bidirectional;
    readCommonLayerOptions(options);
    if (const Json* mode = options.take("merge_mode")) {
        const std::string name = mode->is_string() ? mode->get<std::string>() : std::string();
        if (mode->is_null())
            options.refuse("merge_mode", *mode,
                           engineText("KerasImport",
                                      "without a merge mode Keras returns the two directions as "
                                      "a list, which a Sequential model cannot pass on; use "
                                      "concat, sum, mul or ave"));
        else if (name == "concat" || name == "sum" || name == "mul" || name == "ave")
            layer.mergeMode = name == "concat" ? MergeMode::Concat
                              : name == "sum"  ? MergeMode::Sum
                              : name == "mul"  ? MergeMode::Mul
                                               : MergeMode::Ave;
        else
            options.refuseType(
                "merge_mode", *mode,
                engineText("KerasImport", "\"concat\", \"sum\", \"mul\" or \"ave\""));
    }
    options.requireNull("num_constants", engineText("KerasImport",
                                                    "constants passed to the wrapped cell need "
                                                    "the functional API"));
    const Json* wrapped = options.take("layer");
    const Json* backward = options.take("backward_layer");
    readRarelyUsedOptions(options);
    if (wrapped == nullptr || !wrapped->is_object()) {
        if (options.isObject())
            options.refuseType("layer", wrapped != nullptr ? *wrapped : Json(),
                               engineText("KerasImport", "the wrapped LSTM or GRU layer"));
        return layer;
    }
    const Json className = wrapped->value("class_name", Json());
    const std::string kind = className.is_string() ? className.get<std::string>() : std::string();
    if (kind != "LSTM" && kind != "GRU") {
        options.refuse(
            "layer", className,
            engineText("KerasImport", "EpochScope's bidirectional layer wraps an LSTM or a GRU"));
        return layer;
    }
    layer.wrapped = kind == "LSTM" ? LayerType::Lstm : LayerType::Gru;
    if (backward != nullptr && !backward->is_null()) {
        if (const auto differs = backwardDifference(*wrapped, *backward))
            options.refuseOption("backward_layer",
                                 fillText(engineText("KerasImport",
                                                     "it differs from the forward layer in %1, and "
                                                     "EpochScope runs the backward direction as a "
                                                     "copy of \"layer\" that reads the sequence in "
                                                     "reverse"),
                                          {kerasQuoted(*differs)}));
    }
    const Json config = wrapped->value("config", Json());
    const std::string label =
        kerasWrappedLabel(kerasLayerName(config, kind), kind, options.label());
    KerasOptions wrapper(*wrapped, label, {KerasScope::LayerObject}, options.log());
    KerasOptions inner(readKerasWrapper(wrapper), label, {KerasScope::Layer, KerasScope::Recurrent},
                       options.log());
    readRecurrent(inner, layer.wrapped, true, context, layer);
    inner.finish();
    return layer;
}

void importInputLayer(KerasOptions& options, ImportedKerasLayer& imported)
{
    options.take("name");
    // Keras 3 writes batch_shape, Keras 2 batch_input_shape.
    const Json* shape = options.take("batch_shape");
    if (const Json* keras2 = options.take("batch_input_shape");
        shape == nullptr || shape->is_null())
        shape = keras2;
    if (shape != nullptr && !shape->is_null())
        imported.batchShape = readKerasShape(*shape, options.label(), options.log());
    // The data decides what EpochScope feeds (token ids for an Embedding, float32 features
    // otherwise), as Keras casts the input to what the first layer takes.
    if (const Json* dtype = options.take("dtype"); dtype != nullptr && !dtype->is_null())
        imported.inputDtype = kerasDtypeName(*dtype).value_or(std::string());
    options.requireFalse("sparse", engineText("KerasImport", "EpochScope feeds dense arrays"));
    options.requireFalse(
        "ragged", engineText("KerasImport", "EpochScope feeds sequences of one length per batch"));
    options.requireFalse("optional", engineText("KerasImport", "the model's input is required"));
}

}  // namespace

std::optional<KerasShape> readKerasShape(const Json& value, const std::string& what, ImportLog& log)
{
    bool valid = value.is_array() && !value.empty();
    KerasShape shape;
    if (valid) {
        for (const Json& axis : value) {
            if (axis.is_null()) {
                shape.push_back(std::nullopt);
            } else if (axis.is_number_integer() && axis.get<std::int64_t>() >= 1 &&
                       axis.get<std::int64_t>() <= kMaxAxis) {
                shape.push_back(axis.get<std::int64_t>());
            } else {
                valid = false;
                break;
            }
        }
    }
    if (valid)
        return shape;
    log.refuse(fillText(engineText("KerasImport",
                                   "%1: expected a shape (an array of positive integers and "
                                   "nulls), got %2"),
                        {what, JsonReader::describe(value)}));
    return std::nullopt;
}

ImportedKerasLayer importKerasLayer(const Json& object, const KerasLayerContext& context)
{
    ImportLog& log = *context.log;
    ImportedKerasLayer imported;
    const Json className = object.is_object() ? object.value("class_name", Json()) : Json();
    imported.className = className.is_string() ? className.get<std::string>() : std::string("?");
    const Json config = object.is_object() ? object.value("config", Json()) : Json();
    imported.name = kerasLayerName(config, "layers[" + std::to_string(context.position) + "]");
    imported.label = kerasLayerLabel(imported.name, imported.className);
    if (!object.is_object() || !className.is_string()) {
        log.refuse(fillText(engineText("KerasImport",
                                       "%1: expected a layer ({\"class_name\": ..., \"config\": "
                                       "{...}}), got %2"),
                            {imported.label, JsonReader::describe(object)}));
        return imported;
    }

    KerasOptions wrapper(object, imported.label, {KerasScope::LayerObject}, log);
    if (const Json* build = wrapper.take("build_config"); build != nullptr && build->is_object()) {
        const auto shape = build->find("input_shape");
        if (shape != build->end() && !shape->is_null())
            imported.buildShape =
                readKerasShape(*shape, imported.label + " build_config.input_shape", log);
    }
    const std::string kind = imported.className;
    const bool known = kind == "InputLayer" || kind == "Embedding" || kind == "LSTM" ||
                       kind == "GRU" || kind == "Bidirectional" || kind == "Dropout" ||
                       kind == "Dense";
    if (!known) {
        log.refuse(
            fillText(engineText("KerasImport", "%1: layer type not supported; supported: %2"),
                     {imported.label, kSupportedKerasLayers}));
        return imported;
    }
    const Json& layerConfig = readKerasWrapper(wrapper);
    if (!object.contains("config") || !object["config"].is_object()) {
        log.refuse(fillText(engineText("KerasImport", "%1: the layer has no \"config\" object"),
                            {imported.label}));
        return imported;
    }

    if (kind == "InputLayer") {
        imported.inputLayer = true;
        KerasOptions options(layerConfig, imported.label, {KerasScope::Layer}, log);
        importInputLayer(options, imported);
        options.finish();
        return imported;
    }
    std::vector<KerasScope> scopes{KerasScope::Layer};
    if (kind == "LSTM" || kind == "GRU")
        scopes.push_back(KerasScope::Recurrent);
    if (kind == "Dropout")
        scopes.push_back(KerasScope::Dropout);
    if (kind == "Embedding" || kind == "Dense")
        scopes.push_back(KerasScope::Lora);
    KerasOptions options(layerConfig, imported.label, scopes, log);
    if (context.first) {
        if (const Json* shape = options.take("batch_input_shape");
            shape != nullptr && !shape->is_null())
            imported.batchShape =
                readKerasShape(*shape, imported.label + " batch_input_shape", log);
    }
    LayerConfig layer;
    if (kind == "Embedding") {
        layer = importEmbedding(options, imported);
    } else if (kind == "LSTM" || kind == "GRU") {
        layer.type = kind == "LSTM" ? LayerType::Lstm : LayerType::Gru;
        readRecurrent(options, layer.type, false, context, layer);
    } else if (kind == "Bidirectional") {
        layer = importBidirectional(options, context);
    } else if (kind == "Dropout") {
        layer = importDropout(options);
    } else {
        layer = importDense(options, context);
    }
    options.finish();
    imported.layer = layer;
    return imported;
}

}  // namespace es
