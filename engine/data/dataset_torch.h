#pragma once

// Internal to the engine: includes LibTorch.

#include "config/runconfig.h"

#include <torch/torch.h>

namespace es {

/// Inputs and targets held in host memory, first dimension = samples.
struct Dataset {
    torch::Tensor x;  ///< (N, T, F) float32, or (N, T) int64 tokens
    torch::Tensor y;  ///< (N, 1) float32

    std::int64_t size() const { return x.defined() ? x.size(0) : 0; }
};

struct TrainValidationSplit {
    Dataset train;
    Dataset validation;  ///< empty when validation_split is 0
};

/// The first `trainCount` samples train, the rest validate (see splitSamples(): Keras takes
/// the validation samples from the end, before any shuffling). Views, no copies.
TrainValidationSplit splitForValidation(const Dataset& data, std::int64_t trainCount);

/// Generates the configured synthetic source, deterministically from `seed` (its own
/// generator, so the global LibTorch RNG is untouched).
Dataset generateSynthetic(const DataSourceConfig& source, std::uint64_t seed);

}  // namespace es
