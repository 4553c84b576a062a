#pragma once

// The Predict view's scatter chart: each sample's prediction (y) against its actual value (x),
// with the diagonal y = x where a perfect model's dots would lie. Both axes keep the same range
// so that the diagonal stays at 45 degrees and distance from it reads the same either way. Built
// on RunChart for the shared palette, tooltip and export; it has no timeline and draws whatever
// setPoints() was given.

#include "ui/plots/runchart.h"

#include <QtCore/QPointF>

#include <cstddef>
#include <vector>

class QCPGraph;
class QCPItemStraightLine;

namespace es::ui {

class PredictionScatterChart : public RunChart {
    Q_OBJECT

public:
    explicit PredictionScatterChart(QWidget* parent = nullptr);

    /// One prediction and one actual value per sample (pairs past the shorter vector are left
    /// out, as are pairs with a NaN or
    /// an infinity). Replaces what was drawn and fits the view.
    void setPoints(const std::vector<float>& predicted, const std::vector<float>& actual);

    /// Dots drawn.
    int pointCount() const;
    QCPItemStraightLine* diagonal() const { return m_diagonal; }
    QCPGraph* pointsGraph() const { return m_points; }

protected:
    void clearChart() override;
    void appendRecords(const RunTimeline& timeline, const TimelineCursor& from) override;
    void fitToData() override;
    QString describeAt(double x) const override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// The dots drawn, in sample order: their sample numbers and values.
    std::vector<std::size_t> m_samples;
    std::vector<float> m_predictedValues;
    std::vector<float> m_actualValues;
    /// Where the pointer last moved over the plot, in its pixels.
    QPointF m_pointer;
    QCPGraph* m_points = nullptr;
    QCPItemStraightLine* m_diagonal = nullptr;
};

}  // namespace es::ui
