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

/// Writes `archive` to `path` atomically (io/atomicfile.h); returns the bytes written.
/// Throws std::system_error naming the file.
std::int64_t writeArchiveAtomically(torch::serialize::OutputArchive& archive,
                                    const std::string& path);

/// The most bytes a checkpoint or backup of `model` can hold: its weights, an optimizer's
/// state (up to three tensors per parameter), `extraBytes` (a backup's shuffle order) and a
/// fixed allowance for the archive's code, pickles and generator states. checkArchiveFile()
/// refuses archives whose records claim more, before anything is inflated.
std::uint64_t archiveByteBudget(torch::nn::Module& model, std::uint64_t extraBytes = 0);

/// Reads `path` as a LibTorch archive after checkArchiveFile() (train/archivecheck.h) found
/// every record, storage and tensor view in it sound and within `maxRecordBytes`. The bytes
/// checked are the bytes loaded: the file is read once. Throws std::runtime_error saying what
/// is wrong (naming the record and the parameter), without LibTorch's backtraces.
void loadArchiveChecked(torch::serialize::InputArchive& archive, const std::string& path,
                        std::uint64_t maxRecordBytes);

/// What an exception from LibTorch or the engine says, without c10's backtrace.
std::string errorText(const std::exception& error);

/// Checks the state `optimizer` loaded from a file against `model`'s parameters: every state
/// tensor (Adam's moments, momentum buffers, ...) has its parameter's shape and type, and
/// step counts are not negative. Throws std::runtime_error naming the parameter and the state.
void checkOptimizerState(torch::optim::Optimizer& optimizer, torch::nn::Module& model);

/// Reads every parameter and buffer of `module` from `archive`, laid out as
/// torch::nn::Module::save writes it, and copies them in only when every one is present with
/// the module's shape. LibTorch's own Module::load would resize a parameter to whatever the
/// file holds; this refuses. Throws std::runtime_error naming the first tensor that is
/// missing or has another shape, type or layout, or whose view reaches outside its storage
/// ("lstm0.weight_ih_l0: [256, 4] in the file, [128, 4] in the model"); the module is unchanged
/// then.
void loadWeightsChecked(torch::nn::Module& module, torch::serialize::InputArchive& archive);

}  // namespace es
