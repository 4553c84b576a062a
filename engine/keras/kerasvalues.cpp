#include "engine/keras/kerasvalues.h"

#include "engine/config/jsonreader.h"
#include "engine/core/text.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace es {

namespace {

using Json = nlohmann::json;

// Keras' default arguments (keras.initializers), the only ones EpochScope's initializers have.
constexpr double kDefaultUniformLimit = 0.05;
constexpr double kDefaultNormalStddev = 0.05;
constexpr double kDefaultGain = 1.0;
// Keras' default L2 factor for a regularizer named by string ("l2").
constexpr double kDefaultL2 = 0.01;
// How close a Keras argument must be to its default: Keras 2 writes float32 values widened,
// which kerasNumber() reads back, so anything further off was set on purpose.
constexpr double kArgumentTolerance = 1e-9;

bool closeTo(double value, double wanted)
{
    return std::fabs(value - wanted) <= kArgumentTolerance * std::max(1.0, std::fabs(wanted));
}

/// An initializer's class as Keras 2 and 3 name it, and as Keras 2 spells it in strings.
struct InitializerName {
    std::string_view name;
    Initializer initializer;
};

constexpr InitializerName kInitializerClasses[] = {
    {"GlorotUniform", Initializer::GlorotUniform},
    {"GlorotNormal", Initializer::GlorotNormal},
    {"HeUniform", Initializer::HeUniform},
    {"HeNormal", Initializer::HeNormal},
    {"LecunUniform", Initializer::LecunUniform},
    {"LecunNormal", Initializer::LecunNormal},
    {"Orthogonal", Initializer::Orthogonal},
    // Keras 3 before 3.4 named the class by its Python name.
    {"OrthogonalInitializer", Initializer::Orthogonal},
    {"Zeros", Initializer::Zeros},
    {"Ones", Initializer::Ones},
    {"RandomUniform", Initializer::RandomUniform},
    {"RandomNormal", Initializer::RandomNormal},
    {"TruncatedNormal", Initializer::TruncatedNormal},
};

constexpr InitializerName kInitializerStrings[] = {
    {"glorot_uniform", Initializer::GlorotUniform},
    {"glorot_normal", Initializer::GlorotNormal},
    {"he_uniform", Initializer::HeUniform},
    {"he_normal", Initializer::HeNormal},
    {"lecun_uniform", Initializer::LecunUniform},
    {"lecun_normal", Initializer::LecunNormal},
    {"orthogonal", Initializer::Orthogonal},
    {"zeros", Initializer::Zeros},
    {"zero", Initializer::Zeros},
    {"ones", Initializer::Ones},
    {"one", Initializer::Ones},
    {"random_uniform", Initializer::RandomUniform},
    {"uniform", Initializer::RandomUniform},
    {"random_normal", Initializer::RandomNormal},
    {"normal", Initializer::RandomNormal},
    {"truncated_normal", Initializer::TruncatedNormal},
};

template <std::size_t N>
std::optional<Initializer> findInitializer(const InitializerName (&names)[N], std::string_view name)
{
    for (const InitializerName& entry : names) {
        if (entry.name == name)
            return entry.initializer;
    }
    return std::nullopt;
}

const char* initializersAvailable()
{
    return engineText("KerasImport",
                      "EpochScope has glorot_uniform, glorot_normal, he_uniform, he_normal, "
                      "lecun_uniform, lecun_normal, orthogonal, zeros, ones, random_uniform, "
                      "random_normal and truncated_normal, with Keras' default arguments");
}

/// VarianceScaling's arguments as the named initializer they are (Keras 2.2 wrote
/// glorot_uniform and its kin this way).
std::optional<Initializer> varianceScaling(KerasOptions& arguments)
{
    const std::optional<double> scale = arguments.number("scale", 0.0, 1e9);
    const std::optional<std::string> mode = arguments.string("mode");
    const std::optional<std::string> distribution = arguments.string("distribution");
    noteKerasSeed(arguments);
    arguments.finish();
    if (!scale || !mode || !distribution)
        return std::nullopt;
    // Keras 2.2 called the truncated normal "normal"; later versions "truncated_normal".
    const bool uniform = *distribution == "uniform";
    const bool normal = *distribution == "normal" || *distribution == "truncated_normal";
    if (uniform || normal) {
        if (closeTo(*scale, 1.0) && *mode == "fan_avg")
            return uniform ? Initializer::GlorotUniform : Initializer::GlorotNormal;
        if (closeTo(*scale, 2.0) && *mode == "fan_in")
            return uniform ? Initializer::HeUniform : Initializer::HeNormal;
        if (closeTo(*scale, 1.0) && *mode == "fan_in")
            return uniform ? Initializer::LecunUniform : Initializer::LecunNormal;
    }
    arguments.log().refuse(
        fillText(engineText("KerasImport",
                            "%1: VarianceScaling with scale %2, mode %3 and distribution %4 is "
                            "none of the initializers EpochScope has; %5"),
                 {arguments.label(), formatNumber(*scale), kerasQuoted(*mode),
                  kerasQuoted(*distribution), initializersAvailable()}));
    return std::nullopt;
}

/// Refuses an initializer argument that is not Keras' default.
void requireArgument(KerasOptions& arguments, std::string_view name, double wanted)
{
    const std::optional<double> value = arguments.number(name, -1e9, 1e9, true);
    if (value && !closeTo(*value, wanted))
        arguments.refuse(name, *value,
                         fillText(engineText("KerasImport",
                                             "EpochScope runs Keras' initializers with their "
                                             "default arguments (%1 %2)"),
                                  {name, formatNumber(wanted)}));
}

}  // namespace

const Json& readKerasWrapper(KerasOptions& wrapper)
{
    static const Json kEmpty = Json::object();
    wrapper.take("class_name");
    if (const Json* registered = wrapper.take("registered_name");
        registered != nullptr && !registered->is_null())
        wrapper.refuse("registered_name", *registered,
                       engineText("KerasImport",
                                  "it names a custom class; EpochScope imports Keras' own "
                                  "classes only"));
    const Json* config = wrapper.take("config");
    if (config != nullptr && !config->is_object() && !config->is_null())
        wrapper.refuseType("config", *config, engineText("KerasImport", "an object"));
    wrapper.finish();
    return config != nullptr && config->is_object() ? *config : kEmpty;
}

void noteKerasSeed(KerasOptions& options)
{
    const Json* seed = options.take("seed");
    if (seed != nullptr && !seed->is_null())
        options.log().note(fillText(engineText("KerasImport",
                                               "%1: seed %2 left out: EpochScope draws every "
                                               "random number from the run's seed"),
                                    {options.label(), JsonReader::describe(*seed)}));
}

std::optional<Initializer> readKerasInitializer(KerasOptions& options, std::string_view key)
{
    const Json* value = options.take(key);
    if (value == nullptr)
        return std::nullopt;
    if (value->is_string()) {
        if (const auto found = findInitializer(kInitializerStrings, value->get<std::string>()))
            return found;
        options.refuse(key, *value, initializersAvailable());
        return std::nullopt;
    }
    if (!value->is_object() || !value->contains("class_name") ||
        !(*value)["class_name"].is_string()) {
        options.refuseType(key, *value,
                           engineText("KerasImport", "an initializer's name or object"));
        return std::nullopt;
    }
    const std::string className = (*value)["class_name"].get<std::string>();
    const std::string label =
        fillText(engineText("KerasImport", "%1, option %2 (%3)"),
                 {options.label(), kerasQuoted(key), escapeControls(className)});
    KerasOptions wrapper(*value, label, {KerasScope::LayerObject}, options.log());
    KerasOptions arguments(readKerasWrapper(wrapper), label, {KerasScope::Initializer},
                           options.log());
    if (className == "VarianceScaling")
        return varianceScaling(arguments);
    if (className == "Constant") {
        const std::optional<double> constant = arguments.number("value", -1e9, 1e9, true);
        arguments.finish();
        if (constant && (closeTo(*constant, 0.0) || closeTo(*constant, 1.0)))
            return closeTo(*constant, 0.0) ? Initializer::Zeros : Initializer::Ones;
        if (constant)
            arguments.refuse("value", *constant,
                             engineText("KerasImport",
                                        "EpochScope's constant initializers are "
                                        "zeros and ones"));
        return std::nullopt;
    }
    const std::optional<Initializer> initializer = findInitializer(kInitializerClasses, className);
    if (!initializer) {
        options.refuse(key, *value, initializersAvailable());
        return std::nullopt;
    }
    switch (*initializer) {
        case Initializer::RandomUniform:
            requireArgument(arguments, "minval", -kDefaultUniformLimit);
            requireArgument(arguments, "maxval", kDefaultUniformLimit);
            break;
        case Initializer::RandomNormal:
        case Initializer::TruncatedNormal:
            requireArgument(arguments, "mean", 0.0);
            requireArgument(arguments, "stddev", kDefaultNormalStddev);
            break;
        case Initializer::Orthogonal: requireArgument(arguments, "gain", kDefaultGain); break;
        default: break;
    }
    noteKerasSeed(arguments);
    arguments.finish();
    return initializer;
}

std::optional<double> readKerasL2(KerasOptions& options, std::string_view key)
{
    const Json* value = options.take(key);
    if (value == nullptr || value->is_null())
        return 0.0;
    const char* onlyL2 = engineText("KerasImport",
                                    "EpochScope adds L2 penalties (l2 * sum(W^2)) only, as "
                                    "kernel_l2 and recurrent_l2");
    if (value->is_string()) {
        if (value->get<std::string>() == "l2")
            return kDefaultL2;
        options.refuse(key, *value, onlyL2);
        return std::nullopt;
    }
    if (!value->is_object() || !value->contains("class_name") ||
        !(*value)["class_name"].is_string()) {
        options.refuseType(key, *value, engineText("KerasImport", "a regularizer or null"));
        return std::nullopt;
    }
    const std::string className = (*value)["class_name"].get<std::string>();
    if (className != "L2" && className != "L1L2") {
        options.refuse(key, *value, onlyL2);
        return std::nullopt;
    }
    const std::string label =
        fillText(engineText("KerasImport", "%1, option %2 (%3)"),
                 {options.label(), kerasQuoted(key), escapeControls(className)});
    KerasOptions wrapper(*value, label, {KerasScope::LayerObject}, options.log());
    KerasOptions arguments(readKerasWrapper(wrapper), label, {}, options.log());
    if (className == "L1L2") {
        const std::optional<double> l1 = arguments.number("l1", 0.0, 1e9, true);
        if (l1 && *l1 != 0.0)
            arguments.refuse("l1", *l1, onlyL2);
    }
    const std::optional<double> l2 = arguments.number("l2", 0.0, 1e9, true);
    arguments.finish();
    // Keras' L2() and L1L2() default their factors to 0.01 and 0.0.
    if (!arguments.isObject())
        return std::nullopt;
    return l2.value_or(className == "L2" ? kDefaultL2 : 0.0);
}

std::optional<Activation> readKerasActivation(KerasOptions& options, std::string_view key,
                                              bool recurrent, const KerasVersion& version)
{
    const Json* value = options.take(key);
    if (value == nullptr)
        return std::nullopt;
    std::string name;
    if (value->is_string()) {
        name = value->get<std::string>();
    } else if (value->is_object() && value->value("class_name", Json()) == "function" &&
               value->value("config", Json()).is_string()) {
        // How some Keras 3 versions serialize a built-in activation function.
        name = (*value)["config"].get<std::string>();
    } else {
        options.refuseType(key, *value, engineText("KerasImport", "an activation's name"));
        return std::nullopt;
    }
    if (name == "linear")
        return Activation::Linear;
    if (name == "relu")
        return Activation::Relu;
    if (name == "sigmoid")
        return Activation::Sigmoid;
    if (name == "tanh")
        return Activation::Tanh;
    if (name == "softmax" && !recurrent)
        return Activation::Softmax;
    if (name == "hard_sigmoid") {
        if (const std::optional<Activation> hardSigmoid = hardSigmoidOf(version))
            return hardSigmoid;
        options.refuse(key, *value,
                       engineText("KerasImport",
                                  "Keras 2's hard_sigmoid is clip(0.2 x + 0.5, 0, 1) and Keras "
                                  "3's relu6(x + 3) / 6, and the file does not say which Keras "
                                  "wrote it (no keras_version): export it with model.to_json() "
                                  "or model.save(\"model.keras\")"));
        return std::nullopt;
    }
    options.refuse(key, *value,
                   recurrent ? engineText("KerasImport",
                                          "a recurrent layer's activations are linear, relu, "
                                          "sigmoid, tanh or hard_sigmoid in EpochScope")
                             : engineText("KerasImport",
                                          "EpochScope has linear, relu, sigmoid, tanh, softmax "
                                          "and hard_sigmoid"));
    return std::nullopt;
}

}  // namespace es
