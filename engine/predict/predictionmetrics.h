#pragma once

// How well predictions match their targets, the way people judge each task: plain arithmetic
// on the values `epochscope-cli predict` (and the app, later) holds, so LibTorch-free.
// docs/predict.md gives the same definitions.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace es {

/// Keras' decision threshold for one sigmoid unit (binary_accuracy): above it is class 1.
inline constexpr double kDecisionThreshold = 0.5;

/// Regression, over n samples of k outputs (row-major, n * k values in both vectors):
/// - mae: mean of |prediction - target| over all n * k values;
/// - rmse: square root of the mean of (prediction - target)^2 over all values;
/// - r2: the coefficient of determination 1 - SS_res / SS_tot per output, SS_res the sum of
///   squared errors and SS_tot the sum of squared deviations of the targets from their mean,
///   averaged over the k outputs (scikit-learn's r2_score with uniform_average). nullopt when
///   an output's targets are all equal (SS_tot = 0), where it is not defined.
struct RegressionMetrics {
    double mae = 0.0;
    double rmse = 0.0;
    std::optional<double> r2;
};

/// Throws std::invalid_argument when the sizes differ, are empty, or are not a multiple of
/// `outputs`.
RegressionMetrics regressionMetrics(const std::vector<float>& predictions,
                                    const std::vector<float>& targets, std::size_t outputs = 1);

/// Binary classification of n samples by one sigmoid unit. A sample is positive when its target
/// is above 0.5 (so a soft target counts for the side it is on, as training's accuracy counts
/// it) and predicted positive when its probability is above `threshold`. With TP, FP, TN, FN
/// the counts of true and false positives and negatives:
/// - accuracy = (TP + TN) / n;
/// - precision = TP / (TP + FP), 0 when nothing is predicted positive;
/// - recall = TP / (TP + FN), 0 when no target is positive;
/// - f1 = 2 * precision * recall / (precision + recall), 0 when both are 0;
/// - rocAuc: the area under the ROC curve (see rocAuc()).
/// These zeros where a ratio has no cases are scikit-learn's (zero_division=0).
struct BinaryMetrics {
    std::int64_t truePositives = 0;
    std::int64_t falsePositives = 0;
    std::int64_t trueNegatives = 0;
    std::int64_t falseNegatives = 0;
    double accuracy = 0.0;
    double precision = 0.0;
    double recall = 0.0;
    double f1 = 0.0;
    std::optional<double> rocAuc;
};

/// Throws std::invalid_argument when the sizes differ or are empty.
BinaryMetrics binaryMetrics(const std::vector<float>& probabilities,
                            const std::vector<float>& targets,
                            double threshold = kDecisionThreshold);

/// The area under the ROC curve, from ranks (the Mann-Whitney U statistic): with all n scores
/// ranked 1..n in ascending order, tied scores sharing the mean of their ranks, R the sum of the
/// positive samples' ranks, P positives and N negatives, AUC = (R - P(P + 1)/2) / (P * N). It is
/// the chance that a random positive scores above a random negative, a tie counting one half.
/// nullopt when P or N is 0, or when a score is NaN (it has no rank).
std::optional<double> rocAuc(const std::vector<float>& scores, const std::vector<bool>& positive);

/// Multi-class classification of n samples into k classes by a softmax (row-major, n * k
/// probabilities). A sample's predicted class is the first class of highest probability (the
/// argmax); `labels` holds each sample's true class id in [0, k).
/// - accuracy: the share of samples whose predicted class is their label;
/// - macroPrecision, macroRecall, macroF1: per class c, precision_c = TP_c / (TP_c + FP_c),
///   recall_c = TP_c / (TP_c + FN_c) and f1_c = 2 * precision_c * recall_c / (precision_c +
///   recall_c) (each 0 when it has no cases), each averaged with equal weight over the classes
///   that occur among the labels or the predictions (scikit-learn's average="macro").
struct MultiClassMetrics {
    double accuracy = 0.0;
    double macroPrecision = 0.0;
    double macroRecall = 0.0;
    double macroF1 = 0.0;
    std::int64_t classesAveraged = 0;  ///< the classes the macro averages run over
};

/// Throws std::invalid_argument when the sizes do not fit (n * classes probabilities for n
/// labels, n > 0, classes >= 2) or a label is outside [0, classes).
MultiClassMetrics multiClassMetrics(const std::vector<float>& probabilities, std::size_t classes,
                                    const std::vector<std::int64_t>& labels);

/// The argmax of each row of `values` (n rows of `width`): the first index of the highest value;
/// NaN never counts as higher.
std::vector<std::int64_t> rowArgmax(const std::vector<float>& values, std::size_t width);

}  // namespace es
