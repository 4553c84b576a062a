#include "cli/whatifconsole.h"

#include "cli/exitstatus.h"
#include "cli/messages.h"
#include "engine/config/jsondocument.h"
#include "engine/core/text.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"

#include <csignal>

namespace es {

namespace {

std::string decimal(const char* pattern, double value)
{
    char text[32];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

}  // namespace

void printWhatifLine(FILE* out, const char* pattern, std::initializer_list<std::string_view> args)
{
    std::fprintf(out, "%s\n", escapeControls(fillText(pattern, args)).c_str());
}

void printPlanSentence(FILE* out, std::string_view subject, int configurations,
                       const ExperimentSettings& settings)
{
    const int variants = configurations - 1;
    const int runs = configurations * settings.repeats;
    const int stepsPerRun = settings.warmupSteps + settings.measuredSteps;
    printWhatifLine(out,
                    engineText("WhatifCommand",
                               "What-if on %1: baseline + %2, %3 each = %4 of %5 "
                               "steps (%6 warm-up + %7 measured), interleaved"),
                    {subject,
                     countedText(variants, engineText("WhatifCommand", "%1 variant"),
                                 engineText("WhatifCommand", "%1 variants")),
                     countedText(settings.repeats, engineText("WhatifCommand", "%1 repeat"),
                                 engineText("WhatifCommand", "%1 repeats")),
                     countedText(runs, engineText("WhatifCommand", "%1 run"),
                                 engineText("WhatifCommand", "%1 runs")),
                     std::to_string(stepsPerRun), std::to_string(settings.warmupSteps),
                     std::to_string(settings.measuredSteps)});
}

void WhatifConsoleProgress::onRunFinished(const ExperimentRunSlot& slot, const ExperimentRun& run)
{
    std::string result;
    if (run.status == RunStatus::Failed) {
        result = engineText("WhatifCommand", "failed");
    } else if (!run.window) {
        result = fillText(engineText("WhatifCommand", "%1, no step measured"),
                          {runStatusKey(run.status)});
    } else {
        const bool one = run.window->steps == 1;
        // A script's run stopped at its bound made all its steps: counted like a completed one.
        const char* pattern =
            run.status == RunStatus::Stopped && !run.counted()
                ? (one ? engineText("WhatifCommand", "%1 ms/step (%2 step), stopped: not counted")
                       : engineText("WhatifCommand", "%1 ms/step (%2 steps), stopped: not counted"))
                : (one ? engineText("WhatifCommand", "%1 ms/step (%2 step)")
                       : engineText("WhatifCommand", "%1 ms/step (%2 steps)"));
        result = fillText(
            pattern, {decimal("%.1f", run.window->medianMs), std::to_string(run.window->steps)});
    }
    printWhatifLine(m_out, engineText("WhatifCommand", "[%1/%2] %3 repeat %4/%5: %6"),
                    {std::to_string(slot.number), std::to_string(slot.total), slot.label,
                     std::to_string(slot.repeat), std::to_string(slot.repeats), result});
    std::fflush(m_out);
}

void WhatifConsoleProgress::onRunLog(const ExperimentRunSlot& slot, LogLevel level,
                                     const std::string& message)
{
    // The same warning comes from every repeat; once per configuration is enough.
    if (!m_seen.insert(slot.label + "\n" + message).second)
        return;
    const std::string line = slot.label + ": " + message;
    if (level == LogLevel::Error)
        printError(line);
    else
        printWarning(line);
}

bool WhatifConsoleProgress::stopRequested()
{
    if (m_interrupt.requested() && !m_announced) {
        m_announced = true;
        const int signal = m_interrupt.signal();
        printWarning(signal == SIGINT
                         ? std::string(engineText(
                               "WhatifCommand",
                               "interrupted: stopping the experiment after the current step "
                               "(press Ctrl+C again to quit at once)"))
                         : fillText(engineText("WhatifCommand",
                                               "%1 received: stopping the experiment after "
                                               "the current step (a second signal quits at "
                                               "once)"),
                                    {stopSignalName(signal)}));
    }
    return m_interrupt.requested();
}

int printExperimentReport(const ExperimentReport& report, bool json)
{
    if (json)
        std::printf("%s\n", reportJson(report).dump(kJsonIndent).c_str());
    else
        std::printf("%s", escapeControls(formatReportTable(report), LineBreaks::Keep).c_str());
    std::fflush(stdout);
    return kExitFinished;
}

int finishWhatif(const ExperimentReport& report, const ExperimentOutcome& outcome,
                 const std::string& storePath, const InterruptGuard& interrupt, bool json)
{
    if (!outcome.storeError.empty())
        printWarning(fillText(
            engineText("WhatifCommand", "the run database missed part of this experiment: %1"),
            {outcome.storeError}));
    if (!json)
        std::printf("\n");
    printExperimentReport(report, json);
    if (!json && outcome.experimentId > 0 && !storePath.empty())
        printWhatifLine(stdout,
                        engineText("WhatifCommand",
                                   "Recorded as experiment %1 in %2 (`epochscope-cli whatif show "
                                   "%1`)"),
                        {std::to_string(outcome.experimentId), storePath});
    std::fflush(stdout);

    if (outcome.stopped || interrupt.requested())
        return interrupt.requested() ? exitStatusForSignal(interrupt.signal()) : kExitInterrupted;
    if (outcome.baselineFailed) {
        printError(fillText(
            engineText("WhatifCommand",
                       "the baseline run failed, so there is "
                       "nothing to compare against: %1"),
            {outcome.runs.empty() ? std::string() : recordedText(outcome.runs.back().error)}));
        return outcome.badInput ? kExitBadInput : kExitRunFailed;
    }
    for (const ExperimentRun& run : outcome.runs) {
        if (run.status == RunStatus::Failed)
            return kExitRunFailed;
    }
    return kExitFinished;
}

}  // namespace es
