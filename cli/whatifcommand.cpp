#include "cli/whatifcommand.h"

#include "cli/exitstatus.h"
#include "cli/interrupt.h"
#include "cli/messages.h"
#include "cli/storeaccess.h"
#include "engine/config/jsondocument.h"
#include "engine/core/text.h"
#include "engine/diagnosis/storeddiagnosis.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"
#include "engine/whatif/experiment.h"
#include "engine/whatif/experimentreport.h"

#include <csignal>
#include <cstdio>
#include <memory>
#include <optional>
#include <set>

namespace es {

namespace {

/// `value` right-aligned in `width` columns.
std::string rightAligned(long long value, int width)
{
    char text[32];
    std::snprintf(text, sizeof text, "%*lld", width, value);
    return text;
}

/// `pattern` filled with `args`, on a line of its own on `out`. The args can be what a user
/// wrote (a config's or an experiment's name): controls are shown escaped.
void printLine(FILE* out, const char* pattern, std::initializer_list<std::string_view> args)
{
    std::fprintf(out, "%s\n", escapeControls(fillText(pattern, args)).c_str());
}

/// One line per finished run; Ctrl+C stops the experiment.
class ConsoleProgress : public ExperimentProgress {
public:
    ConsoleProgress(FILE* out, const InterruptGuard& interrupt) : m_out(out), m_interrupt(interrupt)
    {
    }

    void onRunFinished(const ExperimentRunSlot& slot, const ExperimentRun& run) override
    {
        std::string result;
        if (run.status == RunStatus::Failed) {
            result = engineText("WhatifCommand", "failed");
        } else if (!run.window) {
            result = fillText(engineText("WhatifCommand", "%1, no step measured"),
                              {runStatusKey(run.status)});
        } else {
            const bool one = run.window->steps == 1;
            const char* pattern =
                run.status == RunStatus::Stopped
                    ? (one ? engineText("WhatifCommand",
                                        "%1 ms/step (%2 step), stopped: not counted")
                           : engineText("WhatifCommand",
                                        "%1 ms/step (%2 steps), stopped: not counted"))
                    : (one ? engineText("WhatifCommand", "%1 ms/step (%2 step)")
                           : engineText("WhatifCommand", "%1 ms/step (%2 steps)"));
            result = fillText(
                pattern, {format("%.1f", run.window->medianMs), std::to_string(run.window->steps)});
        }
        printLine(m_out, engineText("WhatifCommand", "[%1/%2] %3 repeat %4/%5: %6"),
                  {std::to_string(slot.number), std::to_string(slot.total), slot.label,
                   std::to_string(slot.repeat), std::to_string(slot.repeats), result});
        std::fflush(m_out);
    }

    void onRunLog(const ExperimentRunSlot& slot, LogLevel level,
                  const std::string& message) override
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

    bool stopRequested() override
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

private:
    static std::string format(const char* pattern, double value)
    {
        char text[32];
        std::snprintf(text, sizeof text, pattern, value);
        return text;
    }

    FILE* m_out;
    const InterruptGuard& m_interrupt;
    std::set<std::string> m_seen;
    bool m_announced = false;
};

ExperimentPlan planFromOptions(const RunConfig& baseline, const WhatifOptions& options)
{
    if (options.vary.empty() && options.patches.empty() && options.extraVariants.empty())
        throw ConfigError("", engineText("WhatifCommand",
                                         "whatif needs at least one --vary KEY=V1,V2,... or "
                                         "--patch JSON (for example --vary threads=1,2)"));
    std::vector<VaryFactor> factors;
    for (const std::string& argument : options.vary)
        factors.push_back(parseVaryArgument(argument));
    std::vector<nlohmann::json> patches;
    for (const std::string& argument : options.patches)
        patches.push_back(parsePatchArgument(argument));
    std::vector<Variant> variants =
        buildVariants(baseline, factors, patches,
                      options.combine ? VaryMode::Combine : VaryMode::OneFactorAtATime);
    variants.insert(variants.end(), options.extraVariants.begin(), options.extraVariants.end());
    return planExperiment(baseline, variants, options.settings, options.name);
}

void printPlan(FILE* out, const ExperimentPlan& plan)
{
    const int window = plan.settings.warmupSteps + plan.settings.measuredSteps;
    const int variants = static_cast<int>(plan.configurations.size()) - 1;
    printLine(out,
              engineText("WhatifCommand",
                         "What-if on %1: baseline + %2, %3 each = %4 of %5 "
                         "steps (%6 warm-up + %7 measured), interleaved"),
              {plan.baseline.name,
               countedText(variants, engineText("WhatifCommand", "%1 variant"),
                           engineText("WhatifCommand", "%1 variants")),
               countedText(plan.settings.repeats, engineText("WhatifCommand", "%1 repeat"),
                           engineText("WhatifCommand", "%1 repeats")),
               countedText(plan.runCount(), engineText("WhatifCommand", "%1 run"),
                           engineText("WhatifCommand", "%1 runs")),
               std::to_string(window), std::to_string(plan.settings.warmupSteps),
               std::to_string(plan.settings.measuredSteps)});
    if (plan.measured.front().validationSkipped)
        printLine(out,
                  engineText("WhatifCommand",
                             "Validation left out of the measured runs (no step "
                             "time includes it; no callback needs it)"),
                  {});
    for (const std::string& skipped : plan.skipped)
        printLine(out, engineText("WhatifCommand", "Skipped %1"), {recordedText(skipped)});
    for (const std::string& note : plan.notes)
        printLine(out, engineText("WhatifCommand", "Note: %1"), {recordedText(note)});
    std::fflush(out);
}

int printReport(const ExperimentReport& report, bool json)
{
    if (json)
        std::printf("%s\n", reportJson(report).dump(kJsonIndent).c_str());
    else
        std::printf("%s", escapeControls(formatReportTable(report), LineBreaks::Keep).c_str());
    std::fflush(stdout);
    return kExitFinished;
}

}  // namespace

int runWhatifCommand(const RunConfig& baseline, const WhatifOptions& options)
{
    // epochscope-cli deferred the stop signals before LibTorch started; this covers other
    // callers. A signal from here on stops the experiment with what it measured recorded.
    const InterruptGuard interrupt;
    const ExperimentPlan plan = planFromOptions(baseline, options);
    FILE* progressOut = options.json ? stderr : stdout;
    printPlan(progressOut, plan);

    std::unique_ptr<RunStore> store;
    if (!options.database.empty()) {
        try {
            store = std::make_unique<RunStore>(options.database);
        } catch (const StoreError& error) {
            printWarning(fillText(engineText("WhatifCommand", "not recording this experiment: %1"),
                                  {error.what()}));
        }
    }
    ConsoleProgress progress(progressOut, interrupt);
    const ExperimentOutcome outcome = runExperiment(plan, store.get(), &progress);
    if (!outcome.storeError.empty())
        printWarning(fillText(
            engineText("WhatifCommand", "the run database missed part of this experiment: %1"),
            {outcome.storeError}));
    if (!options.json)
        std::printf("\n");
    const ExperimentReport report = makeReport(plan, outcome);
    printReport(report, options.json);
    if (!options.json && outcome.experimentId > 0 && store)
        printLine(stdout,
                  engineText("WhatifCommand",
                             "Recorded as experiment %1 in %2 (`epochscope-cli whatif show %1`)"),
                  {std::to_string(outcome.experimentId), store->path()});
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

int runWhatifFromRun(std::int64_t runId, WhatifOptions options)
{
    std::optional<RunConfig> baseline;
    const int status = withStore(options.database, [&](RunStore& store) -> int {
        std::optional<StoredRun> run = loadOrComplain(store, runId);
        if (!run)
            return kExitBadInput;
        baseline = parseRunConfig(run->config);
        if (!options.vary.empty() || !options.patches.empty())
            return kExitFinished;
        const std::vector<Finding> findings =
            run->findings.empty() ? diagnoseStoredRun(*run, false).findings : run->findings;
        std::set<std::string> patches;
        for (const Finding& finding : findings) {
            if (!finding.patch.is_null() && patches.insert(finding.patch.dump()).second)
                options.extraVariants.push_back({finding.id, finding.patch});
        }
        if (options.extraVariants.empty()) {
            printError(fillText(engineText("WhatifCommand",
                                           "run %1 has no finding with a config fix to measure "
                                           "(`epochscope-cli diagnose %1` lists them); give "
                                           "--vary or --patch"),
                                {std::to_string(runId)}));
            return kExitBadInput;
        }
        return kExitFinished;
    });
    if (status != kExitFinished)
        return status;
    return runWhatifCommand(*baseline, options);
}

int runWhatifList(const std::string& database)
{
    return withStore(database, StoreAccess::ReadOnly, [](RunStore& store) -> int {
        const std::vector<StoredExperimentHeader> experiments = store.listExperiments();
        if (experiments.empty()) {
            printLine(stdout,
                      engineText("WhatifCommand",
                                 "No experiments in %1; `epochscope-cli whatif --preset "
                                 "quick-demo --vary threads=1,2` runs one."),
                      {store.path()});
            return kExitFinished;
        }
        for (const StoredExperimentHeader& experiment : experiments)
            printLine(stdout, engineText("WhatifCommand", "%1  %2  %3 runs  %4"),
                      {rightAligned(experiment.id, 4), experiment.createdAt,
                       rightAligned(experiment.runs, 3), experiment.name});
        return kExitFinished;
    });
}

int runWhatifShow(const std::string& database, std::int64_t id, bool json)
{
    return withStore(database, StoreAccess::ReadOnly, [id, json](RunStore& store) -> int {
        const std::optional<StoredExperiment> experiment = store.loadExperiment(id);
        if (!experiment) {
            printError(fillText(engineText("WhatifCommand",
                                           "no experiment %1 in %2; `epochscope-cli whatif "
                                           "list` shows the ids"),
                                {std::to_string(id), store.path()}));
            return kExitBadInput;
        }
        return printReport(makeReport(*experiment), json);
    });
}

}  // namespace es
