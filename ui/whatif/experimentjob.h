#pragma once

// Runs a what-if experiment (docs/whatif.md) on a thread of its own, recording it into the run
// store, and reports each run to the window through signals. The window never waits on the
// experiment: the engine's ExperimentProgress calls arrive on the worker thread and are posted
// to the GUI thread (jobs/backgroundjob.h). Named apart from the engine's runner of the
// experiment itself (whatif/experiment.cpp), which this one drives.

#include "engine/whatif/experiment.h"
#include "engine/whatif/experimentreport.h"
#include "ui/jobs/backgroundjob.h"

#include <QtCore/QObject>
#include <QtCore/QString>

#include <atomic>
#include <memory>
#include <vector>

namespace es::ui {

class ExperimentJob : public QObject {
    Q_OBJECT

public:
    explicit ExperimentJob(QObject* parent = nullptr);
    /// Stops an experiment in progress (after its current step) and waits for its thread.
    ~ExperimentJob() override;
    ExperimentJob(const ExperimentJob&) = delete;
    ExperimentJob& operator=(const ExperimentJob&) = delete;

    /// Starts running `plan` on a worker thread, recording it into the database at
    /// `databasePath`, which that thread opens itself (none when empty; when it cannot be
    /// opened, a warning goes to logLine and the experiment runs unrecorded). False when an
    /// experiment is already running.
    bool start(ExperimentPlan plan, const QString& databasePath);
    /// Asks the experiment to end: the current run stops after its current step and what was
    /// measured is kept; finished() follows.
    void stop();

    bool isRunning() const { return m_worker.isRunning(); }
    bool isStopping() const { return isRunning() && m_stop && m_stop->load(); }
    /// The plan being run, or the last one; null before the first start.
    const ExperimentPlan* plan() const { return m_plan.get(); }
    /// The runs finished so far (all of them once finished() came), in the order they ran.
    const std::vector<ExperimentRun>& runs() const { return m_runs; }
    /// The table over runs() so far: one row per configuration of plan().
    std::vector<VariantResult> results() const;

    /// "run 3 of 6: threads=1, repeat 2 of 2".
    static QString describeSlot(const ExperimentRunSlot& slot);

Q_SIGNALS:
    void started(int runsPlanned);
    /// A run is about to train; `description` is describeSlot(slot).
    void runStarting(int number, int total, const QString& description);
    void runFinished(const es::ExperimentRunSlot& slot, const es::ExperimentRun& run);
    /// The runs' warnings and errors, and the store's, prefixed with the configuration.
    void logLine(es::LogLevel level, const QString& message);
    /// The experiment ended (every run done, stopped, or the baseline failed). `report` holds
    /// what was measured; `problem` is why it ended early or failed, empty when it did not.
    void finished(const es::ExperimentReport& report, const QString& problem);

private:
    class Progress;
    void onFinished(const ExperimentReport& report, const QString& problem);

    std::shared_ptr<const ExperimentPlan> m_plan;
    /// Shared with the worker's progress: stop() must reach it without a lock.
    std::shared_ptr<std::atomic<bool>> m_stop;
    std::vector<ExperimentRun> m_runs;
    BackgroundJob m_worker;  ///< declared last, so gone first: stops the experiment and waits
};

}  // namespace es::ui
