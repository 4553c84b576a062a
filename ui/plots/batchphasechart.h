#pragma once

// Chart (a) of the dashboard: the latency of every training step, stacked by phase, against
// the global step index (1..N across epochs). Long runs are drawn as bucket means (see
// StepChart); the timeline keeps every step and the tooltip shows the exact one.

#include "ui/plots/stepchart.h"

#include <array>

class QCPGraph;

namespace es::ui {

class BatchPhaseChart : public StepChart {
    Q_OBJECT

public:
    explicit BatchPhaseChart(QWidget* parent = nullptr);

    /// The stacked series, bottom (DataWait) to top (Other); each holds the running total up
    /// to and including its phase.
    QCPGraph* phaseGraph(Phase phase) const { return m_graphs[phaseIndex(phase)]; }

protected:
    void stepValues(const BatchRecord& record, double* values) const override;
    void drawBuckets(const BucketGrid& grid, const StepSums& sums) override;
    QString describeAt(double x) const override;

private:
    std::array<QCPGraph*, kPhaseCount> m_graphs{};
};

}  // namespace es::ui
