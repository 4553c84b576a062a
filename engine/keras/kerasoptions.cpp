#include "engine/keras/kerasoptions.h"

#include "engine/config/jsonreader.h"
#include "engine/core/text.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <utility>

namespace es {

namespace {

using Json = nlohmann::json;

// Digits enough for any float's shortest decimal ("-1.17549435e-38").
constexpr std::size_t kNumberChars = 32;

}  // namespace

std::string kerasQuoted(std::string_view text)
{
    return "\"" + escapeControls(text) + "\"";
}

const std::vector<IgnoredKerasOption>& ignoredKerasOptions()
{
    // Keys accepted with any value and left out, each with why it changes nothing EpochScope
    // trains. Options accepted only with one value (trainable true, stateful false, ...) are
    // checked where they are read, not here.
    static const std::vector<IgnoredKerasOption> options{
        {KerasScope::Model, "backend",
         "the backend Keras ran on (tensorflow, jax, torch) changes how Keras computes, not "
         "the model"},
        {KerasScope::Model, "module", "the Python module of the model's class"},
        {KerasScope::Model, "date_saved", "when the archive was saved (metadata.json)"},
        {KerasScope::LayerObject, "module",
         "the Python module that defines the layer's class; the class name says the layer"},
        {KerasScope::LayerObject, "build_config",
         "the shape Keras built a layer for, which follows from the layers before it (the "
         "first layer's is read as the model's input shape)"},
        {KerasScope::LayerObject, "shared_object_id",
         "marks an object Keras shares between places; a Sequential model uses each layer once"},
        {KerasScope::Layer, "name",
         "EpochScope names layers by type and position (lstm_1, dense_2); the import's messages "
         "and notes keep Keras' names"},
        {KerasScope::Layer, "batch_input_shape",
         "read on the first layer as the model's input shape; Keras ignores it on later "
         "layers, and so does the import"},
        {KerasScope::Recurrent, "implementation",
         "Keras 2's choice between computing the gates in one product or several: speed only, "
         "the same results"},
        {KerasScope::Recurrent, "use_cudnn",
         "Keras 3's choice of the cuDNN kernel: speed only; in EpochScope the backend decides "
         "(docs/config.md#backend)"},
        {KerasScope::Recurrent, "seed",
         "seeds the dropout masks; EpochScope draws every random number from the run's seed "
         "(noted when set)"},
        {KerasScope::Dropout, "seed",
         "seeds the dropout mask; EpochScope draws every random number from the run's seed "
         "(noted when set)"},
        {KerasScope::Lora, "lora_alpha",
         "scales LoRA's low-rank update, which exists only with lora_rank set (refused)"},
        {KerasScope::Initializer, "seed",
         "seeds the initial weights; EpochScope draws them from the run's seed (noted when set)"},
        {KerasScope::Optimizer, "name", "the optimizer's name in Keras"},
        {KerasScope::Optimizer, "jit_compile", "XLA compilation of the update: speed only"},
        {KerasScope::Optimizer, "is_legacy_optimizer",
         "which of Keras 2's optimizer implementations ran; the same update"},
        {KerasScope::Optimizer, "ema_momentum", "used only when use_ema is true, which is refused"},
        {KerasScope::Optimizer, "ema_overwrite_frequency",
         "used only when use_ema is true, which is refused"},
        {KerasScope::Compile, "run_eagerly",
         "runs Keras' step without graph compilation: speed "
         "only"},
        {KerasScope::Compile, "steps_per_execution",
         "how many steps Keras runs per call into its compiled function: speed only"},
        {KerasScope::Compile, "jit_compile", "XLA compilation of Keras' step: speed only"},
    };
    return options;
}

double kerasNumber(double value)
{
    if (!std::isfinite(value))
        return value;
    const auto narrow = static_cast<float>(value);
    if (static_cast<double>(narrow) != value)
        return value;
    char text[kNumberChars];
    const auto written = std::to_chars(text, text + sizeof text, narrow);
    double shortest = value;
    std::from_chars(text, written.ptr, shortest);
    return shortest;
}

KerasOptions::KerasOptions(const Json& object, std::string label, std::vector<KerasScope> scopes,
                           ImportLog& log)
    : m_object(&object), m_label(std::move(label)), m_scopes(std::move(scopes)), m_log(log)
{
    if (!object.is_object())
        m_log.refuse(fillText(engineText("KerasImport", "%1: expected an object, got %2"),
                              {m_label, JsonReader::describe(object)}));
}

const Json* KerasOptions::take(std::string_view key)
{
    m_read.emplace_back(key);
    if (!m_object->is_object())
        return nullptr;
    const auto found = m_object->find(key);
    return found == m_object->end() ? nullptr : &*found;
}

std::optional<bool> KerasOptions::boolean(std::string_view key)
{
    const Json* value = take(key);
    if (value == nullptr)
        return std::nullopt;
    if (!value->is_boolean()) {
        refuseType(key, *value, engineText("KerasImport", "true or false"));
        return std::nullopt;
    }
    return value->get<bool>();
}

std::optional<std::int64_t> KerasOptions::integer(std::string_view key, std::int64_t min,
                                                  std::int64_t max)
{
    const Json* value = take(key);
    if (value == nullptr)
        return std::nullopt;
    // The parser reads non-negative integers as unsigned: they are compared as such, so that
    // one above int64's range cannot wrap into it.
    const bool inRange = (value->is_number_unsigned() && max >= 0 &&
                          value->get<std::uint64_t>() <= static_cast<std::uint64_t>(max) &&
                          static_cast<std::int64_t>(value->get<std::uint64_t>()) >= min) ||
                         (value->is_number_integer() && !value->is_number_unsigned() &&
                          value->get<std::int64_t>() >= min && value->get<std::int64_t>() <= max);
    if (!inRange) {
        refuseType(key, *value,
                   fillText(engineText("KerasImport", "an integer from %1 to %2"),
                            {std::to_string(min), std::to_string(max)}));
        return std::nullopt;
    }
    return value->get<std::int64_t>();
}

std::optional<double> KerasOptions::number(std::string_view key, double min, double max,
                                           bool maxIncluded)
{
    const Json* value = take(key);
    if (value == nullptr)
        return std::nullopt;
    const double read = value->is_number() ? kerasNumber(value->get<double>()) : 0.0;
    const bool inRange = value->is_number() && std::isfinite(read) && read >= min &&
                         (maxIncluded ? read <= max : read < max);
    if (!inRange) {
        refuseType(key, *value,
                   maxIncluded
                       ? fillText(engineText("KerasImport", "a number from %1 to %2"),
                                  {formatNumber(min), formatNumber(max)})
                       : fillText(engineText("KerasImport", "a number from %1 up to but not %2"),
                                  {formatNumber(min), formatNumber(max)}));
        return std::nullopt;
    }
    return read;
}

std::optional<std::string> KerasOptions::string(std::string_view key)
{
    const Json* value = take(key);
    if (value == nullptr)
        return std::nullopt;
    if (!value->is_string()) {
        refuseType(key, *value, engineText("KerasImport", "a string"));
        return std::nullopt;
    }
    return value->get<std::string>();
}

void KerasOptions::requireNull(std::string_view key, const char* why)
{
    const Json* value = take(key);
    if (value != nullptr && !value->is_null())
        refuse(key, *value, why);
}

void KerasOptions::requireFalse(std::string_view key, const char* why)
{
    const Json* value = take(key);
    if (value == nullptr || (value->is_boolean() && !value->get<bool>()))
        return;
    if (value->is_boolean())
        refuse(key, *value, why);
    else
        refuseType(key, *value, engineText("KerasImport", "true or false"));
}

void KerasOptions::refuse(std::string_view key, const Json& value, std::string_view why)
{
    m_log.refuse(fillText(engineText("KerasImport", "%1: option %2 %3 is not supported; %4"),
                          {m_label, kerasQuoted(key), JsonReader::describe(value), why}));
}

void KerasOptions::refuseOption(std::string_view key, std::string_view why)
{
    m_log.refuse(fillText(engineText("KerasImport", "%1: option %2 is not supported; %3"),
                          {m_label, kerasQuoted(key), why}));
}

void KerasOptions::refuseType(std::string_view key, const Json& value, std::string_view expected)
{
    m_log.refuse(fillText(engineText("KerasImport", "%1: option %2: expected %3, got %4"),
                          {m_label, kerasQuoted(key), expected, JsonReader::describe(value)}));
}

bool KerasOptions::ignored(std::string_view key) const
{
    const std::vector<IgnoredKerasOption>& table = ignoredKerasOptions();
    return std::any_of(table.begin(), table.end(), [&](const IgnoredKerasOption& option) {
        return option.key == key &&
               std::find(m_scopes.begin(), m_scopes.end(), option.scope) != m_scopes.end();
    });
}

void KerasOptions::finish()
{
    if (!m_object->is_object())
        return;
    std::vector<std::string> unsetUnknown;
    for (const auto& [key, value] : m_object->items()) {
        if (std::find(m_read.begin(), m_read.end(), key) != m_read.end() || ignored(key))
            continue;
        if (value.is_null()) {
            unsetUnknown.push_back(kerasQuoted(key));
            continue;
        }
        m_log.refuse(fillText(engineText("KerasImport",
                                         "%1: option %2 %3 is not known to this importer, so "
                                         "what it changes cannot be carried over "
                                         "(docs/keras.md lists every option it reads)"),
                              {m_label, kerasQuoted(key), JsonReader::describe(value)}));
    }
    if (!unsetUnknown.empty())
        m_log.note(fillText(engineText("KerasImport",
                                       "%1: %2 left out: not known to this importer, and unset "
                                       "(null)"),
                            {m_label, listText(unsetUnknown)}));
}

std::optional<std::string> kerasDtypeName(const Json& value)
{
    if (value.is_string())
        return value.get<std::string>();
    if (!value.is_object())
        return std::nullopt;
    // Keras 3: {"module": "keras", "class_name": "DTypePolicy" (FloatDTypePolicy in 3.4),
    // "config": {"name": "float32"}}; tf.keras' mixed precision: {"class_name": "Policy", ...}.
    const auto className = value.find("class_name");
    const auto config = value.find("config");
    if (className == value.end() || !className->is_string() || config == value.end() ||
        !config->is_object())
        return std::nullopt;
    const std::string& kind = className->get_ref<const std::string&>();
    if (kind != "DTypePolicy" && kind != "FloatDTypePolicy" && kind != "Policy")
        return std::nullopt;
    const auto name = config->find("name");
    if (name == config->end() || !name->is_string())
        return std::nullopt;
    return name->get<std::string>();
}

std::string kerasLayerName(const Json& config, std::string_view fallback)
{
    if (config.is_object()) {
        const auto name = config.find("name");
        if (name != config.end() && name->is_string() &&
            !name->get_ref<const std::string&>().empty())
            return name->get<std::string>();
    }
    return std::string(fallback);
}

void readCommonLayerOptions(KerasOptions& options)
{
    options.take("name");
    if (const std::optional<bool> trainable = options.boolean("trainable");
        trainable && !*trainable)
        options.refuse("trainable", false,
                       engineText("KerasImport",
                                  "EpochScope trains every layer (and imports no weights to "
                                  "keep frozen)"));
    if (const Json* dtype = options.take("dtype"); dtype != nullptr && !dtype->is_null()) {
        const std::optional<std::string> name = kerasDtypeName(*dtype);
        if (!name || *name != "float32")
            options.refuse("dtype", *dtype,
                           engineText("KerasImport", "EpochScope trains in float32 (\"float32\")"));
    }
}

}  // namespace es
