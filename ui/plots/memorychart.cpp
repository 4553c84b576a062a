#include "ui/plots/memorychart.h"

#include "engine/core/siunits.h"
#include "engine/i18n/phasename.h"
#include "ui/core/qtext.h"
#include "ui/plots/phasepalette.h"
#include "ui/plots/qcustomplotinclude.h"

#include <algorithm>
#include <limits>

namespace es::ui {

namespace {

// Channels: each phase's peak in phase order, then the bytes held at the step's end.
constexpr std::size_t kHeldChannel = kPhaseCount;
constexpr std::size_t kChannelCount = kPhaseCount + 1;
// The value axis spans the lines drawn plus this share of their span above and below, and at
// least this share of the tallest value (so that a flat line is not drawn at the edge).
constexpr double kMarginShare = 0.15;
constexpr double kMinimumSpanShare = 0.05;

/// The bytes held at a step's end: the end of its last stretch, after the callbacks.
std::int64_t heldAtEnd(const BatchRecord& record)
{
    return record.memory.endBytes[phaseIndex(Phase::Callbacks)];
}

double megabytes(std::int64_t bytes)
{
    return static_cast<double>(bytes) / kBytesPerMb;
}

}  // namespace

MemoryChart::MemoryChart(QWidget* parent)
    : StepChart(QStringLiteral("tensor-memory"), kChannelCount, parent)
{
    setStepTitle(tr("Tensor memory per step"));
    plot()->yAxis->setLabel(tr("MB"));
    plot()->yAxis->setRange(0.0, 1.0);
    for (Phase phase : kAllPhases) {
        QCPGraph* graph = plot()->addGraph(plot()->xAxis, plot()->yAxis);
        graph->setName(tr("Peak in %1").arg(toQString(phaseName(phase))));
        graph->setLineStyle(QCPGraph::lsStepLeft);
        graph->setPen(QPen(phaseColor(phase), 1));  // thin: wider pens go through the slow stroker
        graph->setAntialiased(false);
        graph->setVisible(false);
        graph->removeFromLegend();
        m_peaks[phaseIndex(phase)] = graph;
    }
    // Drawn last, on top: the figure a leak moves.
    m_held = plot()->addGraph(plot()->xAxis, plot()->yAxis);
    m_held->setName(tr("Held at the step's end"));
    m_held->setLineStyle(QCPGraph::lsStepLeft);
    m_held->setPen(QPen(seriesColor(SeriesRole::TensorMemory), 2));
    m_held->setAntialiased(false);
}

void MemoryChart::stepValues(const BatchRecord& record, double* values) const
{
    for (std::size_t p = 0; p < kPhaseCount; ++p)
        values[p] = megabytes(record.memory.peakBytes[p]);
    values[kHeldChannel] = megabytes(heldAtEnd(record));
}

void MemoryChart::drawBuckets(const BucketGrid& grid, const StepSums& sums)
{
    const QVector<double> keys = bucketEdges(grid);
    const int points = keys.size();
    std::array<QVector<double>, kChannelCount> series;
    for (auto& values : series)
        values.resize(points);
    std::array<bool, kPhaseCount> seen{};
    double tallest = 0.0;
    double lowest = std::numeric_limits<double>::infinity();
    int bucket = 0;
    for (std::size_t first = grid.first; first < grid.end; first += grid.width, ++bucket) {
        const std::size_t end = std::min(grid.end, first + grid.width);
        const double steps = static_cast<double>(end - first);
        for (std::size_t channel = 0; channel < kChannelCount; ++channel) {
            const double mean = sums.sum(channel, first, end) / steps;
            series[channel][bucket] = mean;
            tallest = std::max(tallest, mean);
            // The lowest line drawn: a phase that held nothing is not drawn.
            if (mean > 0.0)
                lowest = std::min(lowest, mean);
            if (channel < kPhaseCount && mean > 0.0)
                seen[channel] = true;
        }
    }
    if (points > 1)
        for (auto& values : series)
            values[points - 1] = values[points - 2];
    for (std::size_t p = 0; p < kPhaseCount; ++p)
        m_peaks[p]->setData(keys, series[p], true);
    showPeaks(seen);
    m_held->setData(keys, series[kHeldChannel], true);
    // From a little below the lowest figure, not from 0: the phases' peaks differ by a few
    // percent of what the step holds, which a zero-based axis would flatten into one line.
    if (tallest > 0.0) {
        const double span = std::max(tallest - lowest, tallest * kMinimumSpanShare);
        plot()->yAxis->setRange(std::max(0.0, lowest - span * kMarginShare),
                                tallest + span * kMarginShare);
    } else {
        plot()->yAxis->setRange(0.0, 1.0);
    }
}

void MemoryChart::showPeaks(const std::array<bool, kPhaseCount>& shown)
{
    if (shown == m_shownPeaks)
        return;
    m_shownPeaks = shown;
    // The legend in phase order, then the held line: removed and added again in that order.
    for (QCPGraph* graph : m_peaks)
        graph->removeFromLegend();
    m_held->removeFromLegend();
    for (std::size_t p = 0; p < kPhaseCount; ++p) {
        // A phase that held nothing in view (warm-up after the first step, communication in a
        // run of one process) stays off the chart and out of the legend.
        m_peaks[p]->setVisible(shown[p]);
        if (shown[p])
            m_peaks[p]->addToLegend();
    }
    m_held->addToLegend();
}

QString MemoryChart::describeAt(double x) const
{
    const long index = stepIndexAt(x);
    if (index < 0 || !timeline())
        return {};
    const BatchRecord& record = shownSteps()[static_cast<std::size_t>(index)];
    if (!record.memory.counted())
        return tr("Step %1 (epoch %2, batch %3)\nNo tensor memory recorded")
            .arg(index + 1)
            .arg(record.epoch)
            .arg(record.batch);
    QString text = tr("Step %1 (epoch %2, batch %3)\nHeld at its end: %4 MB, %5 allocations")
                       .arg(index + 1)
                       .arg(record.epoch)
                       .arg(record.batch)
                       .arg(megabytes(heldAtEnd(record)), 0, 'f', 2)
                       .arg(record.memory.allocations);
    for (Phase phase : kAllPhases) {
        const std::int64_t peak = record.memory.peakBytes[phaseIndex(phase)];
        if (peak > 0)
            text += QLatin1Char('\n') +
                    tr("%1: peak %2 MB, %3 MB at its end")
                        .arg(toQString(phaseName(phase)))
                        .arg(megabytes(peak), 0, 'f', 2)
                        .arg(megabytes(record.memory.endBytes[phaseIndex(phase)]), 0, 'f', 2);
    }
    return text;
}

}  // namespace es::ui
