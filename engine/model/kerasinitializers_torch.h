#pragma once

// Internal to the engine: includes LibTorch.
//
// Keras' weight initializers, with Keras' definitions and Keras' shapes. Keras holds a layer's
// kernel as (inputs, outputs) where LibTorch holds its transpose (outputs, inputs), so the
// fans that scale the variance are taken from the Keras shape, whatever the tensor's layout:
// an LSTM kernel is one (inputs, 4 x units) matrix in Keras, fan_in = inputs and fan_out =
// 4 x units, and LibTorch's weight_ih_l0 is that matrix transposed.

#include "engine/config/modelconfig.h"

#include <torch/torch.h>

#include <cstdint>

namespace es {

/// A weight's fans as Keras computes them from its Keras shape (`compute_fans`): a matrix
/// (rows, columns) has fan_in = rows and fan_out = columns; a vector of n has both n.
struct KerasFans {
    double in = 1.0;
    double out = 1.0;
};

/// The fans of a weight that LibTorch holds as the transpose of Keras' matrix: a Linear or
/// recurrent weight (outputs, inputs), whose Keras kernel is (inputs, outputs).
KerasFans kerasFansOfTransposed(const torch::Tensor& weight);
/// The fans of a Keras matrix (rows, columns) held in the same layout (an embedding table).
KerasFans kerasFansOfMatrix(std::int64_t rows, std::int64_t columns);
/// The fans of a Keras vector of `size` (a bias).
KerasFans kerasFansOfVector(std::int64_t size);

/// Keras' factor for a normal truncated at two standard deviations: the standard deviation of
/// such a draw is this fraction of the untruncated one, so VarianceScaling divides by it to
/// keep the variance it promises.
constexpr double kTruncatedNormalStddevRatio = 0.87962566103423978;

/// Fills `tensor` in place, without recording gradients, as Keras' `initializer` with its
/// default arguments fills a weight of fans `fans`:
/// - glorot_uniform, he_uniform, lecun_uniform: uniform in [-limit, limit], limit =
///   sqrt(3 scale / n) (VarianceScaling; glorot: scale 1, n = (fan_in + fan_out) / 2; he:
///   scale 2, n = fan_in; lecun: scale 1, n = fan_in);
/// - glorot_normal, he_normal, lecun_normal: a normal truncated at 2 standard deviations, with
///   standard deviation sqrt(scale / n) / kTruncatedNormalStddevRatio before truncation;
/// - orthogonal (gain 1): the matrix has orthonormal rows or columns, whichever are fewer; it
///   does not depend on the layout (a matrix and its transpose are both orthogonal). Throws
///   std::invalid_argument for a tensor of fewer than 2 dimensions, as Keras refuses it;
/// - random_uniform in [-0.05, 0.05]; random_normal with stddev 0.05; truncated_normal with
///   stddev 0.05 before truncation at 2 stddev; zeros; ones.
/// Every element is drawn independently except for orthogonal, so drawing on LibTorch's
/// layout gives Keras' distribution.
void kerasInitialize(torch::Tensor tensor, Initializer initializer, const KerasFans& fans);

}  // namespace es
