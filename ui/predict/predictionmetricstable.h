#pragma once

// The Predict view's numbers: the loss and the metrics a prediction was scored with, by the
// names the CLI prints them under (mae, rmse, roc_auc). For a binary classifier the metrics
// that depend on the decision threshold (accuracy, precision, recall, f1) and the confusion
// counts are computed again at the view's threshold, so that the table and the confusion
// matrix always say the same.

#include "engine/predict/prediction.h"

#include <QtCore/QString>
#include <QtWidgets/QTableWidget>

#include <optional>

namespace es::ui {

class PredictionMetricsTable : public QTableWidget {
    Q_OBJECT

public:
    /// Each value cell holds its number as a double under this role (counts too).
    static constexpr int kValueRole = Qt::UserRole;
    /// Each row's metric name as the CLI's --json spells it ("mae", "true_positives").
    static constexpr int kNameRole = Qt::UserRole + 1;

    explicit PredictionMetricsTable(QWidget* parent = nullptr);

    /// The rows of `result` (none when it was not scored), the threshold-dependent ones at
    /// `threshold`.
    void showResult(const es::PredictionResult& result, double threshold);
    void clearMetrics();

    /// The value in row `name` (kNameRole); nullopt when there is no such row or it is not
    /// defined ("n/a").
    std::optional<double> value(const QString& name) const;
    /// Whether a row `name` is shown.
    bool hasRow(const QString& name) const;

private:
    void addRow(const QString& name, const QString& label, std::optional<double> value, bool count,
                const QString& toolTip = {});
};

}  // namespace es::ui
