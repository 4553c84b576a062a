#pragma once

// `epochscope-cli evaluate`: a saved model on the configured validation data. LibTorch-free.

#include "engine/config/runconfigfwd.h"

#include <cstdint>
#include <map>
#include <string>

namespace es {

struct TextTokenizer;

struct Evaluation {
    std::string checkpointKind;  ///< "weights only", "weights and optimizer state", "backup"
    std::string dataSource;      ///< what was loaded (RunData::description)
    std::int64_t samples = 0;    ///< validation samples evaluated
    double loss = 0.0;
    std::map<std::string, double> metrics;  ///< "mae", "accuracy" (without the val_ prefix)
};

/// Builds the config's model, loads the weights saved in `checkpointPath` (a ModelCheckpoint
/// file or a BackupAndRestore backup) and evaluates it on the config's validation data
/// (data.validation_split or x_val/y_val), on the config's device. Throws ConfigError naming
/// "--checkpoint" when the file cannot be read or does not fit the model, and
/// "data.validation_split" when the config has no validation data. A text source is tokenized
/// by `tokenizer`, the one the model was trained with, when given (else learned again from the
/// texts as training learned it).
Evaluation evaluateCheckpoint(const RunConfig& config, const std::string& checkpointPath,
                              const TextTokenizer* tokenizer = nullptr);

}  // namespace es
