#include "ui/plots/batchphasechart.h"

#include "engine/i18n/phasename.h"
#include "ui/core/qtext.h"
#include "ui/plots/bandgraph.h"
#include "ui/plots/phasepalette.h"
#include "ui/plots/qcustomplotinclude.h"

#include <algorithm>

namespace es::ui {

namespace {
}  // namespace

BatchPhaseChart::BatchPhaseChart(QWidget* parent)
    : StepChart(QStringLiteral("step-phases"), kPhaseCount, parent)
{
    setStepTitle(tr("Step time by phase"));
    plot()->yAxis->setLabel(tr("ms per step"));
    plot()->yAxis->setRange(0.0, 1.0);
    // Filled step lines, each filled down to the phase below (a band per phase, drawn as
    // pixel columns by BandGraph): cheaper than thousands of QCPBars rectangles, and no
    // outline, which would cost a polyline per phase and add nothing to adjacent colours.
    QCPGraph* below = nullptr;
    for (Phase phase : kAllPhases) {
        QCPGraph* graph = new BandGraph(plot()->xAxis, plot()->yAxis);
        graph->setName(toQString(phaseName(phase)));
        graph->setPen(Qt::NoPen);
        graph->setBrush(phaseColor(phase));
        graph->setAntialiased(false);
        graph->setAntialiasedFill(false);
        if (below)
            graph->setChannelFillGraph(below);
        below = graph;
        m_graphs[phaseIndex(phase)] = graph;
    }
}

void BatchPhaseChart::stepValues(const BatchRecord& record, double* values) const
{
    std::copy(record.phaseMs.begin(), record.phaseMs.end(), values);
}

void BatchPhaseChart::drawBuckets(const BucketGrid& grid, const StepSums& sums)
{
    const QVector<double> keys = bucketEdges(grid);
    const int points = keys.size();
    std::array<QVector<double>, kPhaseCount> stacked;
    for (auto& values : stacked)
        values.resize(points);
    double tallest = 0.0;
    int bucket = 0;
    for (std::size_t first = grid.first; first < grid.end; first += grid.width, ++bucket) {
        const std::size_t end = std::min(grid.end, first + grid.width);
        const double steps = static_cast<double>(end - first);
        double total = 0.0;
        for (std::size_t p = 0; p < kPhaseCount; ++p) {
            total += sums.sum(p, first, end) / steps;
            stacked[p][bucket] = total;
        }
        tallest = std::max(tallest, total);
    }
    if (points > 0) {
        for (auto& values : stacked)
            values[points - 1] = values[points - 2];  // the closing edge repeats the last bucket
    }
    for (std::size_t p = 0; p < kPhaseCount; ++p)
        m_graphs[p]->setData(keys, stacked[p], true);
    plot()->yAxis->setRange(0.0, tallest > 0.0 ? tallest * kChartHeadroom : 1.0);
}

QString BatchPhaseChart::describeAt(double x) const
{
    const long index = stepIndexAt(x);
    if (index < 0 || !timeline())
        return {};
    const BatchRecord& record = shownSteps()[static_cast<std::size_t>(index)];
    QString text = tr("Step %1 (epoch %2, batch %3): %4 ms")
                       .arg(index + 1)
                       .arg(record.epoch)
                       .arg(record.batch)
                       .arg(record.wallMs, 0, 'f', 2);
    // Top of the stack first, as the eye meets it.
    for (auto it = kAllPhases.rbegin(); it != kAllPhases.rend(); ++it) {
        const double ms = record.phaseMs[phaseIndex(*it)];
        const double share = record.wallMs > 0.0 ? 100.0 * ms / record.wallMs : 0.0;
        text += QStringLiteral("\n%1: %2 ms (%3%)")
                    .arg(toQString(phaseName(*it)))
                    .arg(ms, 0, 'f', 2)
                    .arg(share, 0, 'f', 0);
    }
    const BucketGrid grid = shownBuckets();
    if (grid.width > 1)
        text += QLatin1Char('\n') + tr("Drawn as the mean of %1 consecutive steps").arg(grid.width);
    return text;
}

}  // namespace es::ui
