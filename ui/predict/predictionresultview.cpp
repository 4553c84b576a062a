#include "ui/predict/predictionresultview.h"

#include "engine/predict/predictionmetrics.h"
#include "engine/predict/predictionplots.h"
#include "ui/core/errorstyle.h"
#include "ui/predict/confusionmatrixchart.h"
#include "ui/predict/predictedserieschart.h"
#include "ui/predict/predictionmetricstable.h"
#include "ui/predict/predictionscatterchart.h"
#include "ui/predict/residualhistogramchart.h"
#include "ui/predict/rocchart.h"

#include <QtWidgets/QComboBox>
#include <QtWidgets/QDoubleSpinBox>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QSlider>
#include <QtWidgets/QSplitter>
#include <QtWidgets/QStackedWidget>
#include <QtWidgets/QTabWidget>
#include <QtWidgets/QVBoxLayout>

#include <cmath>
#include <exception>
#include <utility>

namespace es::ui {

namespace {

// The threshold slider's steps over [0, 1]: the spin box's 0.01.
constexpr int kSliderSteps = 100;
// Long enough to set a threshold by dragging to a step or two (the spin box takes the rest).
constexpr int kSliderWidth = 300;
// A confusion matrix of more classes than this is a blur of cells too small to read.
constexpr std::size_t kMaxDrawnClasses = 40;
// The metrics table's width beside the charts at first: names and values of a few digits.
constexpr int kTableWidth = 230;
constexpr int kChartsWidth = 800;

/// Column `column` of n rows of `width` values.
std::vector<float> columnOf(const std::vector<float>& values, std::size_t width, std::size_t column)
{
    std::vector<float> picked;
    if (width == 0)
        return picked;
    picked.reserve(values.size() / width);
    for (std::size_t i = column; i < values.size(); i += width)
        picked.push_back(values[i]);
    return picked;
}

/// The scored metric `name`; nullopt when it is not there or not defined.
std::optional<double> metricNamed(const PredictionResult& result, const std::string& name)
{
    for (const NamedValue& metric : result.metrics) {
        if (metric.name == name)
            return metric.value;
    }
    return std::nullopt;
}

QStringList classNames(std::size_t classes)
{
    QStringList names;
    for (std::size_t i = 0; i < classes; ++i)
        names << QString::number(i);
    return names;
}

/// Units per sample: the last axis of (samples, units); 0 for any other shape.
std::size_t unitsOf(const PredictionResult& result)
{
    return result.shape.size() == 2 ? static_cast<std::size_t>(result.shape[1]) : 0;
}

}  // namespace

PredictionResultView::PredictionResultView(QWidget* parent)
    : QWidget(parent),
      m_heading(new QLabel(this)),
      m_error(new QLabel(this)),
      m_note(new QLabel(this)),
      m_outputRow(new QWidget(this)),
      m_output(new QComboBox(this)),
      m_thresholdRow(new QWidget(this)),
      m_threshold(new QDoubleSpinBox(this)),
      m_thresholdSlider(new QSlider(Qt::Horizontal, this)),
      m_pages(new QStackedWidget(this)),
      m_placeholder(new QLabel(this)),
      m_metrics(new PredictionMetricsTable(this)),
      m_tabs(new QTabWidget(this)),
      m_series(new PredictedSeriesChart(this)),
      m_scatter(new PredictionScatterChart(this)),
      m_residuals(new ResidualHistogramChart(this)),
      m_confusion(new ConfusionMatrixChart(this)),
      m_roc(new RocChart(this))
{
    m_heading->setObjectName("predictionHeading");
    m_heading->setWordWrap(true);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setObjectName("predictionError");
    m_error->setWordWrap(true);
    m_error->setStyleSheet(errorTextStyle());
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();
    m_note->setObjectName("predictionNote");
    m_note->setWordWrap(true);
    m_note->hide();

    m_output->setObjectName("predictionOutput");
    m_output->setToolTip(tr("The model's output the charts show"));
    auto* outputLayout = new QHBoxLayout(m_outputRow);
    outputLayout->setContentsMargins(0, 0, 0, 0);
    auto* outputLabel = new QLabel(tr("Output:"), m_outputRow);
    outputLabel->setBuddy(m_output);
    outputLayout->addWidget(outputLabel);
    outputLayout->addWidget(m_output);
    m_outputRow->hide();

    m_threshold->setObjectName("predictionThreshold");
    m_threshold->setRange(0.0, 1.0);
    m_threshold->setSingleStep(0.01);
    m_threshold->setDecimals(2);
    m_threshold->setValue(kDefaultThreshold);
    m_threshold->setToolTip(
        tr("A sample is predicted positive when its probability is above the threshold: the "
           "metrics, the confusion matrix and the mark on the ROC curve follow it"));
    m_thresholdSlider->setRange(0, kSliderSteps);
    m_thresholdSlider->setValue(static_cast<int>(std::lround(kDefaultThreshold * kSliderSteps)));
    m_thresholdSlider->setToolTip(m_threshold->toolTip());
    m_thresholdSlider->setFixedWidth(kSliderWidth);
    auto* thresholdLayout = new QHBoxLayout(m_thresholdRow);
    thresholdLayout->setContentsMargins(0, 0, 0, 0);
    auto* thresholdLabel = new QLabel(tr("Threshold:"), m_thresholdRow);
    thresholdLabel->setBuddy(m_threshold);
    thresholdLayout->addWidget(thresholdLabel);
    thresholdLayout->addWidget(m_threshold);
    thresholdLayout->addWidget(m_thresholdSlider, 1);
    m_thresholdRow->hide();

    m_placeholder->setObjectName("predictionPlaceholder");
    m_placeholder->setWordWrap(true);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_tabs->setObjectName("predictionCharts");
    m_tabs->setDocumentMode(true);
    auto* body = new QSplitter(Qt::Horizontal, this);
    body->addWidget(m_metrics);
    body->addWidget(m_tabs);
    body->setStretchFactor(1, 1);
    body->setChildrenCollapsible(false);
    body->setSizes({kTableWidth, kChartsWidth});
    // Each chart is a tab when the task has it; until then, and while another task is shown,
    // hidden (they are the view's children, which would otherwise draw over it).
    for (QWidget* chart : charts())
        chart->hide();
    m_pages->addWidget(m_placeholder);
    m_pages->addWidget(body);

    auto* controls = new QHBoxLayout();
    controls->addWidget(m_outputRow);
    controls->addWidget(m_thresholdRow);
    controls->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_heading);
    layout->addWidget(m_error);
    layout->addWidget(m_note);
    layout->addLayout(controls);
    layout->addWidget(m_pages, 1);

    connect(m_output, &QComboBox::currentIndexChanged, this, [this] { drawOutput(); });
    connect(m_threshold, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        const QSignalBlocker blocker(m_thresholdSlider);
        m_thresholdSlider->setValue(static_cast<int>(std::lround(value * kSliderSteps)));
        drawThreshold();
        Q_EMIT thresholdChanged(value);
    });
    connect(m_thresholdSlider, &QSlider::valueChanged, this,
            [this](int step) { m_threshold->setValue(static_cast<double>(step) / kSliderSteps); });

    clearResult(
        tr("Choose a run and its data, then press Predict: the predictions, their "
           "metrics and charts appear here."));
}

std::vector<QWidget*> PredictionResultView::charts() const
{
    return {m_series, m_scatter, m_residuals, m_confusion, m_roc};
}

void PredictionResultView::clearResult(const QString& note)
{
    m_result.reset();
    m_heading->clear();
    m_heading->hide();
    setNote({});
    m_outputRow->hide();
    m_thresholdRow->hide();
    m_metrics->clearMetrics();
    m_placeholder->setText(note);
    m_pages->setCurrentWidget(m_placeholder);
}

void PredictionResultView::showResult(std::shared_ptr<const PredictionResult> result,
                                      const QString& heading)
{
    m_result = std::move(result);
    m_heading->setText(heading);
    m_heading->show();
    m_pages->setCurrentIndex(1);
    layOut();
}

void PredictionResultView::showError(const QString& message)
{
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

QString PredictionResultView::errorText() const
{
    return m_error->text();
}

QString PredictionResultView::noteText() const
{
    return m_result ? m_note->text() : m_placeholder->text();
}

QString PredictionResultView::headingText() const
{
    return m_heading->text();
}

void PredictionResultView::setNote(const QString& note)
{
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
}

void PredictionResultView::setThreshold(double threshold)
{
    m_threshold->setValue(threshold);
}

double PredictionResultView::threshold() const
{
    return m_threshold->value();
}

void PredictionResultView::setOutput(int output)
{
    m_output->setCurrentIndex(output);
}

int PredictionResultView::output() const
{
    return std::max(m_output->currentIndex(), 0);
}

void PredictionResultView::layOut()
{
    const PredictionResult& result = *m_result;
    while (m_tabs->count() > 0)
        m_tabs->removeTab(0);
    for (QWidget* chart : charts())
        chart->hide();
    m_outputRow->hide();
    m_thresholdRow->hide();
    setNote({});
    m_metrics->showResult(result, threshold());
    m_metrics->setVisible(result.scored);  // without targets there is nothing to score

    const std::size_t units = unitsOf(result);
    const bool hasTargets = !result.targets.empty() && result.targetWidth > 0;
    if (result.shape.size() != 2 || units == 0) {
        setNote(tr("The model outputs a sequence per sample (shape %1): there is no chart for "
                   "that here, but the predictions can be saved.")
                    .arg(QStringLiteral("(%1)").arg([&result] {
                        QStringList axes;
                        for (std::int64_t axis : result.shape)
                            axes << QString::number(axis);
                        return axes.join(QStringLiteral(", "));
                    }())));
        return;
    }
    if (hasTargets && result.task == PredictionTask::Binary && units == 1) {
        m_thresholdRow->show();
        m_tabs->addTab(m_confusion, tr("Confusion matrix"));
        m_tabs->addTab(m_roc, tr("ROC curve"));
        std::vector<bool> positive;
        positive.reserve(result.targets.size());
        for (float target : result.targets)
            positive.push_back(target > kDecisionThreshold);
        std::optional<double> auc = metricNamed(result, "roc_auc");
        if (!auc)
            auc = rocAuc(result.values, positive);
        try {
            m_roc->setCurve(rocCurve(result.values, positive), auc);
        } catch (const std::exception& error) {
            setNote(QString::fromUtf8(error.what()));
        }
        drawThreshold();
        return;
    }
    if (hasTargets && result.task == PredictionTask::MultiClass) {
        if (drawMultiClass())
            m_tabs->addTab(m_confusion, tr("Confusion matrix"));
        return;
    }
    // Regression, several independent labels, or no targets: one output at a time.
    const bool sameWidth = hasTargets && static_cast<std::size_t>(result.targetWidth) == units;
    m_tabs->addTab(m_series, tr("Over samples"));
    if (sameWidth && result.task != PredictionTask::MultiLabel) {
        m_tabs->addTab(m_scatter, tr("Predicted vs actual"));
        m_tabs->addTab(m_residuals, tr("Residuals"));
    }
    if (!hasTargets)
        setNote(
            tr("No targets: give a Y file (or predict on the run's validation data) to "
               "score the predictions and compare them with the actual values."));
    {
        const QSignalBlocker blocker(m_output);
        m_output->clear();
        for (std::size_t unit = 0; unit < units; ++unit)
            m_output->addItem(tr("output %1").arg(unit));
    }
    m_outputRow->setVisible(units > 1);
    drawOutput();
}

void PredictionResultView::drawOutput()
{
    if (!m_result || m_tabs->indexOf(m_series) < 0)
        return;
    const PredictionResult& result = *m_result;
    const std::size_t units = unitsOf(result);
    const auto column = static_cast<std::size_t>(output());
    const std::vector<float> predicted = columnOf(result.values, units, column);
    std::vector<float> actual;
    if (!result.targets.empty() && static_cast<std::size_t>(result.targetWidth) == units)
        actual = columnOf(result.targets, units, column);
    m_series->setSeries(predicted, actual);
    if (m_tabs->indexOf(m_scatter) < 0 || actual.empty())
        return;
    m_scatter->setPoints(predicted, actual);
    const std::vector<double> residuals = residualsOf(predicted, actual);
    m_residuals->setHistogram(histogramOf(residuals, suggestedBins(residuals.size())));
}

void PredictionResultView::drawThreshold()
{
    if (!m_result || m_tabs->indexOf(m_roc) < 0)
        return;
    const PredictionResult& result = *m_result;
    m_metrics->showResult(result, threshold());
    try {
        m_confusion->setMatrix(binaryConfusion(result.values, result.targets, threshold()),
                               classNames(2));
    } catch (const std::exception& error) {
        setNote(QString::fromUtf8(error.what()));
    }
    m_roc->setThreshold(threshold());
}

bool PredictionResultView::drawMultiClass()
{
    const PredictionResult& result = *m_result;
    const std::size_t classes = unitsOf(result);
    if (classes > kMaxDrawnClasses) {
        setNote(tr("%1 classes are too many to draw as a confusion matrix: save the predictions "
                   "to look at them elsewhere.")
                    .arg(classes));
        return false;
    }
    const auto width = static_cast<std::size_t>(result.targetWidth);
    std::vector<std::int64_t> labels;
    if (width > 1) {
        labels = rowArgmax(result.targets, width);  // one-hot rows
    } else {
        labels.reserve(result.targets.size());
        for (float target : result.targets)
            labels.push_back(static_cast<std::int64_t>(std::lround(target)));
    }
    try {
        m_confusion->setMatrix(multiClassConfusion(result.values, classes, labels),
                               classNames(classes));
    } catch (const std::exception& error) {
        setNote(QString::fromUtf8(error.what()));
        return false;
    }
    return true;
}

}  // namespace es::ui
