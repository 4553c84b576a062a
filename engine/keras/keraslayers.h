#pragma once

// One layer of a Keras Sequential model, as model.to_json() writes it, turned into
// EpochScope's layer: InputLayer, Embedding, LSTM, GRU, Bidirectional, Dropout and Dense, each
// option mapped, refused or left out as docs/keras.md lists.

#include "engine/config/modelconfig.h"
#include "engine/keras/importlog.h"
#include "engine/keras/kerasversion.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace es {

/// A shape as Keras writes it: each axis a size or null (any size).
using KerasShape = std::vector<std::optional<std::int64_t>>;

/// The layer classes the import reads, as messages list them.
inline constexpr const char* kSupportedKerasLayers =
    "InputLayer, Embedding, LSTM, GRU, Bidirectional, Dropout, Dense";

/// What the layers before this one tell its import.
struct KerasLayerContext {
    const KerasVersion* version = nullptr;
    ImportLog* log = nullptr;
    std::size_t position = 0;  ///< in the file's list of layers, from 0
    /// Whether this is the first layer that computes (an InputLayer may come before).
    bool first = false;
    /// Whether an Embedding with mask_zero comes before: token id 0 is padding.
    bool masked = false;
};

/// One layer read from the file.
struct ImportedKerasLayer {
    std::string name;       ///< Keras' name ("lstm_2"), as the file writes it
    std::string className;  ///< "LSTM"
    std::string label;      ///< "lstm_2 (LSTM)", for messages
    bool inputLayer = false;
    /// EpochScope's layer; nullopt for an InputLayer and for a layer that was refused.
    std::optional<LayerConfig> layer;
    /// The model's input shape, batch axis first, as this layer declares it: an InputLayer's
    /// batch_shape (Keras 3) or batch_input_shape (Keras 2), or the first layer's
    /// batch_input_shape.
    std::optional<KerasShape> batchShape;
    /// The layer object's build_config input_shape (Keras 3), batch axis first.
    std::optional<KerasShape> buildShape;
    /// An Embedding's input_length (Keras 2), when set.
    std::optional<std::int64_t> inputLength;
    /// An InputLayer's dtype ("int32"), as the file writes it.
    std::string inputDtype;
};

/// Reads one element of the Sequential's layer list ({"class_name", "config", ...}).
/// Refusals go to the context's log.
ImportedKerasLayer importKerasLayer(const nlohmann::json& object, const KerasLayerContext& context);

/// Reads a shape (an array of positive integers and nulls); nullopt, refused in `log` with
/// `what` naming it, for anything else.
std::optional<KerasShape> readKerasShape(const nlohmann::json& value, const std::string& what,
                                         ImportLog& log);

}  // namespace es
