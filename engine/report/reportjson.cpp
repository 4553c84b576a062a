#include "engine/report/reportjson.h"

#include "engine/config/jsondocument.h"
#include "engine/report/runcomparison.h"

namespace es {

namespace {

using Json = nlohmann::json;

template <typename Value>
Json orNull(const std::optional<Value>& value)
{
    return value ? Json(*value) : Json(nullptr);
}

Json textOrNull(const std::string& text)
{
    return text.empty() ? Json(nullptr) : Json(text);
}

Json phasesJson(const ComparedRun& run)
{
    Json phases = Json::object();
    for (Phase phase : kAllPhases) {
        const PhaseFigures& figures = run.phases[phaseIndex(phase)];
        phases[std::string(phaseKey(phase))] = {
            {"steady_median_ms", orNull(figures.steadyMedianMs)},
            {"total_s", figures.totalS},
            {"share", figures.share},
            {"steady_peak_mb", orNull(figures.steadyPeakMb)}};
    }
    return phases;
}

Json runJson(const ComparedRun& run)
{
    const LatencyFigures& latency = run.latency;
    const TransferFigures& transfer = run.transfer;
    const UtilisationFigures& u = run.utilisation;
    Json findings = Json::array();
    for (const FindingLine& finding : run.findings)
        findings.push_back(
            {{"id", finding.id}, {"severity", finding.severity}, {"title", finding.title}});
    return {{"label", run.label},
            {"id", run.id},
            {"name", run.name},
            {"status", run.status},
            {"started_at", textOrNull(run.startedAt)},
            {"ended_at", textOrNull(run.endedAt)},
            {"notes", run.notes},
            {"device", textOrNull(run.device)},
            {"backend", textOrNull(run.backend)},
            {"placement", textOrNull(run.placement)},
            {"intra_op_threads", orNull(run.intraOpThreads)},
            {"inter_op_threads", orNull(run.interOpThreads)},
            {"batch_size", orNull(run.batchSize)},
            {"world_size", run.worldSize},
            {"steps", run.steps},
            {"steady_step_ms", orNull(run.steadyStepMs)},
            {"samples_per_s", orNull(run.samplesPerS)},
            {"scaling_efficiency", orNull(run.scalingEfficiency)},
            {"first_epoch_ratio", orNull(run.firstEpochRatio)},
            {"training_s", run.trainingS},
            {"wall_s", orNull(run.wallS)},
            {"phases", phasesJson(run)},
            {"latency_ms",
             {{"warm_steps", latency.steps},
              {"p50", orNull(latency.p50Ms)},
              {"p90", orNull(latency.p90Ms)},
              {"p99", orNull(latency.p99Ms)},
              {"max", orNull(latency.maxMs)}}},
            {"transfer",
             {{"median_bytes_per_step", orNull(transfer.medianBytesPerStep)},
              {"median_ms_per_step", orNull(transfer.medianMsPerStep)},
              {"gb_per_s", orNull(transfer.gbPerS)},
              {"total_bytes", transfer.totalBytes}}},
            {"utilisation",
             {{"samples", u.samples},
              {"process_cpu_pct_mean", orNull(u.meanProcessCpuPct)},
              {"process_cpu_pct_max", orNull(u.maxProcessCpuPct)},
              {"machine_cpu_pct_mean", orNull(u.meanMachineCpuPct)},
              {"rss_mb_peak", orNull(u.peakRssMb)},
              {"gpu_util_pct_mean", orNull(u.meanGpuUtilPct)},
              {"gpu_memory_mb_peak", orNull(u.peakGpuMemoryMb)}}},
            {"findings", findings}};
}

Json diffJson(const std::vector<DiffRow>& rows)
{
    Json list = Json::array();
    for (const DiffRow& row : rows) {
        Json values = Json::array();
        for (const DiffValue& value : row.values)
            values.push_back(
                {{"present", value.present}, {"value", value.value}, {"text", value.text}});
        list.push_back({{"key", row.key}, {"values", values}});
    }
    return list;
}

Json epochsJson(const std::vector<EpochRow>& rows)
{
    Json list = Json::array();
    for (const EpochRow& row : rows) {
        Json runs = Json::array();
        for (const std::optional<EpochTimes>& times : row.runs)
            runs.push_back(times ? Json{{"train_s", times->trainS},
                                        {"validation_s", times->validationS},
                                        {"wall_s", times->wallS}}
                                 : Json(nullptr));
        list.push_back({{"epoch", row.epoch}, {"runs", runs}});
    }
    return list;
}

Json attributionJson(const Attribution& attribution)
{
    Json phases = Json::array();
    for (const PhaseDelta& delta : attribution.phases)
        phases.push_back({{"phase", std::string(phaseKey(delta.phase))},
                          {"ms_per_step", orNull(delta.msPerStep)},
                          {"scaled_s", orNull(delta.scaledS)}});
    return {{"run", attribution.label},
            {"speedup", orNull(attribution.speedup)},
            {"baseline_steps", attribution.baselineSteps},
            {"scaled_total_s", orNull(attribution.scaledTotalS)},
            {"phases", phases},
            {"sentence", attribution.sentence}};
}

}  // namespace

nlohmann::json comparisonJson(const RunComparison& comparison)
{
    Json runs = Json::array();
    for (const ComparedRun& run : comparison.runs)
        runs.push_back(runJson(run));
    Json attribution = Json::array();
    for (const Attribution& entry : comparison.attributions)
        attribution.push_back(attributionJson(entry));
    const LatencyHistogram& histogram = comparison.histogram;
    return {{"format", std::string(kComparisonFormat)},
            {"format_version", kComparisonFormatVersion},
            {"baseline", comparison.runs.empty() ? Json(nullptr) : Json(comparison.runs[0].label)},
            {"runs", runs},
            {"environment_diff", diffJson(comparison.environmentDiff)},
            {"facts_diff", diffJson(comparison.factsDiff)},
            {"config_diff", diffJson(comparison.configDiff)},
            {"epochs", epochsJson(comparison.epochs)},
            {"histogram",
             {{"edges_ms", histogram.edgesMs},
              {"log_spaced", histogram.logSpaced},
              {"counts", histogram.counts}}},
            {"attribution", attribution}};
}

std::string writeJson(const RunComparison& comparison)
{
    return comparisonJson(comparison).dump(kJsonIndent) + "\n";
}

}  // namespace es
