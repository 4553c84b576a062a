#pragma once

// Internal to the engine: includes LibTorch.

#include "engine/config/modelconfig.h"

#include <torch/torch.h>

#include <stdexcept>

namespace es {

/// Keras' activation `activation` applied to `x`: the Dense layers' output and the recurrent
/// cells' gates and candidates. Softmax is over the last dimension, as Keras' default axis.
/// The hard sigmoids are written as the clip Keras defines, so that their gradient is 1/6 (or
/// 0.2) inside the linear part and 0 outside it.
inline torch::Tensor kerasActivation(Activation activation, const torch::Tensor& x)
{
    // Keras 3: relu6(x + 3) / 6, the same line as x / 6 + 0.5 clipped to [0, 1].
    constexpr double kHardSigmoidSlope = 1.0 / 6.0;
    // Keras 2: 0.2 x + 0.5 clipped to [0, 1].
    constexpr double kHardSigmoidKeras2Slope = 0.2;
    constexpr double kHardSigmoidOffset = 0.5;
    switch (activation) {
        case Activation::Linear: return x;
        case Activation::Relu: return torch::relu(x);
        case Activation::Sigmoid: return torch::sigmoid(x);
        case Activation::Tanh: return torch::tanh(x);
        case Activation::Softmax: return torch::softmax(x, -1);
        case Activation::HardSigmoid:
            return torch::clamp(x * kHardSigmoidSlope + kHardSigmoidOffset, 0.0, 1.0);
        case Activation::HardSigmoidKeras2:
            return torch::clamp(x * kHardSigmoidKeras2Slope + kHardSigmoidOffset, 0.0, 1.0);
    }
    throw std::logic_error("unhandled activation");
}

}  // namespace es
