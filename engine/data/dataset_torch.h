#pragma once

// Internal to the engine: includes LibTorch.

#include "engine/config/dataconfig.h"
#include "engine/config/runconfigfwd.h"
#include "engine/core/records.h"
#include "engine/data/sourcearrays.h"

#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

namespace es {

/// Inputs and targets held in host memory, first dimension = samples.
struct Dataset {
    torch::Tensor x;  ///< (N, T, F) float32, or (N, T) int64 tokens
    /// (N, 1) float32: a real target, a 0/1 label or a class id; (N, classes) one-hot rows for
    /// categorical_crossentropy.
    torch::Tensor y;

    std::int64_t size() const { return x.defined() ? x.size(0) : 0; }
};

struct TrainValidationSplit {
    Dataset train;
    Dataset validation;  ///< empty when validation_split is 0
};

/// The first `trainCount` samples train, the rest validate (see splitSamples(): Keras takes
/// the validation samples from the end, before any shuffling). Views, no copies.
TrainValidationSplit splitForValidation(const Dataset& data, std::int64_t trainCount);

/// The data a run trains on, generated or loaded from files and checked against the model.
struct RunData {
    TrainValidationSplit split;
    /// `synthetic_regression: 6144 samples of (64, 8)`, `npy: x x.npy (1000, 50, 8) ...`.
    std::string description;
    /// What loading changed or decided (see SourceArrays::notes).
    std::vector<std::string> notes;
    /// A text source's classes by their ids (SourceArrays::classes).
    std::vector<std::string> classes;
    TextLengths textLengths;                         ///< SourceArrays::textLengths
    std::shared_ptr<const TextTokenizer> tokenizer;  ///< SourceArrays::tokenizer
};

/// Generates or loads config.data.source and splits it for validation: an explicit validation
/// set (x_val/y_val) when the source has one, else data.validation_split. File problems and
/// data that does not fit the model are ConfigErrors (see loadSourceArrays()). A text source
/// is tokenized by `trained` when given, as the run that stored it tokenized.
RunData loadRunData(const RunConfig& config, const TextTokenizer* trained = nullptr);

/// Generates the configured synthetic source, deterministically from `seed` (its own
/// generator, so the global LibTorch RNG is untouched).
Dataset generateSynthetic(const DataSourceConfig& source, std::uint64_t seed);

}  // namespace es
