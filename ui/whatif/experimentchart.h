#pragma once

// The what-if chart: one bar per configuration at its median ms per step, with the min-max of
// its runs as error bars and its speedup above it. The baseline's bar has a colour of its own
// and a dashed line at its median runs across the chart, so that every variant reads against
// it. Built on RunChart for the shared palette, tooltip and export; it has no timeline and
// draws whatever setResults() was given.

#include "engine/whatif/experimentresults.h"
#include "ui/plots/runchart.h"

#include <vector>

class QCPBars;
class QCPErrorBars;
class QCPItemStraightLine;
class QCPItemText;

namespace es::ui {

class ExperimentChart : public RunChart {
    Q_OBJECT

public:
    explicit ExperimentChart(QWidget* parent = nullptr);

    /// Draws `results` (the baseline first), replacing what was drawn. Configurations without
    /// a measured run keep their place on the axis, without a bar.
    void setResults(const std::vector<VariantResult>& results);

    QCPBars* baselineBars() const { return m_baseline; }
    QCPBars* variantBars() const { return m_variants; }
    /// Bars drawn: one per measured configuration.
    int barCount() const;

protected:
    void clearChart() override;
    void appendRecords(const RunTimeline& timeline, const TimelineCursor& from) override;
    void fitToData() override;
    QString describeAt(double x) const override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitTickLabels();

    std::vector<VariantResult> m_results;
    QCPBars* m_baseline = nullptr;
    QCPBars* m_variants = nullptr;
    QCPErrorBars* m_baselineSpread = nullptr;
    QCPErrorBars* m_variantSpread = nullptr;
    QCPItemStraightLine* m_baselineLine = nullptr;
    std::vector<QCPItemText*> m_speedupLabels;
};

}  // namespace es::ui
