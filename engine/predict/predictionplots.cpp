#include "engine/predict/predictionplots.h"

#include "engine/predict/predictionmetrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace es {

namespace {

constexpr std::size_t kFewestBins = 10;
constexpr std::size_t kMostBins = 100;

/// Keras' and binaryMetrics()' reading of a target: class 1 above one half.
bool isPositiveTarget(float target)
{
    return target > 0.5F;
}

}  // namespace

std::vector<RocPoint> rocCurve(const std::vector<float>& scores, const std::vector<bool>& positive)
{
    if (scores.size() != positive.size())
        throw std::invalid_argument("rocCurve: scores and labels do not pair up");
    std::vector<std::size_t> order;
    order.reserve(scores.size());
    for (std::size_t i = 0; i < scores.size(); ++i)
        if (!std::isnan(scores[i]))
            order.push_back(i);
    std::int64_t positives = 0;
    for (const std::size_t i : order)
        positives += positive[i] ? 1 : 0;
    const auto negatives = static_cast<std::int64_t>(order.size()) - positives;
    if (positives == 0 || negatives == 0)
        return {};
    std::sort(order.begin(), order.end(),
              [&scores](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });

    std::vector<RocPoint> curve;
    curve.push_back({std::numeric_limits<double>::infinity(), 0.0, 0.0});
    std::int64_t truePositives = 0;
    std::int64_t falsePositives = 0;
    for (std::size_t first = 0; first < order.size();) {
        // Tied scores cross the threshold together.
        const float score = scores[order[first]];
        std::size_t next = first;
        for (; next < order.size() && scores[order[next]] == score; ++next) {
            if (positive[order[next]])
                ++truePositives;
            else
                ++falsePositives;
        }
        curve.push_back({static_cast<double>(score),
                         static_cast<double>(falsePositives) / static_cast<double>(negatives),
                         static_cast<double>(truePositives) / static_cast<double>(positives)});
        first = next;
    }
    return curve;
}

std::int64_t ConfusionMatrix::total() const
{
    return std::accumulate(counts.begin(), counts.end(), std::int64_t{0});
}

ConfusionMatrix binaryConfusion(const std::vector<float>& probabilities,
                                const std::vector<float>& targets, double threshold)
{
    if (probabilities.size() != targets.size())
        throw std::invalid_argument("binaryConfusion: probabilities and targets do not pair up");
    ConfusionMatrix matrix{2, std::vector<std::int64_t>(4, 0)};
    for (std::size_t i = 0; i < probabilities.size(); ++i) {
        const std::size_t actual = isPositiveTarget(targets[i]) ? 1 : 0;
        const std::size_t predicted = static_cast<double>(probabilities[i]) > threshold ? 1 : 0;
        ++matrix.counts[actual * 2 + predicted];
    }
    return matrix;
}

ConfusionMatrix multiClassConfusion(const std::vector<float>& probabilities, std::size_t classes,
                                    const std::vector<std::int64_t>& labels)
{
    if (classes < 2 || probabilities.size() != labels.size() * classes)
        throw std::invalid_argument("multiClassConfusion: probabilities and labels do not pair up");
    const std::vector<std::int64_t> predicted = rowArgmax(probabilities, classes);
    ConfusionMatrix matrix{classes, std::vector<std::int64_t>(classes * classes, 0)};
    for (std::size_t i = 0; i < labels.size(); ++i) {
        if (labels[i] < 0 || static_cast<std::size_t>(labels[i]) >= classes)
            throw std::invalid_argument("multiClassConfusion: a label is not a class id");
        ++matrix.counts[static_cast<std::size_t>(labels[i]) * classes +
                        static_cast<std::size_t>(predicted[i])];
    }
    return matrix;
}

Histogram histogramOf(const std::vector<double>& values, std::size_t bins)
{
    Histogram histogram;
    double low = std::numeric_limits<double>::infinity();
    double high = -std::numeric_limits<double>::infinity();
    for (const double value : values) {
        if (!std::isfinite(value)) {
            ++histogram.skipped;
            continue;
        }
        low = std::min(low, value);
        high = std::max(high, value);
    }
    if (low > high)
        return histogram;  // no finite value
    if (low == high) {
        // One value (or many equal ones): a bin of width 1 around it shows where it is.
        histogram.low = low - 0.5;
        histogram.width = 1.0;
        histogram.counts.assign(1, static_cast<std::int64_t>(values.size()) - histogram.skipped);
        return histogram;
    }
    bins = std::max<std::size_t>(bins, 1);
    histogram.low = low;
    histogram.width = (high - low) / static_cast<double>(bins);
    histogram.counts.assign(bins, 0);
    for (const double value : values) {
        if (!std::isfinite(value))
            continue;
        const auto bin = static_cast<std::size_t>((value - low) / histogram.width);
        ++histogram.counts[std::min(bin, bins - 1)];  // the maximum sits on the top edge
    }
    return histogram;
}

std::vector<double> residualsOf(const std::vector<float>& predictions,
                                const std::vector<float>& targets)
{
    if (predictions.size() != targets.size())
        throw std::invalid_argument("residualsOf: predictions and targets do not pair up");
    std::vector<double> residuals(predictions.size());
    for (std::size_t i = 0; i < predictions.size(); ++i)
        residuals[i] = static_cast<double>(predictions[i]) - static_cast<double>(targets[i]);
    return residuals;
}

std::size_t suggestedBins(std::size_t values)
{
    const auto root = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(values))));
    return std::clamp(root, kFewestBins, kMostBins);
}

}  // namespace es
