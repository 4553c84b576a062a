#include "ui/predict/predictedserieschart.h"

#include "ui/plots/qcustomplotinclude.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace es::ui {

namespace {

// Not phase or dashboard series: the prediction takes the dashboard's train-loss blue (what the
// model made), the target a warm orange that stays apart from it in light and dark themes.
const QColor kPredictedColor = QColor::fromRgb(0x4E79A7);
const QColor kActualColor = QColor::fromRgb(0xF28E2B);
// Room above and below the values, so that the extremes do not run along the frame.
constexpr double kValueMargin = 0.05;
// Significant digits in the tooltip: enough to tell two close values apart.
constexpr int kSeriesTooltipDigits = 4;

QCPGraph* addLine(QCustomPlot* plot, const QString& name, const QColor& color)
{
    auto* graph = plot->addGraph();
    graph->setName(name);
    graph->setPen(QPen(color, 1.2));
    graph->setLineStyle(QCPGraph::lsLine);
    return graph;
}

void setValues(QCPGraph* graph, const std::vector<float>& values)
{
    QVector<QCPGraphData> data;
    data.reserve(static_cast<int>(values.size()));
    for (std::size_t i = 0; i < values.size(); ++i)
        data.append(QCPGraphData(static_cast<double>(i), static_cast<double>(values[i])));
    graph->data()->set(data, true);  // true: keys are already in order, no sort
}

QString seriesValueText(float value)
{
    return QString::number(static_cast<double>(value), 'g', kSeriesTooltipDigits);
}

}  // namespace

PredictedSeriesChart::PredictedSeriesChart(QWidget* parent)
    : RunChart(QStringLiteral("predicted-vs-actual"), parent)
{
    plot()->xAxis->setLabel(tr("sample"));
    plot()->yAxis->setLabel(tr("value"));
    // The target under the prediction: where they part, the prediction is the line on top.
    m_actual = addLine(plot(), tr("actual"), kActualColor);
    m_predicted = addLine(plot(), tr("predicted"), kPredictedColor);
    setSeries({}, {});
}

int PredictedSeriesChart::pointCount() const
{
    return m_predicted->dataCount();
}

void PredictedSeriesChart::setSeries(const std::vector<float>& predicted,
                                     const std::vector<float>& actual)
{
    m_predictedValues = predicted;
    m_actualValues = actual;
    setValues(m_predicted, m_predictedValues);
    setValues(m_actual, m_actualValues);
    if (m_actualValues.empty()) {
        m_actual->removeFromLegend();
        setTitle(tr("Predicted values"));
    } else {
        m_actual->addToLegend();  // false when it is there already: nothing to undo
        setTitle(tr("Predicted and actual values"));
    }
    setFollowingLive(true);  // fits the view and replots
    applyPalette();          // the re-added legend entry takes the theme's text colour
}

void PredictedSeriesChart::clearChart()
{
    m_predictedValues.clear();
    m_actualValues.clear();
    m_predicted->data()->clear();
    m_actual->data()->clear();
}

void PredictedSeriesChart::appendRecords(const RunTimeline&, const TimelineCursor&)
{
    // No timeline: setSeries() draws everything.
}

void PredictedSeriesChart::fitToData()
{
    const std::size_t count = std::max(m_predictedValues.size(), m_actualValues.size());
    plot()->xAxis->setRange(-0.5, std::max(static_cast<double>(count), 1.0) - 0.5);
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const std::vector<float>* values : {&m_predictedValues, &m_actualValues}) {
        for (float value : *values) {
            if (!std::isfinite(value))
                continue;  // a gap in the line, not a point to fit
            low = std::min(low, static_cast<double>(value));
            high = std::max(high, static_cast<double>(value));
        }
    }
    if (low > high) {
        plot()->yAxis->setRange(0.0, 1.0);
        return;
    }
    // A constant prediction still gets a band around it instead of a zero-height range.
    const double margin = high > low ? (high - low) * kValueMargin : 0.5;
    plot()->yAxis->setRange(low - margin, high + margin);
}

QString PredictedSeriesChart::describeAt(double x) const
{
    const double index = std::round(x);
    if (m_predictedValues.empty() || index < 0.0 ||
        index >= static_cast<double>(m_predictedValues.size()))
        return {};
    const auto sample = static_cast<std::size_t>(index);
    const QString predicted = seriesValueText(m_predictedValues[sample]);
    if (sample >= m_actualValues.size())
        return tr("sample %1: predicted %2").arg(sample).arg(predicted);
    return tr("sample %1: predicted %2, actual %3")
        .arg(sample)
        .arg(predicted, seriesValueText(m_actualValues[sample]));
}

}  // namespace es::ui
