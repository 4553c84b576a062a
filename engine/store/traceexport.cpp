#include "engine/store/traceexport.h"

#include "engine/core/phase.h"
#include "engine/core/siunits.h"

#include <array>
#include <cmath>

namespace es {

namespace {

using Json = nlohmann::json;

constexpr int kProcessId = 1;
constexpr int kEpochTrack = 1;
constexpr int kStepTrack = 2;
constexpr int kCallbackTrack = 3;
constexpr int kFirstPhaseTrack = 10;
constexpr double kMicrosPerSecond = 1e6;
constexpr double kMicrosPerMilli = 1e3;

Json trackName(int track, const std::string& name)
{
    return {{"ph", "M"},
            {"name", "thread_name"},
            {"pid", kProcessId},
            {"tid", track},
            {"args", {{"name", name}}}};
}

Json trackOrder(int track)
{
    return {{"ph", "M"},
            {"name", "thread_sort_index"},
            {"pid", kProcessId},
            {"tid", track},
            {"args", {{"sort_index", track}}}};
}

Json slice(int track, const std::string& name, double startUs, double durationUs, Json args)
{
    return {{"ph", "X"},
            {"name", name},
            {"pid", kProcessId},
            {"tid", track},
            {"ts", startUs},
            {"dur", std::max(0.0, durationUs)},
            {"args", std::move(args)}};
}

Json counter(const std::string& name, double timeUs, Json values)
{
    return {{"ph", "C"}, {"name", name}, {"pid", kProcessId}, {"ts", timeUs}, {"args", values}};
}

void addEpochs(const StoredRun& run, Json& events)
{
    for (const EpochRecord& epoch : run.epochs) {
        const double startUs = epoch.startS * kMicrosPerSecond;
        Json args = {{"batches", epoch.batches}, {"loss", epoch.trainLoss}};
        if (epoch.valLoss)
            args["val_loss"] = *epoch.valLoss;
        const std::string label = "epoch " + std::to_string(epoch.epoch);
        events.push_back(slice(kEpochTrack, label, startUs, epoch.wallS * kMicrosPerSecond, args));
        events.push_back(slice(kEpochTrack, "training", startUs, epoch.trainS * kMicrosPerSecond,
                               Json::object()));
        const double validationUs = startUs + epoch.trainS * kMicrosPerSecond;
        if (epoch.validationS > 0.0)
            events.push_back(slice(kEpochTrack, "validation", validationUs,
                                   epoch.validationS * kMicrosPerSecond, Json::object()));
        double callbackUs = validationUs + epoch.validationS * kMicrosPerSecond;
        for (const CallbackCost& callback : epoch.callbacks) {
            Json args = {{"epoch", epoch.epoch}};
            if (callback.writes > 0) {
                args["bytes_written"] = callback.bytesWritten;
                args["files_written"] = callback.writes;
            }
            events.push_back(slice(kCallbackTrack, callback.name, callbackUs,
                                   callback.seconds * kMicrosPerSecond, args));
            callbackUs += callback.seconds * kMicrosPerSecond;
        }
    }
}

/// The phases in the order the training loop runs them within a step: the warm-up steps run
/// before the step reads its batch; a distributed step waits for its averaged gradients
/// (Communication) between its backward pass and the weight update; `Other` (the gaps) last.
/// Not kAllPhases' order, which only ever grows at the end (before Other) so that a phase's
/// index never changes.
constexpr std::array<Phase, kPhaseCount> kPhasesInLoopOrder = {
    Phase::WarmUp,        Phase::DataWait,  Phase::HostToDevice, Phase::Forward, Phase::Backward,
    Phase::Communication, Phase::Optimizer, Phase::Callbacks,    Phase::Other};

constexpr bool holdsEveryPhaseOnce(const std::array<Phase, kPhaseCount>& order)
{
    for (Phase phase : kAllPhases) {
        int seen = 0;
        for (Phase placed : order)
            seen += placed == phase ? 1 : 0;
        if (seen != 1)
            return false;
    }
    return true;
}
// A phase added to the enum gets a place here too, or its slices would be drawn twice or never.
static_assert(holdsEveryPhaseOnce(kPhasesInLoopOrder), "place every phase in the loop order");

/// A step's tensor memory as two counters: each stretch's peak from the stretch's start, and
/// the bytes held at its end. The stretch before the step's first phase (WarmUp in the step
/// that ran the warm-up, Other in the rest) is drawn where it happened, at the step's start,
/// although Other's time is drawn last (it is the step's gaps, wherever they fell).
void addStepMemory(const BatchRecord& batch, double startUs, Json& events)
{
    const StepMemory& memory = batch.memory;
    if (!memory.counted())
        return;
    const auto megabytes = [](std::int64_t bytes) {
        return static_cast<double>(bytes) / kBytesPerMb;
    };
    const auto peak = [&](Phase phase, double atUs) {
        events.push_back(counter("Tensor memory peak MB", atUs,
                                 {{"peak", megabytes(memory.peakBytes[phaseIndex(phase)])}}));
    };
    const auto held = [&](Phase phase, double atUs) {
        events.push_back(counter("Tensor memory MB", atUs,
                                 {{"held", megabytes(memory.endBytes[phaseIndex(phase)])}}));
    };
    const Phase before =
        batch.phaseMs[phaseIndex(Phase::WarmUp)] > 0.0 ? Phase::WarmUp : Phase::Other;
    peak(before, startUs);
    double phaseStartUs =
        startUs + std::max(0.0, batch.phaseMs[phaseIndex(Phase::WarmUp)]) * kMicrosPerMilli;
    held(before, phaseStartUs);
    for (Phase phase : kPhasesInLoopOrder) {
        if (phase == Phase::WarmUp || phase == Phase::Other)
            continue;
        const double durationUs = std::max(0.0, batch.phaseMs[phaseIndex(phase)]) * kMicrosPerMilli;
        if (durationUs > 0.0) {
            peak(phase, phaseStartUs);
            held(phase, phaseStartUs + durationUs);
        }
        phaseStartUs += durationUs;
    }
}

void addSteps(const StoredRun& run, Json& events)
{
    for (const BatchRecord& batch : run.batches) {
        const double endUs = batch.endS * kMicrosPerSecond;
        const double startUs = endUs - batch.wallMs * kMicrosPerMilli;
        const std::string label =
            "step " + std::to_string(batch.epoch) + "." + std::to_string(batch.batch);
        events.push_back(slice(kStepTrack, label, startUs, batch.wallMs * kMicrosPerMilli,
                               {{"loss", batch.loss},
                                {"samples", batch.samples},
                                {"h2d_bytes", batch.h2dBytes},
                                {"minor_faults", batch.minorFaults},
                                {"major_faults", batch.majorFaults},
                                {"peak_bytes", batch.memory.stepPeakBytes()},
                                {"allocations", batch.memory.allocations}}));
        double phaseStartUs = startUs;
        for (Phase phase : kPhasesInLoopOrder) {
            const double durationUs = batch.phaseMs[phaseIndex(phase)] * kMicrosPerMilli;
            if (durationUs > 0.0) {
                events.push_back(slice(kFirstPhaseTrack + static_cast<int>(phaseIndex(phase)),
                                       std::string(phaseLabel(phase)), phaseStartUs, durationUs,
                                       {{"step", label}}));
            }
            phaseStartUs += std::max(0.0, durationUs);
        }
        addStepMemory(batch, startUs, events);
    }
}

void addCounters(const StoredRun& run, Json& events)
{
    for (const SystemSample& sample : run.samples) {
        const double timeUs = sample.tS * kMicrosPerSecond;
        events.push_back(
            counter("CPU %", timeUs,
                    {{"process", sample.processCpuPct}, {"machine", sample.machineCpuPct}}));
        events.push_back(counter("RSS MB", timeUs, {{"rss", sample.rssMb}}));
        for (const GpuSample& gpu : sample.gpus) {
            const std::string name = "GPU " + std::to_string(gpu.index);
            if (std::isfinite(gpu.smUtilPct))
                events.push_back(
                    counter(name + " utilisation %", timeUs,
                            {{"sm", gpu.smUtilPct},
                             {"memory", std::isfinite(gpu.memUtilPct) ? gpu.memUtilPct : 0.0}}));
            if (std::isfinite(gpu.memUsedMb))
                events.push_back(counter(name + " memory MB", timeUs, {{"used", gpu.memUsedMb}}));
        }
    }
}

}  // namespace

nlohmann::json chromeTrace(const StoredRun& run)
{
    Json events = Json::array();
    events.push_back(
        {{"ph", "M"},
         {"name", "process_name"},
         {"pid", kProcessId},
         {"args", {{"name", "run " + std::to_string(run.header.id) + ": " + run.header.name}}}});
    events.push_back(trackName(kEpochTrack, "epochs"));
    events.push_back(trackName(kStepTrack, "steps"));
    events.push_back(trackName(kCallbackTrack, "callbacks"));
    for (int track : {kEpochTrack, kStepTrack, kCallbackTrack})
        events.push_back(trackOrder(track));
    for (Phase phase : kAllPhases) {
        const int track = kFirstPhaseTrack + static_cast<int>(phaseIndex(phase));
        events.push_back(trackName(track, std::string(phaseLabel(phase))));
        events.push_back(trackOrder(track));
    }
    addEpochs(run, events);
    addSteps(run, events);
    addCounters(run, events);
    return {{"traceEvents", std::move(events)},
            {"displayTimeUnit", "ms"},
            {"otherData",
             {{"run_id", run.header.id},
              {"name", run.header.name},
              {"status", std::string(runStatusKey(run.header.status))},
              {"started_at", run.header.startedAt}}}};
}

}  // namespace es
