#include "engine/whatif/scriptexperiment.h"

#include "engine/config/configerror.h"
#include "engine/i18n/translate.h"
#include "engine/script/scriptprocess.h"
#include "engine/script/scriptsession.h"
#include "engine/train/runobserver.h"
#include "engine/whatif/interleavedruns.h"

#include <filesystem>
#include <utility>

namespace es {

namespace {

const char* const kScriptBaselineLabel = "baseline";

/// The script's file name in `command` (which probedCommand() accepted).
std::string scriptFileName(const std::vector<std::string>& command)
{
    const std::vector<std::string> probed = probedCommand(command);
    for (std::size_t i = 0; i + 2 < probed.size(); ++i) {
        if (probed[i] == "-m" && probed[i + 1] == "epochscope.run")
            return std::filesystem::path(probed[i + 2]).filename().string();
    }
    return "script";
}

/// Passes a run's warnings and errors (a script that would not stop, a run database that
/// failed) on to the experiment's progress. A script's session reports on the thread that runs
/// it, which is the experiment's, so they can go on at once; the probe's notes (Info) stay in
/// the run's notes, as an engine run's informational lines do.
class ScriptRunLogs : public RunObserver {
public:
    ScriptRunLogs(ExperimentProgress* progress, const ExperimentRunSlot& slot)
        : m_progress(progress), m_slot(slot)
    {
    }

    void onLog(LogLevel level, const std::string& message) override
    {
        if (level != LogLevel::Info && m_progress != nullptr)
            m_progress->onRunLog(m_slot, level, message);
    }

private:
    ExperimentProgress* m_progress;
    const ExperimentRunSlot& m_slot;
};

class ScriptExperimentRunner {
public:
    ScriptExperimentRunner(const ScriptExperimentPlan& plan, RunStore& store,
                           ExperimentProgress* progress, std::chrono::milliseconds ownStopGrace)
        : m_plan(plan), m_store(store), m_progress(progress), m_ownStopGrace(ownStopGrace)
    {
    }

    ExperimentOutcome run()
    {
        try {
            m_outcome.experimentId = m_store.createExperiment(
                m_plan.name, scriptExperimentSettingsJson(m_plan),
                scriptRunConfig(m_plan.scriptName, m_plan.baseline.command,
                                m_plan.baseline.workingFolder, m_plan.baseline.environment));
        } catch (const StoreError& error) {
            keepStoreError(error.what());
        }
        runInterleaved(
            m_plan.configurations, m_plan.settings.repeats, m_progress,
            [this](const ExperimentRunSlot& slot) { return runOne(slot); }, m_outcome);
        return std::move(m_outcome);
    }

private:
    void keepStoreError(const std::string& error)
    {
        if (m_outcome.storeError.empty())
            m_outcome.storeError = error;
    }

    bool stopRequested()
    {
        if (!m_stopAsked && m_progress != nullptr && m_progress->stopRequested())
            m_stopAsked = true;
        return m_stopAsked;
    }

    ScriptSessionOptions sessionOptions(const ExperimentRunSlot& slot)
    {
        const ScriptRunSetup& setup = m_plan.setups[static_cast<std::size_t>(slot.variantIndex)];
        ScriptSessionOptions options;
        // Short enough for `runs list`; the experiment id finds the group again.
        const std::string experiment =
            m_outcome.experimentId > 0 ? " " + std::to_string(m_outcome.experimentId) : "";
        options.name = m_plan.scriptName + " what-if" + experiment + ": " + slot.label + " #" +
                       std::to_string(slot.repeat);
        options.command = setup.command;
        options.workingFolder = m_plan.baseline.workingFolder;
        options.environment = setup.environment;
        options.ownStopGrace = m_ownStopGrace;
        options.stopRequested = [this] { return stopRequested(); };
        options.maxSteps = m_plan.stepsPerRun();
        return options;
    }

    void attach(const ScriptSession& session, const ExperimentRunSlot& slot)
    {
        if (m_outcome.experimentId <= 0)
            return;
        const Variant& variant = m_plan.configurations[static_cast<std::size_t>(slot.variantIndex)];
        try {
            m_store.addExperimentRun(m_outcome.experimentId, session.runId(), slot.variantIndex,
                                     variant.label, variant.patch, slot.repeat);
        } catch (const StoreError& error) {
            keepStoreError(error.what());
        }
    }

    InterleavedRunResult runOne(const ExperimentRunSlot& slot)
    {
        if (m_progress != nullptr)
            m_progress->onRunStarting(slot);
        InterleavedRunResult result;
        result.run.variantIndex = slot.variantIndex;
        result.run.repeat = slot.repeat;
        ScriptRunLogs logs(m_progress, slot);
        try {
            ScriptSession session(m_store, sessionOptions(slot), &logs);
            attach(session, slot);
            result.run.runId = session.runId();
            std::string startError;
            try {
                session.run();
            } catch (const std::exception& error) {
                // The command could not be started (an interpreter that is not there): the
                // session recorded the run as failed; the reason is the exception's.
                startError = error.what();
                result.badInput = true;
            }
            if (session.storeFailed())
                keepStoreError(engineText("ScriptExperiment",
                                          "the run database failed during a run, whose rest "
                                          "was measured but not recorded"));
            const ScriptRunRecorder& recorder = session.recorder();
            result.run = scriptExperimentRun(slot.variantIndex, slot.repeat, session.runId(),
                                             recorder.status(),
                                             startError.empty() ? recorder.error() : startError,
                                             recorder.stepRecords(), m_plan.settings);
        } catch (const StoreError& error) {
            // The run could not even begin in the store: nothing ran, and nothing can be
            // recorded from here on.
            keepStoreError(error.what());
            result.run.status = RunStatus::Failed;
            result.run.error = error.what();
        }
        if (m_progress != nullptr)
            m_progress->onRunFinished(slot, result.run);
        result.stopAsked = m_stopAsked;
        return result;
    }

    const ScriptExperimentPlan& m_plan;
    RunStore& m_store;
    ExperimentProgress* m_progress;
    std::chrono::milliseconds m_ownStopGrace;
    ExperimentOutcome m_outcome;
    bool m_stopAsked = false;
};

}  // namespace

ScriptExperimentPlan planScriptExperiment(const ScriptCommand& baseline,
                                          const std::vector<ScriptVaryFactor>& factors,
                                          VaryMode mode, const ExperimentSettings& settings,
                                          std::string name)
{
    checkExperimentSettings(settings);
    if (factors.empty())
        throw ConfigError("--vary", engineText("ScriptExperiment",
                                               "a script's what-if needs at least one --vary "
                                               "env:NAME=V1,V2, arg:--flag=V1,V2 or "
                                               "threads=V1,V2"));
    ScriptExperimentPlan plan;
    plan.settings = settings;
    plan.baseline = baseline;
    plan.scriptName = scriptFileName(baseline.command);
    ScriptVariants built = buildScriptVariants(baseline, factors, mode);
    plan.skipped = std::move(built.skipped);
    if (built.variants.empty()) {
        std::string skipped;
        for (std::size_t i = 0; i < plan.skipped.size(); ++i)
            skipped += (i == 0 ? "" : "; ") + plan.skipped[i];
        throw ConfigError("--vary",
                          skipped.empty()
                              ? std::string(engineText("ScriptExperiment",
                                                       "nothing to measure: every value is the "
                                                       "baseline's"))
                              : fillText(engineText("ScriptExperiment",
                                                    "nothing to measure: every variant starts "
                                                    "the baseline's run (%1)"),
                                         {skipped}));
    }
    plan.configurations.push_back({kScriptBaselineLabel, nlohmann::json::object()});
    plan.setups.push_back(applyScriptPatch(baseline, nlohmann::json::object()));
    for (Variant& variant : built.variants) {
        plan.setups.push_back(applyScriptPatch(baseline, variant.patch));
        plan.configurations.push_back(std::move(variant));
    }
    plan.name = name.empty() ? defaultExperimentName(plan.scriptName, plan.configurations)
                             : std::move(name);
    return plan;
}

ExperimentOutcome runScriptExperiment(const ScriptExperimentPlan& plan, RunStore& store,
                                      ExperimentProgress* progress,
                                      std::chrono::milliseconds ownStopGrace)
{
    return ScriptExperimentRunner(plan, store, progress, ownStopGrace).run();
}

std::int64_t scriptEpochSteps(const std::vector<BatchRecord>& steps, bool endedOnItsOwn)
{
    if (steps.empty())
        return 0;
    const int first = steps.front().epoch;
    std::int64_t count = 0;
    while (count < static_cast<std::int64_t>(steps.size()) &&
           steps[static_cast<std::size_t>(count)].epoch == first)
        ++count;
    const bool laterEpochBegan = count < static_cast<std::int64_t>(steps.size());
    return laterEpochBegan || endedOnItsOwn ? count : 0;
}

ExperimentRun scriptExperimentRun(int variantIndex, int repeat, std::int64_t runId,
                                  RunStatus status, std::string error,
                                  const std::vector<BatchRecord>& steps,
                                  const ExperimentSettings& settings)
{
    ExperimentRun run;
    run.variantIndex = variantIndex;
    run.repeat = repeat;
    run.runId = runId;
    run.status = status;
    run.error = std::move(error);
    run.window = measureWindow(steps, settings.warmupSteps);
    // Every step it was meant to make, then stopped: by the session or the probe at the bound,
    // or by a Ctrl+C that came after the last of them. Its window is whole either way.
    const bool boundReached =
        static_cast<std::int64_t>(steps.size()) >=
        static_cast<std::int64_t>(settings.warmupSteps) + settings.measuredSteps;
    run.stoppedAtBound = boundReached;
    // A script that completed before its bound ended its last epoch itself; one that reached
    // the bound may have completed too, in the moment before the stop, but with its later
    // steps left out (ScriptSession), so its last epoch's length is not known.
    run.epochSteps = scriptEpochSteps(steps, status == RunStatus::Completed && !boundReached);
    return run;
}

}  // namespace es
