#include "engine/model/kerasinitializers_torch.h"

#include <cmath>
#include <stdexcept>

namespace es {

namespace {

/// Keras' defaults for RandomUniform (minval -0.05, maxval 0.05), RandomNormal and
/// TruncatedNormal (stddev 0.05).
constexpr double kRandomRange = 0.05;
constexpr double kRandomStddev = 0.05;
/// A truncated normal keeps draws within this many standard deviations (Keras, TensorFlow).
constexpr double kTruncation = 2.0;
/// He initializers double the variance: ReLU passes half of its input on average.
constexpr double kHeScale = 2.0;

enum class FanMode { In, Average };

/// VarianceScaling's variance, scale / n, times `factor`: 3 gives the square of a uniform's
/// limit, 1 the variance of a normal. With the average of the fans it is written as
/// 2 factor scale / (fan_in + fan_out), so that the Glorot limit is sqrt(6 / (fan_in +
/// fan_out)) to the last bit, as the model computed it before the initializers were
/// configurable: the same seed gives the same weights.
double scaledVariance(double factor, double scale, const KerasFans& fans, FanMode mode)
{
    return mode == FanMode::In ? factor * scale / fans.in
                               : 2.0 * factor * scale / (fans.in + fans.out);
}

/// VarianceScaling with a uniform distribution: [-limit, limit] has the variance limit^2 / 3.
void varianceScalingUniform(torch::Tensor& tensor, double scale, const KerasFans& fans,
                            FanMode mode)
{
    constexpr double kUniformLimitSquared = 3.0;
    const double limit = std::sqrt(scaledVariance(kUniformLimitSquared, scale, fans, mode));
    tensor.uniform_(-limit, limit);
}

/// A normal with standard deviation `stddev` truncated at kTruncation standard deviations,
/// drawn by inverting the normal's distribution function on a uniform draw between the two
/// cut points: one draw per element, none rejected.
void truncatedNormal(torch::Tensor& tensor, double stddev)
{
    const auto normalCdf = [](double x) { return 0.5 * (1.0 + std::erf(x / std::sqrt(2.0))); };
    const double lower = normalCdf(-kTruncation);
    const double upper = normalCdf(kTruncation);
    // erfinv maps (-1, 1) to the real line; 2u - 1 with u between the two cut probabilities.
    tensor.uniform_(2.0 * lower - 1.0, 2.0 * upper - 1.0);
    tensor.erfinv_();
    tensor.mul_(stddev * std::sqrt(2.0));
    // erfinv in float32 can land a rounding beyond the cut.
    tensor.clamp_(-kTruncation * stddev, kTruncation * stddev);
}

void varianceScalingNormal(torch::Tensor& tensor, double scale, const KerasFans& fans, FanMode mode)
{
    const double stddev = std::sqrt(scaledVariance(1.0, scale, fans, mode));
    truncatedNormal(tensor, stddev / kTruncatedNormalStddevRatio);
}

}  // namespace

KerasFans kerasFansOfTransposed(const torch::Tensor& weight)
{
    if (weight.dim() != 2)
        throw std::invalid_argument("kerasFansOfTransposed: a weight matrix is 2-D");
    return {static_cast<double>(weight.size(1)), static_cast<double>(weight.size(0))};
}

KerasFans kerasFansOfMatrix(std::int64_t rows, std::int64_t columns)
{
    return {static_cast<double>(rows), static_cast<double>(columns)};
}

KerasFans kerasFansOfVector(std::int64_t size)
{
    return {static_cast<double>(size), static_cast<double>(size)};
}

void kerasInitialize(torch::Tensor tensor, Initializer initializer, const KerasFans& fans)
{
    torch::NoGradGuard noGrad;
    switch (initializer) {
        case Initializer::GlorotUniform:
            varianceScalingUniform(tensor, 1.0, fans, FanMode::Average);
            return;
        case Initializer::GlorotNormal:
            varianceScalingNormal(tensor, 1.0, fans, FanMode::Average);
            return;
        case Initializer::HeUniform:
            varianceScalingUniform(tensor, kHeScale, fans, FanMode::In);
            return;
        case Initializer::HeNormal:
            varianceScalingNormal(tensor, kHeScale, fans, FanMode::In);
            return;
        case Initializer::LecunUniform:
            varianceScalingUniform(tensor, 1.0, fans, FanMode::In);
            return;
        case Initializer::LecunNormal:
            varianceScalingNormal(tensor, 1.0, fans, FanMode::In);
            return;
        case Initializer::Orthogonal:
            if (tensor.dim() < 2)
                throw std::invalid_argument("the orthogonal initializer needs a matrix");
            torch::nn::init::orthogonal_(tensor);
            return;
        case Initializer::Zeros: tensor.zero_(); return;
        case Initializer::Ones: tensor.fill_(1.0); return;
        case Initializer::RandomUniform: tensor.uniform_(-kRandomRange, kRandomRange); return;
        case Initializer::RandomNormal: tensor.normal_(0.0, kRandomStddev); return;
        case Initializer::TruncatedNormal: truncatedNormal(tensor, kRandomStddev); return;
    }
    throw std::logic_error("unhandled initializer");
}

}  // namespace es
