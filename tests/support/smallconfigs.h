#pragma once

// Small, fast versions of the two reference workloads for tests that train.

#include "engine/config/runconfig.h"

#include <nlohmann/json.hpp>

namespace es::test {

/// Sequence regression: (N, T, F) -> y, LSTM -> Dense(1).
inline nlohmann::json smallRegressionJson()
{
    return nlohmann::json::parse(R"({
      "name": "test-regression",
      "seed": 7,
      "model": {"layers": [
        {"type": "lstm", "units": 16, "return_sequences": true, "kernel_l2": 1e-5, "recurrent_l2": 1e-5},
        {"type": "lstm", "units": 16},
        {"type": "dense", "units": 1}
      ]},
      "data": {
        "source": {"type": "synthetic_regression", "samples": 640, "timesteps": 12, "features": 4},
        "validation_split": 0.2, "batch_size": 32
      },
      "training": {"epochs": 4, "optimizer": {"type": "adam", "learning_rate": 0.01},
                   "loss": "mse", "metrics": ["mae"]},
      "device": {"name": "cpu", "intra_op_threads": 2}
    })");
}

/// Token sentiment: (N, T) ints -> 0/1, Embedding -> LSTM -> Dense(1, sigmoid).
inline nlohmann::json smallSentimentJson()
{
    return nlohmann::json::parse(R"({
      "name": "test-sentiment",
      "seed": 11,
      "model": {"layers": [
        {"type": "embedding", "input_dim": 200, "output_dim": 16},
        {"type": "lstm", "units": 16},
        {"type": "dense", "units": 1, "activation": "sigmoid"}
      ]},
      "data": {
        "source": {"type": "synthetic_tokens", "samples": 2000, "timesteps": 40, "vocab_size": 200},
        "validation_split": 0.25, "batch_size": 32
      },
      "training": {"epochs": 4, "optimizer": {"type": "adam", "learning_rate": 0.01},
                   "loss": "binary_crossentropy", "metrics": ["accuracy"]},
      "device": {"name": "cpu", "intra_op_threads": 2}
    })");
}

inline RunConfig smallRegression()
{
    return parseRunConfig(smallRegressionJson());
}
inline RunConfig smallSentiment()
{
    return parseRunConfig(smallSentimentJson());
}

}  // namespace es::test
