#pragma once

#include "engine/config/runconfigfwd.h"

#include <string>

namespace es {

struct TextTokenizer;

/// `epochscope-cli evaluate --checkpoint FILE --config FILE [--json]`: loads a saved model
/// and prints its loss and metrics on the config's validation data, Keras-style
/// ("val_loss: 0.0123 - val_mae: 0.0891"), or as a JSON object. Returns the exit status; a
/// ConfigError (unreadable or unfitting checkpoint, no validation data) propagates. A model
/// trained on text reads its validation texts through `tokenizer` when given.
int runEvaluateCommand(const RunConfig& config, const std::string& checkpointPath,
                       const TextTokenizer* tokenizer, bool json);

}  // namespace es
