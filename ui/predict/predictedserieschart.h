#pragma once

// The Predict view's series chart: the model's prediction and, when the data had targets, the
// actual value over the sample index, so that the user sees where the two part. Zooms and pans
// along the samples like the dashboard's step chart; a double-click shows them all again. Built
// on RunChart for the shared palette, tooltip and export; it has no timeline and draws whatever
// setSeries() was given.

#include "ui/plots/runchart.h"

#include <vector>

class QCPGraph;

namespace es::ui {

class PredictedSeriesChart : public RunChart {
    Q_OBJECT

public:
    explicit PredictedSeriesChart(QWidget* parent = nullptr);

    /// One value per sample, in sample order; `actual` empty when the data had no targets
    /// (then only the predicted line). Replaces what was drawn and fits the view.
    void setSeries(const std::vector<float>& predicted, const std::vector<float>& actual);

    /// Samples drawn (the predicted graph's data count).
    int pointCount() const;
    QCPGraph* predictedGraph() const { return m_predicted; }
    /// Empty (and without a legend entry) when the data had no targets.
    QCPGraph* actualGraph() const { return m_actual; }

protected:
    void clearChart() override;
    void appendRecords(const RunTimeline& timeline, const TimelineCursor& from) override;
    void fitToData() override;
    QString describeAt(double x) const override;

private:
    std::vector<float> m_predictedValues;
    std::vector<float> m_actualValues;
    QCPGraph* m_predicted = nullptr;
    QCPGraph* m_actual = nullptr;
};

}  // namespace es::ui
