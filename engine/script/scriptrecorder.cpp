#include "engine/script/scriptrecorder.h"

#include "engine/config/jsondocument.h"
#include "engine/env/environment.h"
#include "engine/i18n/evidencetext.h"
#include "engine/i18n/translate.h"
#include "engine/io/childprocess.h"
#include "engine/summary/runsummary.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <type_traits>
#include <utility>
#include <variant>

namespace es {

namespace {

constexpr double kNoLoss = std::numeric_limits<double>::quiet_NaN();

bool sameModule(const ProbeRecurrentModule& a, const ProbeRecurrentModule& b)
{
    return a.className == b.className && a.device == b.device && a.packedInput == b.packedInput &&
           a.bidirectional == b.bidirectional;
}

}  // namespace

nlohmann::json scriptRunConfig(const std::string& name, const std::vector<std::string>& command,
                               const std::string& workingFolder,
                               const std::vector<EnvironmentEntry>& environment)
{
    nlohmann::json config = {{"name", name},
                             {"script", {{"command", command}, {"working_folder", workingFolder}}}};
    for (const auto& [variable, value] : environment)
        config["script"]["env"][variable] = value;
    return config;
}

bool isScriptRunConfig(const nlohmann::json& config)
{
    return config.is_object() && config.contains("script") && config.at("script").is_object();
}

ScriptRunRecorder::ScriptRunRecorder(RunStore& store, const std::string& name,
                                     const std::vector<std::string>& command,
                                     const std::string& workingFolder,
                                     const std::vector<EnvironmentEntry>& environment)
    : m_store(store), m_config(scriptRunConfig(name, command, workingFolder, environment))
{
    m_runId = m_store.beginRun(name, m_config);
    m_infoChanged = true;
}

void ScriptRunRecorder::take(const ProbeRecord& record)
{
    const bool timed = std::holds_alternative<ProbeEpochBegin>(record) ||
                       std::holds_alternative<ProbeEpochEnd>(record) ||
                       std::holds_alternative<ProbeStep>(record);
    if (timed) {
        if (m_hello)
            takeTimed(record);
        else
            m_beforeHello.push_back(record);
        return;
    }
    std::visit(
        [this](const auto& value) {
            using Type = std::decay_t<decltype(value)>;
            if constexpr (std::is_same_v<Type, ProbeHello>) {
                takeHello(value);
            } else if constexpr (std::is_same_v<Type, ProbeModules>) {
                for (const ProbeRecurrentModule& module : value.recurrent) {
                    const auto known = std::find_if(m_recurrent.begin(), m_recurrent.end(),
                                                    [&module](const ProbeRecurrentModule& seen) {
                                                        return sameModule(seen, module);
                                                    });
                    if (known == m_recurrent.end())
                        m_recurrent.push_back(module);
                    else
                        known->calls = module.calls;
                }
                m_infoChanged = true;
            } else if constexpr (std::is_same_v<Type, ProbeConversions>) {
                m_conversions = value.sites;
                m_infoChanged = true;
            } else if constexpr (std::is_same_v<Type, ProbeNote>) {
                note(value.text);
            } else if constexpr (std::is_same_v<Type, ProbeEnd>) {
                m_end = value;
            }
        },
        record);
}

void ScriptRunRecorder::takeHello(const ProbeHello& hello)
{
    const bool first = !m_hello;
    m_hello = hello;
    m_infoChanged = true;
    // The axis is set once: a second hello (a broken probe) moves no step already taken.
    if (!first)
        return;
    m_probeStartS = probeStartS(hello);
    for (const ProbeRecord& held : std::exchange(m_beforeHello, {}))
        takeTimed(held);
}

std::optional<double> ScriptRunRecorder::probeStartS(const ProbeHello& hello)
{
    if (!m_clock)
        return std::nullopt;
    if (!hello.clockS) {
        note(engineText("ScriptRun",
                        "The probe did not say when it started (clock_s; a probe older than this "
                        "EpochScope): the steps' and epochs' times count from its start, later "
                        "than the system samples' by Python's start-up."));
        return std::nullopt;
    }
    const double startS = *hello.clockS - m_clock->originMonotonicS();
    // The probe starts after the script does and before its hello is read. Outside that it
    // read another clock (another machine's, another time namespace's): no shift is right.
    const double nowS = m_clock->now();
    if (startS < 0.0 || startS > nowS) {
        note(fillText(
            engineText("ScriptRun",
                       "The probe's clock_s of %1 s is not between the script's start "
                       "and now on this machine's monotonic clock (%2 s to %3 s): the "
                       "steps' and epochs' times are left on the probe's own clock."),
            {formatText("%.6f", *hello.clockS), formatText("%.6f", m_clock->originMonotonicS()),
             formatText("%.6f", m_clock->originMonotonicS() + nowS)}));
        return std::nullopt;
    }
    return startS;
}

void ScriptRunRecorder::takeTimed(const ProbeRecord& record)
{
    // Onto the run's clock, where the samples are; as sent when the probe's start is unknown.
    const double shiftS = m_probeStartS.value_or(0.0);
    if (const auto* begin = std::get_if<ProbeEpochBegin>(&record)) {
        const double tS = begin->tS + shiftS;
        if (m_openEpoch != 0 && m_openEpoch != begin->epoch)
            closeEpoch(m_openEpoch, tS);
        if (m_openEpoch != begin->epoch) {
            m_openEpoch = begin->epoch;
            m_openEpochStartS = tS;
        }
    } else if (const auto* end = std::get_if<ProbeEpochEnd>(&record)) {
        if (m_openEpoch == end->epoch)
            closeEpoch(end->epoch, end->tS + shiftS);
    } else if (const auto* step = std::get_if<ProbeStep>(&record)) {
        ProbeStep shifted = *step;
        shifted.step.endS += shiftS;
        takeStep(shifted);
    }
}

void ScriptRunRecorder::takeStep(const ProbeStep& step)
{
    if (step.step.epoch != m_openEpoch) {
        if (m_openEpoch != 0)
            closeEpoch(m_openEpoch, std::nullopt);
        m_openEpoch = step.step.epoch;
        m_openEpochStartS = std::nullopt;
    }
    BatchRecord record = step.step;
    if (!step.hasLoss)
        record.loss = kNoLoss;
    m_openSteps.push_back(record);
    m_pendingSteps.push_back(record);
    m_allSteps.push_back(record);
    ++m_stepCount;
}

void ScriptRunRecorder::closeEpoch(int epoch, std::optional<double> endS)
{
    // The epoch's batches are the steps the probe sent, not the count in its epoch_end.
    if (m_openSteps.empty()) {
        m_openEpoch = 0;
        m_openEpochStartS.reset();
        return;
    }
    EpochRecord record;
    record.epoch = epoch;
    record.batches = static_cast<int>(m_openSteps.size());
    const BatchRecord& first = m_openSteps.front();
    record.startS = m_openEpochStartS.value_or(std::max(0.0, first.endS - first.wallMs / kMsPerS));
    const double lastEndS = m_openSteps.back().endS;
    record.wallS = std::max(0.0, endS.value_or(lastEndS) - record.startS);
    double lossSum = 0.0;
    int losses = 0;
    for (const BatchRecord& step : m_openSteps) {
        record.trainS += step.wallMs / kMsPerS;
        for (std::size_t phase = 0; phase < kPhaseCount; ++phase)
            record.phaseS[phase] += step.phaseMs[phase] / kMsPerS;
        record.samples += step.samples;
        // A loss the script never read is NaN; the probe refuses any other that is not finite.
        if (!std::isnan(step.loss)) {
            lossSum += step.loss;
            ++losses;
        }
    }
    record.trainLoss = losses > 0 ? lossSum / losses : kNoLoss;
    // A script's epoch spends the time outside its steps on its own validation loop, logging
    // and the like: the engine's epochs call that their validation time.
    record.validationS = std::max(0.0, record.wallS - record.trainS);
    m_pendingEpochs.push_back(record);
    m_allEpochs.push_back(record);
    ++m_epochCount;
    m_openSteps.clear();
    m_openEpoch = 0;
    m_openEpochStartS.reset();
}

void ScriptRunRecorder::note(const std::string& text)
{
    m_notes.push_back(text);
    m_notesChanged = true;
}

void ScriptRunRecorder::takeSamples(std::vector<SystemSample> samples)
{
    if (m_pendingSamples.empty())
        m_pendingSamples = std::move(samples);
    else
        m_pendingSamples.insert(m_pendingSamples.end(), samples.begin(), samples.end());
}

nlohmann::json ScriptRunRecorder::info() const
{
    nlohmann::json info = {{"backend", "pytorch"}, {"device", "cpu"}, {"world_size", 1}};
    if (m_hello) {
        const ProbeHello& hello = *m_hello;
        info["device"] = hello.cuda ? "cuda" : "cpu";
        info["backend_reason"] =
            fillText(engineText("ScriptRun", "the script's own PyTorch %1 on Python %2"),
                     {hello.torch.empty() ? std::string("-") : hello.torch, hello.python});
        info["intra_op_threads"] = hello.intraOpThreads;
        info["inter_op_threads"] = hello.interOpThreads;
        info["script"] = {{"pid", hello.pid},
                          {"python", hello.python},
                          {"torch", hello.torch},
                          {"argv", hello.argv},
                          {"cwd", hello.cwd},
                          {"hooks", hello.hooks},
                          {"probe_start_s", m_probeStartS ? nlohmann::json(*m_probeStartS)
                                                          : nlohmann::json(nullptr)}};
    }
    if (!m_allSteps.empty())
        info["batch_size"] = m_allSteps.front().samples;
    if (!m_allEpochs.empty())
        info["batches_per_epoch"] = m_allEpochs.front().batches;
    nlohmann::json modules = nlohmann::json::array();
    for (const ProbeRecurrentModule& module : m_recurrent)
        modules.push_back({{"class", module.className},
                           {"device", module.device},
                           {"packed_input", module.packedInput},
                           {"bidirectional", module.bidirectional},
                           {"calls", module.calls}});
    info["script_recurrent_modules"] = std::move(modules);
    nlohmann::json conversions = nlohmann::json::array();
    for (const ProbeConversionSite& site : m_conversions)
        conversions.push_back({{"function", site.function},
                               {"file", site.file},
                               {"line", site.line},
                               {"code", site.code},
                               {"calls", site.calls},
                               {"bytes", site.bytes},
                               {"seconds", site.seconds},
                               {"in_steps", site.inSteps}});
    info["script_conversions"] = std::move(conversions);
    return info;
}

void ScriptRunRecorder::flush()
{
    if (m_infoChanged) {
        m_store.setRunInfo(m_runId, info());
        m_infoChanged = false;
    }
    if (m_notesChanged) {
        std::string notes;
        for (const std::string& line : m_notes)
            notes += (notes.empty() ? "" : "\n") + line;
        m_store.setNotes(m_runId, notes);
        m_notesChanged = false;
    }
    m_store.append(m_runId, m_pendingSteps, m_pendingEpochs, m_pendingSamples);
    m_pendingSteps.clear();
    m_pendingEpochs.clear();
    m_pendingSamples.clear();
}

void ScriptRunRecorder::finish(const ScriptExit& exit, double totalS)
{
    // A probe that never sent its hello (its script killed first, or a broken probe): its
    // timed records as it sent them.
    for (const ProbeRecord& held : std::exchange(m_beforeHello, {}))
        takeTimed(held);
    if (m_openEpoch != 0)
        closeEpoch(m_openEpoch, std::nullopt);
    if (m_end) {
        if (m_end->status == "finished") {
            m_status = RunStatus::Completed;
        } else if (m_end->status == "stopped") {
            m_status = RunStatus::Stopped;
        } else {
            m_status = RunStatus::Failed;
            m_error = m_end->error.empty()
                          ? fillText(engineText("ScriptRun", "the script ended with status %1"),
                                     {std::to_string(m_end->exitCode)})
                          : m_end->error;
        }
        if (!m_end->torchImported)
            note(engineText("ScriptRun",
                            "The script never imported torch: there was nothing to profile."));
        else if (m_stepCount == 0)
            note(engineText("ScriptRun",
                            "The script imported torch but made no step the probe could see: "
                            "no optimizer step, DataLoader batch or epochscope.step(). Mark its "
                            "steps with `with epochscope.step():` (docs/profile.md)."));
    } else if (exit.signaled) {
        m_status = exit.stopRequested ? RunStatus::Stopped : RunStatus::Failed;
        if (!exit.stopRequested)
            m_error = fillText(engineText("ScriptRun", "the script was killed by %1"),
                               {signalName(exit.code)});
    } else {
        // No end record from a process that exited: the probe never started (the interpreter
        // is not Python, or could not find it), or it was cut off mid-line.
        m_status = RunStatus::Failed;
        m_error = m_hello ? fillText(engineText("ScriptRun",
                                                "the script ended with status %1 without the "
                                                "probe's last record"),
                                     {std::to_string(exit.code)})
                          : fillText(engineText("ScriptRun",
                                                "the command ended with status %1 before the probe "
                                                "reported: is it a Python interpreter running a "
                                                "script?"),
                                     {std::to_string(exit.code)});
    }
    m_infoChanged = true;
    flush();
    m_store.finishRun(m_runId, m_status, m_error, summary(totalS));
}

nlohmann::json ScriptRunRecorder::summary(double totalS) const
{
    nlohmann::json epochs = nlohmann::json::array();
    for (const EpochRecord& record : m_allEpochs)
        epochs.push_back(epochJson(record));
    const double trainS = std::accumulate(
        m_allSteps.begin(), m_allSteps.end(), 0.0,
        [](double sum, const BatchRecord& step) { return sum + step.wallMs / kMsPerS; });
    const std::int64_t samples = std::accumulate(
        m_allSteps.begin(), m_allSteps.end(), std::int64_t{0},
        [](std::int64_t sum, const BatchRecord& step) { return sum + step.samples; });
    std::string status = "finished";
    if (m_status == RunStatus::Stopped)
        status = "stopped";
    else if (m_status == RunStatus::Failed)
        status = "failed";
    return {
        {"format", std::string(kRunSummaryFormat)},
        {"format_version", kRunSummaryFormatVersion},
        {"status", status},
        {"error", m_error.empty() ? nlohmann::json(nullptr) : nlohmann::json(m_error)},
        {"config", m_config},
        {"environment", environmentJson(collectEnvironment())},
        {"run", info()},
        {"epochs", std::move(epochs)},
        {"batch_latency_ms", latencyJson(m_allSteps)},
        {"steady_state_step_ms", numberOrNull(steadyStateStepMs(m_allSteps))},
        {"first_epoch_ratio", numberOrNull(firstEpochRatio(m_allEpochs))},
        {"samples_per_s", trainS > 0.0 && samples > 0
                              ? nlohmann::json(static_cast<double>(samples) / trainS)
                              : nlohmann::json(nullptr)},
        {"total_s", totalS},
    };
}

}  // namespace es
