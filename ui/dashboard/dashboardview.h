#pragma once

// The live dashboard: the six charts of a run, all drawing one RunTimeline; for a run of
// several processes also each rank's busy time per step and which rank the step charts show.

#include "ui/live/runtimeline.h"

#include <QtCore/QStringList>
#include <QtWidgets/QWidget>

#include <cstdint>
#include <vector>

class QComboBox;
class QGridLayout;

namespace es::ui {

class BatchPhaseChart;
class MemoryChart;
class RankStepChart;
class RunChart;
class StepChart;
class TransferChart;

class DashboardView : public QWidget {
    Q_OBJECT

public:
    explicit DashboardView(QWidget* parent = nullptr);

    /// Every chart starts over on `timeline` (a new run, or one reopened from the store); the
    /// step charts show rank 0.
    void setTimeline(const RunTimeline* timeline);
    /// Every chart draws what is new in its timeline.
    void refresh();
    /// What drawing the charts costs, in ms: the last refresh() plus each chart's average
    /// replot (which Qt paints later, in the event loop).
    double drawCostMs() const;

    /// The six charts of every run (not the ranks' chart).
    const std::vector<RunChart*>& charts() const { return m_charts; }

    /// Steps the live per-step charts (step time, transfer, ranks) follow.
    void setWindowSteps(int steps);

    /// Marks steps `first`..`last` (1-based) in the per-step charts and brings them into view
    /// (a finding's evidence); clearHighlight() removes the marks.
    void highlightSteps(std::int64_t first, std::int64_t last);
    void clearHighlight();
    const std::vector<StepChart*>& stepCharts() const { return m_stepCharts; }

    /// Each rank's busy time per step; shown only for a run of more than one process.
    RankStepChart* rankChart() const { return m_rankChart; }
    /// Chooses the rank whose steps the step-time and transfer charts show (its item data is
    /// the rank); shown only for a run of more than one process.
    QComboBox* rankSelector() const { return m_rankSelector; }
    /// Whether the timeline is a run of more than one process (the rank views are shown).
    bool showsRanks() const { return !m_rankLabels.isEmpty(); }

private:
    /// Lists the timeline's ranks in the selector and shows or hides the rank views when they
    /// changed; `startOver` (a new timeline) selects rank 0 again.
    void updateRanks(bool startOver);
    /// The step charts draw the selected rank's steps.
    void showSelectedRank();

    std::vector<RunChart*> m_charts;
    std::vector<StepChart*> m_stepCharts;
    const RunTimeline* m_timeline = nullptr;
    QGridLayout* m_grid = nullptr;
    BatchPhaseChart* m_steps = nullptr;
    TransferChart* m_transfer = nullptr;
    MemoryChart* m_memory = nullptr;
    RankStepChart* m_rankChart = nullptr;
    QWidget* m_rankBar = nullptr;
    QComboBox* m_rankSelector = nullptr;
    /// The selector's items as last listed; empty for a run of one process.
    QStringList m_rankLabels;
    double m_lastRefreshMs = 0.0;
};

}  // namespace es::ui
