#pragma once

// What `epochscope-cli predict` prints about a finished prediction: a few lines for a person,
// or one JSON document for a program (field names and values in English, as every --json).

#include "engine/predict/prediction.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace es {

/// The files of one prediction as the user named them; `y` and `out` empty when not given.
struct PredictFiles {
    std::string checkpoint;
    std::string x;
    std::string y;
    std::string out;
};

/// `Checkpoint: ...`, `Data: ...`, the samples, device, backend and batches, then with
/// targets the loss and metrics Keras-style (`loss: 0.0123 - mae: 0.0891 - ...`, an undefined
/// one as `n/a`) and for binary classification the confusion counts, and last where the
/// predictions went (or their range when they were not saved). Paths with their controls
/// escaped.
std::vector<std::string> predictionLines(const PredictionResult& result, const PredictFiles& files);

/// {"checkpoint", "x", "y", "out", "data", "device", "backend", "batch_size", "batches",
/// "samples", "output_shape", "load_seconds", "predict_seconds", "task", "loss", "metrics",
/// "confusion"}: y and out null when not given; loss and metrics null without targets (an
/// undefined metric null too); confusion only for binary classification with targets.
nlohmann::json predictionJson(const PredictionResult& result, const PredictFiles& files);

}  // namespace es
