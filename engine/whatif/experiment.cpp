#include "engine/whatif/experiment.h"

#include "engine/config/configerror.h"
#include "engine/env/cpuinfo.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"
#include "engine/store/runrecording.h"
#include "engine/summary/runsummary.h"
#include "engine/train/allocator.h"
#include "engine/train/preflight.h"
#include "engine/train/trainingsession.h"
#include "engine/whatif/effectivesettings.h"
#include "engine/whatif/interleavedruns.h"
#include "engine/whatif/localranks.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <utility>

namespace es {

namespace {

// Often enough that a stop request is answered at once; costs nothing.
constexpr std::chrono::milliseconds kPollInterval{50};
// Long names make `runs list` unreadable; the labels are in the experiment anyway.
constexpr std::size_t kMaxDefaultNameChars = 80;
const char* const kBaselineLabel = "baseline";

/// Keeps a run's warnings and errors until the run ends, so that they reach the progress on
/// the experiment's thread rather than the engine's.
class LogCollector : public RunObserver {
public:
    void onLog(LogLevel level, const std::string& message) override
    {
        if (level == LogLevel::Info)
            return;
        std::lock_guard lock(m_mutex);
        m_lines.emplace_back(level, message);
    }

    std::vector<std::pair<LogLevel, std::string>> take()
    {
        std::lock_guard lock(m_mutex);
        return std::move(m_lines);
    }

private:
    std::mutex m_mutex;
    std::vector<std::pair<LogLevel, std::string>> m_lines;
};

/// A directory of its own for one run's callback files, removed with it.
class ScratchDirectory {
public:
    explicit ScratchDirectory(int number)
    {
        std::error_code ignored;
        m_path = std::filesystem::temp_directory_path(ignored) /
                 ("epochscope-whatif-" + std::to_string(::getpid()) + "-" + std::to_string(number));
    }
    ~ScratchDirectory()
    {
        std::error_code ignored;
        std::filesystem::remove_all(m_path, ignored);
    }
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;

    std::string path() const { return m_path.string(); }

private:
    std::filesystem::path m_path;
};

std::string prefixed(const std::string& label, const std::string& path)
{
    if (label == kBaselineLabel)
        return path;
    // An error location, like a config path: the same in every language.
    return "variant '" + label + "': " + path;
}

/// Synthetic data says before any run how many steps an epoch has: a window that does not fit
/// is found here rather than after minutes of runs.
void checkWindows(ExperimentPlan& plan)
{
    std::vector<ConfigIssue> issues;
    const int window = plan.settings.warmupSteps + plan.settings.measuredSteps;
    for (std::size_t i = 0; i < plan.configurations.size(); ++i) {
        const RunConfig& config = plan.measured[i].config;
        const auto samples = knownTrainSamples(config);
        if (!samples)
            continue;
        // A step of N ranks trains the global batch of N per-rank batches.
        const std::int64_t globalBatch = config.data.batchSize * config.distributed.worldSize;
        const std::int64_t steps = batchesPerEpoch(*samples, globalBatch, config.data.dropLast, 0);
        const std::string label = plan.configurations[i].label;
        const std::string stepCount = std::to_string(steps);
        const std::string sampleCount = std::to_string(*samples);
        const std::string batchSize = std::to_string(globalBatch);
        if (steps <= plan.settings.warmupSteps)
            issues.push_back(
                {prefixed(label, "data"),
                 fillText(engineText("Experiment",
                                     "the data gives %1 steps per epoch (%2 samples in batches "
                                     "of %3); --warmup-steps %4 leaves no step to measure"),
                          {stepCount, sampleCount, batchSize,
                           std::to_string(plan.settings.warmupSteps)})});
        else if (steps < window)
            // Recorded with the experiment (and in --json): English, shown with recordedText().
            plan.notes.push_back(
                fillText(markedText("RunRecord",
                                    "%1: the data gives %2 steps per epoch (%3 samples in "
                                    "batches of %4), so each run measures %5 steps, not %6"),
                         {label, stepCount, sampleCount, batchSize,
                          std::to_string(steps - plan.settings.warmupSteps),
                          std::to_string(plan.settings.measuredSteps)}));
    }
    if (!issues.empty())
        throw ConfigError(std::move(issues));
}

class ExperimentRunner {
public:
    ExperimentRunner(const ExperimentPlan& plan, RunStore* store, ExperimentProgress* progress)
        : m_plan(plan), m_store(store), m_progress(progress)
    {
    }

    ExperimentOutcome run()
    {
        beginRecording();
        runInterleaved(
            m_plan.configurations, m_plan.settings.repeats, m_progress,
            [this](const ExperimentRunSlot& slot) { return runOne(slot); }, m_outcome);
        return std::move(m_outcome);
    }

private:
    bool stopRequested() { return m_progress != nullptr && m_progress->stopRequested(); }

    void storeFailed(const std::string& error)
    {
        if (m_outcome.storeError.empty())
            m_outcome.storeError = error;
        m_store = nullptr;
    }

    void beginRecording()
    {
        if (m_store == nullptr)
            return;
        try {
            m_outcome.experimentId = m_store->createExperiment(
                m_plan.name, experimentSettingsJson(m_plan), toJson(m_plan.baseline));
        } catch (const StoreError& error) {
            storeFailed(error.what());
        }
    }

    /// The run recorded as one of the experiment's; nullptr once the store has failed.
    std::unique_ptr<RunRecording> startRecording(const RunConfig& config,
                                                 const ExperimentRunSlot& slot)
    {
        if (m_store == nullptr)
            return nullptr;
        auto recording = std::make_unique<RunRecording>(*m_store, config);
        if (!recording->recording()) {
            storeFailed(recording->openError());
            return nullptr;
        }
        try {
            const Variant& variant =
                m_plan.configurations[static_cast<std::size_t>(slot.variantIndex)];
            m_store->addExperimentRun(m_outcome.experimentId, recording->runId(), slot.variantIndex,
                                      variant.label, variant.patch, slot.repeat);
            return recording;
        } catch (const StoreError& error) {
            storeFailed(error.what());
            return nullptr;
        }
    }

    RunConfig runConfig(const ExperimentRunSlot& slot, const ScratchDirectory& scratch) const
    {
        const auto index = static_cast<std::size_t>(slot.variantIndex);
        RunConfig config = m_plan.measured[index].config;
        if (!config.callbacks.empty())
            config = withCallbackFilesUnder(config, scratch.path());
        // Short enough for `runs list`; the experiment id finds the group again.
        const std::string experiment =
            m_outcome.experimentId > 0 ? " " + std::to_string(m_outcome.experimentId) : "";
        config.name = m_plan.baseline.name + " what-if" + experiment + ": " + slot.label + " #" +
                      std::to_string(slot.repeat);
        return asLocalRankZero(config, scratch.path());
    }

    InterleavedRunResult runOne(const ExperimentRunSlot& slot)
    {
        if (m_progress != nullptr)
            m_progress->onRunStarting(slot);
        const ScratchDirectory scratch(slot.number);
        const RunConfig config = runConfig(slot, scratch);
        // The recording outlives the session, whose destructor joins the engine thread.
        std::unique_ptr<RunRecording> recording = startRecording(config, slot);
        LogCollector logs;
        InterleavedRunResult outcome;
        ExperimentRun& run = outcome.run;
        run.variantIndex = slot.variantIndex;
        run.repeat = slot.repeat;
        run.runId = recording ? recording->runId() : 0;
        {
            TrainingSession session(config);
            session.addObserver(&logs);
            if (recording)
                recording->watch(session);
            bool started = true;
            try {
                session.start();
            } catch (const std::exception& error) {
                started = false;
                run.status = RunStatus::Failed;
                run.error =
                    fillText(markedText("RunRecord", "cannot start the run: %1"), {error.what()});
                if (recording) {
                    recording->finishFailedStart(run.error);
                    keepStoreError(*recording);
                }
            }
            if (started) {
                // A variant of several ranks: the others train beside rank 0, which is measured.
                LocalRanks otherRanks(config);
                supervise(session, otherRanks);
                otherRanks.join();
                finishRun(session.result(), config, recording.get(), slot, outcome);
            }
        }
        if (m_progress != nullptr) {
            for (const auto& [level, message] : logs.take())
                m_progress->onRunLog(slot, level, message);
            m_progress->onRunFinished(slot, run);
        }
        outcome.stopAsked = m_stopAsked;
        return outcome;
    }

    void supervise(TrainingSession& session, LocalRanks& otherRanks)
    {
        while (!session.waitFor(kPollInterval)) {
            if (!m_stopAsked && stopRequested()) {
                m_stopAsked = true;
                session.requestStop();
                otherRanks.requestStop();
            }
        }
        // Rank 0 failed (a rank died, a rendezvous timed out): the others must not wait for
        // it until their timeout.
        if (session.result().state == RunState::Failed)
            otherRanks.requestStop();
    }

    void finishRun(const RunResult& result, const RunConfig& config, RunRecording* recording,
                   const ExperimentRunSlot& slot, InterleavedRunResult& outcome)
    {
        ExperimentRun& run = outcome.run;
        run.status = storedStatus(result.state);
        run.error = result.error;
        outcome.badInput = result.badInput;
        run.window = measureWindow(result.batches, m_plan.settings.warmupSteps);
        if (hasRunInfo(result.info))
            run.epochSteps = fullEpochSteps(
                toJson(m_plan.fullConfigs[static_cast<std::size_t>(slot.variantIndex)]),
                toJson(config), result.info.trainSamples, result.info.validationSamples);
        if (recording == nullptr)
            return;
        recording->finish(result, buildRunSummary(config, result));
        keepStoreError(*recording);
    }

    /// The experiment reports the first store error any of its runs met.
    void keepStoreError(const RunRecording& recording)
    {
        if (!recording.error().empty() && m_outcome.storeError.empty())
            m_outcome.storeError = recording.error();
    }

    const ExperimentPlan& m_plan;
    RunStore* m_store;
    ExperimentProgress* m_progress;
    ExperimentOutcome m_outcome;
    bool m_stopAsked = false;
};

/// glibc-tuned changes glibc for the rest of the process (mallopt cannot be undone): set
/// against configurations that do not use it, everything measured after its first run
/// shares its glibc. Empty when no configuration, or every one, uses it.
std::string glibcTunedNote(const ExperimentPlan& plan, HostAllocator autoAllocator)
{
    std::string tuned;
    std::size_t count = 0;
    for (std::size_t i = 0; i < plan.fullConfigs.size(); ++i) {
        const HostAllocator allocator = plan.fullConfigs[i].device.allocator;
        if ((allocator == HostAllocator::Auto ? autoAllocator : allocator) ==
            HostAllocator::GlibcTuned) {
            tuned += (count++ == 0 ? "" : ", ") + plan.configurations[i].label;
        }
    }
    if (count == 0 || count == plan.fullConfigs.size())
        return {};
    // Recorded with the experiment (and in --json): English, shown with recordedText().
    return fillText(count == 1 ? markedText("RunRecord",
                                            "%1 tunes glibc with mallopt, which lasts for the rest "
                                            "of the process: every run after the first of them "
                                            "finds glibc tuned too, so the difference measured "
                                            "understates what glibc-tuned changes (compare it "
                                            "against a baseline in a fresh process instead)")
                               : markedText("RunRecord",
                                            "%1 tune glibc with mallopt, which lasts for the rest "
                                            "of the process: every run after the first of them "
                                            "finds glibc tuned too, so the difference measured "
                                            "understates what glibc-tuned changes (compare it "
                                            "against a baseline in a fresh process instead)"),
                    {tuned});
}

}  // namespace

std::string defaultExperimentName(const std::string& baselineName,
                                  const std::vector<Variant>& configurations)
{
    std::string name = baselineName + ":";
    for (std::size_t i = 1; i < configurations.size(); ++i)
        name += (i == 1 ? " " : "; ") + configurations[i].label;
    if (name.size() > kMaxDefaultNameChars)
        name = name.substr(0, kMaxDefaultNameChars - 3) + "...";
    return name;
}

ExperimentPlan planExperiment(const RunConfig& baseline, const std::vector<Variant>& variants,
                              const ExperimentSettings& settings, std::string name)
{
    checkExperimentSettings(settings);
    CheckedVariants checked = checkVariants(baseline, variants);
    if (checked.variants.empty()) {
        if (checked.skipped.empty())
            throw ConfigError("", engineText("Experiment",
                                             "nothing to measure: give --vary "
                                             "KEY=V1,V2,... or --patch JSON"));
        std::string skipped;
        for (std::size_t i = 0; i < checked.skipped.size(); ++i)
            skipped += (i == 0 ? "" : "; ") + recordedText(checked.skipped[i]);
        throw ConfigError("", fillText(engineText("Experiment",
                                                  "nothing to measure: every variant has the "
                                                  "baseline's config (%1)"),
                                       {skipped}));
    }
    ExperimentPlan plan;
    plan.settings = settings;
    plan.baseline = baseline;
    plan.skipped = std::move(checked.skipped);
    plan.configurations.push_back({kBaselineLabel, nlohmann::json::object()});
    plan.fullConfigs.push_back(baseline);
    for (CheckedVariant& variant : checked.variants) {
        plan.configurations.push_back(std::move(variant.variant));
        plan.fullConfigs.push_back(std::move(variant.config));
    }
    std::vector<ConfigIssue> issues;
    for (std::size_t i = 0; i < plan.fullConfigs.size(); ++i) {
        try {
            // A CUDA device this machine lacks is bad input, found before any run starts.
            checkRunnable(plan.fullConfigs[i]);
            plan.measured.push_back(measuredConfig(plan.fullConfigs[i], settings));
        } catch (const ConfigError& error) {
            for (const ConfigIssue& issue : error.issues())
                issues.push_back(
                    {prefixed(plan.configurations[i].label, issue.path), issue.message});
        }
    }
    if (!issues.empty())
        throw ConfigError(std::move(issues));
    checkWindows(plan);
    std::vector<std::string> labels;
    for (const Variant& configuration : plan.configurations)
        labels.push_back(configuration.label);
    const MachineDefaults machine{std::max(1, readCpuTopology().physicalCores),
                                  resolveAllocator(HostAllocator::Auto).allocator};
    for (std::string& note : sameSettingsNotes(labels, plan.fullConfigs, machine))
        plan.notes.push_back(std::move(note));
    if (std::string note = glibcTunedNote(plan, machine.autoAllocator); !note.empty())
        plan.notes.push_back(std::move(note));
    plan.name =
        name.empty() ? defaultExperimentName(baseline.name, plan.configurations) : std::move(name);
    return plan;
}

ExperimentOutcome runExperiment(const ExperimentPlan& plan, RunStore* store,
                                ExperimentProgress* progress)
{
    return ExperimentRunner(plan, store, progress).run();
}

}  // namespace es
