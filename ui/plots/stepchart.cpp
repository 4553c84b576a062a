#include "ui/plots/stepchart.h"

#include "ui/plots/qcustomplotinclude.h"

#include <algorithm>
#include <cmath>

namespace es::ui {

StepChart::StepChart(const QString& exportStem, std::size_t channels, QWidget* parent)
    : RunChart(exportStem, parent), m_sums(channels), m_scratch(channels, 0.0)
{
    plot()->xAxis->setLabel(tr("Step", "axis: training step number"));
    plot()->xAxis->setRange(0.5, m_windowSteps + 0.5);
    // Zooming, panning and following all land here: one place re-cuts the buckets.
    connect(plot()->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange&) { redecimate(); });
}

void StepChart::setWindowSteps(int steps)
{
    m_windowSteps = std::max(1, steps);
    if (isFollowingLive()) {
        fitToData();
        queueReplot();
    }
}

void StepChart::setShowFullHistory(bool full)
{
    m_fullHistory = full;
    if (isFollowingLive()) {
        fitToData();
        queueReplot();
    }
}

void StepChart::setShownRank(int rank, const QString& caption)
{
    if (caption != m_rankCaption) {
        m_rankCaption = caption;
        setStepTitle(m_title);
        queueReplot();
    }
    if (rank == m_rank)
        return;
    m_rank = rank;
    rebuild();
}

void StepChart::setStepTitle(const QString& title)
{
    m_title = title;
    setTitle(m_rankCaption.isEmpty()
                 ? title
                 : tr("%1: %2", "chart title: the chart's name, then the rank it shows")
                       .arg(title, m_rankCaption));
}

const std::vector<BatchRecord>& StepChart::shownSteps() const
{
    static const std::vector<BatchRecord> kNone;
    return timeline() ? timeline()->stepsOf(m_rank) : kNone;
}

void StepChart::refresh()
{
    RunChart::refresh();
    // New steps inside a range the user is looking at (not following) change the buckets too.
    redecimate();
}

void StepChart::highlightSteps(std::int64_t first, std::int64_t last)
{
    if (last < first)
        std::swap(first, last);
    if (!m_band) {
        m_band = new QCPItemRect(plot());
        m_band->setLayer(QStringLiteral("grid"));  // under the bars it marks
        for (QCPItemPosition* corner : {m_band->topLeft, m_band->bottomRight}) {
            corner->setTypeX(QCPItemPosition::ptPlotCoords);
            corner->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        m_band->setPen(QPen(QColor(192, 57, 43), 1.0, Qt::DashLine));
        m_band->setBrush(QColor(192, 57, 43, 40));
    }
    // Step n is drawn from n - 0.5 to n + 0.5.
    m_band->topLeft->setCoords(static_cast<double>(first) - 0.5, 0.0);
    m_band->bottomRight->setCoords(static_cast<double>(last) + 0.5, 1.0);
    m_band->setVisible(true);
    m_highlighted = {first, last};
    setFollowingLive(false);
    const double margin = std::max(5.0, 0.25 * static_cast<double>(last - first + 1));
    plot()->xAxis->setRange(static_cast<double>(first) - 0.5 - margin,
                            static_cast<double>(last) + 0.5 + margin);
    queueReplot();
}

void StepChart::clearHighlight()
{
    if (m_band)
        m_band->setVisible(false);
    m_highlighted = {0, 0};
    queueReplot();
}

void StepChart::clearChart()
{
    m_sums.clear();
    m_shownValid = false;
    redecimate();
}

void StepChart::appendRecords(const RunTimeline& timeline, const TimelineCursor&)
{
    // The shown rank's steps grow on their own (another rank's arrive an epoch at a time):
    // what was read of them is what the sums hold.
    const std::vector<BatchRecord>& steps = timeline.stepsOf(m_rank);
    for (std::size_t i = m_sums.steps(); i < steps.size(); ++i) {
        stepValues(steps[i], m_scratch.data());
        m_sums.append(m_scratch.data());
    }
}

void StepChart::fitToData()
{
    const double steps = static_cast<double>(m_sums.steps());
    if (m_fullHistory) {
        plot()->xAxis->setRange(0.5, std::max(steps, 1.0) + 0.5);
        return;
    }
    // Until the window is full, steps grow from the left edge instead of the view stretching.
    const double window = m_windowSteps;
    plot()->xAxis->setRange(std::max(0.5, steps - window + 0.5), std::max(steps, window) + 0.5);
}

void StepChart::redecimate()
{
    const QCPRange range = plot()->xAxis->range();
    // One point goes to the closing edge of the last bucket.
    const BucketGrid grid =
        bucketGridFor(range.lower, range.upper, m_sums.steps(), kMaxPlottedPoints - 1);
    if (m_shownValid && grid == m_shown)
        return;
    m_shown = grid;
    m_shownValid = true;
    drawBuckets(grid, m_sums);
    queueReplot();
}

QVector<double> StepChart::bucketEdges(const BucketGrid& grid)
{
    QVector<double> keys;
    const std::size_t count = grid.bucketCount();
    if (count == 0)
        return keys;
    keys.reserve(static_cast<int>(count + 1));
    for (std::size_t first = grid.first; first < grid.end; first += grid.width)
        keys.append(static_cast<double>(first) + 0.5);  // step index+1 at x, its left edge
    keys.append(static_cast<double>(grid.end) + 0.5);
    return keys;
}

long StepChart::stepIndexAt(double x) const
{
    const double step = std::round(x);
    // Between refreshes the timeline may already be shorter than what was read (a new run).
    const std::size_t known = std::min(m_sums.steps(), shownSteps().size());
    if (!(step >= 1.0) || step > static_cast<double>(known))
        return -1;
    return static_cast<long>(step) - 1;
}

}  // namespace es::ui
