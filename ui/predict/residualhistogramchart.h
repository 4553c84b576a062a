#pragma once

// The Predict view's residual histogram: how many samples missed their target by how much
// (prediction - target), one bar per bin of an es::Histogram, with a line at zero so that a
// bias to one side shows at a glance. Built on RunChart for the shared palette, tooltip and
// export; it has no timeline and draws whatever setHistogram() was given.

#include "engine/predict/predictionplots.h"
#include "ui/plots/runchart.h"

class QCPBars;
class QCPItemStraightLine;

namespace es::ui {

class ResidualHistogramChart : public RunChart {
    Q_OBJECT

public:
    explicit ResidualHistogramChart(QWidget* parent = nullptr);

    /// x: residual (prediction - target), y: samples. Replaces what was drawn and fits the view.
    void setHistogram(const es::Histogram& histogram);

    /// Bars drawn: one per bin.
    int binCount() const;
    QCPBars* bars() const { return m_bars; }

protected:
    void clearChart() override;
    void appendRecords(const RunTimeline& timeline, const TimelineCursor& from) override;
    void fitToData() override;
    QString describeAt(double x) const override;

private:
    es::Histogram m_histogram;
    QCPBars* m_bars = nullptr;
    QCPItemStraightLine* m_zeroLine = nullptr;
};

}  // namespace es::ui
