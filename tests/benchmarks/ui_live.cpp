// Live chart benchmark (issue: dashboard charts). Prints medians over repeats, because this
// machine is noisy:
//   1. a full replot (QCustomPlot::replot(rpImmediateRefresh)) of the step-phase chart and the
//      transfer chart holding 200,000 steps with full history in view (decimated);
//   2. the incremental cost of the live case: append 50 steps to the timeline, refresh() the
//      chart and replot it, with the default 500-step window and with full history.
// Runs offscreen unless QT_QPA_PLATFORM says otherwise.
// Usage: ui_live [--steps N] [--repeats N]

#include "engine/summary/statistics.h"
#include "ui/live/runtimeline.h"
#include "ui/plots/batchphasechart.h"
#include "ui/plots/qcustomplotinclude.h"
#include "ui/plots/transferchart.h"

#include <QtWidgets/QApplication>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace {

using es::median;

using Clock = std::chrono::steady_clock;

constexpr std::size_t kDefaultSteps = 200'000;
constexpr int kDefaultRepeats = 15;
// Untimed rounds first: fonts, paint buffers and caches settle.
constexpr int kWarmupRounds = 3;
// Steps the UI drains per frame when training runs ~1,250 steps/s at 25 frames/s.
constexpr std::size_t kLiveAppend = 50;
constexpr int kStepsPerEpoch = 1000;
// A wide dashboard tile.
constexpr int kChartWidth = 1400;
constexpr int kChartHeight = 500;

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void appendSteps(es::ui::RunTimeline& timeline, std::size_t count)
{
    using es::Phase;
    using es::phaseIndex;
    for (std::size_t n = 0; n < count; ++n) {
        const std::size_t index = timeline.batches.size();
        es::BatchRecord step;
        step.epoch = static_cast<int>(index / kStepsPerEpoch) + 1;
        step.batch = static_cast<int>(index % kStepsPerEpoch) + 1;
        auto& ms = step.phaseMs;
        ms[phaseIndex(Phase::DataWait)] = 1.0 + 0.3 * static_cast<double>(index % 7);
        ms[phaseIndex(Phase::HostToDevice)] = index % 50 == 0 ? 0.0 : 0.6 + 0.1 * (index % 5);
        ms[phaseIndex(Phase::Forward)] = 3.0 + (index % 997 == 0 ? 40.0 : 0.0);  // stragglers
        ms[phaseIndex(Phase::Backward)] = 5.5;
        ms[phaseIndex(Phase::Optimizer)] = 1.1;
        ms[phaseIndex(Phase::Callbacks)] = 0.05;
        ms[phaseIndex(Phase::Other)] = 0.2;
        for (double phase : ms)
            step.wallMs += phase;
        step.loss = 1.0 / (1.0 + 1e-4 * static_cast<double>(index));
        step.samples = 64;
        step.h2dBytes = 4'194'304;
        step.endS =
            (timeline.batches.empty() ? 0.0 : timeline.batches.back().endS) + step.wallMs / 1000.0;
        timeline.batches.push_back(step);
    }
}

es::ui::RunTimeline makeTimeline(std::size_t steps)
{
    es::ui::RunTimeline timeline;
    timeline.name = QStringLiteral("ui-live-benchmark");
    timeline.batchesPerEpoch = kStepsPerEpoch;
    timeline.epochsPlanned = static_cast<int>((steps + kStepsPerEpoch - 1) / kStepsPerEpoch);
    appendSteps(timeline, steps);
    return timeline;
}

template <typename Chart>
std::unique_ptr<Chart> showChart(const es::ui::RunTimeline& timeline, bool fullHistory)
{
    auto chart = std::make_unique<Chart>();
    chart->resize(kChartWidth, kChartHeight);
    chart->setShowFullHistory(fullHistory);
    chart->show();
    chart->setTimeline(&timeline);
    chart->refresh();
    QApplication::processEvents();
    return chart;
}

template <typename Chart>
double fullReplotMs(const es::ui::RunTimeline& timeline, int repeats)
{
    const auto chart = showChart<Chart>(timeline, true);
    std::vector<double> times;
    for (int round = 0; round < kWarmupRounds + repeats; ++round) {
        const auto start = Clock::now();
        chart->plot()->replot(QCustomPlot::rpImmediateRefresh);
        if (round >= kWarmupRounds)
            times.push_back(msSince(start));
    }
    return median(times);
}

struct LiveCost {
    double refreshMs = 0.0;  ///< refresh() alone: reading the new steps, re-cutting buckets
    double frameMs = 0.0;    ///< refresh() plus the replot it asked for
};

template <typename Chart>
LiveCost liveAppendCost(std::size_t steps, bool fullHistory, int repeats)
{
    es::ui::RunTimeline timeline = makeTimeline(steps);
    const auto chart = showChart<Chart>(timeline, fullHistory);
    std::vector<double> refreshes;
    std::vector<double> frames;
    for (int round = 0; round < kWarmupRounds + repeats; ++round) {
        appendSteps(timeline, kLiveAppend);
        const auto start = Clock::now();
        chart->refresh();
        const double refreshMs = msSince(start);
        chart->plot()->replot(QCustomPlot::rpImmediateRefresh);
        const double frameMs = msSince(start);
        if (round >= kWarmupRounds) {
            refreshes.push_back(refreshMs);
            frames.push_back(frameMs);
        }
    }
    return {median(refreshes), median(frames)};
}

template <typename Chart>
double firstRefreshMs(const es::ui::RunTimeline& timeline)
{
    Chart chart;
    chart.resize(kChartWidth, kChartHeight);
    chart.setShowFullHistory(true);
    chart.setTimeline(&timeline);
    const auto start = Clock::now();
    chart.refresh();
    return msSince(start);
}

template <typename Chart>
void report(const char* name, const es::ui::RunTimeline& timeline, int repeats)
{
    const std::size_t steps = timeline.batches.size();
    const double full = fullReplotMs<Chart>(timeline, repeats);
    const double first = firstRefreshMs<Chart>(timeline);
    const LiveCost window = liveAppendCost<Chart>(steps, false, repeats);
    const LiveCost history = liveAppendCost<Chart>(steps, true, repeats);
    std::printf("%-16s full replot, %zu steps, full history: %8.2f ms\n", name, steps, full);
    std::printf("%-16s first refresh reading all steps:        %8.2f ms\n", name, first);
    std::printf("%-16s +%zu steps, 500-step window: refresh %6.3f ms, refresh+replot %7.2f ms\n",
                name, kLiveAppend, window.refreshMs, window.frameMs);
    std::printf("%-16s +%zu steps, full history:    refresh %6.3f ms, refresh+replot %7.2f ms\n",
                name, kLiveAppend, history.refreshMs, history.frameMs);
}

}  // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    std::size_t steps = kDefaultSteps;
    int repeats = kDefaultRepeats;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--steps") == 0)
            steps = std::strtoull(argv[i + 1], nullptr, 10);
        else if (std::strcmp(argv[i], "--repeats") == 0)
            repeats = std::max(1, std::atoi(argv[i + 1]));
    }
    QApplication app(argc, argv);
    const es::ui::RunTimeline timeline = makeTimeline(steps);
    std::printf("ui_live: medians of %d repeats after %d warm-up rounds, %dx%d px, platform %s\n",
                repeats, kWarmupRounds, kChartWidth, kChartHeight,
                qPrintable(QGuiApplication::platformName()));
    report<es::ui::BatchPhaseChart>("step phases", timeline, repeats);
    report<es::ui::TransferChart>("transfer", timeline, repeats);
    return 0;
}
