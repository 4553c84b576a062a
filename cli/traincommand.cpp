#include "cli/traincommand.h"

#include "cli/consolereporter.h"
#include "cli/exitstatus.h"
#include "cli/interrupt.h"
#include "cli/messages.h"
#include "cli/runbanner.h"
#include "cli/scalingbaseline.h"
#include "cli/terminal.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/translate.h"
#include "engine/io/atomicfile.h"
#include "engine/store/runrecording.h"
#include "engine/summary/runsummary.h"
#include "engine/train/trainingsession.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <optional>
#include <string>

namespace es {

namespace {

// Often enough that progress looks live and Ctrl+C is answered at once; costs nothing.
constexpr std::chrono::milliseconds kPollInterval{50};
constexpr int kSummaryIndent = 2;

ConsoleOptions consoleOptions(bool quiet, int rank)
{
    ConsoleOptions options;
    if (rank != 0) {
        // The other ranks train the same model in step with rank 0: their epoch lines would
        // repeat its own. What could go wrong on one of them is still said, with its rank.
        options.mode = ConsoleMode::Quiet;
        options.quietWarnings = true;
        options.linePrefix = rankLinePrefix(rank);
    } else if (quiet) {
        options.mode = ConsoleMode::Quiet;
    } else if (isTerminal(stdout)) {
        options.mode = ConsoleMode::Tty;
        options.width = terminalWidth(stdout);
    } else {
        options.mode = ConsoleMode::Plain;
    }
    return options;
}

/// What the CLI says when a stop signal arrives; Ctrl+C in the words of the user who pressed it.
std::string stopAnnouncement(int signal)
{
    if (signal == SIGINT)
        return engineText("TrainCommand",
                          "interrupted: stopping after the current batch "
                          "(press Ctrl+C again to quit at once)");
    return fillText(engineText("TrainCommand",
                               "%1 received: stopping after the current batch "
                               "(a second signal quits at once)"),
                    {stopSignalName(signal)});
}

/// Runs the session to its end, turning the first stop signal into a stop after the current
/// batch.
void superviseRun(TrainingSession& session, ConsoleReporter& reporter,
                  const InterruptGuard& interrupt, ConsoleMode mode)
{
    bool stopRequested = false;
    while (!session.waitFor(kPollInterval)) {
        if (!stopRequested && interrupt.requested()) {
            stopRequested = true;
            session.requestStop();
            reporter.onLog(LogLevel::Warning, stopAnnouncement(interrupt.signal()));
        }
        if (mode == ConsoleMode::Tty)
            reporter.setWidth(terminalWidth(stdout));
        reporter.drain(stdout, stderr);
    }
    // The run can end before the next poll saw the signal: a distributed run's ranks stop
    // together as soon as one of them asks, which may be another rank the same Ctrl+C reached.
    if (!stopRequested && interrupt.requested())
        reporter.onLog(LogLevel::Warning, stopAnnouncement(interrupt.signal()));
    reporter.drain(stdout, stderr);
}

/// What rank `rank` writes: rank 0 all that was asked; the others nothing, since rank 0 records
/// and summarises the one run they train together.
TrainCommandOptions optionsOfRank(const TrainCommandOptions& options, int rank)
{
    if (rank == 0)
        return options;
    TrainCommandOptions quiet = options;
    quiet.database.clear();
    quiet.jsonOut.clear();
    quiet.baselineRun = 0;
    quiet.quiet = true;
    return quiet;
}

}  // namespace

int runTrainCommand(const RunConfig& config, const TrainCommandOptions& requested)
{
    // epochscope-cli deferred the stop signals before LibTorch started; this covers other
    // callers. A signal from here on ends in a recorded run and a summary.
    const InterruptGuard interrupt;
    setMessageRank(config.rank);
    const TrainCommandOptions options = optionsOfRank(requested, config.rank);
    if (!options.jsonOut.empty()) {
        if (const auto problem = checkWritableTarget(options.jsonOut)) {
            printError("--json-out " + *problem);
            return kExitBadInput;
        }
    }
    std::optional<nlohmann::json> baseline;
    if (options.baselineRun != 0) {
        baseline = loadScalingBaseline(options.baselineDatabase, options.baselineRun);
        if (!baseline)
            return kExitBadInput;
    }
    const ConsoleOptions console = consoleOptions(options.quiet, config.rank);
    // The recording outlives the session, whose destructor joins the engine thread: no record
    // can arrive at a recorder that is gone.
    RunRecording recording(options.database, config);
    if (!recording.openError().empty())
        printWarning(fillText(engineText("TrainCommand", "not recording this run: %1"),
                              {recording.openError()}));
    ConsoleReporter reporter(console);
    TrainingSession session(config);
    session.addObserver(&reporter);
    recording.watch(session);

    // A signal that came while LibTorch started or the database opened stops the run before
    // it loads any data: the user asked to stop, and loading can take minutes. It is recorded
    // and summarised like any stopped run.
    RunResult stoppedBeforeStart;
    const bool started = !interrupt.requested();
    if (started) {
        try {
            session.start();
        } catch (const std::exception& error) {
            printError(
                fillText(engineText("TrainCommand", "cannot start the run: %1"), {error.what()}));
            recording.finishFailedStart(error.what());
            return kExitRunFailed;
        }
        superviseRun(session, reporter, interrupt, console.mode);
    } else {
        printWarning(stopAnnouncement(interrupt.signal()));
        stoppedBeforeStart.state = RunState::Stopped;
    }

    const RunResult& result = started ? session.result() : stoppedBeforeStart;
    if (console.mode != ConsoleMode::Quiet) {
        const std::string footer =
            started ? formatRunFooter(result)
                    : engineText("TrainCommand", "Stopped before training started");
        std::printf("%s\n", footer.c_str());
    }

    int status = kExitFinished;
    if (result.state == RunState::Failed) {
        // The engine reports its error as a log line, which the reporter has printed.
        if (reporter.errorsPrinted() == 0)
            printError(fillText(engineText("TrainCommand", "run failed: %1"), {result.error}));
        status = result.badInput ? kExitBadInput : kExitRunFailed;
    } else if (result.state == RunState::Stopped) {
        status = interrupt.requested() ? exitStatusForSignal(interrupt.signal()) : kExitInterrupted;
    }

    nlohmann::json summary = buildRunSummary(config, result);
    if (baseline)
        addScaling(summary, *baseline, options.baselineRun, console.mode == ConsoleMode::Quiet);
    if (recording.recording()) {
        recording.finish(result, summary);
        if (!recording.error().empty())
            printWarning(
                fillText(engineText("TrainCommand", "the run database missed part of this run: %1"),
                         {recording.error()}));
        else if (console.mode != ConsoleMode::Quiet)
            std::printf("%s\n",
                        fillText(engineText("TrainCommand", "Recorded as run %1 in %2"),
                                 {std::to_string(recording.runId()), recording.databasePath()})
                            .c_str());
    }

    if (!options.jsonOut.empty()) {
        try {
            writeFileAtomically(options.jsonOut, summary.dump(kSummaryIndent) + "\n");
            if (console.mode != ConsoleMode::Quiet)
                std::printf("%s\n", fillText(engineText("TrainCommand", "Summary written to %1"),
                                             {options.jsonOut})
                                        .c_str());
        } catch (const std::exception& error) {
            printError(fillText(engineText("TrainCommand", "cannot write the run summary: %1"),
                                {error.what()}));
            if (status == kExitFinished)
                status = kExitRunFailed;
        }
    }
    std::fflush(stdout);
    return status;
}

}  // namespace es
