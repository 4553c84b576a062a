#pragma once

// The dashboard's tensor memory per step (docs/memory.md): the bytes the run's CPU tensors held
// at the end of each step, and the peak inside each phase, each phase in its own colour, so
// that the phase that decides the step's peak (usually backward, with every activation still
// held) and a figure that keeps rising (a leak) both show. Beside the process's RSS in the
// utilisation chart, which also counts what is not a tensor. Decimated like the step chart:
// the mean of each bucket's steps.

#include "engine/core/phase.h"
#include "ui/plots/stepchart.h"

#include <array>

class QCPGraph;

namespace es::ui {

class MemoryChart : public StepChart {
    Q_OBJECT

public:
    explicit MemoryChart(QWidget* parent = nullptr);

    /// The bytes held at the end of each step, in MB.
    QCPGraph* heldGraph() const { return m_held; }
    /// The peak inside `phase` per step, in MB; hidden, and out of the legend, while no step
    /// in view had one.
    QCPGraph* peakGraph(Phase phase) const { return m_peaks[phaseIndex(phase)]; }

protected:
    void stepValues(const BatchRecord& record, double* values) const override;
    void drawBuckets(const BucketGrid& grid, const StepSums& sums) override;
    QString describeAt(double x) const override;

private:
    /// Shows the peaks of the phases in `shown`, and only those in the legend.
    void showPeaks(const std::array<bool, kPhaseCount>& shown);

    QCPGraph* m_held = nullptr;
    std::array<QCPGraph*, kPhaseCount> m_peaks{};
    std::array<bool, kPhaseCount> m_shownPeaks{};
};

}  // namespace es::ui
