#pragma once

// The status bar's view of a run: progress, ETA, throughput, steady step time, the peak of its
// tensor memory, device and backend, the profiler's state (how phases are timed, how many
// system samples), and the run's state.

#include "engine/train/runresult.h"
#include "ui/live/runtimeline.h"

#include <QtCore/QElapsedTimer>
#include <QtWidgets/QWidget>

#include <optional>

class QLabel;
class QProgressBar;

namespace es::ui {

class RunStatusBar : public QWidget {
    Q_OBJECT

public:
    /// How often the numbers change at most.
    static constexpr int kUpdateIntervalMs = 250;
    /// The steady step time is a median over every step since the first epoch (a sort): it
    /// is recomputed at most this often, not on every update.
    static constexpr int kSteadyIntervalMs = 2000;

    explicit RunStatusBar(QWidget* parent = nullptr);

    /// Updates the numbers from `timeline` (throttled unless `force`).
    void showProgress(const RunTimeline& timeline, const std::optional<RunInfo>& info,
                      bool force = false);
    void showState(RunState state);
    /// Forgets the sums of the previous timeline (a new run, or one reopened from the store).
    void startOver();

    QString progressText() const;
    QString profilerText() const;
    QString memoryText() const;

private:
    QProgressBar* m_progress;
    QLabel* m_epoch;
    QLabel* m_eta;
    QLabel* m_throughput;
    QLabel* m_steady;
    QLabel* m_memory;
    QLabel* m_device;
    QLabel* m_profiler;
    QLabel* m_state;
    RunState m_runState = RunState::Idle;  ///< the last one shown
    QElapsedTimer m_sinceUpdate;
    QElapsedTimer m_sinceSteady;
    std::optional<double> m_steadyMs;
    // Throughput sums, extended by the steps that are new since the last update.
    std::size_t m_summedSteps = 0;
    double m_summedWallS = 0.0;
    std::int64_t m_summedSamples = 0;
    // The highest step peak of tensor memory so far, and where it was.
    std::int64_t m_peakBytes = 0;
    std::size_t m_peakStep = 0;
    Phase m_peakPhase = Phase::Other;
};

}  // namespace es::ui
