#pragma once

// Internal to the engine: includes LibTorch.
//
// A checkpoint or a backup read into a model built from the run config, checked as `evaluate`
// checks it (engine/train/evaluation.cpp): the archive before LibTorch reads it, every tensor
// against the model's before one is copied.

#include <torch/torch.h>

#include <cstdint>
#include <string>

namespace es {

/// Throws ConfigError when `path` is missing (at "--checkpoint") or not a readable regular file
/// (at the file): what loadCheckpointWeights() checks first, for slower work before loading.
void requireCheckpointFile(const std::string& path);

/// Loads the weights of the ModelCheckpoint file or BackupAndRestore backup at `path` into
/// `model` and returns what the file holds besides them ("weights only", "weights and
/// optimizer state", "BackupAndRestore backup"). `trainingSamples`: the config's training
/// samples, whose shuffle order a backup holds too (the archive's size limit,
/// archiveByteBudget()). Throws ConfigError at "--checkpoint" naming the file: missing; not an
/// archive EpochScope can read (corrupt, truncated, not EpochScope's); or not fitting the
/// model, naming the parameter and both shapes ("lstm_1.weight_ih_l0: [64, 4] in the file,
/// [32, 4] in the model"). `model` is unchanged then.
std::string loadCheckpointWeights(torch::nn::Module& model, const std::string& path,
                                  std::int64_t trainingSamples);

}  // namespace es
