#pragma once

// Internal to the engine: includes LibTorch.

#include "engine/config/runconfigfwd.h"

#include <torch/torch.h>

#include <memory>

namespace es {

/// The configured optimizer over `parameters`, with Keras' hyper-parameter names mapped to
/// LibTorch's (RMSprop rho -> alpha).
std::unique_ptr<torch::optim::Optimizer> makeOptimizer(const OptimizerConfig& config,
                                                       std::vector<torch::Tensor> parameters);

}  // namespace es
