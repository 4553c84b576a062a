#pragma once

// Reading the options of one Keras object (a layer's config, an initializer's, the compile
// config) so that none is dropped without a word: each key is read and mapped, refused with the
// layer, the option and why, or found in the table of options that change nothing EpochScope
// trains (ignoredKerasOptions(), documented in docs/keras.md). A key in none of them is refused
// too, unless it holds null (a newer Keras' option left unset), which a note then names.

#include "engine/keras/importlog.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// Where an option appears, for the table of options accepted and left out.
enum class KerasScope {
    Model,        ///< the top level and the Sequential's own config
    LayerObject,  ///< {"class_name", "config", "module", ...} around a layer's config
    Layer,        ///< every layer's config
    Recurrent,    ///< LSTM and GRU
    Dropout,
    Lora,         ///< Embedding and Dense (Keras 3's LoRA options)
    Initializer,  ///< an initializer's config
    Optimizer,    ///< an optimizer's config
    Compile,      ///< compile_config (Keras 3) and training_config (Keras 2)
};

/// An option EpochScope accepts with any value and leaves out, because it changes nothing
/// that EpochScope trains.
struct IgnoredKerasOption {
    KerasScope scope;
    std::string_view key;
    std::string_view why;  ///< English; docs/keras.md lists each (tst_kerasimport checks)
};

/// Every option accepted and left out, whatever its value.
const std::vector<IgnoredKerasOption>& ignoredKerasOptions();

/// `value` as the float32 it may have been: Keras 2 keeps regularizer factors, learning rates
/// and optimizer constants as float32 and writes them widened (0.0010000000474974513); such a
/// value is read as the shortest decimal that the same float32 has (0.001). Other values are
/// left as they are.
double kerasNumber(double value);

/// The options of one JSON object, read once each.
class KerasOptions {
public:
    /// `label` starts every message ("lstm_2 (LSTM)"); `scopes` say which ignored options
    /// apply. An `object` that is not a JSON object is refused at once.
    KerasOptions(const nlohmann::json& object, std::string label, std::vector<KerasScope> scopes,
                 ImportLog& log);

    const std::string& label() const { return m_label; }
    ImportLog& log() const { return m_log; }
    bool isObject() const { return m_object->is_object(); }

    /// The value at `key` (nullptr when absent); the key counts as read.
    const nlohmann::json* take(std::string_view key);

    // Typed getters: nullopt when the key is absent, or when its value has the wrong type or
    // range, which is refused with the option's name.
    std::optional<bool> boolean(std::string_view key);
    std::optional<std::int64_t> integer(std::string_view key, std::int64_t min, std::int64_t max);
    /// A number in [min, max) (or [min, max] when `maxIncluded`), read with kerasNumber().
    std::optional<double> number(std::string_view key, double min, double max,
                                 bool maxIncluded = false);
    std::optional<std::string> string(std::string_view key);

    /// An option whose only accepted value is null (or absence): a regularizer, a constraint,
    /// a feature EpochScope does not have. `why` ends the refusal.
    void requireNull(std::string_view key, const char* why);
    /// An option accepted only as false (or absent); true is refused with `why`.
    void requireFalse(std::string_view key, const char* why);

    /// Refuses `key` holding `value`, saying why.
    void refuse(std::string_view key, const nlohmann::json& value, std::string_view why);
    /// Refuses `key` whatever it holds (an object too large to quote), saying why.
    void refuseOption(std::string_view key, std::string_view why);
    /// Refuses `key` holding a value of the wrong type or range; `expected` says what fits.
    void refuseType(std::string_view key, const nlohmann::json& value, std::string_view expected);

    /// Every key not read: left out when it is in ignoredKerasOptions() for one of the scopes,
    /// else refused (or noted, when it holds null).
    void finish();

private:
    bool ignored(std::string_view key) const;

    const nlohmann::json* m_object;
    std::string m_label;
    std::vector<KerasScope> m_scopes;
    ImportLog& m_log;
    std::vector<std::string> m_read;
};

/// `"key"`: a key or name from the file in double quotes, its controls escaped, for messages.
std::string kerasQuoted(std::string_view text);

/// The float dtype a Keras object names: "float32", or a DTypePolicy / Policy object's name
/// (Keras 3 and tf.keras' mixed precision); nullopt for anything else.
std::optional<std::string> kerasDtypeName(const nlohmann::json& value);

/// A layer's "name" in its config, or `fallback` when it has none that is a string.
std::string kerasLayerName(const nlohmann::json& config, std::string_view fallback);

/// Reads the options every layer has: name (as read by kerasLayerName), trainable (only
/// true: EpochScope trains every layer) and dtype (only float32).
void readCommonLayerOptions(KerasOptions& options);

}  // namespace es
