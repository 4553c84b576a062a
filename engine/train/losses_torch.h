#pragma once

// Internal to the engine: includes LibTorch.

#include "engine/config/trainingconfig.h"

#include <torch/torch.h>

namespace es {

/// The configured loss, Keras-style: mean over the batch of the per-sample loss; the cross
/// entropies work on probabilities clipped to [1e-7, 1 - 1e-7] as Keras does.
torch::Tensor computeLoss(LossType loss, const torch::Tensor& prediction,
                          const torch::Tensor& target);

/// Sum over the batch of a metric's per-sample value (sums, so that epochs can average over
/// samples exactly). `accuracy` is binary (threshold 0.5) for one output, else the argmax
/// against a one-hot row's or a class id column's class.
double metricSum(Metric metric, const torch::Tensor& prediction, const torch::Tensor& target);

}  // namespace es
