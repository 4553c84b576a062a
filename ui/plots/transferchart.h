#pragma once

// Chart (c) of the dashboard: host-to-device copies per step. Milliseconds on the left axis;
// megabytes copied and the effective bandwidth (bytes / HostToDevice time) on the right, so a
// pageable copy that runs at a fraction of the link speed stands out. Decimated like (a).

#include "ui/plots/stepchart.h"

class QCPGraph;

namespace es::ui {

class TransferChart : public StepChart {
    Q_OBJECT

public:
    explicit TransferChart(QWidget* parent = nullptr);

    QCPGraph* millisecondsGraph() const { return m_ms; }
    QCPGraph* megabytesGraph() const { return m_mb; }
    /// NaN (a gap) where a bucket's steps spent no time copying.
    QCPGraph* bandwidthGraph() const { return m_gbps; }

protected:
    void stepValues(const BatchRecord& record, double* values) const override;
    void drawBuckets(const BucketGrid& grid, const StepSums& sums) override;
    QString describeAt(double x) const override;

private:
    QCPGraph* m_ms = nullptr;
    QCPGraph* m_mb = nullptr;
    QCPGraph* m_gbps = nullptr;
};

}  // namespace es::ui
