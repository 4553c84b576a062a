#pragma once

// What an export needs to know of the config's data without training on it. LibTorch-free.

#include "engine/config/runconfigfwd.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace es {

struct TextTokenizer;

struct ModelInput {
    /// One sample: [T, F] float features, or [T] token ids for a model that starts with an
    /// embedding.
    std::vector<std::int64_t> sampleShape;
    /// The samples a run of the config trains on: a backup holds their shuffle order, which
    /// bounds the size of the checkpoint file accepted.
    std::int64_t trainingSamples = 0;
    /// A text source's tokenizer: the one given, or the one reading the texts learned.
    std::shared_ptr<const TextTokenizer> tokenizer;

    /// The width of a step's features as the model's first layer reads them (1 for tokens).
    std::int64_t features() const { return sampleShape.size() == 2 ? sampleShape[1] : 1; }
};

/// The model's input as training would see it. For a synthetic source the config says it all;
/// a source of files is read and checked as training reads it (loadSourceArrays()), so its
/// problems are ConfigErrors at the data fields; a text source is tokenized by `trained` when
/// given.
ModelInput modelInputOf(const RunConfig& config, const TextTokenizer* trained = nullptr);

}  // namespace es
