#include "engine/keras/kerascompile.h"

#include "engine/config/jsonreader.h"
#include "engine/core/text.h"
#include "engine/i18n/translate.h"
#include "engine/keras/kerasoptions.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

namespace es {

namespace {

using Json = nlohmann::json;

// Keras' default learning rates where they differ from the run config's 0.001: SGD's is 0.01.
constexpr double kKerasSgdLearningRate = 0.01;
// Keras' epsilon (keras.backend.epsilon()), which optimizers take when theirs is None.
constexpr double kKerasEpsilon = 1e-7;
// An upper bound on any optimizer constant that is not a typo.
constexpr double kMaxConstant = 1e9;
// tf.keras 2.11+ registers its optimizers as "Custom>Adam" in some saved files.
constexpr std::string_view kCustomPrefix = "Custom>";

template <typename Value>
struct Named {
    std::string_view name;
    Value value;
};

constexpr std::array<Named<KerasLoss>, 15> kLosses = {{
    {"mse", KerasLoss::Mse},
    {"mean_squared_error", KerasLoss::Mse},
    {"MeanSquaredError", KerasLoss::Mse},
    {"mae", KerasLoss::Mae},
    {"mean_absolute_error", KerasLoss::Mae},
    {"MeanAbsoluteError", KerasLoss::Mae},
    {"binary_crossentropy", KerasLoss::BinaryCrossentropy},
    {"BinaryCrossentropy", KerasLoss::BinaryCrossentropy},
    {"bce", KerasLoss::BinaryCrossentropy},
    {"categorical_crossentropy", KerasLoss::CategoricalCrossentropy},
    {"CategoricalCrossentropy", KerasLoss::CategoricalCrossentropy},
    {"cce", KerasLoss::CategoricalCrossentropy},
    {"sparse_categorical_crossentropy", KerasLoss::SparseCategoricalCrossentropy},
    {"SparseCategoricalCrossentropy", KerasLoss::SparseCategoricalCrossentropy},
    {"scce", KerasLoss::SparseCategoricalCrossentropy},
}};

constexpr std::array<Named<KerasMetric>, 13> kMetrics = {{
    {"mae", KerasMetric::Mae},
    {"mean_absolute_error", KerasMetric::Mae},
    {"MeanAbsoluteError", KerasMetric::Mae},
    {"accuracy", KerasMetric::Accuracy},
    {"acc", KerasMetric::Accuracy},
    {"Accuracy", KerasMetric::Accuracy},
    {"binary_accuracy", KerasMetric::Accuracy},
    {"BinaryAccuracy", KerasMetric::Accuracy},
    {"categorical_accuracy", KerasMetric::CategoricalAccuracy},
    {"CategoricalAccuracy", KerasMetric::CategoricalAccuracy},
    {"sparse_categorical_accuracy", KerasMetric::CategoricalAccuracy},
    {"SparseCategoricalAccuracy", KerasMetric::CategoricalAccuracy},
    {"cat_acc", KerasMetric::CategoricalAccuracy},
}};

template <typename Value, std::size_t N>
std::optional<Value> lookUp(const std::array<Named<Value>, N>& table, std::string_view name)
{
    for (const Named<Value>& entry : table) {
        if (entry.name == name)
            return entry.value;
    }
    return std::nullopt;
}

/// The name of a Keras object given as a string or as {"class_name": ...} (a function given
/// as {"class_name": "function", "config": "mse"}); empty when it is neither.
std::string objectName(const Json& value)
{
    if (value.is_string())
        return value.get<std::string>();
    if (!value.is_object())
        return {};
    const Json className = value.value("class_name", Json());
    if (!className.is_string())
        return {};
    std::string name = className.get<std::string>();
    if (name == "function") {
        const Json config = value.value("config", Json());
        return config.is_string() ? config.get<std::string>() : std::string();
    }
    if (name.rfind(kCustomPrefix, 0) == 0)
        name.erase(0, kCustomPrefix.size());
    return name;
}

/// The learning rate: a number, or a schedule, which is refused.
void readLearningRate(KerasOptions& options, OptimizerConfig& optimizer)
{
    // Keras 2 before 2.3 wrote "lr"; later versions "learning_rate".
    const char* key = options.take("learning_rate") != nullptr ? "learning_rate" : "lr";
    const Json* value = options.take(key);
    if (value == nullptr)
        return;
    if (value->is_object()) {
        options.refuse(key, *value,
                       engineText("KerasImport",
                                  "learning-rate schedules are not supported; EpochScope trains "
                                  "at one rate, which the reduce_lr_on_plateau callback can "
                                  "lower"));
        return;
    }
    if (const auto rate = options.number(key, 0.0, kMaxConstant)) {
        if (*rate > 0.0)
            optimizer.learningRate = *rate;
        else
            options.refuseType(key, *value, engineText("KerasImport", "a positive number"));
    }
}

/// The options all of Keras' optimizers share; what changes the update is refused.
void readOptimizerCommon(KerasOptions& options)
{
    if (const auto decay = options.number("decay", 0.0, kMaxConstant, true); decay && *decay != 0.0)
        options.refuse(
            "decay", *decay,
            engineText("KerasImport", "Keras 2's per-step learning-rate decay is not supported"));
    const Json* weightDecay = options.take("weight_decay");
    if (weightDecay != nullptr && !weightDecay->is_null() &&
        !(weightDecay->is_number() && weightDecay->get<double>() == 0.0))
        options.refuse("weight_decay", *weightDecay,
                       engineText("KerasImport",
                                  "EpochScope's optimizers have no decoupled weight decay; "
                                  "kernel_l2 adds an L2 penalty to the loss"));
    const char* noClipping = engineText("KerasImport", "EpochScope does not clip gradients");
    options.requireNull("clipnorm", noClipping);
    options.requireNull("clipvalue", noClipping);
    options.requireNull("global_clipnorm", noClipping);
    options.requireFalse(
        "use_ema", engineText("KerasImport", "EpochScope keeps no moving average of the weights"));
    options.requireNull("loss_scale_factor", engineText("KerasImport",
                                                        "EpochScope trains float32 without loss "
                                                        "scaling"));
    options.requireNull(
        "gradient_accumulation_steps",
        engineText("KerasImport", "EpochScope updates the weights after every batch"));
}

/// The "config" of a serialized Keras class ({"class_name", "config", "registered_name"});
/// a custom class is refused.
const Json* classConfig(const Json& value, const std::string& label, ImportLog& log)
{
    KerasOptions wrapper(value, label, {KerasScope::LayerObject}, log);
    wrapper.take("class_name");
    wrapper.requireNull("registered_name",
                        engineText("KerasImport",
                                   "it names a custom class; EpochScope imports Keras' own "
                                   "classes only"));
    const Json* config = wrapper.take("config");
    wrapper.finish();
    return config;
}

std::optional<OptimizerConfig> readOptimizer(const Json& value, ImportLog& log)
{
    const std::string name = objectName(value);
    OptimizerConfig optimizer;
    if (name == "adam" || name == "Adam") {
        optimizer.type = OptimizerType::Adam;
    } else if (name == "sgd" || name == "SGD") {
        optimizer.type = OptimizerType::Sgd;
        optimizer.learningRate = kKerasSgdLearningRate;
    } else if (name == "rmsprop" || name == "RMSprop") {
        optimizer.type = OptimizerType::RmsProp;
    } else {
        log.refuse(fillText(engineText("KerasImport",
                                       "compile: optimizer %1 is not supported; EpochScope has "
                                       "adam, sgd and rmsprop"),
                            {name.empty() ? JsonReader::describe(value) : kerasQuoted(name)}));
        return std::nullopt;
    }
    if (value.is_string())
        return optimizer;
    const std::string label =
        fillText(engineText("KerasImport", "compile: optimizer %1"), {kerasQuoted(name)});
    const Json* config = classConfig(value, label, log);
    if (config == nullptr || config->is_null())
        return optimizer;
    KerasOptions options(*config, label, {KerasScope::Optimizer}, log);
    readLearningRate(options, optimizer);
    readOptimizerCommon(options);
    switch (optimizer.type) {
        case OptimizerType::Adam:
            if (const auto beta = options.number("beta_1", 0.0, 1.0))
                optimizer.beta1 = *beta;
            if (const auto beta = options.number("beta_2", 0.0, 1.0))
                optimizer.beta2 = *beta;
            options.requireFalse("amsgrad", engineText("KerasImport",
                                                       "EpochScope's Adam is without "
                                                       "AMSGrad"));
            break;
        case OptimizerType::Sgd:
            if (const auto momentum = options.number("momentum", 0.0, 1.0, true))
                optimizer.momentum = *momentum;
            if (const auto nesterov = options.boolean("nesterov"))
                optimizer.nesterov = *nesterov;
            break;
        case OptimizerType::RmsProp:
            if (const auto rho = options.number("rho", 0.0, 1.0))
                optimizer.rho = *rho;
            if (const auto momentum = options.number("momentum", 0.0, 1.0, true))
                optimizer.momentum = *momentum;
            options.requireFalse(
                "centered",
                engineText("KerasImport", "EpochScope's RMSprop is the uncentered one"));
            break;
    }
    if (optimizer.type != OptimizerType::Sgd) {
        // Keras 2 wrote epsilon null for "keras.backend.epsilon()".
        const Json* epsilon = options.take("epsilon");
        if (epsilon != nullptr && epsilon->is_null())
            optimizer.epsilon = kKerasEpsilon;
        else if (const auto value = options.number("epsilon", 0.0, kMaxConstant);
                 value && *value > 0)
            optimizer.epsilon = *value;
    }
    options.finish();
    return optimizer;
}

std::optional<KerasLoss> readLoss(const Json& value, ImportLog& log)
{
    if (value.is_array() || (value.is_object() && !value.contains("class_name"))) {
        log.refuse(engineText("KerasImport",
                              "compile: a loss per output (a list or dict) needs several "
                              "outputs; a Sequential model has one"));
        return std::nullopt;
    }
    const std::string name = objectName(value);
    const std::optional<KerasLoss> loss = lookUp(kLosses, name);
    if (!loss) {
        log.refuse(fillText(engineText("KerasImport",
                                       "compile: loss %1 is not supported; EpochScope has mse, "
                                       "mae, binary_crossentropy, categorical_crossentropy and "
                                       "sparse_categorical_crossentropy"),
                            {name.empty() ? JsonReader::describe(value) : kerasQuoted(name)}));
        return std::nullopt;
    }
    if (!value.is_object() || value.value("class_name", Json()) == "function")
        return loss;
    const std::string label =
        fillText(engineText("KerasImport", "compile: loss %1"), {kerasQuoted(name)});
    const Json* config = classConfig(value, label, log);
    if (config == nullptr || config->is_null())
        return loss;
    KerasOptions options(*config, label, {}, log);
    options.take("name");
    options.requireFalse("from_logits",
                         engineText("KerasImport",
                                    "EpochScope's losses take probabilities: end the model "
                                    "with a sigmoid or softmax Dense layer"));
    if (const auto smoothing = options.number("label_smoothing", 0.0, 1.0, true);
        smoothing && *smoothing != 0.0)
        options.refuse("label_smoothing", *smoothing,
                       engineText("KerasImport", "EpochScope does not smooth labels"));
    if (const auto reduction = options.string("reduction");
        reduction && *reduction != "auto" && *reduction != "sum_over_batch_size")
        options.refuse("reduction", *reduction,
                       engineText("KerasImport",
                                  "EpochScope averages the loss over the batch "
                                  "(sum_over_batch_size)"));
    // -1 only: EpochScope's class axis is the last one.
    options.integer("axis", -1, -1);
    options.requireNull("ignore_class", engineText("KerasImport", "EpochScope counts every class"));
    if (const Json* dtype = options.take("dtype"); dtype != nullptr && !dtype->is_null()) {
        const std::optional<std::string> dtypeName = kerasDtypeName(*dtype);
        if (!dtypeName || *dtypeName != "float32")
            options.refuse("dtype", *dtype,
                           engineText("KerasImport", "EpochScope trains in float32 (\"float32\")"));
    }
    options.finish();
    return loss;
}

/// One metric; nullopt (noted) when EpochScope does not compute it.
std::optional<KerasMetric> readMetric(const Json& value, ImportLog& log)
{
    std::string name = objectName(value);
    // tf.keras wraps functions: {"class_name": "MeanMetricWrapper", "config": {"name": ...,
    // "fn": "binary_accuracy"}}.
    if (name == "MeanMetricWrapper" && value.contains("config") && value["config"].is_object()) {
        const Json& config = value["config"];
        const Json fn = config.value("fn", Json());
        name = fn.is_string() ? fn.get<std::string>() : config.value("name", std::string());
    }
    if (const auto metric = lookUp(kMetrics, name))
        return metric;
    log.note(fillText(engineText("KerasImport",
                                 "compile: metric %1 left out: EpochScope computes mae and "
                                 "accuracy (metrics only measure, so training is the same)"),
                      {name.empty() ? JsonReader::describe(value) : kerasQuoted(name)}));
    return std::nullopt;
}

void readMetrics(const Json& value, KerasCompile& compile, ImportLog& log)
{
    if (value.is_null())
        return;
    if (!value.is_array()) {
        log.refuse(fillText(engineText("KerasImport",
                                       "compile: metrics: expected a list, got %1 (metrics per "
                                       "output need several outputs)"),
                            {JsonReader::describe(value)}));
        return;
    }
    // tf.keras' training_config nests the list once per output: [["accuracy"]].
    const Json& list = value.size() == 1 && value[0].is_array() ? value[0] : value;
    for (const Json& item : list) {
        const std::optional<KerasMetric> metric = readMetric(item, log);
        if (metric && std::find(compile.metrics.begin(), compile.metrics.end(), *metric) ==
                          compile.metrics.end())
            compile.metrics.push_back(*metric);
    }
}

}  // namespace

std::string_view kerasLossKey(KerasLoss loss)
{
    switch (loss) {
        case KerasLoss::Mse: return "mse";
        case KerasLoss::Mae: return "mae";
        case KerasLoss::BinaryCrossentropy: return "binary_crossentropy";
        case KerasLoss::CategoricalCrossentropy: return "categorical_crossentropy";
        case KerasLoss::SparseCategoricalCrossentropy: return "sparse_categorical_crossentropy";
    }
    return "?";
}

KerasCompile readKerasCompile(const Json& config, bool trainingConfig, ImportLog& log)
{
    KerasCompile compile;
    const std::string label = trainingConfig ? "training_config" : "compile_config";
    KerasOptions options(config, label, {KerasScope::Compile}, log);
    if (!options.isObject())
        return compile;
    const Json* optimizer = options.take(trainingConfig ? "optimizer_config" : "optimizer");
    if (optimizer != nullptr && !optimizer->is_null())
        compile.optimizer = readOptimizer(*optimizer, log);
    if (const Json* loss = options.take("loss"); loss != nullptr && !loss->is_null())
        compile.loss = readLoss(*loss, log);
    if (const Json* metrics = options.take("metrics"))
        readMetrics(*metrics, compile, log);
    if (const Json* weighted = options.take("weighted_metrics");
        weighted != nullptr && !weighted->is_null() && !(weighted->is_array() && weighted->empty()))
        log.note(engineText("KerasImport",
                            "compile: weighted_metrics left out: EpochScope's data has no sample "
                            "weights (metrics only measure, so training is the same)"));
    if (const Json* weights = options.take("loss_weights");
        weights != nullptr && !weights->is_null()) {
        const bool one = (weights->is_number() && weights->get<double>() == 1.0) ||
                         (weights->is_array() && weights->size() == 1 &&
                          (*weights)[0].is_number() && (*weights)[0].get<double>() == 1.0);
        if (!one)
            options.refuse("loss_weights", *weights,
                           engineText("KerasImport",
                                      "a weight other than 1 scales the loss and its gradients"));
    }
    options.requireNull("sample_weight_mode",
                        engineText("KerasImport", "EpochScope's data has no sample weights"));
    options.finish();
    return compile;
}

}  // namespace es
