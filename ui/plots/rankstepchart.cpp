#include "ui/plots/rankstepchart.h"

#include "engine/summary/rankstats.h"

#include "ui/plots/phasepalette.h"
#include "ui/plots/qcustomplotinclude.h"

#include <QtCore/QStringList>

#include <algorithm>
#include <set>

namespace es::ui {

namespace {
// The y axis fits the bulk of the visible steps, not a rare slow one: a run's first step
// (allocations, a backend's warm-up) can take ten times a steady one, and scaled to it the
// ranks' lines, whose gap is the point of the chart, would be flattened into one. Values above
// kOutlierFactor times the kRangeQuantile quantile run off the top (the tooltip has them).
constexpr double kRangeQuantile = 0.98;
constexpr double kOutlierFactor = 1.5;

/// The top of the y axis for `values` (every point drawn).
double axisTop(std::vector<double> values)
{
    if (values.empty())
        return 1.0;
    const double tallest = *std::max_element(values.begin(), values.end());
    const auto at =
        static_cast<std::size_t>(kRangeQuantile * static_cast<double>(values.size() - 1));
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(at),
                     values.end());
    const double top = std::min(tallest, values[at] * kOutlierFactor);
    return top > 0.0 ? top * kChartHeadroom : 1.0;
}
}  // namespace

RankStepChart::RankStepChart(QWidget* parent) : StepChart(QStringLiteral("rank-steps"), 1, parent)
{
    setStepTitle(tr("Busy time per step by rank"));
    plot()->yAxis->setLabel(tr("ms per step, without communication"));
    plot()->yAxis->setRange(0.0, 1.0);
}

QString RankStepChart::rankLabel(const RunTimeline& timeline, int rank)
{
    const auto member = std::find_if(timeline.ranks.begin(), timeline.ranks.end(),
                                     [rank](const RankMember& m) { return m.rank == rank; });
    if (member == timeline.ranks.end() || member->host.empty())
        return tr("rank %1", "a process of a distributed run").arg(rank);
    return tr("rank %1 (%2)", "a process of a distributed run, then its host")
        .arg(rank)
        .arg(QString::fromStdString(member->host));
}

std::vector<int> RankStepChart::ranksOf(const RunTimeline& timeline)
{
    std::set<int> ranks{0};
    for (int rank = 1; rank < timeline.worldSize; ++rank)
        ranks.insert(rank);
    for (const RankMember& member : timeline.ranks)
        ranks.insert(member.rank);
    for (const auto& entry : timeline.rankBatches)
        ranks.insert(entry.first);
    return {ranks.begin(), ranks.end()};
}

double RankStepChart::busyMs(const BatchRecord& step)
{
    // Clamped for the plot: host clocks can put a step's phases a hair past its wall time.
    return std::max(0.0, es::busyMs(step));
}

QCPGraph* RankStepChart::rankGraph(int rank) const
{
    const auto found = m_graphs.find(rank);
    return found == m_graphs.end() ? nullptr : found->second;
}

std::size_t RankStepChart::rankStepsRead(int rank) const
{
    if (rank == 0)
        return stepCount();
    const auto found = m_others.find(rank);
    return found == m_others.end() ? 0 : found->second.steps();
}

QCPGraph* RankStepChart::graphFor(int rank)
{
    if (QCPGraph* graph = rankGraph(rank))
        return graph;
    QCPGraph* graph = plot()->addGraph(plot()->xAxis, plot()->yAxis);
    graph->setLineStyle(QCPGraph::lsStepLeft);
    graph->setPen(QPen(rankColor(rank), 1));  // thin: wider pens go through the slow stroker
    graph->setAntialiased(false);
    m_graphs.emplace(rank, graph);
    return graph;
}

void RankStepChart::stepValues(const BatchRecord& record, double* values) const
{
    values[0] = busyMs(record);
}

void RankStepChart::clearChart()
{
    m_others.clear();
    for (const auto& entry : m_graphs)
        plot()->removeGraph(entry.second);
    m_graphs.clear();
    StepChart::clearChart();
}

void RankStepChart::appendRecords(const RunTimeline& timeline, const TimelineCursor& from)
{
    StepChart::appendRecords(timeline, from);  // rank 0's
    bool grew = false;
    for (const auto& [rank, steps] : timeline.rankBatches) {
        StepSums& sums = m_others.try_emplace(rank, 1).first->second;
        for (std::size_t i = sums.steps(); i < steps.size(); ++i) {
            const double busy = busyMs(steps[i]);
            sums.append(&busy);
            grew = true;
        }
    }
    // Another rank's steps of an epoch already in view: the same buckets, new lines.
    if (grew)
        invalidateBuckets();
}

void RankStepChart::drawBuckets(const BucketGrid& grid, const StepSums& sums)
{
    if (!timeline())
        return;
    std::vector<double> drawn;
    // Each rank's buckets over the steps it has: another rank's line ends where its last
    // gathered epoch does.
    const auto draw = [&](int rank, const StepSums& steps) {
        QVector<double> keys;
        QVector<double> values;
        const std::size_t end = std::min(grid.end, steps.steps());
        for (std::size_t first = grid.first; first < end; first += grid.width) {
            const std::size_t last = std::min(end, first + grid.width);
            const double mean = steps.sum(0, first, last) / static_cast<double>(last - first);
            keys.append(static_cast<double>(first) + 0.5);
            values.append(mean);
            drawn.push_back(mean);
        }
        if (!keys.isEmpty()) {  // the closing edge repeats the last bucket
            keys.append(static_cast<double>(end) + 0.5);
            values.append(values.back());
        }
        QCPGraph* graph = graphFor(rank);
        graph->setName(rankLabel(*timeline(), rank));
        graph->setData(keys, values, true);
    };
    const StepSums none(1);
    for (int rank : ranksOf(*timeline())) {
        if (rank == 0) {
            draw(rank, sums);
            continue;
        }
        const auto found = m_others.find(rank);
        draw(rank, found == m_others.end() ? none : found->second);
    }
    plot()->yAxis->setRange(0.0, axisTop(std::move(drawn)));
}

QString RankStepChart::describeAt(double x) const
{
    const long index = stepIndexAt(x);
    if (index < 0 || !timeline())
        return {};
    const RunTimeline& t = *timeline();
    const auto step = static_cast<std::size_t>(index);
    const BatchRecord& record = t.batches[step];
    QString text =
        tr("Step %1 (epoch %2, batch %3)").arg(index + 1).arg(record.epoch).arg(record.batch);
    for (int rank : ranksOf(t)) {
        const std::vector<BatchRecord>& steps = t.stepsOf(rank);
        text += QLatin1Char('\n');
        if (step >= steps.size()) {
            text += tr("%1: not received yet (ranks send their steps at each epoch's end)")
                        .arg(rankLabel(t, rank));
            continue;
        }
        const BatchRecord& theirs = steps[step];
        text += tr("%1: busy %2 ms, communication %3 ms")
                    .arg(rankLabel(t, rank))
                    .arg(busyMs(theirs), 0, 'f', 2)
                    .arg(theirs.phaseMs[phaseIndex(Phase::Communication)], 0, 'f', 2);
    }
    const BucketGrid grid = shownBuckets();
    if (grid.width > 1)
        text += QLatin1Char('\n') + tr("Drawn as the mean of %1 consecutive steps").arg(grid.width);
    return text;
}

}  // namespace es::ui
