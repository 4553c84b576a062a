#pragma once

// Work the app does for itself beside training (the environment doctor's SGEMM benchmarks, a
// comparison report's charts, a data file's preview) runs on the same cores as the training
// run: it would slow the run's steps, and the diagnosis would blame the run for it (a slow
// first epoch read as warm-up). So such work waits until no run is training.

#include <QtCore/QObject>
#include <QtCore/QPointer>

#include <functional>
#include <vector>

namespace es::ui {

class TrainingIdleGate : public QObject {
    Q_OBJECT

public:
    /// The app's one gate; used from the GUI thread only.
    static TrainingIdleGate& instance();

    bool trainingActive() const { return m_activeRuns > 0; }

    /// Runs `work` now when no run is training, else when the last one ends. Dropped when
    /// `context` is destroyed first. Returns whether it ran now.
    bool whenIdle(QObject* context, std::function<void()> work);

    /// A RunController's session started or ended (paused runs still count: they resume).
    void runStarted();
    void runEnded();

    /// Work of the app's own is measuring (the doctor's benchmarks): a run should not start.
    bool toolWorkActive() const { return m_toolWork > 0; }
    void toolWorkStarted();
    void toolWorkEnded();
    /// Runs `work` now when no such work is measuring, else when the last one ends. Dropped
    /// when `context` is destroyed first. Returns whether it ran now.
    bool whenToolsIdle(QObject* context, std::function<void()> work);

Q_SIGNALS:
    void activeChanged(bool trainingActive);

private:
    struct Waiting {
        QPointer<QObject> context;
        std::function<void()> work;
    };
    static void runAll(std::vector<Waiting>& waiting);

    int m_activeRuns = 0;
    int m_toolWork = 0;
    std::vector<Waiting> m_waiting;          ///< for the runs to end
    std::vector<Waiting> m_waitingForTools;  ///< for the app's own work to end
};

}  // namespace es::ui
