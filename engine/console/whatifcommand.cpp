#include "console/whatifcommand.h"

#include "console/exitstatus.h"
#include "console/interrupt.h"
#include "console/messages.h"
#include "console/storeaccess.h"
#include "diagnosis/storeddiagnosis.h"
#include "whatif/experiment.h"
#include "whatif/experimentreport.h"

#include <cstdio>
#include <memory>
#include <optional>
#include <set>

namespace es {

namespace {

constexpr int kJsonIndent = 2;

std::string plural(int count, const char* word)
{
    return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
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
        if (run.status == RunStatus::Failed)
            result = "failed";
        else if (!run.window)
            result = std::string(runStatusKey(run.status)) + ", no step measured";
        else
            result = format("%.1f ms/step", run.window->medianMs) + " (" +
                     plural(run.window->steps, "step") + ")" +
                     (run.status == RunStatus::Stopped ? ", stopped: not counted" : "");
        std::fprintf(m_out, "[%d/%d] %s repeat %d/%d: %s\n", slot.number, slot.total,
                     slot.label.c_str(), slot.repeat, slot.repeats, result.c_str());
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
            printWarning(
                "interrupted: stopping the experiment after the current step (press Ctrl+C "
                "again to quit at once)");
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
        throw ConfigError("",
                          "whatif needs at least one --vary KEY=V1,V2,... or --patch JSON "
                          "(for example --vary threads=1,2)");
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
    std::fprintf(out,
                 "What-if on %s: baseline + %s, %s each = %s of %d steps (%d warm-up + %d "
                 "measured), interleaved\n",
                 plan.baseline.name.c_str(), plural(variants, "variant").c_str(),
                 plural(plan.settings.repeats, "repeat").c_str(),
                 plural(plan.runCount(), "run").c_str(), window, plan.settings.warmupSteps,
                 plan.settings.measuredSteps);
    if (plan.measured.front().validationSkipped)
        std::fprintf(out,
                     "Validation left out of the measured runs (no step time includes it; "
                     "no callback needs it)\n");
    for (const std::string& skipped : plan.skipped)
        std::fprintf(out, "Skipped %s\n", skipped.c_str());
    for (const std::string& note : plan.notes)
        std::fprintf(out, "Note: %s\n", note.c_str());
    std::fflush(out);
}

int printReport(const ExperimentReport& report, bool json)
{
    if (json)
        std::printf("%s\n", reportJson(report).dump(kJsonIndent).c_str());
    else
        std::printf("%s", formatReportTable(report).c_str());
    std::fflush(stdout);
    return kExitFinished;
}

}  // namespace

int runWhatifCommand(const RunConfig& baseline, const WhatifOptions& options)
{
    const ExperimentPlan plan = planFromOptions(baseline, options);
    FILE* progressOut = options.json ? stderr : stdout;
    printPlan(progressOut, plan);

    std::unique_ptr<RunStore> store;
    if (!options.database.empty()) {
        try {
            store = std::make_unique<RunStore>(options.database);
        } catch (const StoreError& error) {
            printWarning(std::string("not recording this experiment: ") + error.what());
        }
    }
    InterruptGuard interrupt;
    ConsoleProgress progress(progressOut, interrupt);
    const ExperimentOutcome outcome = runExperiment(plan, store.get(), &progress);
    if (!outcome.storeError.empty())
        printWarning("the run database missed part of this experiment: " + outcome.storeError);
    if (!options.json)
        std::printf("\n");
    const ExperimentReport report = makeReport(plan, outcome);
    printReport(report, options.json);
    if (!options.json && outcome.experimentId > 0 && store)
        std::printf("Recorded as experiment %lld in %s (`epochscope-cli whatif show %lld`)\n",
                    static_cast<long long>(outcome.experimentId), store->path().c_str(),
                    static_cast<long long>(outcome.experimentId));
    std::fflush(stdout);

    if (outcome.stopped || interrupt.requested())
        return kExitInterrupted;
    if (outcome.baselineFailed) {
        printError("the baseline run failed, so there is nothing to compare against: " +
                   (outcome.runs.empty() ? std::string() : outcome.runs.back().error));
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
            printError("run " + std::to_string(runId) +
                       " has no finding with a config fix to measure (`epochscope-cli diagnose " +
                       std::to_string(runId) + "` lists them); give --vary or --patch");
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
    return withStore(database, [](RunStore& store) -> int {
        const std::vector<StoredExperimentHeader> experiments = store.listExperiments();
        if (experiments.empty()) {
            std::printf(
                "No experiments in %s; `epochscope-cli whatif --preset quick-demo "
                "--vary threads=1,2` runs one.\n",
                store.path().c_str());
            return kExitFinished;
        }
        for (const StoredExperimentHeader& experiment : experiments)
            std::printf("%4lld  %s  %3d runs  %s\n", static_cast<long long>(experiment.id),
                        experiment.createdAt.c_str(), experiment.runs, experiment.name.c_str());
        return kExitFinished;
    });
}

int runWhatifShow(const std::string& database, std::int64_t id, bool json)
{
    return withStore(database, [id, json](RunStore& store) -> int {
        const std::optional<StoredExperiment> experiment = store.loadExperiment(id);
        if (!experiment) {
            printError("no experiment " + std::to_string(id) + " in " + store.path() +
                       "; `epochscope-cli whatif list` shows the ids");
            return kExitBadInput;
        }
        return printReport(makeReport(*experiment), json);
    });
}

}  // namespace es
