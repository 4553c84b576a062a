#pragma once

// What a config's model was trained on, as far as predicting needs it, learnt without loading
// the training data (which may be large, or on another machine). LibTorch-free.

#include "engine/config/runconfigfwd.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace es {

struct TrainedInput {
    /// One training sample: [T, F] features or [T] token ids; nullopt when unknown.
    std::optional<std::vector<std::int64_t>> sampleShape;
    /// Where the shape comes from, for messages: "model.input_shape", "data.source", or the
    /// training file (`x_train.npy`, `data.npz:x_train`).
    std::string origin;
    /// At least as many as the samples a run of the config trains on (a backup holds their
    /// shuffle order, which bounds the size of a checkpoint file accepted); 0 when unknown.
    std::int64_t samples = 0;
};

/// model.input_shape, or what a synthetic source generates or a CSV window holds
/// (declaredInputShape()), or else the header of the training x of a .npy or .npz source
/// (the file, or the member training picks). A file that cannot be read leaves the shape
/// unknown: predicting does not need the training data.
TrainedInput trainedInputOf(const RunConfig& config);

}  // namespace es
