#pragma once

// The ranks of a distributed run side by side: per step, one line per rank of its busy time,
// the step's wall time less its Communication phase. The ranks step in lockstep, so their wall
// times are equal and a slow rank (a straggler) makes every other rank wait; the time a rank
// worked rather than waited is where it shows, as the line above the others. Rank 0's steps
// arrive live, the others' an epoch at a time (gathered at each epoch's end), so their lines
// trail rank 0's while a run trains. Long runs are drawn as bucket means (StepChart).

#include "ui/plots/stepchart.h"

#include <map>
#include <vector>

class QCPGraph;

namespace es::ui {

class RankStepChart : public StepChart {
    Q_OBJECT

public:
    explicit RankStepChart(QWidget* parent = nullptr);

    /// "rank 1 (node-b)", or "rank 1" when the timeline does not know the rank's host.
    static QString rankLabel(const RunTimeline& timeline, int rank);
    /// The ranks of a timeline, in order: 0 to worldSize - 1, and any other rank it has steps
    /// or a member of. {0} for a run of one process.
    static std::vector<int> ranksOf(const RunTimeline& timeline);
    /// A step's busy time: its wall time less its Communication phase, in ms.
    static double busyMs(const BatchRecord& step);

    /// The line of `rank`, or nullptr when the chart has none for it.
    QCPGraph* rankGraph(int rank) const;
    /// Steps of `rank` read from the timeline so far.
    std::size_t rankStepsRead(int rank) const;

protected:
    void stepValues(const BatchRecord& record, double* values) const override;
    void drawBuckets(const BucketGrid& grid, const StepSums& sums) override;
    QString describeAt(double x) const override;
    void clearChart() override;
    void appendRecords(const RunTimeline& timeline, const TimelineCursor& from) override;

private:
    /// The line of `rank`, created (in the rank's colour) when missing.
    QCPGraph* graphFor(int rank);

    /// Busy ms of ranks 1.. (rank 0's are the base's sums), by rank.
    std::map<int, StepSums> m_others;
    std::map<int, QCPGraph*> m_graphs;
};

}  // namespace es::ui
