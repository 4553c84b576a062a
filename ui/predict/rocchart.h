#pragma once

// The Predict view's ROC chart: a sigmoid unit's true positive rate against its false positive
// rate over all thresholds, the chance diagonal it should rise above, the area under it in the
// legend, and a marker at the threshold the rest of the view uses. Built on RunChart for the
// shared palette, tooltip and export; it has no timeline and draws whatever setCurve() was
// given.

#include "engine/predict/predictionplots.h"
#include "ui/plots/runchart.h"

#include <QtCore/QPointF>

#include <cstddef>
#include <optional>
#include <vector>

class QCPCurve;
class QCPGraph;
class QCPItemText;

namespace es::ui {

class RocChart : public RunChart {
    Q_OBJECT

public:
    explicit RocChart(QWidget* parent = nullptr);

    /// `auc` nullopt when undefined (one class only): the chart then says so instead of a curve.
    /// Replaces what was drawn; the marker follows the last setThreshold().
    void setCurve(const std::vector<es::RocPoint>& curve, std::optional<double> auc);
    /// Marks the curve's operating point at `threshold`: the last point (in curve order) whose
    /// threshold is above `threshold`, i.e. samples scoring above it are positive, as
    /// binaryConfusion() and binaryMetrics() count them.
    void setThreshold(double threshold);

    /// Points of the curve drawn.
    int pointCount() const;
    /// (false positive rate, true positive rate) at the threshold; nullopt without a curve.
    std::optional<QPointF> markedPoint() const;
    /// The text that says why there is no curve; empty while there is one.
    QString placeholderText() const;
    QCPCurve* curve() const { return m_curve; }

protected:
    void clearChart() override;
    void appendRecords(const RunTimeline& timeline, const TimelineCursor& from) override;
    void fitToData() override;
    QString describeAt(double x) const override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void placeMarker();

    std::vector<es::RocPoint> m_points;
    std::optional<double> m_auc;
    double m_threshold = 0.5;
    std::optional<std::size_t> m_markedIndex;
    QCPCurve* m_curve = nullptr;
    QCPGraph* m_marker = nullptr;
    QCPGraph* m_chance = nullptr;
    QCPItemText* m_placeholder = nullptr;
    /// Where the pointer last moved over the plot, in its pixels.
    QPointF m_pointer;
};

}  // namespace es::ui
