#pragma once

#include "engine/config/runconfigfwd.h"
#include "engine/predict/prediction.h"

#include <string>

namespace es {

struct PredictCommandOptions {
    /// The checkpoint, the inputs (--x, --y, --text and the columns), --batch and the kept
    /// tokenizer.
    PredictRequest request;
    std::string out;  ///< .npy or .csv; empty: only the summary
    bool json = false;
};

/// `epochscope-cli predict --checkpoint FILE (--config FILE | --preset NAME) (--x FILE |
/// --text TEXT... | --validation)
/// [--y FILE] [--out FILE.npy|.csv] [--batch N] [--json]`: runs a saved model on the inputs
/// (engine/predict/prediction.h), writes the predictions to --out atomically, and prints a
/// summary, with the loss and metrics when --y is given, or all of it as JSON. A progress line
/// on a terminal's stderr; a stop signal stops after the current batch and writes nothing.
/// Returns the exit status; a ConfigError (inputs, checkpoint, device) propagates.
int runPredictCommand(const RunConfig& config, const PredictCommandOptions& options);

}  // namespace es
