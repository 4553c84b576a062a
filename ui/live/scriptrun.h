#pragma once

// A profiled Python script for the window: its ScriptSession run on a thread of its own
// (es-script), so that the GUI thread never waits on the script, recording into a connection
// of its own to the run database and reporting to the window's LiveFeed, with the script's
// output captured for the Log. RunController drives it as it drives a TrainingSession.

#include "engine/script/scriptsession.h"
#include "engine/store/runstore.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>

namespace es {
class RunObserver;
}  // namespace es

namespace es::ui {

class ScriptRun {
public:
    /// Opens the run database at `databasePath` and begins the run there (status running), its
    /// output captured. Throws StoreError when the database cannot take it.
    ScriptRun(const std::string& databasePath, ScriptSessionOptions options, RunObserver& observer);
    /// Stops a script still running as Stop does and waits for it: no script outlives the
    /// window (up to the 15 s of SIGINT, SIGTERM and SIGKILL for one that holds on).
    ~ScriptRun();
    ScriptRun(const ScriptRun&) = delete;
    ScriptRun& operator=(const ScriptRun&) = delete;

    std::int64_t runId() const { return m_session.runId(); }

    /// Starts the script on the run's thread.
    void start();
    /// Asks the script to stop (ScriptSession::requestStop(): SIGINT now, then stronger).
    void requestStop();

    /// Running (Stopping once asked to stop) while the thread runs, then how the run ended.
    RunState state() const;
    /// Waits for the thread. After it: why the run failed (empty otherwise), and whether the
    /// run database failed during the run.
    void wait();
    const std::string& error() const { return m_error; }
    bool storeFailed() const { return m_storeFailed; }

private:
    void run();

    RunStore m_store;  ///< before the session, which writes into it
    ScriptSession m_session;
    std::thread m_thread;
    std::atomic<bool> m_stopRequested{false};
    std::atomic<bool> m_ended{false};
    RunState m_endState = RunState::Running;  ///< set by the thread before m_ended
    std::string m_error;
    bool m_storeFailed = false;
};

}  // namespace es::ui
