#include "ui/whatif/experimentchart.h"

#include "engine/i18n/recordedtext.h"
#include "ui/plots/phasepalette.h"
#include "ui/plots/qcustomplotinclude.h"
#include "ui/whatif/experimentresultsmodel.h"

#include <algorithm>
#include <cmath>

namespace es::ui {

namespace {

constexpr double kBarWidth = 0.6;
// Room above the tallest error bar for the speedup labels.
constexpr double kSpeedupLabelHeadroom = 1.22;
// What the value axis, its label and the margins take of the chart's width, in pixels.
constexpr int kValueAxisRoom = 90;

QCPBars* addBars(QCustomPlot* plot, const QString& name, const QColor& color)
{
    auto* bars = new QCPBars(plot->xAxis, plot->yAxis);
    bars->setName(name);
    bars->setWidth(kBarWidth);
    bars->setPen(QPen(color.darker(130), 1));
    bars->setBrush(color);
    return bars;
}

QCPErrorBars* addSpread(QCustomPlot* plot, QCPBars* bars)
{
    auto* spread = new QCPErrorBars(plot->xAxis, plot->yAxis);
    spread->setDataPlottable(bars);
    spread->setErrorType(QCPErrorBars::etValueError);
    spread->setWhiskerWidth(kBarWidth * 20);  // pixels
    return spread;
}

QString configurationLabel(const VariantResult& row)
{
    return row.index == 0 ? ExperimentChart::tr("baseline") : QString::fromStdString(row.label);
}

}  // namespace

ExperimentChart::ExperimentChart(QWidget* parent) : RunChart(QStringLiteral("whatif"), parent)
{
    // The dock is a few rows tall: no title and no legend take its height. The axis says what
    // the bars are, the tick labels which one is the baseline, the tooltip the rest.
    plot()->legend->setVisible(false);
    plot()->plotLayout()->take(plot()->legend);
    plot()->plotLayout()->simplify();
    // A handful of categories: nothing to zoom into or pan along.
    plot()->setInteractions(QCP::Interactions());
    plot()->yAxis->setLabel(tr("ms/step"));
    plot()->xAxis->grid()->setVisible(false);
    m_baseline = addBars(plot(), tr("Baseline"), seriesColor(SeriesRole::WhatIfBaseline));
    m_variants = addBars(plot(), tr("Variants"), seriesColor(SeriesRole::WhatIfVariant));
    m_baselineSpread = addSpread(plot(), m_baseline);
    m_baselineSpread->setName(tr("Min\u2013max over the runs"));
    m_variantSpread = addSpread(plot(), m_variants);
    m_variantSpread->removeFromLegend();  // one legend entry says what the whiskers are

    m_baselineLine = new QCPItemStraightLine(plot());
    m_baselineLine->setPen(
        QPen(seriesColor(SeriesRole::WhatIfBaseline).darker(120), 1.2, Qt::DashLine));
    m_baselineLine->setSelectable(false);
    clearChart();
    fitToData();
}

int ExperimentChart::barCount() const
{
    return m_baseline->dataCount() + m_variants->dataCount();
}

void ExperimentChart::setResults(const std::vector<VariantResult>& results)
{
    m_results = results;
    clearChart();
    for (const VariantResult& row : m_results) {
        const double x = row.index + 1;
        auto* text = new QCPItemText(plot());
        text->setText(QString());  // not QCPItemText's placeholder
        text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        text->setPadding(QMargins(0, 0, 0, 2));
        text->setSelectable(false);
        m_speedupLabels.push_back(text);
        if (!row.measured()) {
            text->position->setCoords(x, 0.0);
            // A pending configuration is just an empty place; a failed one says so (the table
            // and the tooltip say why). Longer words would run into their neighbours.
            text->setText(row.error.empty() ? QString() : tr("failed"));
            continue;
        }
        QCPBars* bars = row.index == 0 ? m_baseline : m_variants;
        QCPErrorBars* spread = row.index == 0 ? m_baselineSpread : m_variantSpread;
        bars->addData(x, row.medianMs);
        spread->addData(row.medianMs - row.minMs, row.maxMs - row.medianMs);
        text->position->setCoords(x, row.maxMs);
        // The baseline's tick label names it; the others say how they compare.
        if (row.index != 0 && row.speedup)
            text->setText(tr("%1\u00d7").arg(*row.speedup, 0, 'f', 2));
    }
    fitTickLabels();
    const bool baselineMeasured = !m_results.empty() && m_results.front().measured();
    m_baselineLine->setVisible(baselineMeasured);
    if (baselineMeasured) {
        m_baselineLine->point1->setCoords(0.0, m_results.front().medianMs);
        m_baselineLine->point2->setCoords(1.0, m_results.front().medianMs);
    }
    fitToData();
    applyPalette();  // the new labels take the theme's text colour; replots
}

void ExperimentChart::fitTickLabels()
{
    // Each label gets its bar's share of the width, cut with an ellipsis beyond it ("threads=2,
    // placement=device, prefetch=2"); the tooltip has it whole. Turned labels would take the
    // height a short dock does not have.
    const QFontMetrics metrics(plot()->xAxis->tickLabelFont());
    const int count = std::max(static_cast<int>(m_results.size()), 1);
    const int share = (width() - kValueAxisRoom) / count - metrics.averageCharWidth();
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (const VariantResult& row : m_results)
        ticker->addTick(row.index + 1, metrics.elidedText(configurationLabel(row), Qt::ElideRight,
                                                          std::max(share, 0)));
    plot()->xAxis->setTicker(ticker);
}

void ExperimentChart::resizeEvent(QResizeEvent* event)
{
    fitTickLabels();
    RunChart::resizeEvent(event);  // replots
}

void ExperimentChart::clearChart()
{
    m_baseline->data()->clear();
    m_variants->data()->clear();
    m_baselineSpread->data()->clear();
    m_variantSpread->data()->clear();
    for (QCPItemText* text : m_speedupLabels)
        plot()->removeItem(text);
    m_speedupLabels.clear();
    if (m_baselineLine)
        m_baselineLine->setVisible(false);
}

void ExperimentChart::appendRecords(const RunTimeline&, const TimelineCursor&)
{
    // No timeline: setResults() draws everything.
}

void ExperimentChart::fitToData()
{
    const auto count = std::max<std::size_t>(m_results.size(), 1);
    plot()->xAxis->setRange(0.5, static_cast<double>(count) + 0.5);
    double tallest = 0.0;
    for (const VariantResult& row : m_results) {
        if (row.measured())
            tallest = std::max(tallest, row.maxMs);
    }
    plot()->yAxis->setRange(0.0, tallest > 0.0 ? tallest * kSpeedupLabelHeadroom : 1.0);
}

QString ExperimentChart::describeAt(double x) const
{
    const long index = std::lround(x) - 1;
    if (index < 0 || index >= static_cast<long>(m_results.size()) ||
        std::abs(x - static_cast<double>(index + 1)) > kBarWidth / 2)
        return {};
    const VariantResult& row = m_results[static_cast<std::size_t>(index)];
    const QString label = configurationLabel(row);
    if (!row.error.empty())
        return tr("%1\nfailed: %2").arg(label, QString::fromStdString(recordedText(row.error)));
    if (!row.measured())
        return tr("%1\nnot measured").arg(label);
    QString text = tr("%1\nmedian %2 ms per step (min %3, max %4) over %5 of %6 runs")
                       .arg(label, ExperimentResultsModel::millisecondsText(row.medianMs),
                            ExperimentResultsModel::millisecondsText(row.minMs),
                            ExperimentResultsModel::millisecondsText(row.maxMs))
                       .arg(row.runsMeasured)
                       .arg(row.runsPlanned);
    if (row.speedup && row.projectedEpochS)
        text += QLatin1Char('\n') + tr("speedup %1\u00d7, epoch %2 s (projected, not measured)")
                                        .arg(*row.speedup, 0, 'f', 2)
                                        .arg(*row.projectedEpochS, 0, 'f', 2);
    if (!row.largestChanges.empty())
        text += QLatin1Char('\n') + ExperimentResultsModel::changesText(row.largestChanges);
    return text;
}

}  // namespace es::ui
