#pragma once

// Chart (d) of the dashboard: what the machine did over run time. Process and machine CPU %,
// the busiest threads of the process (the engine thread pinned at 100 % on a many-core box
// reads as "one thread does all the work"), GPU utilisation and memory when the samples carry
// GPUs, and the process RSS on a second axis.

#include "ui/plots/runchart.h"

#include <array>
#include <map>
#include <string>
#include <vector>

class QCPGraph;

namespace es::ui {

class UtilisationChart : public RunChart {
    Q_OBJECT

public:
    /// Threads drawn: more lines than this turn the chart into noise.
    static constexpr int kShownThreads = 4;

    explicit UtilisationChart(QWidget* parent = nullptr);

    QCPGraph* processCpuGraph() const { return m_processCpu; }
    QCPGraph* machineCpuGraph() const { return m_machineCpu; }
    QCPGraph* rssGraph() const { return m_rss; }
    /// Per GPU index; nullptr until a sample carried that GPU.
    QCPGraph* gpuUtilGraph(int gpu) const;
    QCPGraph* gpuMemoryGraph(int gpu) const;
    /// The thread ids drawn now, busiest (by mean CPU % over the run) first.
    std::vector<int> shownThreads() const;
    /// The graph drawing thread `tid`, or nullptr when it is not among the shown ones.
    QCPGraph* threadGraph(int tid) const;

protected:
    void clearChart() override;
    void appendRecords(const RunTimeline& timeline, const TimelineCursor& from) override;
    void fitToData() override;
    QString describeAt(double x) const override;

private:
    struct ThreadTotal {
        std::string name;
        double cpuPctSum = 0.0;  ///< over all samples read; ranks threads by mean
    };
    struct GpuGraphs {
        QCPGraph* util = nullptr;
        QCPGraph* memory = nullptr;
    };
    /// One line slot: which thread it draws (0 = none), so a thread keeps its colour.
    struct ThreadSlot {
        int tid = 0;
        QCPGraph* graph = nullptr;
    };

    GpuGraphs& gpuGraphs(int gpu);
    /// Re-picks the busiest threads; true when the shown set changed.
    bool pickBusiestThreads();
    void drawThread(ThreadSlot& slot, const RunTimeline& timeline, std::size_t from,
                    std::size_t end);

    QCPGraph* m_processCpu = nullptr;
    QCPGraph* m_machineCpu = nullptr;
    QCPGraph* m_rss = nullptr;
    std::map<int, GpuGraphs> m_gpus;
    std::map<int, ThreadTotal> m_threads;
    std::array<ThreadSlot, kShownThreads> m_slots{};
    std::size_t m_samplesRead = 0;
    double m_lastS = 0.0;
    double m_pctMax = 0.0;
    double m_mbMax = 0.0;
};

}  // namespace es::ui
