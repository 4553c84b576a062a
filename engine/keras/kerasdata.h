#pragma once

// What a Keras model file does not hold but a run needs: data shaped like the model's input and
// output, the loss and optimizer when the model was never compiled, the batch size and epochs.
// The import picks EpochScope's synthetic sources (docs/config.md#source-synthetic_tokens):
// token ids below the Embedding's input_dim, or float features of the input's width, with one
// target per sample. Each choice is said in a note.

#include "engine/config/runconfigfwd.h"
#include "engine/keras/importlog.h"
#include "engine/keras/kerascompile.h"
#include "engine/keras/keraslayers.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace es {

/// What the model file says about the run, gathered by the import.
struct KerasModelFacts {
    /// The model's input shape, batch axis first, when the file declares one.
    std::optional<KerasShape> batchShape;
    /// An Embedding's input_length (Keras 2), when set.
    std::optional<std::int64_t> inputLength;
    /// compile_config or training_config, when the model was compiled.
    std::optional<KerasCompile> compile;
    /// Keras' label of each layer of `config.model.layers` ("dense_1 (Dense)").
    std::vector<std::string> labels;
};

/// The sequence length used when the model takes sequences of any length (None).
inline constexpr std::int64_t kDefaultKerasTimesteps = 64;

/// Fills `config`'s model.input_shape, data and training from the model's layers (already in
/// config.model.layers) and `facts`; adapts an output EpochScope's sources cannot give targets
/// for (a softmax over several classes) to the closest one they can, saying so. Refusals and
/// notes go to `log`.
void planKerasRun(RunConfig& config, const KerasModelFacts& facts, ImportLog& log);

}  // namespace es
