#include "cli/profilecommand.h"

#include "cli/exitstatus.h"
#include "cli/interrupt.h"
#include "cli/messages.h"
#include "cli/storeaccess.h"
#include "engine/i18n/evidencetext.h"
#include "engine/i18n/translate.h"
#include "engine/script/scriptprocess.h"
#include "engine/script/scriptsession.h"
#include "engine/summary/runsummary.h"
#include "engine/train/runobserver.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <system_error>

namespace es {

namespace {

// After a stop signal from the terminal, the script (same process group) got it too: it has
// this long to end on its own before the session signals it (engine/script/scriptsession.h).
constexpr std::chrono::seconds kOwnStopGrace{2};

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

/// The run on the console: each epoch as it ends, and what the session has to say.
class ConsoleObserver : public RunObserver {
public:
    void onEpoch(const EpochRecord& record) override { printNote(epochLine(record)); }
    void onLog(LogLevel level, const std::string& message) override
    {
        if (level == LogLevel::Info)
            printNote(message);
        else
            printWarning(message);
    }
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
    ConsoleObserver console;
    ScriptSessionOptions sessionOptions;
    sessionOptions.name = name;
    sessionOptions.command = options.command;
    sessionOptions.workingFolder = folder.string();
    sessionOptions.ownStopGrace = kOwnStopGrace;
    sessionOptions.stopRequested = [&interrupt] { return interrupt.requested(); };
    ScriptSession session(store, std::move(sessionOptions), &console);
    printNote(fillText(engineText("ProfileCommand", "recording %1 as run %2 in %3"),
                       {name, std::to_string(session.runId()), store.path()}));
    ScriptExit exit;
    try {
        exit = session.run();
    } catch (const std::exception& failure) {
        printError(failure.what());
        return kExitBadInput;
    }
    const ScriptRunRecorder& recorder = session.recorder();
    const std::optional<double> steady = steadyStateStepMs(recorder.stepRecords());
    printNote(
        fillText(engineText("ProfileCommand", "run %1 %2: %3 steps in %4 epochs, steady step %5%6"),
                 {std::to_string(recorder.runId()), runStatusKey(recorder.status()),
                  std::to_string(recorder.steps()), std::to_string(recorder.epochs()),
                  steady ? formatText("%.1f ms", *steady) : std::string("-"),
                  recorder.error().empty() ? std::string() : " (" + recorder.error() + ")"}));
    if (!session.storeFailed() && recorder.steps() > 0)
        printNote(fillText(
            engineText("ProfileCommand", "why it is slow: epochscope-cli diagnose %1 --db %2"),
            {std::to_string(recorder.runId()), store.path()}));
    return exitStatusOf(exit);
}

}  // namespace

int runProfileCommand(const ProfileOptions& options)
{
    // epochscope-cli deferred the stop signals; this covers other callers. A stop signal
    // stops the script (ScriptSession) and the run is recorded as stopped.
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
