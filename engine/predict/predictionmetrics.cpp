#include "engine/predict/predictionmetrics.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <stdexcept>

namespace es {

namespace {

/// A ratio whose denominator counts no cases is 0 (scikit-learn's zero_division=0).
double ratio(double numerator, double denominator)
{
    return denominator > 0.0 ? numerator / denominator : 0.0;
}

double harmonicMean(double precision, double recall)
{
    return ratio(2.0 * precision * recall, precision + recall);
}

}  // namespace

RegressionMetrics regressionMetrics(const std::vector<float>& predictions,
                                    const std::vector<float>& targets, std::size_t outputs)
{
    if (predictions.size() != targets.size() || predictions.empty() || outputs == 0 ||
        predictions.size() % outputs != 0)
        throw std::invalid_argument("regressionMetrics: predictions and targets do not pair up");
    const std::size_t samples = predictions.size() / outputs;
    // Sums in double: millions of float32 errors lose no digits that matter.
    double absoluteSum = 0.0;
    double squaredSum = 0.0;
    for (std::size_t i = 0; i < predictions.size(); ++i) {
        const double error = static_cast<double>(predictions[i]) - static_cast<double>(targets[i]);
        absoluteSum += std::fabs(error);
        squaredSum += error * error;
    }
    RegressionMetrics metrics;
    const auto count = static_cast<double>(predictions.size());
    metrics.mae = absoluteSum / count;
    metrics.rmse = std::sqrt(squaredSum / count);

    double r2Sum = 0.0;
    for (std::size_t output = 0; output < outputs; ++output) {
        double mean = 0.0;
        for (std::size_t sample = 0; sample < samples; ++sample)
            mean += targets[sample * outputs + output];
        mean /= static_cast<double>(samples);
        double residual = 0.0;
        double total = 0.0;
        for (std::size_t sample = 0; sample < samples; ++sample) {
            const std::size_t i = sample * outputs + output;
            const double error =
                static_cast<double>(predictions[i]) - static_cast<double>(targets[i]);
            const double deviation = static_cast<double>(targets[i]) - mean;
            residual += error * error;
            total += deviation * deviation;
        }
        if (!(total > 0.0))
            return metrics;  // constant targets: R^2 is not defined
        r2Sum += 1.0 - residual / total;
    }
    metrics.r2 = r2Sum / static_cast<double>(outputs);
    return metrics;
}

BinaryMetrics binaryMetrics(const std::vector<float>& probabilities,
                            const std::vector<float>& targets, double threshold)
{
    if (probabilities.size() != targets.size() || probabilities.empty())
        throw std::invalid_argument("binaryMetrics: probabilities and targets do not pair up");
    BinaryMetrics metrics;
    std::vector<bool> positive(targets.size());
    for (std::size_t i = 0; i < targets.size(); ++i) {
        positive[i] = targets[i] > kDecisionThreshold;
        const bool predicted = probabilities[i] > threshold;
        if (predicted)
            ++(positive[i] ? metrics.truePositives : metrics.falsePositives);
        else
            ++(positive[i] ? metrics.falseNegatives : metrics.trueNegatives);
    }
    const auto tp = static_cast<double>(metrics.truePositives);
    const auto fp = static_cast<double>(metrics.falsePositives);
    const auto fn = static_cast<double>(metrics.falseNegatives);
    metrics.accuracy = static_cast<double>(metrics.truePositives + metrics.trueNegatives) /
                       static_cast<double>(targets.size());
    metrics.precision = ratio(tp, tp + fp);
    metrics.recall = ratio(tp, tp + fn);
    metrics.f1 = harmonicMean(metrics.precision, metrics.recall);
    metrics.rocAuc = rocAuc(probabilities, positive);
    return metrics;
}

std::optional<double> rocAuc(const std::vector<float>& scores, const std::vector<bool>& positive)
{
    if (scores.size() != positive.size())
        throw std::invalid_argument("rocAuc: scores and labels do not pair up");
    if (std::any_of(scores.begin(), scores.end(), [](float score) { return std::isnan(score); }))
        return std::nullopt;
    const auto positives = static_cast<double>(std::count(positive.begin(), positive.end(), true));
    const double negatives = static_cast<double>(scores.size()) - positives;
    if (positives == 0.0 || negatives == 0.0)
        return std::nullopt;

    std::vector<std::size_t> order(scores.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(),
              [&scores](std::size_t a, std::size_t b) { return scores[a] < scores[b]; });
    double positiveRankSum = 0.0;
    for (std::size_t first = 0; first < order.size();) {
        std::size_t last = first;
        while (last + 1 < order.size() && scores[order[last + 1]] == scores[order[first]])
            ++last;
        // Ranks first + 1 .. last + 1 are shared by the tied scores: each gets their mean.
        const double meanRank =
            (static_cast<double>(first + 1) + static_cast<double>(last + 1)) / 2;
        for (std::size_t i = first; i <= last; ++i)
            if (positive[order[i]])
                positiveRankSum += meanRank;
        first = last + 1;
    }
    return (positiveRankSum - positives * (positives + 1.0) / 2.0) / (positives * negatives);
}

std::vector<std::int64_t> rowArgmax(const std::vector<float>& values, std::size_t width)
{
    if (width == 0 || values.size() % width != 0)
        throw std::invalid_argument("rowArgmax: the values are not rows of that width");
    std::vector<std::int64_t> indices(values.size() / width, 0);
    for (std::size_t row = 0; row < indices.size(); ++row) {
        const float* begin = values.data() + row * width;
        std::size_t best = 0;
        for (std::size_t column = 1; column < width; ++column)
            if (begin[column] > begin[best] ||
                (std::isnan(begin[best]) && !std::isnan(begin[column])))
                best = column;
        indices[row] = static_cast<std::int64_t>(best);
    }
    return indices;
}

MultiClassMetrics multiClassMetrics(const std::vector<float>& probabilities, std::size_t classes,
                                    const std::vector<std::int64_t>& labels)
{
    if (classes < 2 || labels.empty() || probabilities.size() != labels.size() * classes)
        throw std::invalid_argument("multiClassMetrics: probabilities and labels do not pair up");
    const auto classCount = static_cast<std::int64_t>(classes);
    for (const std::int64_t label : labels)
        if (label < 0 || label >= classCount)
            throw std::invalid_argument("multiClassMetrics: a label is not a class id");
    const std::vector<std::int64_t> predicted = rowArgmax(probabilities, classes);

    std::vector<std::int64_t> truePositives(classes, 0);
    std::vector<std::int64_t> predictedCount(classes, 0);
    std::vector<std::int64_t> labelCount(classes, 0);
    std::int64_t correct = 0;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const auto label = static_cast<std::size_t>(labels[i]);
        const auto guess = static_cast<std::size_t>(predicted[i]);
        ++labelCount[label];
        ++predictedCount[guess];
        if (label == guess) {
            ++truePositives[label];
            ++correct;
        }
    }
    MultiClassMetrics metrics;
    metrics.accuracy = static_cast<double>(correct) / static_cast<double>(labels.size());
    for (std::size_t c = 0; c < classes; ++c) {
        if (labelCount[c] == 0 && predictedCount[c] == 0)
            continue;  // a class that never occurs does not weigh on the average
        const auto tp = static_cast<double>(truePositives[c]);
        const double precision = ratio(tp, static_cast<double>(predictedCount[c]));
        const double recall = ratio(tp, static_cast<double>(labelCount[c]));
        metrics.macroPrecision += precision;
        metrics.macroRecall += recall;
        metrics.macroF1 += harmonicMean(precision, recall);
        ++metrics.classesAveraged;
    }
    const auto averaged = static_cast<double>(metrics.classesAveraged);
    metrics.macroPrecision /= averaged;
    metrics.macroRecall /= averaged;
    metrics.macroF1 /= averaged;
    return metrics;
}

}  // namespace es
