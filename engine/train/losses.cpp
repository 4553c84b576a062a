#include "engine/train/losses_torch.h"

#include <stdexcept>

namespace es {

namespace {

/// Keras' backend epsilon, used to clip probabilities before taking logs.
constexpr double kProbabilityEpsilon = 1e-7;
/// Keras' binary_accuracy threshold.
constexpr double kBinaryThreshold = 0.5;

}  // namespace

torch::Tensor computeLoss(LossType loss, const torch::Tensor& prediction,
                          const torch::Tensor& target)
{
    switch (loss) {
        case LossType::Mse: return (prediction - target).pow(2).mean();
        case LossType::Mae: return (prediction - target).abs().mean();
        case LossType::BinaryCrossentropy: {
            const auto p = prediction.clamp(kProbabilityEpsilon, 1.0 - kProbabilityEpsilon);
            return -(target * torch::log(p) + (1.0 - target) * torch::log(1.0 - p)).mean();
        }
        case LossType::CategoricalCrossentropy: {
            const auto p = prediction.clamp(kProbabilityEpsilon, 1.0 - kProbabilityEpsilon);
            return -(target * torch::log(p)).sum(-1).mean();
        }
        case LossType::SparseCategoricalCrossentropy: {
            // The target column holds class ids (checked whole and in range before training).
            const auto p = prediction.clamp(kProbabilityEpsilon, 1.0 - kProbabilityEpsilon);
            return -torch::log(p.gather(-1, target.to(torch::kInt64))).mean();
        }
    }
    throw std::logic_error("unhandled loss");
}

double metricSum(Metric metric, const torch::Tensor& prediction, const torch::Tensor& target)
{
    torch::NoGradGuard noGrad;
    switch (metric) {
        case Metric::Mae:
            // Keras averages over the last axis per sample first.
            return (prediction - target).abs().mean(-1).sum().item<double>();
        case Metric::Accuracy:
            // Keras' "accuracy" follows the loss: binary for one unit, categorical against
            // one-hot rows, sparse categorical against a column of class ids.
            if (prediction.size(-1) > 1 && target.size(-1) == 1)
                return (prediction.argmax(-1) == target.squeeze(-1).to(torch::kInt64))
                    .to(torch::kFloat64)
                    .sum()
                    .item<double>();
            if (prediction.size(-1) == 1)
                return (prediction.gt(kBinaryThreshold) == target.gt(kBinaryThreshold))
                    .to(torch::kFloat64)
                    .sum()
                    .item<double>();
            return (prediction.argmax(-1) == target.argmax(-1))
                .to(torch::kFloat64)
                .sum()
                .item<double>();
    }
    throw std::logic_error("unhandled metric");
}

}  // namespace es
