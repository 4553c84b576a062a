#pragma once

// Internal to the engine: includes LibTorch.

#include "engine/config/runconfigfwd.h"
#include "engine/data/batchsource_torch.h"
#include "engine/model/sequentialmodel_torch.h"
#include "engine/train/epochaccumulator_torch.h"

namespace es {

/// How validation reads its data: every sample once, in order, without a loader thread.
DataConfig validationDataConfig(const DataConfig& training);

/// Keras' evaluate: every batch of `source` through `model` in inference mode, with the loss
/// including the regularisation penalties as val_loss does. Leaves the model in training mode.
EpochAccumulator evaluateModel(SequentialModel& model, BatchSource& source,
                               const TrainingConfig& training);

}  // namespace es
