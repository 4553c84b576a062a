#pragma once

// Internal to the engine and to programs that embed it: includes LibTorch.

#include "engine/callbacks/callback.h"
#include "engine/data/dataset_torch.h"

#include <torch/torch.h>

#include <functional>
#include <memory>
#include <vector>

namespace es {

/// What a program that embeds the engine adds to a run in C++, beyond what a config can say
/// (TrainingSession::extend()). The app and the CLI add nothing: their runs are their config.
/// Each addition runs where the trainer times it, so that its cost shows in its own phase:
/// the tests inject known costs through them and check that each lands where it belongs.
struct RunExtensions {
    /// Applied to every training batch where the data source produces it, before placement
    /// pins it or copies it: on the loader thread with data.prefetch (hidden while the loader
    /// keeps ahead of the steps, else the step's Data wait), on the engine thread inside Data
    /// wait without. Data augmentation, a reader of one's own. Not applied to validation or
    /// warm-up batches. With prefetch it runs concurrently with the step: it must not touch
    /// the model.
    std::function<Dataset(Dataset batch)> transformBatch;

    /// Added to each training step's loss (and each warm-up pass's), as Keras' add_loss():
    /// computed in the Forward phase, its gradient in Backward. Returns a 0-dim tensor. The
    /// validation loss is the configured loss alone.
    std::function<torch::Tensor(const torch::Tensor& prediction, const torch::Tensor& target)>
        extraLoss;

    /// Given the model's parameters after Backward, right before the optimizer's step, and
    /// timed in the Optimizer phase: gradient clipping, noise or a constraint of one's own.
    /// Not called in warm-up passes (they take no optimizer step).
    std::function<void(const std::vector<torch::Tensor>& parameters)> beforeOptimizerStep;

    /// Run after the config's callbacks at every hook, timed in the Callbacks phase and
    /// reported under their name(). Shared, so that the caller can read them after the run.
    std::vector<std::shared_ptr<Callback>> callbacks;
};

}  // namespace es
