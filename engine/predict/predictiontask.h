#pragma once

// What a model's predictions are judged by: the task its config trains for, and the usual
// metrics of that task (predictionmetrics.h) by name. LibTorch-free.

#include "engine/config/runconfigfwd.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace es {

enum class PredictionTask {
    Regression,  ///< mse or mae: MAE, RMSE, R^2
    Binary,      ///< binary_crossentropy on one sigmoid unit: accuracy ... ROC AUC at 0.5
    MultiClass,  ///< the categorical losses on a softmax: accuracy and macro averages
    /// binary_crossentropy on several units (independent labels): no single usual set, so only
    /// the config's loss and metrics
    MultiLabel,
};

/// The task of `config`'s model: from its loss, and for binary_crossentropy its last layer's
/// units.
PredictionTask predictionTask(const RunConfig& config);

/// "regression", "binary", "multiclass", "multilabel" (the JSON output's spelling).
std::string_view predictionTaskKey(PredictionTask task);

/// One named result; nullopt where it is not defined (R^2 of constant targets, ROC AUC with
/// one class only).
struct NamedValue {
    std::string name;
    std::optional<double> value;
};

/// The usual metrics of a task, and for binary classification its confusion counts.
struct TaskScore {
    std::vector<NamedValue> metrics;
    /// true_positives, false_positives, true_negatives, false_negatives (binary only).
    std::vector<std::pair<std::string, std::int64_t>> counts;
};

/// The usual metrics of `task` for n samples: `predictions` n rows of `outputWidth`, `targets`
/// n rows of `targetWidth` (one target per sample, or one-hot rows for
/// categorical_crossentropy). Regression gives mae, rmse, r2; binary accuracy, precision,
/// recall, f1, roc_auc and the confusion counts; multi-class accuracy, macro_precision,
/// macro_recall, macro_f1. Empty for MultiLabel, and for shapes the task cannot read (a model
/// that outputs a sequence per sample). The targets were checked as training checks them
/// (checkPredictionArrays()): class ids whole and in range, one-hot rows of the right width.
TaskScore taskMetrics(PredictionTask task, const std::vector<float>& predictions,
                      std::int64_t outputWidth, const std::vector<float>& targets,
                      std::int64_t targetWidth);

}  // namespace es
