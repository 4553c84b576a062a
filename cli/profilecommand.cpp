#include "cli/profilecommand.h"

#include "cli/exitstatus.h"
#include "cli/interrupt.h"
#include "cli/messages.h"
#include "cli/storeaccess.h"
#include "engine/i18n/evidencetext.h"
#include "engine/i18n/translate.h"
#include "engine/script/proberecord.h"
#include "engine/script/scriptprocess.h"
#include "engine/script/scriptrecorder.h"
#include "engine/summary/runsummary.h"

#include <signal.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <system_error>
#include <thread>

namespace es {

namespace {

using Clock = std::chrono::steady_clock;

// How often the pipe, the signals and the process are looked at, and how often what came is
// written: as the engine's recorder writes a run (engine/store/runrecorder.h), so that the app
// shows a script's steps as live as an engine run's.
constexpr std::chrono::milliseconds kScriptPollInterval{100};
constexpr std::chrono::milliseconds kFlushInterval{250};
// After a stop signal: the script gets it too when it came from the terminal (same process
// group), so it has this long to end on its own before it is sent SIGINT, then SIGTERM, then
// SIGKILL, each after the one before had its time.
constexpr std::chrono::seconds kOwnStopGrace{2};
constexpr std::chrono::seconds kInterruptGrace{10};
constexpr std::chrono::seconds kTerminateGrace{5};

/// Prints one line for the user on stderr, apart from the script's own output.
void printNote(const std::string& text)
{
    std::fprintf(stderr, "epochscope: %s\n", text.c_str());
    std::fflush(stderr);
}

/// The script's file name, from the command as the probe runs it.
std::string scriptName(const std::vector<std::string>& probed)
{
    for (std::size_t i = 0; i + 1 < probed.size(); ++i)
        if (probed[i] == "epochscope.run")
            return std::filesystem::path(probed[i + 1]).filename().string();
    return "script";
}

std::string epochLine(const EpochRecord& epoch)
{
    const double stepMs = epoch.batches > 0 ? epoch.trainS * kMsPerS / epoch.batches : 0.0;
    std::string phases;
    for (Phase phase : {Phase::DataWait, Phase::HostToDevice, Phase::Forward, Phase::Backward,
                        Phase::Optimizer, Phase::Callbacks, Phase::Other}) {
        const double share =
            epoch.trainS > 0.0 ? epoch.phaseS[phaseIndex(phase)] / epoch.trainS : 0.0;
        if (share >= 0.005)
            phases += (phases.empty() ? "" : ", ") + std::string(phaseLabel(phase)) + " " +
                      formatText("%.0f%%", 100.0 * share);
    }
    return fillText(engineText("ProfileCommand", "epoch %1: %2 steps in %3, %4 a step (%5)"),
                    {std::to_string(epoch.epoch), std::to_string(epoch.batches),
                     formatText("%.2f s", epoch.wallS), formatText("%.1f ms", stepMs), phases});
}

/// Sends the script the next, stronger stop signal once the one before had its time.
class StopEscalation {
public:
    void update(bool requested, ScriptProcess& process)
    {
        if (!requested)
            return;
        const Clock::time_point now = Clock::now();
        if (!m_since) {
            m_since = now;
            return;
        }
        const auto waited = now - *m_since;
        if (m_sent == 0 && waited >= kOwnStopGrace) {
            process.signal(SIGINT);
            m_sent = 1;
        } else if (m_sent == 1 && waited >= kOwnStopGrace + kInterruptGrace) {
            printNote(engineText("ProfileCommand", "the script did not stop: sending SIGTERM"));
            process.signal(SIGTERM);
            m_sent = 2;
        } else if (m_sent == 2 && waited >= kOwnStopGrace + kInterruptGrace + kTerminateGrace) {
            printNote(engineText("ProfileCommand", "the script did not stop: sending SIGKILL"));
            process.signal(SIGKILL);
            m_sent = 3;
        }
    }

private:
    std::optional<Clock::time_point> m_since;
    int m_sent = 0;
};

/// The recorder's writes: a store that fails (a full disk) stops the recording, never the
/// script, which runs on with its output as before.
class SafeWrites {
public:
    explicit SafeWrites(ScriptRunRecorder& recorder) : m_recorder(recorder) {}

    void flush()
    {
        run([this] { m_recorder.flush(); });
    }
    void finish(const ScriptExit& exit, double totalS)
    {
        run([&] { m_recorder.finish(exit, totalS); });
    }
    bool failed() const { return m_failed; }

private:
    template <typename Write>
    void run(const Write& write)
    {
        if (m_failed)
            return;
        try {
            write();
        } catch (const StoreError& error) {
            m_failed = true;
            printWarning(fillText(engineText("ProfileCommand",
                                             "the run database failed, so the rest of the script "
                                             "is not recorded: %1"),
                                  {error.what()}));
        }
    }

    ScriptRunRecorder& m_recorder;
    bool m_failed = false;
};

int exitStatusOf(const ScriptExit& exit)
{
    return exit.signaled ? exitStatusForSignal(exit.code) : exit.code;
}

int profile(RunStore& store, const ProfileOptions& options, const std::vector<std::string>& probed,
            const InterruptGuard& interrupt)
{
    std::error_code error;
    const std::filesystem::path folder =
        options.workingFolder.empty() ? std::filesystem::current_path(error)
                                      : std::filesystem::absolute(options.workingFolder, error);
    if (error || !std::filesystem::is_directory(folder, error)) {
        printError(fillText(engineText("ProfileCommand", "--cwd %1: not a folder"),
                            {options.workingFolder}));
        return kExitBadInput;
    }
    const std::string name = options.name.empty() ? scriptName(probed) : options.name;
    ScriptRunRecorder recorder(store, name, options.command, folder.string());
    SafeWrites writes(recorder);
    const Clock::time_point started = Clock::now();
    std::optional<ScriptProcess> process;
    try {
        process.emplace(options.command, folder.string());
    } catch (const std::exception& failure) {
        recorder.note(failure.what());
        writes.finish(ScriptExit{false, 127, false}, 0.0);
        printError(failure.what());
        return kExitBadInput;
    }
    printNote(fillText(engineText("ProfileCommand", "recording %1 as run %2 in %3"),
                       {name, std::to_string(recorder.runId()), store.path()}));

    std::int64_t lineNumber = 0;
    const auto takeLine = [&](std::string_view line) {
        ++lineNumber;
        try {
            recorder.take(parseProbeRecord(line));
        } catch (const ProbeRecordError& refused) {
            recorder.note(fillText(engineText("ProfileCommand", "probe record %1 refused: %2"),
                                   {std::to_string(lineNumber), refused.what()}));
        }
    };
    StopEscalation stop;
    Clock::time_point lastFlush = started;
    int epochsShown = 0;
    ScriptExit exit;
    bool pipeOpen = true;
    while (true) {
        if (pipeOpen)
            pipeOpen = process->readLines(kScriptPollInterval, takeLine);
        else if (process->ended(exit))
            break;
        else
            std::this_thread::sleep_for(kScriptPollInterval);
        for (; epochsShown < recorder.epochs(); ++epochsShown)
            printNote(epochLine(recorder.epochRecords()[static_cast<std::size_t>(epochsShown)]));
        if (Clock::now() - lastFlush >= kFlushInterval) {
            writes.flush();
            lastFlush = Clock::now();
        }
        stop.update(interrupt.requested(), *process);
    }
    exit.stopRequested = interrupt.requested();
    const double totalS = std::chrono::duration<double>(Clock::now() - started).count();
    writes.finish(exit, totalS);
    for (; epochsShown < recorder.epochs(); ++epochsShown)
        printNote(epochLine(recorder.epochRecords()[static_cast<std::size_t>(epochsShown)]));

    const std::optional<double> steady = steadyStateStepMs(recorder.stepRecords());
    printNote(
        fillText(engineText("ProfileCommand", "run %1 %2: %3 steps in %4 epochs, steady step %5%6"),
                 {std::to_string(recorder.runId()), runStatusKey(recorder.status()),
                  std::to_string(recorder.steps()), std::to_string(recorder.epochs()),
                  steady ? formatText("%.1f ms", *steady) : std::string("-"),
                  recorder.error().empty() ? std::string() : " (" + recorder.error() + ")"}));
    if (!writes.failed() && recorder.steps() > 0)
        printNote(fillText(
            engineText("ProfileCommand", "why it is slow: epochscope-cli diagnose %1 --db %2"),
            {std::to_string(recorder.runId()), store.path()}));
    return exitStatusOf(exit);
}

}  // namespace

int runProfileCommand(const ProfileOptions& options)
{
    // epochscope-cli deferred the stop signals; this covers other callers. A stop signal
    // stops the script (StopEscalation) and the run is recorded as stopped.
    const InterruptGuard interrupt;
    std::vector<std::string> probed;
    try {
        probed = probedCommand(options.command);
    } catch (const ScriptCommandError& error) {
        printError(error.what());
        return kExitBadInput;
    }
    return withStore(options.database,
                     [&](RunStore& store) { return profile(store, options, probed, interrupt); });
}

}  // namespace es
