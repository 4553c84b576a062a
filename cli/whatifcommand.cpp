#include "cli/whatifcommand.h"

#include "cli/exitstatus.h"
#include "cli/interrupt.h"
#include "cli/messages.h"
#include "cli/scriptwhatifcommand.h"
#include "cli/storeaccess.h"
#include "cli/whatifconsole.h"
#include "engine/config/jsondocument.h"
#include "engine/core/text.h"
#include "engine/diagnosis/storeddiagnosis.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"
#include "engine/script/scriptrecorder.h"
#include "engine/whatif/experiment.h"
#include "engine/whatif/experimentreport.h"
#include "engine/whatif/scriptvariants.h"

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

ExperimentPlan planFromOptions(const RunConfig& baseline, const WhatifOptions& options)
{
    if (options.vary.empty() && options.patches.empty() && options.extraVariants.empty())
        throw ConfigError("", engineText("WhatifCommand",
                                         "whatif needs at least one --vary KEY=V1,V2,... or "
                                         "--patch JSON (for example --vary threads=1,2)"));
    std::vector<VaryFactor> factors;
    for (const std::string& argument : options.vary) {
        if (isScriptVaryArgument(argument))
            throw ConfigError("--vary", fillText(engineText("WhatifCommand",
                                                            "%1 varies a Python script's run: "
                                                            "give the script's command after -- "
                                                            "(whatif --vary %1 -- python3 "
                                                            "train.py) instead of a config"),
                                                 {argument}));
        factors.push_back(parseVaryArgument(argument));
    }
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
    printPlanSentence(out, plan.baseline.name, static_cast<int>(plan.configurations.size()),
                      plan.settings);
    if (plan.measured.front().validationSkipped)
        printWhatifLine(out,
                        engineText("WhatifCommand",
                                   "Validation left out of the measured runs (no step "
                                   "time includes it; no callback needs it)"),
                        {});
    for (const std::string& skipped : plan.skipped)
        printWhatifLine(out, engineText("WhatifCommand", "Skipped %1"), {recordedText(skipped)});
    for (const std::string& note : plan.notes)
        printWhatifLine(out, engineText("WhatifCommand", "Note: %1"), {recordedText(note)});
    std::fflush(out);
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
    WhatifConsoleProgress progress(progressOut, interrupt);
    const ExperimentOutcome outcome = runExperiment(plan, store.get(), &progress);
    return finishWhatif(makeReport(plan, outcome), outcome, store ? store->path() : std::string(),
                        interrupt, options.json);
}

int runWhatifFromRun(std::int64_t runId, WhatifOptions options)
{
    std::optional<RunConfig> baseline;
    std::optional<ScriptCommand> script;
    const int status = withStore(options.database, [&](RunStore& store) -> int {
        std::optional<StoredRun> run = loadOrComplain(store, runId);
        if (!run)
            return kExitBadInput;
        if (isScriptRunConfig(run->config)) {
            script = recordedScriptCommand(runId, run->config);
            return script ? kExitFinished : kExitBadInput;
        }
        baseline = parseRunConfig(run->config);
        if (!options.vary.empty() || !options.patches.empty())
            return kExitFinished;
        const std::vector<Finding> findings =
            run->findings.empty() ? diagnoseStoredRun(*run, false, &store).findings : run->findings;
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
    if (script)
        return runScriptWhatifCommand(*script, options);
    return runWhatifCommand(*baseline, options);
}

int runWhatifList(const std::string& database)
{
    return withStore(database, StoreAccess::ReadOnly, [](RunStore& store) -> int {
        const std::vector<StoredExperimentHeader> experiments = store.listExperiments();
        if (experiments.empty()) {
            printWhatifLine(stdout,
                            engineText("WhatifCommand",
                                       "No experiments in %1; `epochscope-cli whatif --preset "
                                       "quick-demo --vary threads=1,2` runs one."),
                            {store.path()});
            return kExitFinished;
        }
        for (const StoredExperimentHeader& experiment : experiments)
            printWhatifLine(stdout, engineText("WhatifCommand", "%1  %2  %3 runs  %4"),
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
        return printExperimentReport(makeReport(*experiment), json);
    });
}

}  // namespace es
