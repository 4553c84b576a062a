#include "engine/report/reportcharts.h"

#include "engine/core/text.h"
#include "engine/i18n/phasename.h"
#include "engine/i18n/translate.h"
#include "engine/report/runcomparison.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace es {

namespace {

// Below the last digit the phase table shows (0.00 ms): a phase whose medians are all below it
// would be a legend entry without a visible bar.
constexpr double kVisibleMs = 0.005;

// Tableau 10 in its own order: the runs of a comparison are not phases, and these hues stay
// apart for most colour-vision deficiencies and in grey print.
constexpr std::array<std::uint32_t, 10> kRunRgb = {0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2,
                                                   0x59A14F, 0xEDC948, 0xB07AA1, 0xFF9DA7,
                                                   0x9C755F, 0xBAB0AC};

}  // namespace

ChartTicks niceTicks(double low, double high, int maxTicks, bool integers)
{
    if (!(high > low)) {
        // One value (or none): a unit range from it, so that the axis still has a scale.
        high = low + (low == 0.0 ? 1.0 : std::fabs(low));
    }
    const double rough = (high - low) / std::max(1, maxTicks - 1);
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    const double residual = rough / magnitude;
    double step = magnitude * (residual <= 1.0   ? 1.0
                               : residual <= 2.0 ? 2.0
                               : residual <= 5.0 ? 5.0
                                                 : 10.0);
    if (integers)
        step = std::max(step, 1.0);
    // Counting whole steps (not adding them up) keeps 0.1 + 0.2 noise out of the labels.
    const auto first = static_cast<long long>(std::floor(low / step + 1e-9));
    const auto last = static_cast<long long>(std::ceil(high / step - 1e-9));
    ChartTicks ticks;
    for (long long i = first; i <= last; ++i)
        ticks.values.push_back(static_cast<double>(i) * step);
    ticks.decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
    return ticks;
}

std::string chartRunName(const RunComparison& comparison, std::size_t run)
{
    const ComparedRun& compared = comparison.runs[run];
    return compared.label + " #" + std::to_string(compared.id) + " " + isolatedText(compared.name);
}

std::string chartDescription(const ChartSpec& chart)
{
    const auto joined = [](const std::vector<std::string>& names) {
        std::string text;
        for (std::size_t i = 0; i < names.size(); ++i)
            text = i == 0 ? names[i] : fillText(engineText("List", "%1, %2"), {text, names[i]});
        return text;
    };
    std::vector<std::string> seriesNames;
    for (const ChartSeries& series : chart.series)
        seriesNames.push_back(series.name);
    switch (chart.kind) {
        case ChartKind::StackedBars:
            return fillText(engineText("ReportChart",
                                       "Chart: %1, one bar per run (%2), its parts %3. The table "
                                       "below holds the figures."),
                            {chart.title, joined(chart.categories), joined(seriesNames)});
        case ChartKind::Lines:
            return fillText(engineText("ReportChart",
                                       "Chart: %1, one line per run (%2). The table below holds "
                                       "the figures."),
                            {chart.title, joined(seriesNames)});
        case ChartKind::Histogram:
            return fillText(engineText("ReportChart",
                                       "Chart: %1, one bar per run in each bin (%2). The table "
                                       "below holds the figures."),
                            {chart.title, joined(seriesNames)});
    }
    return chart.title;
}

std::uint32_t runColour(std::size_t index)
{
    return kRunRgb[index % kRunRgb.size()];
}

std::optional<ChartSpec> phaseChart(const RunComparison& comparison)
{
    ChartSpec chart;
    chart.section = "phases";
    chart.kind = ChartKind::StackedBars;
    chart.title = engineText("ReportChart", "Median per warm step by phase");
    chart.xLabel = engineText("ReportChart", "ms per warm step (medians of each phase, stacked)");
    bool anyWarm = false;
    for (std::size_t r = 0; r < comparison.runs.size(); ++r) {
        chart.categories.push_back(chartRunName(comparison, r));
        anyWarm = anyWarm || comparison.runs[r].steadyStepMs.has_value();
    }
    if (!anyWarm)
        return std::nullopt;
    for (Phase phase : kAllPhases) {
        ChartSeries series{phaseName(phase), phaseColour(phase), {}};
        bool spent = false;
        for (const ComparedRun& run : comparison.runs) {
            const std::optional<double>& median = run.phases[phaseIndex(phase)].steadyMedianMs;
            series.values.push_back(median);
            spent = spent || (median && *median >= kVisibleMs);
        }
        // A phase no run spent time in (callbacks, copies on a CPU) would only fill the legend.
        if (spent)
            chart.series.push_back(std::move(series));
    }
    return chart;
}

std::optional<ChartSpec> epochChart(const RunComparison& comparison)
{
    if (comparison.epochs.empty())
        return std::nullopt;
    ChartSpec chart;
    chart.section = "epochs";
    chart.kind = ChartKind::Lines;
    chart.title = engineText("ReportChart", "Epoch wall time");
    chart.xLabel = engineText("ReportChart", "Epoch");
    chart.yLabel = engineText("ReportChart", "Wall time (s)");
    for (const EpochRow& row : comparison.epochs)
        chart.x.push_back(row.epoch);
    for (std::size_t r = 0; r < comparison.runs.size(); ++r) {
        ChartSeries series{chartRunName(comparison, r), runColour(r), {}};
        for (const EpochRow& row : comparison.epochs) {
            const std::optional<EpochTimes>& times = row.runs[r];
            series.values.push_back(times ? std::optional<double>(times->wallS) : std::nullopt);
        }
        chart.series.push_back(std::move(series));
    }
    return chart;
}

std::optional<ChartSpec> latencyChart(const RunComparison& comparison)
{
    const LatencyHistogram& histogram = comparison.histogram;
    if (histogram.edgesMs.size() < 2)
        return std::nullopt;
    ChartSpec chart;
    chart.section = "distribution";
    chart.kind = ChartKind::Histogram;
    chart.title = engineText("ReportChart", "Warm step times");
    chart.xLabel = histogram.logSpaced
                       ? engineText("ReportChart", "Step time (ms, log-spaced bins)")
                       : engineText("ReportChart", "Step time (ms)");
    chart.yLabel = engineText("ReportChart", "Steps");
    chart.x = histogram.edgesMs;
    chart.logBins = histogram.logSpaced;
    for (std::size_t r = 0; r < comparison.runs.size(); ++r) {
        ChartSeries series{chartRunName(comparison, r), runColour(r), {}};
        for (std::int64_t count : histogram.counts[r])
            series.values.push_back(static_cast<double>(count));
        chart.series.push_back(std::move(series));
    }
    return chart;
}

std::vector<ChartSpec> reportCharts(const RunComparison& comparison)
{
    std::vector<ChartSpec> charts;
    for (auto make : {epochChart, phaseChart, latencyChart}) {
        if (std::optional<ChartSpec> chart = make(comparison))
            charts.push_back(std::move(*chart));
    }
    return charts;
}

}  // namespace es
