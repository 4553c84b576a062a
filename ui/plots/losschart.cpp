#include "ui/plots/losschart.h"

#include "ui/plots/phasepalette.h"
#include "ui/plots/qcustomplotinclude.h"

#include <algorithm>
#include <cmath>

namespace es::ui {

namespace {
const std::string kValPrefix = "val_";

bool isValidation(const std::string& name)
{
    return name.compare(0, kValPrefix.size(), kValPrefix) == 0;
}

void widen(double value, bool& have, double& low, double& high)
{
    if (!std::isfinite(value))
        return;
    low = have ? std::min(low, value) : value;
    high = have ? std::max(high, value) : value;
    have = true;
}

/// A value axis range over [low, high] that starts at zero for non-negative data (losses and
/// most metrics), so that falling from 0.5 to 0.4 does not look like a collapse.
QCPRange valueRange(bool have, double low, double high)
{
    if (!have)
        return QCPRange(0.0, 1.0);
    const double bottom = std::min(0.0, low);
    const double top = high > bottom ? high : bottom + 1.0;
    return QCPRange(bottom * kChartHeadroom, top * kChartHeadroom);
}

QCPGraph* addEpochGraph(QCustomPlot* plot, QCPAxis* axis, const QString& name, const QPen& pen)
{
    QCPGraph* graph = plot->addGraph(plot->xAxis, axis);
    graph->setName(name);
    graph->setPen(pen);
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, pen.color(), 6));
    return graph;
}
}  // namespace

LossChart::LossChart(QWidget* parent) : RunChart(QStringLiteral("loss"), parent)
{
    setTitle(tr("Loss and metrics"));
    plot()->xAxis->setLabel(tr("Epoch", "axis: epoch number"));
    plot()->yAxis->setLabel(tr("Loss"));
    plot()->yAxis2->setLabel(tr("Metrics"));
    plot()->yAxis2->setVisible(true);

    // Added first: drawn beneath the epoch points.
    m_stepLoss = plot()->addGraph();
    m_stepLoss->setName(tr("Loss per step (smoothed)"));
    m_stepLoss->setPen(QPen(seriesColor(SeriesRole::StepLoss), 1));
    m_stepLoss->setAntialiased(false);
    m_trainLoss = addEpochGraph(plot(), plot()->yAxis, tr("Training loss"),
                                QPen(seriesColor(SeriesRole::TrainLoss), 2));
    m_valLoss = addEpochGraph(plot(), plot()->yAxis, tr("Validation loss"),
                              QPen(seriesColor(SeriesRole::ValLoss), 2));
    clearChart();
    fitToData();
}

QCPGraph* LossChart::metricGraph(const std::string& name) const
{
    const auto it = m_metrics.find(name);
    return it == m_metrics.end() ? nullptr : it->second;
}

void LossChart::clearChart()
{
    m_trainLoss->data()->clear();
    m_valLoss->data()->clear();
    m_stepLoss->data()->clear();
    // Metric graphs stay (their names and colours are stable within a session) but empty.
    for (auto& [name, graph] : m_metrics)
        graph->data()->clear();
    m_batchesPerEpoch = 0;
    m_haveEma = false;
    m_ema = 0.0;
    m_epochsRead = 0;
    m_lastX = 0.0;
    m_haveLoss = false;
    m_haveMetric = false;
}

void LossChart::appendRecords(const RunTimeline& timeline, const TimelineCursor& from)
{
    std::size_t stepsFrom = from.batches;
    if (timeline.batchesPerEpoch != m_batchesPerEpoch) {
        // Every fractional x depends on the epoch length: recompute the smoothed line.
        m_batchesPerEpoch = timeline.batchesPerEpoch;
        m_stepLoss->data()->clear();
        m_haveEma = false;
        stepsFrom = 0;
    }
    appendSteps(timeline, stepsFrom);
    appendEpochs(timeline, from.epochs);
}

void LossChart::appendSteps(const RunTimeline& timeline, std::size_t from)
{
    QVector<double> keys;
    QVector<double> values;
    keys.reserve(static_cast<int>(timeline.batches.size() - from));
    values.reserve(keys.capacity());
    for (std::size_t i = from; i < timeline.batches.size(); ++i) {
        const BatchRecord& step = timeline.batches[i];
        if (!std::isfinite(step.loss))
            continue;  // a NaN step (TerminateOnNaN's cue) would poison every later average
        m_ema = m_haveEma ? kStepLossAlpha * step.loss + (1.0 - kStepLossAlpha) * m_ema : step.loss;
        m_haveEma = true;
        // Without a known epoch length, place the step at the end of its epoch's span so far.
        const int perEpoch = m_batchesPerEpoch > 0 ? m_batchesPerEpoch : std::max(step.batch, 1);
        const double x = step.epoch - 1 + static_cast<double>(step.batch) / perEpoch;
        keys.append(x);
        values.append(m_ema);
        widen(m_ema, m_haveLoss, m_lossMin, m_lossMax);
        m_lastX = std::max(m_lastX, x);
    }
    if (!keys.isEmpty())
        m_stepLoss->addData(keys, values, true);
}

void LossChart::appendEpochs(const RunTimeline& timeline, std::size_t from)
{
    for (std::size_t i = from; i < timeline.epochs.size(); ++i) {
        const EpochRecord& epoch = timeline.epochs[i];
        const double x = epoch.epoch;
        m_trainLoss->addData(x, epoch.trainLoss);
        widen(epoch.trainLoss, m_haveLoss, m_lossMin, m_lossMax);
        if (epoch.valLoss) {
            m_valLoss->addData(x, *epoch.valLoss);
            widen(*epoch.valLoss, m_haveLoss, m_lossMin, m_lossMax);
        }
        for (const auto& [name, value] : epoch.metrics) {
            metricGraphFor(name)->addData(x, value);
            widen(value, m_haveMetric, m_metricMin, m_metricMax);
        }
        m_lastX = std::max(m_lastX, x);
    }
    m_epochsRead = timeline.epochs.size();
}

QCPGraph* LossChart::metricGraphFor(const std::string& name)
{
    if (QCPGraph* graph = metricGraph(name))
        return graph;
    const std::string base = isValidation(name) ? name.substr(kValPrefix.size()) : name;
    const auto slot =
        m_metricColours.emplace(base, static_cast<int>(m_metricColours.size())).first->second;
    QPen pen(extraSeriesColor(slot), 1.5);
    if (isValidation(name))
        pen.setStyle(Qt::DashLine);  // same hue as its training twin, told apart by the dash
    QCPGraph* graph = addEpochGraph(plot(), plot()->yAxis2, QString::fromStdString(name), pen);
    // Hollow markers: metrics (right axis) never read as losses (left axis, filled discs).
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, pen.color(), 6));
    m_metrics.emplace(name, graph);
    return graph;
}

void LossChart::fitToData()
{
    const int planned = timeline() ? timeline()->epochsPlanned : 0;
    const double last = std::max({static_cast<double>(planned), std::ceil(m_lastX), 1.0});
    plot()->xAxis->setRange(0.0, last + 0.25);
    plot()->yAxis->setRange(valueRange(m_haveLoss, m_lossMin, m_lossMax));
    plot()->yAxis2->setRange(valueRange(m_haveMetric, m_metricMin, m_metricMax));
}

QString LossChart::describeAt(double x) const
{
    QStringList lines;
    const auto stepData = m_stepLoss->data();
    if (!stepData->isEmpty()) {
        // The nearest smoothed step point at or before x (the line is drawn through them).
        auto it = stepData->findBegin(x, false);
        if (it != stepData->constEnd() && it != stepData->constBegin() && it->key > x)
            --it;
        if (it != stepData->constEnd() && std::abs(it->key - x) < 0.5)
            lines << tr("Smoothed step loss at epoch %1: %2")
                         .arg(it->key, 0, 'f', 2)
                         .arg(it->value, 0, 'g', 4);
    }
    if (timeline()) {
        const int wanted = static_cast<int>(std::lround(x));
        const auto& epochs = timeline()->epochs;
        for (std::size_t i = 0; i < m_epochsRead && i < epochs.size(); ++i) {
            const EpochRecord& epoch = epochs[i];
            if (epoch.epoch != wanted)
                continue;
            lines << tr("Epoch %1: training loss %2")
                         .arg(epoch.epoch)
                         .arg(epoch.trainLoss, 0, 'g', 4);
            if (epoch.valLoss)
                lines << tr("Validation loss %1").arg(*epoch.valLoss, 0, 'g', 4);
            for (const auto& [name, value] : epoch.metrics)
                lines << QStringLiteral("%1: %2")
                             .arg(QString::fromStdString(name))
                             .arg(value, 0, 'g', 4);
            break;
        }
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace es::ui
