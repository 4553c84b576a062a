#pragma once

// The live dashboard: the five charts of a run, all drawing one RunTimeline.

#include "ui/live/runtimeline.h"

#include <QtWidgets/QWidget>

#include <cstdint>
#include <vector>

namespace es::ui {

class RunChart;
class StepChart;

class DashboardView : public QWidget {
    Q_OBJECT

public:
    explicit DashboardView(QWidget* parent = nullptr);

    /// Every chart starts over on `timeline` (a new run, or one reopened from the store).
    void setTimeline(const RunTimeline* timeline);
    /// Every chart draws what is new in its timeline.
    void refresh();
    /// What drawing the charts costs, in ms: the last refresh() plus each chart's average
    /// replot (which Qt paints later, in the event loop).
    double drawCostMs() const;

    const std::vector<RunChart*>& charts() const { return m_charts; }

    /// Steps the live step and transfer charts follow.
    void setWindowSteps(int steps);

    /// Marks steps `first`..`last` (1-based) in the per-step charts and brings them into view
    /// (a finding's evidence); clearHighlight() removes the marks.
    void highlightSteps(std::int64_t first, std::int64_t last);
    void clearHighlight();
    const std::vector<StepChart*>& stepCharts() const { return m_stepCharts; }

private:
    std::vector<RunChart*> m_charts;
    std::vector<StepChart*> m_stepCharts;
    double m_lastRefreshMs = 0.0;
};

}  // namespace es::ui
