#pragma once

// Keras models brought in: the JSON of model.to_json() (Keras 2.x and Keras 3) or a .keras
// archive's config.json, turned into an EpochScope run config that trains at once on a
// synthetic data source shaped like the model's input and output. Docs: docs/keras.md.

#include "engine/config/runconfig.h"

#include <string>
#include <string_view>
#include <vector>

namespace es {

/// What an import made, and what the user should know about it.
struct KerasImport {
    RunConfig config;  ///< valid (parseRunConfig(toJson(config)) == config)
    /// Which Keras wrote the file, for people: "Keras 2.2.4", "Keras 3.3.3" (keras_version,
    /// or a .keras archive's metadata.json), "Keras 3 (version not recorded)" when only the
    /// format tells, "Keras (version not recorded)".
    std::string kerasVersion;
    /// Facts the user should read, in English through engineText ("the archive holds weights
    /// (model.weights.h5); importing weights is not supported: the model starts from Keras'
    /// initializers").
    std::vector<std::string> notes;
};

/// Imports the model in `bytes` (JSON text, or a .keras zip archive: told apart by the zip
/// signature), `origin` naming it in messages. Throws ConfigError naming the layer, its class
/// and the option for anything EpochScope does not support ("conv1d_1 (Conv1D): layer type not
/// supported; supported: ..."), and for malformed input (with the byte offset or JSON path).
KerasImport importKerasModel(std::string_view bytes, std::string_view origin);

/// Reads `path` and imports it; an unreadable file is a ConfigError naming the file.
KerasImport importKerasModelFile(const std::string& path);

}  // namespace es
