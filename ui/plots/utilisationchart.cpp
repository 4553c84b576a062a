#include "ui/plots/utilisationchart.h"

#include "ui/plots/phasepalette.h"
#include "ui/plots/qcustomplotinclude.h"

#include <algorithm>
#include <cmath>

namespace es::ui {

namespace {
// A thread replaces a shown one only when clearly busier, so two threads of nearly equal load
// do not swap lines (and colours) on every frame.
constexpr double kSwapMargin = 1.10;
// CPU % axis: at least one full core, so an idle process does not look busy.
constexpr double kMinPctTop = 100.0;

QCPGraph* addLine(QCustomPlot* plot, QCPAxis* axis, const QString& name, const QPen& pen)
{
    QCPGraph* graph = plot->addGraph(plot->xAxis, axis);
    graph->setName(name);
    graph->setPen(pen);
    return graph;
}

void raiseTo(double& max, double value)
{
    if (std::isfinite(value))
        max = std::max(max, value);
}
}  // namespace

UtilisationChart::UtilisationChart(QWidget* parent)
    : RunChart(QStringLiteral("utilisation"), parent)
{
    setTitle(tr("CPU, GPU and memory"));
    plot()->xAxis->setLabel(tr("Run time (s)"));
    plot()->yAxis->setLabel(tr("Utilisation (%)"));
    plot()->yAxis2->setLabel(tr("Memory (MB)"));
    plot()->yAxis2->setVisible(true);

    m_processCpu = addLine(plot(), plot()->yAxis, tr("Process CPU % (100 = one core)"),
                           QPen(seriesColor(SeriesRole::ProcessCpu), 2));
    m_machineCpu = addLine(plot(), plot()->yAxis, tr("Machine CPU % (100 = all cores)"),
                           QPen(seriesColor(SeriesRole::MachineCpu), 1.5));
    m_rss = addLine(plot(), plot()->yAxis2, tr("RSS (MB)"),
                    QPen(seriesColor(SeriesRole::Rss), 1.5, Qt::DashLine));
    for (std::size_t i = 0; i < m_slots.size(); ++i) {
        m_slots[i].graph = addLine(plot(), plot()->yAxis, QString(),
                                   QPen(extraSeriesColor(static_cast<int>(i)), 1));
        m_slots[i].graph->removeFromLegend();
    }
    clearChart();
    fitToData();
}

QCPGraph* UtilisationChart::gpuUtilGraph(int gpu) const
{
    const auto it = m_gpus.find(gpu);
    return it == m_gpus.end() ? nullptr : it->second.util;
}

QCPGraph* UtilisationChart::gpuMemoryGraph(int gpu) const
{
    const auto it = m_gpus.find(gpu);
    return it == m_gpus.end() ? nullptr : it->second.memory;
}

std::vector<int> UtilisationChart::shownThreads() const
{
    std::vector<int> tids;
    for (const ThreadSlot& slot : m_slots) {
        if (slot.tid != 0)
            tids.push_back(slot.tid);
    }
    std::sort(tids.begin(), tids.end(), [this](int a, int b) {
        return m_threads.at(a).cpuPctSum > m_threads.at(b).cpuPctSum;
    });
    return tids;
}

QCPGraph* UtilisationChart::threadGraph(int tid) const
{
    for (const ThreadSlot& slot : m_slots) {
        if (tid != 0 && slot.tid == tid)
            return slot.graph;
    }
    return nullptr;
}

UtilisationChart::GpuGraphs& UtilisationChart::gpuGraphs(int gpu)
{
    auto it = m_gpus.find(gpu);
    if (it != m_gpus.end())
        return it->second;
    // GPUs after the first get the extra hues past the thread lines'.
    const bool first = m_gpus.empty();
    const QColor util =
        first ? seriesColor(SeriesRole::GpuUtil) : extraSeriesColor(kShownThreads + 2 * gpu);
    const QColor memory =
        first ? seriesColor(SeriesRole::GpuMemory) : extraSeriesColor(kShownThreads + 2 * gpu + 1);
    GpuGraphs graphs;
    graphs.util = addLine(plot(), plot()->yAxis, tr("GPU %1 util %").arg(gpu), QPen(util, 2));
    graphs.memory = addLine(plot(), plot()->yAxis2, tr("GPU %1 memory (MB)").arg(gpu),
                            QPen(memory, 1.5, Qt::DashLine));
    return m_gpus.emplace(gpu, graphs).first->second;
}

void UtilisationChart::clearChart()
{
    m_processCpu->data()->clear();
    m_machineCpu->data()->clear();
    m_rss->data()->clear();
    // GPU graphs stay (a GPU does not come and go within a session) but empty.
    for (auto& [gpu, graphs] : m_gpus) {
        graphs.util->data()->clear();
        graphs.memory->data()->clear();
    }
    for (ThreadSlot& slot : m_slots) {
        slot.tid = 0;
        slot.graph->data()->clear();
        slot.graph->removeFromLegend();
    }
    m_threads.clear();
    m_samplesRead = 0;
    m_lastS = 0.0;
    m_pctMax = 0.0;
    m_mbMax = 0.0;
}

void UtilisationChart::appendRecords(const RunTimeline& timeline, const TimelineCursor& from)
{
    const std::size_t end = timeline.samples.size();
    for (std::size_t i = from.samples; i < end; ++i) {
        const SystemSample& sample = timeline.samples[i];
        m_processCpu->addData(sample.tS, sample.processCpuPct);
        m_machineCpu->addData(sample.tS, sample.machineCpuPct);
        m_rss->addData(sample.tS, sample.rssMb);
        raiseTo(m_pctMax, sample.processCpuPct);
        raiseTo(m_pctMax, sample.machineCpuPct);
        raiseTo(m_mbMax, sample.rssMb);
        for (const GpuSample& gpu : sample.gpus) {
            GpuGraphs& graphs = gpuGraphs(gpu.index);
            graphs.util->addData(sample.tS, gpu.smUtilPct);
            graphs.memory->addData(sample.tS, gpu.memUsedMb);
            raiseTo(m_pctMax, gpu.smUtilPct);
            raiseTo(m_mbMax, gpu.memUsedMb);
        }
        for (const ThreadCpu& thread : sample.threads) {
            ThreadTotal& total = m_threads[thread.tid];
            total.name = thread.name;
            if (std::isfinite(thread.cpuPct))
                total.cpuPctSum += thread.cpuPct;
        }
        m_lastS = std::max(m_lastS, sample.tS);
    }
    const bool reshuffled = pickBusiestThreads();
    for (ThreadSlot& slot : m_slots) {
        // A thread that just got its slot is drawn from the first sample; the others only
        // need the new samples.
        if (slot.tid != 0)
            drawThread(slot, timeline, reshuffled ? 0 : from.samples, end);
    }
    m_samplesRead = end;
}

bool UtilisationChart::pickBusiestThreads()
{
    std::vector<int> ranked;
    ranked.reserve(m_threads.size());
    for (const auto& [tid, total] : m_threads)
        ranked.push_back(tid);
    std::sort(ranked.begin(), ranked.end(),
              [this](int a, int b) { return m_threads[a].cpuPctSum > m_threads[b].cpuPctSum; });
    const auto isShown = [this](int tid) { return threadGraph(tid) != nullptr; };
    bool changed = false;
    for (int tid : ranked) {
        if (isShown(tid))
            continue;
        auto free = std::find_if(m_slots.begin(), m_slots.end(),
                                 [](const ThreadSlot& slot) { return slot.tid == 0; });
        if (free == m_slots.end()) {
            free = std::min_element(
                m_slots.begin(), m_slots.end(), [this](const ThreadSlot& a, const ThreadSlot& b) {
                    return m_threads[a.tid].cpuPctSum < m_threads[b.tid].cpuPctSum;
                });
            if (m_threads[tid].cpuPctSum <= kSwapMargin * m_threads[free->tid].cpuPctSum)
                break;  // ranked: no later thread is busier either
        }
        free->tid = tid;
        free->graph->data()->clear();
        changed = true;
    }
    if (changed) {
        for (ThreadSlot& slot : m_slots) {
            if (slot.tid == 0)
                continue;
            const ThreadTotal& total = m_threads[slot.tid];
            slot.graph->setName(tr("%1 thread %2", "thread name, thread id")
                                    .arg(QString::fromStdString(total.name))
                                    .arg(slot.tid));
            slot.graph->addToLegend();
        }
    }
    return changed;
}

void UtilisationChart::drawThread(ThreadSlot& slot, const RunTimeline& timeline, std::size_t from,
                                  std::size_t end)
{
    if (from == 0)
        slot.graph->data()->clear();
    QVector<double> keys;
    QVector<double> values;
    for (std::size_t i = from; i < end; ++i) {
        const SystemSample& sample = timeline.samples[i];
        for (const ThreadCpu& thread : sample.threads) {
            if (thread.tid != slot.tid)
                continue;
            keys.append(sample.tS);
            values.append(thread.cpuPct);
            raiseTo(m_pctMax, thread.cpuPct);
            break;
        }
    }
    slot.graph->addData(keys, values, true);
}

void UtilisationChart::fitToData()
{
    plot()->xAxis->setRange(0.0, std::max(m_lastS, 1.0));
    plot()->yAxis->setRange(0.0, std::max(kMinPctTop, m_pctMax) * kChartHeadroom);
    plot()->yAxis2->setRange(0.0, m_mbMax > 0.0 ? m_mbMax * kChartHeadroom : 1.0);
}

QString UtilisationChart::describeAt(double x) const
{
    if (!timeline() || m_samplesRead == 0)
        return {};
    const auto& samples = timeline()->samples;
    // Between refreshes the timeline may already be shorter than what was read (a new run).
    const auto end =
        samples.begin() + static_cast<std::ptrdiff_t>(std::min(m_samplesRead, samples.size()));
    if (end == samples.begin())
        return {};
    auto it = std::lower_bound(samples.begin(), end, x,
                               [](const SystemSample& s, double t) { return s.tS < t; });
    if (it == end)
        --it;
    else if (it != samples.begin() && x - (it - 1)->tS < it->tS - x)
        --it;  // the sample before x is the nearer one
    const SystemSample& sample = *it;
    QStringList lines;
    lines << tr("At %1 s").arg(sample.tS, 0, 'f', 1)
          << tr("Process CPU %1 %, machine CPU %2 %")
                 .arg(sample.processCpuPct, 0, 'f', 0)
                 .arg(sample.machineCpuPct, 0, 'f', 0)
          << tr("RSS %1 MB").arg(sample.rssMb, 0, 'f', 0);
    for (const GpuSample& gpu : sample.gpus)
        lines << tr("GPU %1: %2 % busy, %3 / %4 MB")
                     .arg(gpu.index)
                     .arg(gpu.smUtilPct, 0, 'f', 0)
                     .arg(gpu.memUsedMb, 0, 'f', 0)
                     .arg(gpu.memTotalMb, 0, 'f', 0);
    for (int tid : shownThreads()) {
        for (const ThreadCpu& thread : sample.threads) {
            if (thread.tid == tid)
                lines << tr("Thread %1 (%2): %3 %")
                             .arg(QString::fromStdString(thread.name))
                             .arg(tid)
                             .arg(thread.cpuPct, 0, 'f', 0);
        }
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace es::ui
