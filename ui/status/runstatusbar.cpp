#include "ui/status/runstatusbar.h"

#include "engine/core/siunits.h"
#include "engine/i18n/phasename.h"
#include "engine/i18n/recordedtext.h"
#include "engine/summary/runsummary.h"

#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QProgressBar>

#include <algorithm>

namespace es::ui {

namespace {

QString durationText(double seconds)
{
    const auto total = static_cast<long long>(seconds + 0.5);
    if (total >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(total / 3600)
            .arg(total / 60 % 60, 2, 10, QLatin1Char('0'))
            .arg(total % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(total / 60).arg(total % 60, 2, 10, QLatin1Char('0'));
}

/// The state as the status bar shows it; the engine's runStateName() is the untranslated key.
QString stateText(RunState state)
{
    switch (state) {
        case RunState::Idle: return RunStatusBar::tr("Idle", "run state");
        case RunState::Running: return RunStatusBar::tr("Running", "run state");
        case RunState::Paused: return RunStatusBar::tr("Paused", "run state");
        case RunState::Stopping: return RunStatusBar::tr("Stopping", "run state");
        case RunState::Finished: return RunStatusBar::tr("Finished", "run state");
        case RunState::Stopped: return RunStatusBar::tr("Stopped", "run state");
        case RunState::Failed: return RunStatusBar::tr("Failed", "run state");
    }
    return {};
}

/// How phase times are taken, in the user's language: the engine's descriptions of its timers
/// (engine/train/devicephasetimer) where they are known, the engine's text otherwise.
QString phaseTimingText(const std::string& engineText)
{
    if (engineText == "host clocks")
        return RunStatusBar::tr("host clocks", "how phase times are taken");
    if (engineText == "CUDA events on the current stream (no added synchronisation)")
        return RunStatusBar::tr("CUDA events on the current stream (no added synchronisation)");
    if (engineText == "precise: the device is synchronised at each phase end (host clocks)")
        return RunStatusBar::tr(
            "precise: the device is synchronised at each phase end (host clocks)");
    return QString::fromStdString(engineText);
}

}  // namespace

RunStatusBar::RunStatusBar(QWidget* parent)
    : QWidget(parent),
      m_progress(new QProgressBar(this)),
      m_epoch(new QLabel(this)),
      m_eta(new QLabel(this)),
      m_throughput(new QLabel(this)),
      m_steady(new QLabel(this)),
      m_memory(new QLabel(this)),
      m_device(new QLabel(this)),
      m_profiler(new QLabel(this)),
      m_state(new QLabel(stateText(RunState::Idle), this))
{
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(true);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QWidget* widget : {static_cast<QWidget*>(m_state), static_cast<QWidget*>(m_progress),
                            static_cast<QWidget*>(m_epoch), static_cast<QWidget*>(m_eta),
                            static_cast<QWidget*>(m_throughput), static_cast<QWidget*>(m_steady),
                            static_cast<QWidget*>(m_memory), static_cast<QWidget*>(m_device),
                            static_cast<QWidget*>(m_profiler)})
        layout->addWidget(widget);
    m_sinceUpdate.start();
}

void RunStatusBar::showProgress(const RunTimeline& timeline, const std::optional<RunInfo>& info,
                                bool force)
{
    if (!force && m_sinceUpdate.elapsed() < kUpdateIntervalMs)
        return;
    m_sinceUpdate.restart();
    const auto done = static_cast<int>(timeline.batches.size());
    const int total = std::max(timeline.epochsPlanned * timeline.batchesPerEpoch, done);
    // A profiled script's length is not known until it ends: a moving bar meanwhile, not a
    // share of a total that grows with every step.
    const bool going = m_runState == RunState::Running || m_runState == RunState::Stopping;
    if (timeline.epochsPlanned == 0 && going) {
        m_progress->setRange(0, 0);
    } else {
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(done);
    }
    const int epoch = timeline.batches.empty() ? 0 : timeline.batches.back().epoch;
    const int batch = timeline.batches.empty() ? 0 : timeline.batches.back().batch;
    // A profiled script's run plans no number of epochs: only what it ran is known.
    m_epoch->setText(timeline.epochsPlanned > 0 ? tr("Epoch %1/%2, step %3/%4")
                                                      .arg(epoch)
                                                      .arg(timeline.epochsPlanned)
                                                      .arg(batch)
                                                      .arg(timeline.batchesPerEpoch)
                                                : tr("Epoch %1, step %2").arg(epoch).arg(batch));
    if (force || !m_sinceSteady.isValid() || m_sinceSteady.elapsed() >= kSteadyIntervalMs) {
        m_steadyMs = steadyStateStepMs(timeline.batches);
        m_sinceSteady.start();
    }
    const std::optional<double>& steadyMs = m_steadyMs;
    m_steady->setText(steadyMs ? tr("steady %1 ms/step").arg(*steadyMs, 0, 'f', 2) : QString());
    m_eta->setText(steadyMs && total > done
                       ? tr("ETA %1").arg(durationText((total - done) * *steadyMs / 1000.0))
                       : QString());
    for (; m_summedSteps < timeline.batches.size(); ++m_summedSteps) {
        const BatchRecord& step = timeline.batches[m_summedSteps];
        m_summedWallS += step.wallMs / 1000.0;
        m_summedSamples += step.samples;
        for (Phase phase : kAllPhases) {
            if (step.memory.peakBytes[phaseIndex(phase)] > m_peakBytes) {
                m_peakBytes = step.memory.peakBytes[phaseIndex(phase)];
                m_peakStep = m_summedSteps + 1;
                m_peakPhase = phase;
            }
        }
    }
    // Runs recorded before memory was counted, and allocators it could not wrap: nothing.
    m_memory->setText(
        m_peakBytes > 0
            ? tr("tensor peak %1 MB").arg(static_cast<double>(m_peakBytes) / kBytesPerMb, 0, 'f', 1)
            : QString());
    m_memory->setToolTip(m_peakBytes > 0
                             ? tr("The most memory the run's CPU tensors held at once: in step %1, "
                                  "during %2. Tensor memory per step is in the memory chart.")
                                   .arg(m_peakStep)
                                   .arg(QString::fromStdString(phaseName(m_peakPhase)))
                             : QString());
    m_throughput->setText(m_summedWallS > 0.0
                              ? tr("%1 samples/s").arg(m_summedSamples / m_summedWallS, 0, 'f', 0)
                              : QString());
    if (info) {
        m_device->setText(tr("%1 - %2").arg(QString::fromStdString(info->device),
                                            QString::fromStdString(info->backend)));
        // Why the backend and the denormal mode are what they are: the banner's lines, for
        // the user who wonders why "auto" chose this one.
        m_device->setToolTip(
            tr("LSTM backend: %1 (%2)\nDenormals flushed to zero: %3 (%4)")
                .arg(QString::fromStdString(info->backend),
                     QString::fromStdString(recordedText(info->backendReason)),
                     info->flushDenormals ? tr("yes") : tr("no"),
                     QString::fromStdString(recordedText(info->flushDenormalsReason))));
    } else {
        m_device->setText(timeline.device);
        m_device->setToolTip(QString());
    }
    const QString timing = info ? phaseTimingText(info->phaseTiming) : tr("phases as recorded");
    m_profiler->setText(
        tr("profiler: %1, %n system sample(s)", nullptr, static_cast<int>(timeline.samples.size()))
            .arg(timing));
    m_profiler->setToolTip(
        tr("How phase times are taken (host clocks, CUDA events, or "
           "synchronised precise timing) and how many CPU, memory and GPU "
           "readings the sampler has made."));
}

void RunStatusBar::startOver()
{
    m_peakBytes = 0;
    m_peakStep = 0;
    m_summedSteps = 0;
    m_summedWallS = 0.0;
    m_summedSamples = 0;
    m_steadyMs.reset();
    m_sinceSteady.invalidate();
}

void RunStatusBar::showState(RunState state)
{
    m_runState = state;
    m_state->setText(stateText(state));
}

QString RunStatusBar::profilerText() const
{
    return m_profiler->text();
}

QString RunStatusBar::memoryText() const
{
    return m_memory->text();
}

QString RunStatusBar::progressText() const
{
    return m_epoch->text();
}

}  // namespace es::ui
