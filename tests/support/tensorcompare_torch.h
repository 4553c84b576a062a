#pragma once

// How the recurrent kernels' tests compare tensors: one relative difference per tensor, and the
// worst of many with where it was.

#include <torch/torch.h>

#include <algorithm>
#include <string>

namespace es::test {

/// max |actual - reference| / max(1e-6, max |reference|): the difference relative to the
/// reference's scale, computed in float64 (a float32 result may be measured against a float64
/// reference). Element-wise relative errors would be dominated by the many gradients that are
/// nearly zero (saturated gates), where any rounding is a large fraction.
inline double relativeDifference(const torch::Tensor& actual, const torch::Tensor& reference)
{
    if (reference.numel() == 0)
        return 0.0;
    const double scale = std::max(1e-6, reference.abs().max().item<double>());
    return (actual.to(torch::kDouble) - reference.to(torch::kDouble)).abs().max().item<double>() /
           scale;
}

/// The largest relativeDifference of the tensors added, and what it was measured on.
struct Comparison {
    double worst = 0.0;
    std::string where;

    void add(const std::string& what, const torch::Tensor& actual, const torch::Tensor& reference)
    {
        const double difference = relativeDifference(actual, reference);
        if (difference > worst || where.empty()) {
            worst = difference;
            where = what;
        }
    }
};

}  // namespace es::test
