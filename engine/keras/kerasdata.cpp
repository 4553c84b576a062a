#include "engine/keras/kerasdata.h"

#include "engine/config/jsonreader.h"
#include "engine/config/runconfig.h"
#include "engine/core/text.h"
#include "engine/i18n/translate.h"

#include <algorithm>

namespace es {

namespace {

// The synthetic data is generated whole in memory before the first step: the import keeps it
// to about 16.8 million values (64 MiB of float32 features, 128 MiB of int64 token ids), enough
// samples for a few dozen steps without making a wide model's first epoch take long.
constexpr std::int64_t kValueBudget = std::int64_t(1) << 24;
constexpr std::int64_t kMaxSamples = 2048;
// At least a few batches of Keras' default size, whatever the budget says.
constexpr std::int64_t kMinSamples = 128;
// Keras' model.fit() defaults, which the model file cannot hold.
constexpr std::int64_t kKerasBatchSize = 32;
constexpr int kEpochs = 1;
// The validation split the presets use: a fifth of the samples, as Keras examples often do.
constexpr double kValidationSplit = 0.2;
// The bounds the run config accepts for a sequence's length and width (docs/config.md).
constexpr std::int64_t kMaxTimesteps = 1 << 20;
constexpr std::int64_t kMaxFeatures = 1 << 16;
constexpr std::int64_t kMaxBatchSize = std::int64_t(1) << 32;
// The run config's bound on data.source.classes (docs/config.md).
constexpr std::int64_t kMaxClasses = 1000;

std::string shapeText(const KerasShape& shape)
{
    std::string text = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        text += (i > 0 ? ", " : "") + (shape[i] ? std::to_string(*shape[i]) : std::string("null"));
    return text + "]";
}

/// The input's time steps and (for float features) width; nullopt when refused.
struct InputPlan {
    std::int64_t timesteps = kDefaultKerasTimesteps;
    std::int64_t features = 1;
    bool timestepsDeclared = false;
    std::optional<std::int64_t> batchSize;
};

std::optional<InputPlan> planInput(const KerasModelFacts& facts, bool tokens,
                                   const std::string& firstLabel, ImportLog& log)
{
    InputPlan plan;
    const std::size_t rank = tokens ? 2 : 3;
    if (!facts.batchShape) {
        if (!tokens) {
            log.refuse(fillText(engineText("KerasImport",
                                           "the model does not declare its input shape (no "
                                           "InputLayer, batch_input_shape or build_config), so "
                                           "the number of features %1 reads is unknown: build "
                                           "the model with keras.Input(shape=(timesteps, "
                                           "features)) before saving it"),
                                {firstLabel}));
            return std::nullopt;
        }
    } else if (facts.batchShape->size() != rank) {
        log.refuse(fillText(
            tokens ? engineText("KerasImport",
                                "the model's input shape is %1, but %2 reads token ids shaped "
                                "(batch, timesteps)")
                   : engineText("KerasImport",
                                "the model's input shape is %1, but EpochScope trains sequence "
                                "models on float features shaped (batch, timesteps, features)"),
            {shapeText(*facts.batchShape), firstLabel}));
        return std::nullopt;
    } else {
        const KerasShape& shape = *facts.batchShape;
        if (shape[0])
            plan.batchSize = std::min(*shape[0], kMaxBatchSize);
        if (shape[1]) {
            plan.timesteps = *shape[1];
            plan.timestepsDeclared = true;
        }
        if (!tokens) {
            if (!shape[2]) {
                log.refuse(fillText(engineText("KerasImport",
                                               "the model's input shape %1 leaves the number of "
                                               "features open (null); %2 needs it"),
                                    {shapeText(shape), firstLabel}));
                return std::nullopt;
            }
            plan.features = *shape[2];
        }
    }
    if (!plan.timestepsDeclared && tokens && facts.inputLength) {
        plan.timesteps = *facts.inputLength;
        plan.timestepsDeclared = true;
    }
    if (plan.timesteps > kMaxTimesteps || plan.features > kMaxFeatures) {
        log.refuse(fillText(engineText("KerasImport",
                                       "the model's input (%1 time steps of %2 features) is "
                                       "larger than EpochScope takes (%3 time steps, %4 "
                                       "features)"),
                            {std::to_string(plan.timesteps), std::to_string(plan.features),
                             std::to_string(kMaxTimesteps), std::to_string(kMaxFeatures)}));
        return std::nullopt;
    }
    return plan;
}

/// Whether the model ends in a softmax over several classes trained as a classifier (by a
/// categorical loss, or by none named): EpochScope's synthetic sources then give class ids.
bool isSoftmaxClassifier(const LayerConfig& output, const std::optional<KerasLoss>& kerasLoss)
{
    if (output.units < 2 || output.activation != Activation::Softmax)
        return false;
    return !kerasLoss || *kerasLoss == KerasLoss::CategoricalCrossentropy ||
           *kerasLoss == KerasLoss::SparseCategoricalCrossentropy;
}

/// The loss EpochScope trains for the model's loss, given what the data's targets are.
LossType planLoss(const std::optional<KerasLoss>& kerasLoss, const LayerConfig& output, bool tokens,
                  bool classesMerged, const std::string& outputLabel, ImportLog& log)
{
    if (!kerasLoss) {
        const bool probability = output.activation == Activation::Sigmoid;
        const LossType chosen = output.activation == Activation::Softmax && output.units > 1
                                    ? LossType::SparseCategoricalCrossentropy
                                : probability && tokens ? LossType::BinaryCrossentropy
                                                        : LossType::Mse;
        log.note(fillText(engineText("KerasImport",
                                     "training.loss: the model was not compiled, so \"%1\" was "
                                     "chosen for %2 and the data's targets"),
                          {lossKey(chosen), outputLabel}));
        return chosen;
    }
    switch (*kerasLoss) {
        case KerasLoss::Mse: return LossType::Mse;
        case KerasLoss::Mae: return LossType::Mae;
        case KerasLoss::BinaryCrossentropy:
            if (tokens)
                return LossType::BinaryCrossentropy;
            log.note(engineText("KerasImport",
                                "training.loss: \"binary_crossentropy\" became \"mse\": the "
                                "synthetic_regression source's targets are real numbers, not "
                                "0/1 labels; on your own 0/1 targets set it back"));
            return LossType::Mse;
        case KerasLoss::CategoricalCrossentropy:
        case KerasLoss::SparseCategoricalCrossentropy: {
            if (!classesMerged)
                return *kerasLoss == KerasLoss::CategoricalCrossentropy
                           ? LossType::CategoricalCrossentropy
                           : LossType::SparseCategoricalCrossentropy;
            const LossType chosen = tokens ? LossType::BinaryCrossentropy : LossType::Mse;
            log.note(fillText(engineText("KerasImport",
                                         "training.loss: \"%1\" became \"%2\": the output "
                                         "has one unit (see above)"),
                              {kerasLossKey(*kerasLoss), lossKey(chosen)}));
            return chosen;
        }
    }
    return LossType::Mse;
}

}  // namespace

void planKerasRun(RunConfig& config, const KerasModelFacts& facts, ImportLog& log)
{
    std::vector<LayerConfig>& layers = config.model.layers;
    if (layers.empty())
        return;
    const bool tokens = layers.front().type == LayerType::Embedding;
    const std::string firstLabel = facts.labels.empty() ? std::string() : facts.labels.front();
    const std::string outputLabel = facts.labels.empty() ? std::string() : facts.labels.back();

    // The output: EpochScope's sources give one target per sample, which a Dense layer of one
    // unit predicts.
    LayerConfig& output = layers.back();
    if (output.type != LayerType::Dense) {
        log.refuse(fillText(engineText("KerasImport",
                                       "the model ends with %1; EpochScope's data sources give "
                                       "one target per sample, which the model must predict "
                                       "with a Dense layer (of 1 unit)"),
                            {outputLabel}));
        return;
    }
    const KerasCompile compile = facts.compile.value_or(KerasCompile{});
    const bool classifier = isSoftmaxClassifier(output, compile.loss);
    bool classesMerged = false;
    if (output.units > 1 && !classifier) {
        // No source gives several targets per sample, and a softmax trained as a regression
        // has no class targets to learn: the closest model that trains is the same one with
        // one output unit, a softmax becoming a sigmoid.
        const bool softmax = output.activation == Activation::Softmax;
        log.note(fillText(
            softmax ? engineText("KerasImport",
                                 "%1: units %2 became 1 and activation \"softmax\" became "
                                 "\"sigmoid\": the model's loss does not train it as a "
                                 "classifier of %2 classes, and EpochScope's sources give one "
                                 "target per sample; the layers before it are as in Keras")
                    : engineText("KerasImport",
                                 "%1: units %2 became 1: EpochScope's data sources give one "
                                 "target per sample; the layers before it are as in Keras"),
            {outputLabel, std::to_string(output.units)}));
        output.units = 1;
        if (softmax)
            output.activation = Activation::Sigmoid;
        classesMerged = true;
    }

    const std::optional<InputPlan> input = planInput(facts, tokens, firstLabel, log);
    if (!input)
        return;
    DataSourceConfig& source = config.data.source;
    source.timesteps = input->timesteps;
    const std::int64_t perSample = input->timesteps * (tokens ? 1 : input->features);
    source.samples =
        std::clamp(kValueBudget / std::max<std::int64_t>(perSample, 1), kMinSamples, kMaxSamples);
    source.classes = classifier ? output.units : 0;
    if (source.classes > kMaxClasses) {
        log.refuse(
            fillText(engineText("KerasImport",
                                "%1: a softmax over %2 classes; EpochScope's synthetic "
                                "sources give at most %3"),
                     {outputLabel, std::to_string(source.classes), std::to_string(kMaxClasses)}));
        return;
    }
    if (tokens) {
        const LayerConfig& embedding = layers.front();
        // The token generator needs the padding id, a word per class and a neutral word.
        const std::int64_t neededIds = std::max<std::int64_t>(source.classes, 2) + 2;
        if (embedding.inputDim < neededIds) {
            log.refuse(fillText(
                engineText("KerasImport",
                           "%1: input_dim %2 is below the %3 token ids the "
                           "synthetic_tokens source needs (padding, a word per "
                           "class and a neutral word)"),
                {firstLabel, std::to_string(embedding.inputDim), std::to_string(neededIds)}));
            return;
        }
        source.type = DataSourceType::SyntheticTokens;
        source.vocabSize = embedding.inputDim;
        config.model.inputShape.clear();
        if (input->timestepsDeclared)
            config.model.inputShape = {input->timesteps};
        log.note(fillText(classifier ? engineText("KerasImport",
                                                  "data: synthetic_tokens, %1 samples of %2 "
                                                  "token ids below %3 (the Embedding's "
                                                  "input_dim), pre-padded with id 0, each "
                                                  "labelled with one of %4 classes; for your own "
                                                  "data replace data.source "
                                                  "(docs/config.md#source-npy)")
                                     : engineText("KerasImport",
                                                  "data: synthetic_tokens, %1 samples of %2 "
                                                  "token ids below %3 (the Embedding's "
                                                  "input_dim), pre-padded with id 0, each with a "
                                                  "0/1 label; for your own data replace "
                                                  "data.source (docs/config.md#source-npy)"),
                          {std::to_string(source.samples), std::to_string(source.timesteps),
                           std::to_string(source.vocabSize), std::to_string(source.classes)}));
    } else {
        source.type = DataSourceType::SyntheticRegression;
        source.features = input->features;
        config.model.inputShape.clear();
        if (input->timestepsDeclared)
            config.model.inputShape = {input->timesteps, input->features};
        log.note(fillText(classifier ? engineText("KerasImport",
                                                  "data: synthetic_regression, %1 samples of %2 "
                                                  "time steps x %3 features, each labelled with "
                                                  "one of %4 classes (equally likely ranges of a "
                                                  "hidden signal); for your own data replace "
                                                  "data.source (docs/config.md#source-npy)")
                                     : engineText("KerasImport",
                                                  "data: synthetic_regression, %1 samples of %2 "
                                                  "time steps x %3 features, each with one "
                                                  "real-valued target; for your own data replace "
                                                  "data.source (docs/config.md#source-npy)"),
                          {std::to_string(source.samples), std::to_string(source.timesteps),
                           std::to_string(source.features), std::to_string(source.classes)}));
    }
    if (!input->timestepsDeclared)
        log.note(fillText(engineText("KerasImport",
                                     "data.source.timesteps: the model takes sequences of any "
                                     "length (None), so the data has %1 time steps; "
                                     "model.input_shape is left to the data"),
                          {std::to_string(source.timesteps)}));
    config.data.validationSplit = kValidationSplit;
    config.data.batchSize = kKerasBatchSize;
    if (input->batchSize) {
        config.data.batchSize = *input->batchSize;
        log.note(fillText(engineText("KerasImport",
                                     "data.batch_size: %1, the batch size the model's input "
                                     "shape fixes"),
                          {std::to_string(*input->batchSize)}));
    }

    TrainingConfig& training = config.training;
    training.epochs = kEpochs;
    training.loss = planLoss(compile.loss, output, tokens, classesMerged, outputLabel, log);
    if (compile.optimizer) {
        training.optimizer = *compile.optimizer;
    } else {
        log.note(fillText(engineText("KerasImport",
                                     "training.optimizer: the file names none, so EpochScope's "
                                     "default \"%1\" (learning rate %2) was chosen"),
                          {optimizerKey(training.optimizer.type),
                           formatNumber(training.optimizer.learningRate)}));
    }
    training.metrics.clear();
    for (const KerasMetric metric : compile.metrics) {
        const Metric mapped = metric == KerasMetric::Mae ? Metric::Mae : Metric::Accuracy;
        if (metric == KerasMetric::CategoricalAccuracy && !classifier)
            log.note(engineText("KerasImport",
                                "training.metrics: \"categorical_accuracy\" became "
                                "\"accuracy\" on the one output"));
        if (std::find(training.metrics.begin(), training.metrics.end(), mapped) ==
            training.metrics.end())
            training.metrics.push_back(mapped);
    }
    log.note(fillText(engineText("KerasImport",
                                 "training: %1 epoch of batches of %2 with a validation split "
                                 "of %3; model.fit()'s arguments are not in the model file, so "
                                 "set epochs, batch_size and validation_split as your script "
                                 "does"),
                      {std::to_string(training.epochs), std::to_string(config.data.batchSize),
                       formatNumber(config.data.validationSplit)}));
}

}  // namespace es
