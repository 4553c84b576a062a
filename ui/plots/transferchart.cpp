#include "ui/plots/transferchart.h"

#include "engine/core/siunits.h"
#include "ui/plots/bandgraph.h"
#include "ui/plots/phasepalette.h"
#include "ui/plots/qcustomplotinclude.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace es::ui {

namespace {

enum Channel : std::size_t { kMs, kBytes, kTimedBytes, kChannelCount };

// bytes per millisecond -> GB/s
constexpr double kGbPerSecondPerBytePerMs = 1e3 / 1e9;

QCPGraph* addLine(QCustomPlot* plot, QCPAxis* valueAxis, const QString& name, const QColor& color)
{
    QCPGraph* graph = plot->addGraph(plot->xAxis, valueAxis);
    graph->setName(name);
    graph->setLineStyle(QCPGraph::lsStepLeft);
    graph->setPen(QPen(color, 1));  // thin: wider pens go through the slow stroker
    graph->setAntialiased(false);
    return graph;
}

}  // namespace

TransferChart::TransferChart(QWidget* parent)
    : StepChart(QStringLiteral("transfer"), kChannelCount, parent)
{
    setStepTitle(tr("Host-to-device copies per step"));
    plot()->yAxis->setLabel(tr("Copy time (ms)"));
    plot()->yAxis2->setVisible(true);
    plot()->yAxis2->setLabel(tr("MB copied / GB/s"));
    plot()->yAxis->setRange(0.0, 1.0);
    plot()->yAxis2->setRange(0.0, 1.0);

    m_ms = new BandGraph(plot()->xAxis, plot()->yAxis);
    m_ms->setName(tr("Copy time (ms)"));
    m_ms->setPen(QPen(seriesColor(SeriesRole::TransferMs), 1));
    m_ms->setAntialiased(false);
    // A light tint, mixed by hand on the white background instead of drawn translucent:
    // blending narrow columns row by row cost ~15 ms per frame, an opaque fill under 1 ms.
    const QColor line = seriesColor(SeriesRole::TransferMs);
    const auto tint = [](int channel) { return channel + (255 - channel) * 3 / 4; };
    m_ms->setBrush(QColor(tint(line.red()), tint(line.green()), tint(line.blue())));
    m_mb = addLine(plot(), plot()->yAxis2, tr("MB copied"), seriesColor(SeriesRole::TransferMb));
    m_gbps = addLine(plot(), plot()->yAxis2, tr("Effective GB/s"),
                     seriesColor(SeriesRole::TransferGbps));
}

void TransferChart::stepValues(const BatchRecord& record, double* values) const
{
    const double ms = record.phaseMs[phaseIndex(Phase::HostToDevice)];
    const auto bytes = static_cast<double>(record.h2dBytes);
    values[kMs] = ms;
    values[kBytes] = bytes;
    // A step whose copy took no measurable time has no bandwidth: leave its bytes out of it.
    values[kTimedBytes] = ms > 0.0 ? bytes : 0.0;
}

void TransferChart::drawBuckets(const BucketGrid& grid, const StepSums& sums)
{
    const QVector<double> keys = bucketEdges(grid);
    const int points = keys.size();
    QVector<double> ms(points), mb(points), gbps(points);
    double msMax = 0.0;
    double rightMax = 0.0;
    int bucket = 0;
    for (std::size_t first = grid.first; first < grid.end; first += grid.width, ++bucket) {
        const std::size_t end = std::min(grid.end, first + grid.width);
        const double steps = static_cast<double>(end - first);
        const double msSum = sums.sum(kMs, first, end);
        ms[bucket] = msSum / steps;
        mb[bucket] = sums.sum(kBytes, first, end) / steps / kBytesPerMb;
        // Time-weighted over the bucket: total bytes over total copy time, as a link reports it.
        gbps[bucket] = msSum > 0.0
                           ? sums.sum(kTimedBytes, first, end) / msSum * kGbPerSecondPerBytePerMs
                           : std::numeric_limits<double>::quiet_NaN();
        msMax = std::max(msMax, ms[bucket]);
        rightMax = std::max(rightMax, mb[bucket]);
        if (!std::isnan(gbps[bucket]))
            rightMax = std::max(rightMax, gbps[bucket]);
    }
    if (points > 0) {
        ms[points - 1] = ms[points - 2];
        mb[points - 1] = mb[points - 2];
        gbps[points - 1] = gbps[points - 2];
    }
    m_ms->setData(keys, ms, true);
    m_mb->setData(keys, mb, true);
    m_gbps->setData(keys, gbps, true);
    plot()->yAxis->setRange(0.0, msMax > 0.0 ? msMax * kChartHeadroom : 1.0);
    plot()->yAxis2->setRange(0.0, rightMax > 0.0 ? rightMax * kChartHeadroom : 1.0);
}

QString TransferChart::describeAt(double x) const
{
    const long index = stepIndexAt(x);
    if (index < 0 || !timeline())
        return {};
    const BatchRecord& record = shownSteps()[static_cast<std::size_t>(index)];
    const double ms = record.phaseMs[phaseIndex(Phase::HostToDevice)];
    const double mb = static_cast<double>(record.h2dBytes) / kBytesPerMb;
    QString text = tr("Step %1 (epoch %2, batch %3)\nCopy: %4 ms, %5 MB")
                       .arg(index + 1)
                       .arg(record.epoch)
                       .arg(record.batch)
                       .arg(ms, 0, 'f', 3)
                       .arg(mb, 0, 'f', 2);
    if (ms > 0.0)
        text += QLatin1Char('\n') +
                tr("Effective %1 GB/s")
                    .arg(static_cast<double>(record.h2dBytes) / ms * kGbPerSecondPerBytePerMs, 0,
                         'f', 2);
    return text;
}

}  // namespace es::ui
