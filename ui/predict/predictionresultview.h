#pragma once

// The Predict view's right side (predict/predictpanel.h): what was predicted, and how well.
// A heading naming the run, checkpoint and data, the problem if there is one, the metrics
// table, and the charts that suit the model's task:
// - regression: the prediction and the actual value over the samples, one against the other
//   with the diagonal, and the residuals' histogram; an Output choice for several outputs;
// - binary classification: the confusion matrix at an adjustable threshold and the ROC curve
//   with its area, the threshold marked on it;
// - multi-class classification: the confusion matrix of the predicted (argmax) classes;
// - without targets, only the predictions over the samples; for a model that outputs a
//   sequence per sample, no charts (the predictions can still be saved).

#include "engine/predict/prediction.h"

#include <QtCore/QString>
#include <QtWidgets/QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;
class QStackedWidget;
class QTabWidget;

namespace es::ui {

class ConfusionMatrixChart;
class PredictedSeriesChart;
class PredictionMetricsTable;
class PredictionScatterChart;
class ResidualHistogramChart;
class RocChart;

class PredictionResultView : public QWidget {
    Q_OBJECT

public:
    /// Decision threshold of a sigmoid unit until the user moves it (Keras' binary_accuracy).
    static constexpr double kDefaultThreshold = 0.5;

    explicit PredictionResultView(QWidget* parent = nullptr);

    /// Shows `result` under `heading`; the view keeps it while shown.
    void showResult(std::shared_ptr<const es::PredictionResult> result, const QString& heading);
    /// Shows no result, only `note` in its place.
    void clearResult(const QString& note);
    /// The problem above the results (in red); none when `message` is empty.
    void showError(const QString& message);
    QString errorText() const;
    /// What the charts cannot show (no targets, a sequence per sample), or the placeholder.
    QString noteText() const;
    QString headingText() const;

    /// A binary classifier's decision threshold in [0, 1]: the metrics, the confusion matrix
    /// and the ROC curve's mark follow it.
    void setThreshold(double threshold);
    double threshold() const;
    /// The output (column) the regression charts show; 0 for one output.
    void setOutput(int output);
    int output() const;

    PredictionMetricsTable* metricsTable() const { return m_metrics; }
    QTabWidget* chartTabs() const { return m_tabs; }
    PredictedSeriesChart* seriesChart() const { return m_series; }
    PredictionScatterChart* scatterChart() const { return m_scatter; }
    ResidualHistogramChart* residualChart() const { return m_residuals; }
    ConfusionMatrixChart* confusionChart() const { return m_confusion; }
    RocChart* rocChart() const { return m_roc; }
    QDoubleSpinBox* thresholdBox() const { return m_threshold; }
    QComboBox* outputCombo() const { return m_output; }

Q_SIGNALS:
    void thresholdChanged(double threshold);

private:
    /// Chooses the tabs and controls for the result's task and draws the charts.
    void layOut();
    /// The series, scatter and residual charts of the chosen output.
    void drawOutput();
    /// The binary charts and the table at the current threshold.
    void drawThreshold();
    /// False, with a note saying why, when there is no matrix to draw.
    bool drawMultiClass();
    void setNote(const QString& note);
    /// Every chart, whether a tab now or not.
    std::vector<QWidget*> charts() const;

    std::shared_ptr<const es::PredictionResult> m_result;
    bool m_drawingThreshold = false;

    QLabel* m_heading;
    QLabel* m_error;
    QLabel* m_note;
    QWidget* m_outputRow;
    QComboBox* m_output;
    QWidget* m_thresholdRow;
    QDoubleSpinBox* m_threshold;
    QSlider* m_thresholdSlider;
    QStackedWidget* m_pages;
    QLabel* m_placeholder;
    PredictionMetricsTable* m_metrics;
    QTabWidget* m_tabs;
    PredictedSeriesChart* m_series;
    PredictionScatterChart* m_scatter;
    ResidualHistogramChart* m_residuals;
    ConfusionMatrixChart* m_confusion;
    RocChart* m_roc;
};

}  // namespace es::ui
