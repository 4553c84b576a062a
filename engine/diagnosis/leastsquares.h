#pragma once

// The straight line nearest a set of points: how memory-growth takes a rate from the bytes held
// step after step, and memory-headroom the bytes a sample costs from runs at other batch sizes.

#include <cstddef>
#include <optional>
#include <vector>

namespace es {

struct StraightLine {
    double intercept = 0.0;
    double slope = 0.0;
};

/// Least squares through (xs[i], ys[i]); nullopt when the sizes differ or the xs do not take two
/// values (no slope can be told then).
inline std::optional<StraightLine> leastSquaresLine(const std::vector<double>& xs,
                                                    const std::vector<double>& ys)
{
    if (xs.size() != ys.size() || xs.empty())
        return std::nullopt;
    const double n = static_cast<double>(xs.size());
    double meanX = 0.0;
    double meanY = 0.0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        meanX += xs[i] / n;
        meanY += ys[i] / n;
    }
    double covariance = 0.0;
    double variance = 0.0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        covariance += (xs[i] - meanX) * (ys[i] - meanY);
        variance += (xs[i] - meanX) * (xs[i] - meanX);
    }
    if (!(variance > 0.0))
        return std::nullopt;
    const double slope = covariance / variance;
    return StraightLine{meanY - slope * meanX, slope};
}

}  // namespace es
