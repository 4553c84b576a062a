#pragma once

// The charts of a comparison report as plain data: what to draw, not how. chartpainter.h draws
// a ChartSpec (the same drawing for the HTML's PNG images and the PDF), so this file needs no
// graphics library and its figures can be checked against the comparison's.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace es {

struct RunComparison;

enum class ChartKind {
    /// One horizontal bar per category, its series stacked left to right.
    StackedBars,
    /// One line per series over numeric x values, with a marker at every point.
    Lines,
    /// Bins side by side on the x axis, each with one bar per series.
    Histogram,
};

struct ChartSeries {
    std::string name;
    std::uint32_t rgb = 0;  ///< 0xRRGGBB
    /// StackedBars: one per category; Lines: one per x value; Histogram: one per bin. Unset:
    /// nothing to draw there (a run without warm steps, an epoch a run did not reach).
    std::vector<std::optional<double>> values;
};

struct ChartSpec {
    std::string section;  ///< the anchor of the report section the chart belongs to
    ChartKind kind = ChartKind::Lines;
    std::string title;
    std::string xLabel;  ///< the value axis of StackedBars
    std::string yLabel;
    /// StackedBars: the bars' names, top to bottom. Unused by the other kinds.
    std::vector<std::string> categories;
    /// Lines: the x of each point; Histogram: the bins' edges (one more than the bins).
    std::vector<double> x;
    bool logBins = false;  ///< Histogram: the edges are spaced evenly on a log scale
    std::vector<ChartSeries> series;
};

/// Evenly spaced round tick values (1, 2 or 5 times a power of ten) covering [low, high].
struct ChartTicks {
    std::vector<double> values;
    int decimals = 0;  ///< enough to tell neighbouring ticks apart
};

/// At most about `maxTicks` ticks from a round value at or below `low` to one at or above
/// `high`; `integers` keeps the step at 1 or more (counts, epoch numbers).
ChartTicks niceTicks(double low, double high, int maxTicks, bool integers = false);

/// The phases' steady medians stacked per run (ms per warm step), one series per phase that
/// any run spent time in (a median the phase table shows as more than 0.00), in the phases'
/// colours; nullopt when no run has warm steps.
std::optional<ChartSpec> phaseChart(const RunComparison& comparison);

/// Each run's epoch wall times over the epoch number; nullopt when no run completed an epoch.
std::optional<ChartSpec> epochChart(const RunComparison& comparison);

/// The warm-step histogram's counts, one series per run, in the comparison's shared bins;
/// nullopt when no run has warm steps.
std::optional<ChartSpec> latencyChart(const RunComparison& comparison);

/// The charts that have data, in the order of the report's sections.
std::vector<ChartSpec> reportCharts(const RunComparison& comparison);

/// A sentence that says what the chart shows, for a reader who cannot see it (an image's alt).
std::string chartDescription(const ChartSpec& chart);

/// "A #1 quick-demo": how the charts name a run.
std::string chartRunName(const RunComparison& comparison, std::size_t run);

/// The colour of the run at `index` in the charts that show runs (0xRRGGBB).
std::uint32_t runColour(std::size_t index);

}  // namespace es
