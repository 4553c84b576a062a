#pragma once

// Internal to the engine: includes LibTorch.

#include <torch/torch.h>

#include <cstdint>
#include <string>

namespace es {

/// The model's weights as Module::save lays them out and, with `optimizer`, its state under
/// "optimizer" (Keras' full-model save: training can go on from it). What checkpoints and
/// backups start from.
torch::serialize::OutputArchive modelArchive(torch::nn::Module& model,
                                             torch::optim::Optimizer* optimizer);

/// Writes `archive` to `path` atomically (core/atomicfile.h); returns the bytes written.
/// Throws std::system_error naming the file.
std::int64_t writeArchiveAtomically(torch::serialize::OutputArchive& archive,
                                    const std::string& path);

/// Reads every parameter and buffer of `module` from `archive`, laid out as
/// torch::nn::Module::save writes it, and copies them in only when every one is present with
/// the module's shape. LibTorch's own Module::load would resize a parameter to whatever the
/// file holds; this refuses. Throws std::runtime_error naming the first tensor that is
/// missing or has another shape ("lstm0.weight_ih_l0: [256, 4] in the file, [128, 4] in the
/// model"); the module is unchanged then.
void loadWeightsChecked(torch::nn::Module& module, torch::serialize::InputArchive& archive);

}  // namespace es
