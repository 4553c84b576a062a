#pragma once

#include "engine/config/runconfigfwd.h"

#include <cstdint>
#include <string>

namespace es {

struct PredictCommandOptions {
    std::string checkpoint;
    std::string x;
    std::string y;               ///< empty: no targets, no scores
    std::string out;             ///< .npy or .csv; empty: only the summary
    std::int64_t batchSize = 0;  ///< 0: the config's data.batch_size
    bool json = false;
};

/// `epochscope-cli predict --checkpoint FILE (--config FILE | --preset NAME) (--x FILE |
/// --validation)
/// [--y FILE] [--out FILE.npy|.csv] [--batch N] [--json]`: runs a saved model on the inputs
/// (engine/predict/prediction.h), writes the predictions to --out atomically, and prints a
/// summary, with the loss and metrics when --y is given, or all of it as JSON. A progress line
/// on a terminal's stderr; a stop signal stops after the current batch and writes nothing.
/// Returns the exit status; a ConfigError (inputs, checkpoint, device) propagates.
int runPredictCommand(const RunConfig& config, const PredictCommandOptions& options);

}  // namespace es
