#pragma once

// The one bridge between the window and the engine: starts a TrainingSession, or a profiled
// Python script (ScriptRun), on its own thread, records it into the run store, and on a
// UI-thread timer moves what the engine reported into the RunTimeline the charts draw. The
// dashboard, the status bar and the Log read both kinds of run from here, in the same way.
// The window never waits on the engine.

#include "engine/config/runconfigfwd.h"
#include "engine/train/runresult.h"
#include "ui/live/livefeed.h"
#include "ui/live/runtimeline.h"

#include <QtCore/QObject>
#include <QtCore/QString>
#include <QtCore/QTimer>

#include <memory>
#include <optional>

namespace es {
class RunRecording;
class TrainingSession;
struct ScriptSessionOptions;
}  // namespace es

namespace es::ui {

class LocalRankProcesses;
class ScriptRun;

class RunController : public QObject {
    Q_OBJECT

public:
    /// How often the feed is drained: about 30 times a second.
    static constexpr int kDrainIntervalMs = 33;

    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;  ///< stops a run in progress and waits for it

    /// Starts training `config`, recording it in the database at `databasePath` (none when
    /// empty). A run of several processes on this machine (no meeting point) starts its other
    /// ranks as epochscope-cli children (LocalRankProcesses). False, with the reason in `error`,
    /// when a run is already going or the session or the other ranks cannot start.
    bool start(const RunConfig& config, const QString& databasePath, QString* error = nullptr);
    /// Profiles a Python script (docs/profile.md) on a thread of its own, recording it in the
    /// database at `databasePath` (a script is always recorded: its steps come from the
    /// recording), with the script's output as Info lines of logLine(). Its steps and epochs
    /// fill the timeline as a training run's do; it cannot pause. False, with the reason in
    /// `error`, when a run is already going or the database cannot take the run.
    bool startScript(const ScriptSessionOptions& options, const QString& databasePath,
                     QString* error = nullptr);
    void pause();
    void resume();
    /// Stops a training run after its current step; a script with SIGINT now, SIGTERM 10 s
    /// later and SIGKILL 5 s after that, while it still runs.
    void requestStop();

    RunState state() const { return m_state; }
    bool isActive() const { return m_session != nullptr || m_script != nullptr; }
    /// Whether the run going is a profiled script's rather than a training run's.
    bool isScript() const { return m_script != nullptr; }
    const RunTimeline& timeline() const { return m_timeline; }
    /// The facts of the current (or last) run, once it started.
    const std::optional<RunInfo>& info() const { return m_info; }
    /// The store id of the current (or last) recorded run, 0 when not recorded.
    qint64 runId() const { return m_runId; }

    /// The other ranks of the current (or last) run started here still running; 0 for none.
    int localRanksRunning() const;

    /// Shows a run that is not live (reopened from the store): the charts draw `timeline`.
    void showTimeline(RunTimeline timeline);

Q_SIGNALS:
    void started(qint64 runId);
    void updated();  ///< new records are in the timeline
    void stateChanged(es::RunState state);
    void logLine(es::LogLevel level, const QString& message);
    void finished(es::RunState state, const QString& error, qint64 runId);
    /// The run was not recorded, or only in part (`reason` says why): emitted after
    /// started() or finished(), so that what those update does not hide it.
    void notRecorded(const QString& reason);
    void timelineReplaced();  ///< a new run, or a stored one: charts start over

private:
    /// Starts the timer, the gate and the signals of a run that has just started.
    void announceStart(const QString& notRecorded);
    void drain();
    /// Moves a feed batch into the timeline and the log; true when the charts have news.
    bool absorb(FeedBatch batch);
    void finishRun();
    void finishScript();
    /// Says that the run ended, in `state` (`error` why it failed, `missed` what the run
    /// database did not take), and lets the work waiting for it start.
    void announceEnd(RunState state, const QString& error, const QString& missed);

    QTimer m_timer;
    std::unique_ptr<LiveFeed> m_feed;
    std::unique_ptr<RunRecording> m_recording;  ///< before the session: it outlives it
    std::unique_ptr<TrainingSession> m_session;
    std::unique_ptr<ScriptRun> m_script;  ///< a profiled script, instead of m_session
    std::unique_ptr<RunConfig> m_config;
    /// The other ranks of a run of several processes on this machine; kept past rank 0's end
    /// until they have ended, replaced at the next start.
    std::unique_ptr<LocalRankProcesses> m_localRanks;
    RunTimeline m_timeline;
    std::optional<RunInfo> m_info;
    RunState m_state = RunState::Idle;
    qint64 m_runId = 0;
};

}  // namespace es::ui
