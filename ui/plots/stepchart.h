#pragma once

// Shared part of the per-step charts (step time by phase, host-to-device transfer): every step
// is kept as running sums, the chart draws at most kMaxPlottedPoints bucket means of the
// visible steps, and re-cuts the buckets whenever the visible x range changes. While following
// live it shows the newest `windowSteps` steps, or the whole run with full history on. In a
// distributed run it draws the steps of one rank (rank 0 unless another is chosen).

#include "ui/plots/runchart.h"
#include "ui/plots/stepbuckets.h"

#include <QtCore/QVector>

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

class QCPItemRect;

namespace es::ui {

class StepChart : public RunChart {
    Q_OBJECT

public:
    /// Points per series at most, whatever the run length: about one per pixel of a wide chart,
    /// which keeps a replot in the low milliseconds at 200,000 steps.
    static constexpr int kMaxPlottedPoints = 2000;
    /// Steps in view while following live without full history.
    static constexpr int kDefaultWindowSteps = 500;

    /// Steps in view while following live (at least 1).
    void setWindowSteps(int steps);
    int windowSteps() const { return m_windowSteps; }

    /// Whether following live shows every step of the run instead of the last windowSteps().
    void setShowFullHistory(bool full);
    bool showsFullHistory() const { return m_fullHistory; }

    /// Draws the steps of `rank` of a distributed run (0: the timeline's `batches`), read again
    /// from the start; `caption` ("rank 1 (node-b)") is added to the title, none when empty.
    void setShownRank(int rank, const QString& caption = QString());
    int shownRank() const { return m_rank; }

    /// Steps read from the timeline so far.
    std::size_t stepCount() const { return m_sums.steps(); }
    /// The buckets drawn now (width 1 when every visible step has its own point).
    BucketGrid shownBuckets() const { return m_shown; }

    void refresh() override;

    /// Marks steps `first`..`last` (1-based, inclusive) with a band and brings them into view,
    /// which stops following live (a double-click follows again); clearHighlight() removes it.
    void highlightSteps(std::int64_t first, std::int64_t last);
    void clearHighlight();
    /// The steps marked now, or {0, 0}.
    std::pair<std::int64_t, std::int64_t> highlightedSteps() const { return m_highlighted; }

protected:
    StepChart(const QString& exportStem, std::size_t channels, QWidget* parent);

    /// The per-step values this chart averages, one per channel, for `record`.
    virtual void stepValues(const BatchRecord& record, double* values) const = 0;
    /// Draws the buckets of `grid` from `sums` (an empty grid: nothing in view).
    virtual void drawBuckets(const BucketGrid& grid, const StepSums& sums) = 0;

    /// Keys for a step-left line over `grid`: each bucket's left edge, then the right edge
    /// of the last bucket (so the last bucket is drawn full width). bucketCount() + 1 keys.
    static QVector<double> bucketEdges(const BucketGrid& grid);
    /// The 0-based index of the step drawn at x, or -1 when x is past the steps read (or past
    /// the timeline's end).
    long stepIndexAt(double x) const;
    /// The steps of the shown rank in the timeline (empty without a timeline).
    const std::vector<BatchRecord>& shownSteps() const;
    /// The chart's title; the shown rank's caption is added to it.
    void setStepTitle(const QString& title);
    /// Draws the buckets again at the next refresh even if they are the same steps (a
    /// subclass's other series changed).
    void invalidateBuckets() { m_shownValid = false; }

    void clearChart() override;
    void appendRecords(const RunTimeline& timeline, const TimelineCursor& from) override;

private:
    void fitToData() final;
    /// Re-cuts the buckets for the visible range; a no-op when they are unchanged.
    void redecimate();

    StepSums m_sums;
    std::vector<double> m_scratch;
    BucketGrid m_shown;
    bool m_shownValid = false;
    int m_windowSteps = kDefaultWindowSteps;
    bool m_fullHistory = false;
    int m_rank = 0;
    QString m_title;
    QString m_rankCaption;
    QCPItemRect* m_band = nullptr;
    std::pair<std::int64_t, std::int64_t> m_highlighted{0, 0};
};

}  // namespace es::ui
