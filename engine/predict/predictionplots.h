#pragma once

// What the app's Predict view draws, computed from a prediction's values: the ROC curve, the
// confusion matrix at a threshold, the residuals' histogram. Plain arithmetic kept out of the
// widgets so that it is tested like the metrics it goes with (predictionmetrics.h), and
// LibTorch-free.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace es {

/// One point of a ROC curve: at `threshold`, a sample is predicted positive when its score is at
/// or above it.
struct RocPoint {
    double threshold = 0.0;
    double falsePositiveRate = 0.0;  ///< FP / N
    double truePositiveRate = 0.0;   ///< TP / P
};

/// The ROC curve of `scores` against `positive`: (0, 0) at a threshold above every score, then
/// one point per distinct score in descending order (tied scores move together, so a tie is a
/// diagonal step), ending at (1, 1). The trapezoids under it add up to rocAuc(). NaN scores are
/// left out. Empty when there are no positives or no negatives (the rates are not defined).
/// Throws std::invalid_argument when the sizes differ.
std::vector<RocPoint> rocCurve(const std::vector<float>& scores, const std::vector<bool>& positive);

/// A square table of counts: counts[actual * classes + predicted].
struct ConfusionMatrix {
    std::size_t classes = 0;
    std::vector<std::int64_t> counts;

    std::int64_t at(std::size_t actual, std::size_t predicted) const
    {
        return counts[actual * classes + predicted];
    }
    std::int64_t total() const;
};

/// One sigmoid unit's predictions at `threshold` (class 1 above it, as binaryMetrics() counts)
/// against targets (class 1 above 0.5): a 2 x 2 matrix, class 0 first. Throws
/// std::invalid_argument when the sizes differ.
ConfusionMatrix binaryConfusion(const std::vector<float>& probabilities,
                                const std::vector<float>& targets, double threshold);

/// A softmax's predicted classes (rowArgmax() of n rows of `classes` probabilities) against
/// `labels` (class ids in [0, classes)). Throws std::invalid_argument when the sizes do not fit
/// or a label is out of range.
ConfusionMatrix multiClassConfusion(const std::vector<float>& probabilities, std::size_t classes,
                                    const std::vector<std::int64_t>& labels);

/// Equal-width bins over [low, low + bins * width): a value at the top edge counts in the last
/// bin. NaN and infinite values are left out (and counted in `skipped`).
struct Histogram {
    double low = 0.0;
    double width = 0.0;
    std::vector<std::int64_t> counts;
    std::int64_t skipped = 0;

    double binCentre(std::size_t bin) const
    {
        return low + (static_cast<double>(bin) + 0.5) * width;
    }
};

/// `bins` equal bins (at least 1) spanning the finite values' minimum to maximum; all equal
/// values get one bin of width 1 centred on them. No values: no bins.
Histogram histogramOf(const std::vector<double>& values, std::size_t bins);

/// prediction - target for each of n values (same sizes; throws std::invalid_argument else).
std::vector<double> residualsOf(const std::vector<float>& predictions,
                                const std::vector<float>& targets);

/// The number of bins the app draws for n values: the square root of n, rounded up, kept
/// between 10 and 100 (a few dozen samples still show a shape; a million do not blur).
std::size_t suggestedBins(std::size_t values);

}  // namespace es
