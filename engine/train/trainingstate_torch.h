#pragma once

// Internal to the engine: includes LibTorch. The file BackupAndRestore writes.

#include "engine/config/runconfigfwd.h"
#include "engine/data/batchsource_torch.h"
#include "engine/train/epochaccumulator_torch.h"

#include <torch/torch.h>
#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

namespace es {

/// Where training stands: `batchesDone` steps of `epoch` (1-based) have run. After an
/// epoch's end it is {epoch + 1, 0}.
struct TrainingPosition {
    int epoch = 1;
    std::int64_t batchesDone = 0;
};

/// Everything a resumed run needs besides the weights and the optimizer's state.
struct TrainingState {
    TrainingPosition position;
    EpochAccumulator epochSums;  ///< of the steps of `position.epoch` already run
    BatchSource::ShuffleState shuffle;
    /// The global generators that dropout draws from: "cpu", and "cuda:N" on a GPU.
    std::vector<std::pair<std::string, torch::Tensor>> rngStates;
};

/// What must be equal for a backup to be resumed by a run: the model, optimizer, loss, the
/// training samples and how they are batched and shuffled, the seed. Not the epoch count, so
/// that a resumed run may train for longer.
nlohmann::json backupFingerprint(const RunConfig& config, std::int64_t trainSamples,
                                 std::int64_t batchesPerEpoch);

/// The generators' states now, for `device`'s run.
std::vector<std::pair<std::string, torch::Tensor>> captureRngStates(const torch::Device& device);
void restoreRngStates(const std::vector<std::pair<std::string, torch::Tensor>>& states);

/// Writes a backup: the model's weights as Module::save lays them out (so `evaluate` reads a
/// backup like a checkpoint), the optimizer's state, and `state` with `fingerprint`. One file,
/// written atomically; returns its size. Throws std::runtime_error naming the file.
std::int64_t writeBackup(const std::string& path, torch::nn::Module& model,
                         torch::optim::Optimizer& optimizer, const TrainingState& state,
                         const nlohmann::json& fingerprint);

/// Reads a backup back into `model` and `optimizer` (a fresh one for the model's parameters)
/// and returns the rest. Checks everything before changing anything: a file that is not a
/// LibTorch archive, one that is not an EpochScope backup, one written by another format
/// version or for a run whose fingerprint differs, one whose tensors do not fit, or whose
/// metadata is missing a field or holds one out of range (an epoch outside 1..`epochs` + 1, a
/// step past the epoch, an unknown generator), throws ConfigError(field, ...) saying which,
/// and leaves `model` as it was. The archive is checked before LibTorch reads it
/// (train/archivecheck.h).
TrainingState readBackup(const std::string& path, const std::string& field,
                         torch::nn::Module& model, torch::optim::Optimizer& optimizer,
                         const nlohmann::json& fingerprint, int epochs);

}  // namespace es
