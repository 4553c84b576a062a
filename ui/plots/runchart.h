#pragma once

// Base of the dashboard's live charts: one QCustomPlot over a RunTimeline that grows while a
// run trains. The dashboard calls refresh() on its frame timer (up to ~25 times a second);
// each refresh reads only the records appended since the last one, so a frame costs what is
// new, not the whole run. The base also owns what every chart shares: following the newest
// data, x-axis zoom and pan, the nearest-point tooltip and export.

#include "ui/live/runtimeline.h"

#include <QtWidgets/QWidget>

#include <cstddef>
#include <utility>

class QCustomPlot;
class QEvent;
class QMouseEvent;
class QResizeEvent;
class QShowEvent;
class QPoint;

namespace es::ui {

/// Head room above a chart's highest mark (the value axis goes this factor higher), so that
/// the mark does not touch the frame.
inline constexpr double kChartHeadroom = 1.08;

/// How far a chart has read a timeline: the record counts at its last refresh.
struct TimelineCursor {
    std::size_t batches = 0;
    std::size_t epochs = 0;
    std::size_t samples = 0;
    std::size_t rankSteps = 0;  ///< steps of ranks 1.. together (RunTimeline::rankStepCount)
};

class RunChart : public QWidget {
    Q_OBJECT

public:
    /// `exportStem` names exported files ("step-phases" -> "<run>-step-phases.png").
    explicit RunChart(const QString& exportStem, QWidget* parent = nullptr);
    ~RunChart() override;

    /// The timeline to draw (not owned; it must outlive the chart or be unset first). Setting
    /// one, or nullptr, forgets everything drawn; the next refresh() reads it from the start.
    void setTimeline(const RunTimeline* timeline);
    const RunTimeline* timeline() const { return m_timeline; }

    /// Reads what is new in the timeline and queues a replot. If the timeline got shorter or
    /// its last read record changed (cleared and refilled), the chart is rebuilt from scratch.
    virtual void refresh();

    QCustomPlot* plot() const { return m_plot; }

    /// Whether refreshes keep the newest data in view. Zooming or panning stops following;
    /// double-clicking the chart resumes it.
    bool isFollowingLive() const { return m_following; }
    void setFollowingLive(bool follow);

    /// Takes the widget palette's colours for background, axes, grid, legend and title, so that
    /// charts follow a dark theme; the phase colours stay the shared ones. Runs on every
    /// palette change and when first shown (subclasses add their axes after the base exists).
    void applyPalette();

    /// Writes the chart as it is now to `path`: PNG, JPEG or PDF by the file's suffix.
    /// Returns false for another suffix or when the file could not be written.
    bool exportTo(const QString& path);

protected:
    /// A chart that was never laid out (exported from a test or a report) is drawn this wide:
    /// 16:9 with kFallbackExportHeight, a size where the default fonts are in proportion.
    static constexpr int kFallbackExportWidth = 1200;
    static constexpr int kFallbackExportHeight = 675;

    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

    /// Forget all data drawn from the timeline (a new, cleared or shorter timeline).
    virtual void clearChart() = 0;
    /// Add the records from `from` on to the chart's series.
    virtual void appendRecords(const RunTimeline& timeline, const TimelineCursor& from) = 0;
    /// Fit the axes to the data; called after new records arrive while following live.
    virtual void fitToData() = 0;
    /// The values of the data point nearest to `x` (plot coordinates), as tooltip text;
    /// empty when there is none.
    virtual QString describeAt(double x) const;

    /// Puts a title row above the axis rect (it shows in exports too).
    void setTitle(const QString& title);
    /// Replots at the next event loop turn, coalescing several requests into one frame.
    void queueReplot();
    /// Forgets what was drawn and reads the timeline again from its start (the chart now draws
    /// other records of it, e.g. another rank's steps).
    void rebuild();

private:
    bool timelineWasReplaced() const;
    void fitLegendColumns();
    void rememberLastSeen();
    void resetToEmpty();
    void showContextMenu(const QPoint& pos);
    void exportWithDialog(const QString& suffix, const QString& filter);
    void showTooltip(QMouseEvent* event);
    void stopFollowing();

    QCustomPlot* m_plot = nullptr;
    QString m_exportStem;
    const RunTimeline* m_timeline = nullptr;
    TimelineCursor m_cursor;
    /// Identity of the last record read per stream, to notice a timeline refilled in place.
    struct LastSeen {
        double batchEndS = 0.0;
        int batchEpoch = 0;
        int batchIndex = 0;
        int epoch = 0;
        double sampleS = 0.0;
    } m_lastSeen;
    bool m_following = true;
    /// Legend entries and plot width at the last fitLegendColumns().
    std::pair<int, int> m_legendLayout{-1, -1};
};

}  // namespace es::ui
