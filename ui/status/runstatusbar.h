#pragma once

// The status bar's view of a run: progress, ETA, throughput, steady step time, device and
// backend, and the run's state.

#include "live/runtimeline.h"
#include "train/runresult.h"

#include <QtCore/QElapsedTimer>
#include <QtWidgets/QWidget>

#include <optional>

class QLabel;
class QProgressBar;

namespace es::ui {

class RunStatusBar : public QWidget {
    Q_OBJECT

public:
    /// The medians behind the numbers cost a sort: recomputed at most this often.
    static constexpr int kUpdateIntervalMs = 250;

    explicit RunStatusBar(QWidget* parent = nullptr);

    /// Updates the numbers from `timeline` (throttled unless `force`).
    void showProgress(const RunTimeline& timeline, const std::optional<RunInfo>& info,
                      bool force = false);
    void showState(RunState state);

    QString progressText() const;

private:
    QProgressBar* m_progress;
    QLabel* m_epoch;
    QLabel* m_eta;
    QLabel* m_throughput;
    QLabel* m_steady;
    QLabel* m_device;
    QLabel* m_state;
    QElapsedTimer m_sinceUpdate;
};

}  // namespace es::ui
