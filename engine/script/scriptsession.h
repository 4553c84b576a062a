#pragma once

// One profiled script from start to end (docs/profile.md): the script started under the probe
// (scriptprocess.h), its records read as they come and written into the run database
// (scriptrecorder.h) every quarter second, with the system samples of its process
// (scriptsampler.h), what they complete reported to a RunObserver as a training run reports it
// (with the script's own output, when captured, as log lines), and a stop that escalates from
// SIGINT to SIGKILL. The CLI's
// `profile`, the app's "Profile a Python script" and script what-ifs all run scripts through
// this class. LibTorch-free.

#include "engine/io/childprocess.h"
#include "engine/profile/systemsampler.h"
#include "engine/script/scriptrecorder.h"
#include "engine/store/runstore.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace es {

class RunObserver;

struct ScriptSessionOptions {
    std::string name;                  ///< the run's name
    std::vector<std::string> command;  ///< the interpreter, its options, the script, its arguments
    std::string workingFolder;         ///< an existing folder, absolute
    /// Set on top of this process's environment (OMP_NUM_THREADS for a what-if variant).
    std::vector<EnvironmentEntry> environment;
    /// How long a stop waits before it signals the script: a stop that came from a terminal's
    /// Ctrl+C reached the script too (same process group), which deserves the chance to end on
    /// its own; a stop from a button reached only this process, so zero.
    std::chrono::milliseconds ownStopGrace{0};
    /// Polled with requestStop()'s flag: a stop asked for outside (the CLI's Ctrl+C).
    std::function<bool()> stopRequested;
    /// The script's stdout and stderr read through a pipe, each line given to the observer as
    /// onLog(LogLevel::Info, line) (scriptOutputLine(): bounded, valid UTF-8), for a window
    /// that has no terminal to show them; off, they are this process's own (the CLI's).
    bool captureOutput = false;
    /// The steps the run records at most, 0 for no bound (a what-if's warm-up + measured
    /// steps). The probe is told through EPOCHSCOPE_PROBE_MAX_STEPS and stops the script
    /// itself where it knows the variable; where it does not, the session stops it (SIGINT
    /// half a second after the last step, without the own-stop grace, SIGTERM 2 s later) and
    /// leaves out the steps the script made meanwhile.
    std::int64_t maxSteps = 0;
    /// How often the script's process (its CPU, threads and RSS), the machine's CPU and the
    /// GPUs are sampled, from its start until it has ended: as often as an engine run's by
    /// default (profiling.sample_interval_ms).
    std::chrono::milliseconds sampleInterval = SystemSampler::kDefaultInterval;
};

class ScriptSession {
public:
    /// Begins the run in `store` (status running); `observer` (may be null) hears of its
    /// start, steps, epochs, notes and end from the thread that calls run(), and of its system
    /// samples from the sampler's thread (as RunObserver says). Throws StoreError.
    ScriptSession(RunStore& store, ScriptSessionOptions options, RunObserver* observer = nullptr);

    std::int64_t runId() const { return m_recorder.runId(); }

    /// Starts the script and records it until it has ended. Throws ScriptCommandError for a
    /// command with no script and std::system_error when the process cannot be started; the
    /// run is then recorded as failed, with the reason in its notes.
    ScriptExit run();

    /// Asks the script to stop, from any thread: SIGINT after the own-stop grace, SIGTERM 10 s
    /// later, SIGKILL 5 s after that, each only while the script still runs.
    void requestStop() { m_stopRequested.store(true); }

    const ScriptRunRecorder& recorder() const { return m_recorder; }
    /// Whether the run recorded options.maxSteps steps: it was stopped at its bound, having
    /// made every step it was meant to.
    bool stepBoundReached() const { return m_stepBoundReached; }
    /// Whether the run database failed during the run: the rest of the script ran unrecorded.
    bool storeFailed() const { return m_storeFailed; }

private:
    struct StopGraces;
    class StopEscalation;

    bool stopWanted() const;
    StopGraces stopGraces() const;
    void takeRecord(const ProbeRecord& record);
    void report();
    void safely(const std::function<void()>& write);

    ScriptSessionOptions m_options;
    RunObserver* m_observer;
    ScriptRunRecorder m_recorder;
    std::atomic<bool> m_stopRequested{false};
    bool m_storeFailed = false;
    bool m_stepBoundReached = false;
    bool m_stepsLeftOutNoted = false;
    bool m_startReported = false;
    std::size_t m_stepsReported = 0;
    std::size_t m_epochsReported = 0;
    std::size_t m_notesReported = 0;
};

struct RunInfo;
/// The RunInfo an observer is told a script run started with: its device, the backend
/// "pytorch", the script's threads.
RunInfo scriptRunInfo(const ProbeHello& hello);

/// The state an observer is told a script run ended in, from its stored status.
RunState scriptRunState(RunStatus status);

}  // namespace es
