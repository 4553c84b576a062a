#include "engine/predict/predictiontask.h"

#include "engine/config/runconfig.h"
#include "engine/predict/predictionmetrics.h"

#include <stdexcept>

namespace es {

namespace {

TaskScore regressionScore(const std::vector<float>& predictions, std::int64_t width,
                          const std::vector<float>& targets)
{
    const RegressionMetrics metrics =
        regressionMetrics(predictions, targets, static_cast<std::size_t>(width));
    return {{{"mae", metrics.mae}, {"rmse", metrics.rmse}, {"r2", metrics.r2}}, {}};
}

TaskScore binaryScore(const std::vector<float>& predictions, const std::vector<float>& targets)
{
    const BinaryMetrics metrics = binaryMetrics(predictions, targets);
    TaskScore score;
    score.metrics = {{"accuracy", metrics.accuracy},
                     {"precision", metrics.precision},
                     {"recall", metrics.recall},
                     {"f1", metrics.f1},
                     {"roc_auc", metrics.rocAuc}};
    score.counts = {{"true_positives", metrics.truePositives},
                    {"false_positives", metrics.falsePositives},
                    {"true_negatives", metrics.trueNegatives},
                    {"false_negatives", metrics.falseNegatives}};
    return score;
}

TaskScore multiClassScore(const std::vector<float>& predictions, std::int64_t classes,
                          const std::vector<float>& targets, std::int64_t targetWidth)
{
    std::vector<std::int64_t> labels;
    if (targetWidth == 1) {
        // sparse_categorical_crossentropy: whole class ids, checked before they got here.
        labels.reserve(targets.size());
        for (const float id : targets)
            labels.push_back(static_cast<std::int64_t>(id));
    } else {
        // categorical_crossentropy: the class of each one-hot row.
        labels = rowArgmax(targets, static_cast<std::size_t>(targetWidth));
    }
    const MultiClassMetrics metrics =
        multiClassMetrics(predictions, static_cast<std::size_t>(classes), labels);
    return {{{"accuracy", metrics.accuracy},
             {"macro_precision", metrics.macroPrecision},
             {"macro_recall", metrics.macroRecall},
             {"macro_f1", metrics.macroF1}},
            {}};
}

}  // namespace

PredictionTask predictionTask(const RunConfig& config)
{
    switch (config.training.loss) {
        case LossType::Mse:
        case LossType::Mae: return PredictionTask::Regression;
        case LossType::BinaryCrossentropy: {
            const std::vector<LayerConfig>& layers = config.model.layers;
            const bool oneUnit = layers.empty() || layers.back().units == 1;
            return oneUnit ? PredictionTask::Binary : PredictionTask::MultiLabel;
        }
        case LossType::CategoricalCrossentropy:
        case LossType::SparseCategoricalCrossentropy: return PredictionTask::MultiClass;
    }
    throw std::logic_error("unhandled loss");
}

std::string_view predictionTaskKey(PredictionTask task)
{
    switch (task) {
        case PredictionTask::Regression: return "regression";
        case PredictionTask::Binary: return "binary";
        case PredictionTask::MultiClass: return "multiclass";
        case PredictionTask::MultiLabel: return "multilabel";
    }
    throw std::logic_error("unhandled prediction task");
}

TaskScore taskMetrics(PredictionTask task, const std::vector<float>& predictions,
                      std::int64_t outputWidth, const std::vector<float>& targets,
                      std::int64_t targetWidth)
{
    if (outputWidth <= 0 || targetWidth <= 0 || targets.empty() ||
        targets.size() % static_cast<std::size_t>(targetWidth) != 0)
        return {};
    const std::size_t samples = targets.size() / static_cast<std::size_t>(targetWidth);
    // A model whose output is not one row per sample (a sequence) has no per-sample verdict.
    if (predictions.size() != samples * static_cast<std::size_t>(outputWidth))
        return {};
    switch (task) {
        case PredictionTask::Regression:
            if (outputWidth != targetWidth)
                return {};
            return regressionScore(predictions, outputWidth, targets);
        case PredictionTask::Binary:
            if (outputWidth != 1 || targetWidth != 1)
                return {};
            return binaryScore(predictions, targets);
        case PredictionTask::MultiClass:
            if (outputWidth < 2 || (targetWidth != 1 && targetWidth != outputWidth))
                return {};
            return multiClassScore(predictions, outputWidth, targets, targetWidth);
        case PredictionTask::MultiLabel: return {};
    }
    throw std::logic_error("unhandled prediction task");
}

}  // namespace es
