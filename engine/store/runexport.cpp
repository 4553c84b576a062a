#include "engine/store/runexport.h"

#include "engine/config/jsonreader.h"
#include "engine/core/phase.h"
#include "engine/store/samplejson.h"
#include "engine/summary/runsummary.h"

namespace es {

namespace {

using Json = nlohmann::json;

/// Each phase's value, by the phase's key.
template <typename Values>
Json byPhase(const Values& values)
{
    Json phases = Json::object();
    for (Phase phase : kAllPhases)
        phases[std::string(phaseKey(phase))] = values[phaseIndex(phase)];
    return phases;
}

Json stepJson(const BatchRecord& batch)
{
    return {{"epoch", batch.epoch},
            {"batch", batch.batch},
            {"end_s", batch.endS},
            {"wall_ms", batch.wallMs},
            {"phase_ms", byPhase(batch.phaseMs)},
            {"loss", batch.loss},
            {"samples", batch.samples},
            {"h2d_bytes", batch.h2dBytes},
            {"minor_faults", batch.minorFaults},
            {"major_faults", batch.majorFaults},
            {"reduced_bytes", batch.reducedBytes},
            {"overlapped_ms", batch.overlappedMs},
            {"padding_share", batch.paddingShare},
            {"timesteps", batch.timesteps},
            {"memory",
             {{"peak_bytes", byPhase(batch.memory.peakBytes)},
              {"end_bytes", byPhase(batch.memory.endBytes)},
              {"allocations", batch.memory.allocations}}}};
}

Json sampleJson(const SystemSample& sample)
{
    return {{"t_s", sample.tS},
            {"process_cpu_pct", sample.processCpuPct},
            {"machine_cpu_pct", sample.machineCpuPct},
            {"rss_mb", sample.rssMb},
            {"threads", threadsJson(sample.threads)},
            {"gpus", gpusJson(sample.gpus)}};
}

/// A recorded file as stored: what the run wrote, not where the file stands now.
Json savedFileJson(const SavedFileRecord& file)
{
    return {{"kind", std::string(savedFileKindKey(file.kind))},
            {"callback", file.callback},
            {"path", file.path},
            {"epoch", file.epoch},
            {"batch", file.batch ? Json(*file.batch) : Json()},
            {"monitor", file.monitor},
            {"value", file.value ? Json(*file.value) : Json()},
            {"best", file.best},
            {"weights_only", file.weightsOnly},
            {"bytes", file.bytes},
            {"mtime_ns", file.mtimeNs},
            {"removed", file.removed}};
}

std::string cell(double value)
{
    return formatNumber(value);  // the shortest text that reads back as the same double
}

}  // namespace

nlohmann::json runExportJson(const StoredRun& run)
{
    Json epochs = Json::array();
    for (const EpochRecord& epoch : run.epochs)
        epochs.push_back(epochJson(epoch));
    Json steps = Json::array();
    for (const BatchRecord& batch : run.batches)
        steps.push_back(stepJson(batch));
    Json rankSteps = Json::object();
    for (const auto& [rank, batches] : run.rankBatches) {
        Json theirs = Json::array();
        for (const BatchRecord& batch : batches)
            theirs.push_back(stepJson(batch));
        rankSteps[std::to_string(rank)] = std::move(theirs);
    }
    Json samples = Json::array();
    for (const SystemSample& sample : run.samples)
        samples.push_back(sampleJson(sample));
    Json checkpoints = Json::array();
    for (const SavedFileRecord& file : run.checkpoints)
        checkpoints.push_back(savedFileJson(file));
    return {{"format", std::string(kRunExportFormat)},
            {"format_version", kRunExportFormatVersion},
            {"id", run.header.id},
            {"name", run.header.name},
            {"status", std::string(runStatusKey(run.header.status))},
            {"started_at", run.header.startedAt},
            {"ended_at", run.header.endedAt.empty() ? Json() : Json(run.header.endedAt)},
            {"error", run.error.empty() ? Json() : Json(run.error)},
            {"notes", run.notes},
            {"config", run.config},
            {"run", run.info},
            {"summary", run.summary},
            {"epochs", std::move(epochs)},
            {"steps", std::move(steps)},
            {"rank_steps", std::move(rankSteps)},
            {"samples", std::move(samples)},
            {"checkpoints", std::move(checkpoints)}};
}

std::string stepsCsv(const StoredRun& run)
{
    std::string text = "epoch,batch,end_s,wall_ms";
    for (Phase phase : kAllPhases)
        text += "," + std::string(phaseKey(phase)) + "_ms";
    text +=
        ",loss,samples,h2d_bytes,minor_faults,major_faults,reduced_bytes,overlapped_ms,"
        "padding_share,timesteps";
    for (Phase phase : kAllPhases)
        text += "," + std::string(phaseKey(phase)) + "_peak_bytes";
    for (Phase phase : kAllPhases)
        text += "," + std::string(phaseKey(phase)) + "_end_bytes";
    text += ",allocations,rank\n";
    const auto addRows = [&text](const std::vector<BatchRecord>& batches, int rank) {
        for (const BatchRecord& batch : batches) {
            text += std::to_string(batch.epoch) + "," + std::to_string(batch.batch) + "," +
                    cell(batch.endS) + "," + cell(batch.wallMs);
            for (double ms : batch.phaseMs)
                text += "," + cell(ms);
            text += "," + cell(batch.loss) + "," + std::to_string(batch.samples) + "," +
                    std::to_string(batch.h2dBytes) + "," + std::to_string(batch.minorFaults) + "," +
                    std::to_string(batch.majorFaults) + "," + std::to_string(batch.reducedBytes) +
                    "," + cell(batch.overlappedMs) + "," + cell(batch.paddingShare) + "," +
                    std::to_string(batch.timesteps);
            for (std::int64_t bytes : batch.memory.peakBytes)
                text += "," + std::to_string(bytes);
            for (std::int64_t bytes : batch.memory.endBytes)
                text += "," + std::to_string(bytes);
            text +=
                "," + std::to_string(batch.memory.allocations) + "," + std::to_string(rank) + "\n";
        }
    };
    addRows(run.batches, 0);
    for (const auto& [rank, batches] : run.rankBatches)
        addRows(batches, rank);
    return text;
}

}  // namespace es
