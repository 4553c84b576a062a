#include "engine/script/scriptsession.h"

#include "engine/core/runclock.h"
#include "engine/i18n/translate.h"
#include "engine/script/proberecord.h"
#include "engine/script/scriptoutput.h"
#include "engine/script/scriptprocess.h"
#include "engine/script/scriptsampler.h"
#include "engine/train/devicephasetimer.h"
#include "engine/train/runobserver.h"
#include "engine/train/runresult.h"

#include <signal.h>

#include <optional>
#include <thread>
#include <variant>

namespace es {

namespace {

using Clock = std::chrono::steady_clock;

// How often the pipe, the stop request and the process are looked at, and how often what came
// is written: as the engine's recorder writes a run (engine/store/runrecorder.h), so that the
// app shows a script's steps as live as an engine run's.
constexpr std::chrono::milliseconds kScriptPollInterval{100};
constexpr std::chrono::milliseconds kFlushInterval{250};
// After SIGINT the script's own handlers (a KeyboardInterrupt caught to save a checkpoint) get
// this long, then SIGTERM this long, before SIGKILL.
constexpr std::chrono::seconds kInterruptGrace{10};
constexpr std::chrono::seconds kTerminateGrace{5};
// The probe's own bound on a run's steps (docs/profile.md): it ends the script after that many
// recorded steps, with an end record of status "stopped".
constexpr const char* kProbeMaxStepsVariable = "EPOCHSCOPE_PROBE_MAX_STEPS";
// How long a script that reached its step bound gets to end on its own (a probe that knows the
// bound ends it at once) before the session sends SIGINT. The stop reached only the script, so
// there is no terminal's Ctrl+C to wait for; the steps it makes meanwhile are left out.
constexpr std::chrono::milliseconds kStepBoundGrace{500};
// And SIGTERM this long after that SIGINT: a bounded run is a measurement, whose script has
// nothing to save on its way out, and a script that ignores SIGINT (inherited SIG_IGN, as a
// shell gives a command it starts in the background) would otherwise run on for 10 s a run.
constexpr std::chrono::seconds kStepBoundInterruptGrace{2};

}  // namespace

/// How long each stop signal waits for the one before: from the stop to SIGINT, from SIGINT
/// to SIGTERM, from SIGTERM to SIGKILL.
struct ScriptSession::StopGraces {
    std::chrono::milliseconds beforeInterrupt{0};
    std::chrono::milliseconds afterInterrupt{kInterruptGrace};
    std::chrono::milliseconds afterTerminate{kTerminateGrace};
};

/// Sends the script the next, stronger stop signal once the one before had its time.
class ScriptSession::StopEscalation {
public:
    StopEscalation() = default;

    /// The signal sent now, 0 for none.
    int update(bool requested, const StopGraces& graces, ScriptProcess& process)
    {
        if (!requested)
            return 0;
        const Clock::time_point now = Clock::now();
        if (m_sent == 0 && !m_asked) {
            m_since = now;
            m_asked = true;
        }
        const auto waited = now - m_since;
        int signal = 0;
        const auto interruptAt = graces.beforeInterrupt;
        const auto terminateAt = interruptAt + graces.afterInterrupt;
        if (m_sent == 0 && waited >= interruptAt)
            signal = SIGINT;
        else if (m_sent == 1 && waited >= terminateAt)
            signal = SIGTERM;
        else if (m_sent == 2 && waited >= terminateAt + graces.afterTerminate)
            signal = SIGKILL;
        if (signal != 0) {
            process.signal(signal);
            ++m_sent;
        }
        return signal;
    }

private:
    bool m_asked = false;
    Clock::time_point m_since;  ///< when the stop was first asked for
    int m_sent = 0;
};

RunState scriptRunState(RunStatus status)
{
    switch (status) {
        case RunStatus::Completed: return RunState::Finished;
        case RunStatus::Stopped: return RunState::Stopped;
        case RunStatus::Failed:
        case RunStatus::Interrupted: return RunState::Failed;
        case RunStatus::Running: break;
    }
    return RunState::Running;
}

RunInfo scriptRunInfo(const ProbeHello& hello)
{
    RunInfo info;
    info.device = hello.cuda ? "cuda" : "cpu";
    info.backend = "pytorch";
    info.backendReason =
        fillText(engineText("ScriptRun", "the script's own PyTorch %1 on Python %2"),
                 {hello.torch.empty() ? std::string("-") : hello.torch, hello.python});
    info.intraOpThreads = hello.intraOpThreads;
    info.interOpThreads = hello.interOpThreads;
    // Where CUDA is there the probe switches to CUDA events once it sees a CUDA tensor (a note
    // says from which step); until then, and without CUDA, the script's own clock.
    info.phaseTiming = hello.cuda ? "CUDA events on the current stream (no added synchronisation)"
                                  : hostClockTiming();
    return info;
}

ScriptSession::ScriptSession(RunStore& store, ScriptSessionOptions options, RunObserver* observer)
    : m_options(std::move(options)),
      m_observer(observer),
      m_recorder(store, m_options.name, m_options.command, m_options.workingFolder,
                 m_options.environment)
{
}

ScriptExit ScriptSession::run()
{
    // The run's clock, for its system samples and its total time, starts just before the
    // script does; the recorder moves the probe's steps and epochs onto it, since the probe
    // starts later, by Python's start-up (docs/profile.md, "The script's CPU and memory").
    const RunClock clock;
    m_recorder.startClock(clock);
    std::vector<EnvironmentEntry> environment = m_options.environment;
    if (m_options.maxSteps > 0)
        environment.emplace_back(kProbeMaxStepsVariable, std::to_string(m_options.maxSteps));
    std::optional<ScriptProcess> process;
    try {
        process.emplace(m_options.command, m_options.workingFolder, environment,
                        m_options.captureOutput ? ScriptOutput::Captured : ScriptOutput::Inherited);
    } catch (const std::exception& failure) {
        m_recorder.note(failure.what());
        safely([&] { m_recorder.finish(ScriptExit{false, 127, false}, 0.0); });
        throw;
    }
    if (m_observer != nullptr)
        m_observer->onStateChanged(RunState::Running);
    ScriptSampler sampler(clock, static_cast<int>(process->pid()), m_options.sampleInterval,
                          m_observer);
    // Takes the samples in even when the store has failed, so that they do not pile up.
    const auto flush = [&] {
        std::vector<SystemSample> samples = sampler.take();
        safely([&] {
            m_recorder.takeSamples(std::move(samples));
            m_recorder.flush();
        });
    };

    std::int64_t lineNumber = 0;
    const auto takeLine = [&](std::string_view line) {
        ++lineNumber;
        try {
            takeRecord(parseProbeRecord(line));
        } catch (const ProbeRecordError& refused) {
            m_recorder.note(fillText(engineText("ProfileCommand", "probe record %1 refused: %2"),
                                     {std::to_string(lineNumber), refused.what()}));
        }
    };
    const auto takeOutput = [&](std::string_view line) {
        if (m_observer != nullptr)
            m_observer->onLog(LogLevel::Info, scriptOutputLine(line));
    };
    StopEscalation stop;
    Clock::time_point lastFlush = clock.origin();
    bool stopReported = false;
    ScriptExit exit;
    bool recordsOpen = true;
    while (true) {
        if (!recordsOpen && process->ended(exit)) {
            // What the script printed last. A program it started and left running with its
            // output still open is not waited for.
            process->readLines(std::chrono::milliseconds(0), takeLine, takeOutput);
            break;
        }
        // With the records' pipe closed this only waits, or reads what the script prints last.
        recordsOpen = process->readLines(kScriptPollInterval, takeLine, takeOutput);
        report();
        if (Clock::now() - lastFlush >= kFlushInterval) {
            flush();
            lastFlush = Clock::now();
        }
        const bool stopping = stopWanted();
        if (stopping && !stopReported && m_observer != nullptr)
            m_observer->onStateChanged(RunState::Stopping);
        stopReported = stopReported || stopping;
        const int sent = stop.update(stopping, stopGraces(), *process);
        if ((sent == SIGTERM || sent == SIGKILL) && m_observer != nullptr)
            m_observer->onLog(
                LogLevel::Warning,
                fillText(engineText("ProfileCommand", "the script did not stop: sending %1"),
                         {signalName(sent)}));
    }
    // The script has ended and been reaped: its last samples are written with the run's end.
    sampler.stop();
    flush();
    exit.stopRequested = stopWanted();
    safely([&] { m_recorder.finish(exit, clock.now()); });
    report();
    if (m_observer != nullptr)
        m_observer->onStateChanged(scriptRunState(m_recorder.status()));
    return exit;
}

void ScriptSession::takeRecord(const ProbeRecord& record)
{
    const bool step = std::holds_alternative<ProbeStep>(record);
    if (step && m_stepBoundReached) {
        // The script made these between the bound and the stop taking effect (the poll, its
        // SIGINT handling): past the steps the run was meant to make, so left out, and the
        // stored run has exactly maxSteps steps, as it has when the probe stops it itself.
        if (!m_stepsLeftOutNoted)
            m_recorder.note(fillText(engineText("ScriptSession",
                                                "the run was bounded to %1 steps: the steps the "
                                                "script made after them, while it stopped, are "
                                                "not recorded"),
                                     {std::to_string(m_options.maxSteps)}));
        m_stepsLeftOutNoted = true;
        return;
    }
    m_recorder.take(record);
    if (step && m_options.maxSteps > 0 && m_recorder.steps() >= m_options.maxSteps) {
        // A probe that knows EPOCHSCOPE_PROBE_MAX_STEPS stops the script right after this
        // step; one that does not (older than the variable) lets it run on to its end, which
        // would make every what-if run as long as the whole script. So the session stops it
        // itself, whichever probe it is: after kStepBoundGrace, time enough for a probe that
        // stops it to end it cleanly, with its end record, before a SIGINT could cut into that.
        m_stepBoundReached = true;
        requestStop();
    }
}

ScriptSession::StopGraces ScriptSession::stopGraces() const
{
    if (m_stepBoundReached)
        return {kStepBoundGrace, kStepBoundInterruptGrace, kTerminateGrace};
    return {m_options.ownStopGrace, kInterruptGrace, kTerminateGrace};
}

bool ScriptSession::stopWanted() const
{
    return m_stopRequested.load() || (m_options.stopRequested && m_options.stopRequested());
}

void ScriptSession::report()
{
    if (m_observer == nullptr)
        return;
    if (!m_startReported && m_recorder.hello()) {
        m_observer->onRunStarted(scriptRunInfo(*m_recorder.hello()));
        m_startReported = true;
    }
    const std::vector<BatchRecord>& steps = m_recorder.stepRecords();
    for (; m_stepsReported < steps.size(); ++m_stepsReported)
        m_observer->onBatch(steps[m_stepsReported]);
    const std::vector<EpochRecord>& epochs = m_recorder.epochRecords();
    for (; m_epochsReported < epochs.size(); ++m_epochsReported)
        m_observer->onEpoch(epochs[m_epochsReported]);
    const std::vector<std::string>& notes = m_recorder.notes();
    for (; m_notesReported < notes.size(); ++m_notesReported)
        m_observer->onLog(LogLevel::Info, notes[m_notesReported]);
}

void ScriptSession::safely(const std::function<void()>& write)
{
    // A store that fails (a full disk) stops the recording, never the script, which runs on
    // with its output as before.
    if (m_storeFailed)
        return;
    try {
        write();
    } catch (const StoreError& error) {
        m_storeFailed = true;
        if (m_observer != nullptr)
            m_observer->onLog(LogLevel::Error,
                              fillText(engineText("ProfileCommand",
                                                  "the run database failed, so the rest of the "
                                                  "script is not recorded: %1"),
                                       {error.what()}));
    }
}

}  // namespace es
