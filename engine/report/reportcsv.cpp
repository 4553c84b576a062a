#include "engine/report/reportcsv.h"

#include "engine/report/runcomparison.h"

#include <nlohmann/json.hpp>

namespace es {

namespace {

class CsvRows {
public:
    CsvRows() { m_text = "section,key,run,value,unit\n"; }

    void number(const std::string& section, const std::string& key, const std::string& run,
                const std::optional<double>& value, const char* unit)
    {
        // The shortest text that reads back as the same double.
        add(section, key, run, value ? nlohmann::json(*value).dump() : std::string(), unit);
    }

    void count(const std::string& section, const std::string& key, const std::string& run,
               std::int64_t value, const char* unit)
    {
        add(section, key, run, std::to_string(value), unit);
    }

    void count(const std::string& section, const std::string& key, const std::string& run,
               const std::optional<std::int64_t>& value, const char* unit)
    {
        add(section, key, run, value ? std::to_string(*value) : std::string(), unit);
    }

    /// A text a user gave or a run recorded.
    void text(const std::string& section, const std::string& key, const std::string& run,
              const std::string& value)
    {
        add(section, key, run, spreadsheetSafe(value), "");
    }

    /// A value as it is written elsewhere (a config number, `true`, `[]`), left as it is.
    void literal(const std::string& section, const std::string& key, const std::string& run,
                 const std::string& value)
    {
        add(section, key, run, value, "");
    }

    const std::string& result() const { return m_text; }

private:
    // A spreadsheet runs a cell starting with one of these as a formula; a leading quote
    // makes it text again (a run named "=HYPERLINK(...)" stays a name).
    static std::string spreadsheetSafe(const std::string& value)
    {
        if (!value.empty() && std::string_view("=+-@\t\r").find(value.front()) != std::string::npos)
            return "'" + value;
        return value;
    }

    void add(const std::string& section, const std::string& key, const std::string& run,
             const std::string& value, const char* unit)
    {
        m_text += csvField(section) + "," + csvField(key) + "," + csvField(run) + "," +
                  csvField(value) + "," + csvField(unit) + "\n";
    }

    std::string m_text;
};

std::optional<std::int64_t> wide(const std::optional<int>& value)
{
    return value ? std::optional<std::int64_t>(*value) : std::nullopt;
}

void runRows(CsvRows& rows, const ComparedRun& run)
{
    const std::string& r = run.label;
    rows.count("run", "id", r, run.id, "");
    rows.text("run", "name", r, run.name);
    rows.text("run", "status", r, run.status);
    rows.text("run", "started_at", r, run.startedAt);
    rows.text("run", "ended_at", r, run.endedAt);
    rows.text("run", "notes", r, run.notes);
    rows.text("run", "device", r, run.device);
    rows.text("run", "backend", r, run.backend);
    rows.text("run", "placement", r, run.placement);
    rows.count("run", "intra_op_threads", r, wide(run.intraOpThreads), "threads");
    rows.count("run", "inter_op_threads", r, wide(run.interOpThreads), "threads");
    rows.count("run", "batch_size", r, run.batchSize, "samples");
    rows.count("run", "world_size", r, std::int64_t{run.worldSize}, "processes");
    rows.count("run", "steps", r, run.steps, "steps");
    rows.count("run", "warm_steps", r, run.latency.steps, "steps");
    rows.number("run", "steady_step_ms", r, run.steadyStepMs, "ms");
    rows.number("run", "samples_per_s", r, run.samplesPerS, "samples/s");
    rows.number("run", "scaling_efficiency", r, run.scalingEfficiency, "ratio");
    rows.number("run", "first_epoch_ratio", r, run.firstEpochRatio, "ratio");
    rows.number("run", "training_s", r, run.trainingS, "s");
    rows.number("run", "wall_s", r, run.wallS, "s");
}

void diffRows(CsvRows& rows, const RunComparison& comparison, const std::string& section,
              const std::vector<DiffRow>& diff)
{
    for (const DiffRow& row : diff)
        for (std::size_t i = 0; i < row.values.size(); ++i) {
            const DiffValue& value = row.values[i];
            if (value.value.is_string())
                rows.text(section, row.key, comparison.runs[i].label, value.text);
            else
                rows.literal(section, row.key, comparison.runs[i].label, value.text);
        }
}

void epochRows(CsvRows& rows, const RunComparison& comparison)
{
    for (const EpochRow& row : comparison.epochs) {
        const std::string prefix = std::to_string(row.epoch) + ".";
        for (std::size_t i = 0; i < row.runs.size(); ++i) {
            if (!row.runs[i])
                continue;
            const std::string& r = comparison.runs[i].label;
            rows.number("epoch", prefix + "train_s", r, row.runs[i]->trainS, "s");
            rows.number("epoch", prefix + "validation_s", r, row.runs[i]->validationS, "s");
            rows.number("epoch", prefix + "wall_s", r, row.runs[i]->wallS, "s");
        }
    }
}

void phaseRows(CsvRows& rows, const ComparedRun& run)
{
    for (Phase phase : kAllPhases) {
        const PhaseFigures& figures = run.phases[phaseIndex(phase)];
        const std::string prefix = std::string(phaseKey(phase)) + ".";
        rows.number("phase", prefix + "steady_median_ms", run.label, figures.steadyMedianMs, "ms");
        rows.number("phase", prefix + "total_s", run.label, figures.totalS, "s");
        rows.number("phase", prefix + "share", run.label, figures.share, "fraction");
        rows.number("phase", prefix + "steady_peak_mb", run.label, figures.steadyPeakMb, "MB");
    }
}

void latencyRows(CsvRows& rows, const ComparedRun& run)
{
    const LatencyFigures& latency = run.latency;
    rows.count("latency", "warm_steps", run.label, latency.steps, "steps");
    rows.number("latency", "p50_ms", run.label, latency.p50Ms, "ms");
    rows.number("latency", "p90_ms", run.label, latency.p90Ms, "ms");
    rows.number("latency", "p99_ms", run.label, latency.p99Ms, "ms");
    rows.number("latency", "max_ms", run.label, latency.maxMs, "ms");
}

void histogramRows(CsvRows& rows, const RunComparison& comparison)
{
    const LatencyHistogram& histogram = comparison.histogram;
    for (std::size_t bin = 0; bin + 1 < histogram.edgesMs.size(); ++bin) {
        const std::string prefix = "bin_" + std::to_string(bin + 1) + ".";
        rows.number("histogram", prefix + "low_ms", "", histogram.edgesMs[bin], "ms");
        rows.number("histogram", prefix + "high_ms", "", histogram.edgesMs[bin + 1], "ms");
        for (std::size_t i = 0; i < comparison.runs.size(); ++i)
            rows.count("histogram", prefix + "count", comparison.runs[i].label,
                       histogram.counts[i][bin], "steps");
    }
}

void transferRows(CsvRows& rows, const ComparedRun& run)
{
    const TransferFigures& transfer = run.transfer;
    rows.number("transfer", "median_bytes_per_step", run.label, transfer.medianBytesPerStep, "B");
    rows.number("transfer", "median_ms_per_step", run.label, transfer.medianMsPerStep, "ms");
    rows.number("transfer", "gb_per_s", run.label, transfer.gbPerS, "GB/s");
    rows.count("transfer", "total_bytes", run.label, transfer.totalBytes, "B");
}

void utilisationRows(CsvRows& rows, const ComparedRun& run)
{
    const UtilisationFigures& u = run.utilisation;
    const std::string& r = run.label;
    rows.count("utilisation", "samples", r, u.samples, "samples");
    rows.number("utilisation", "process_cpu_pct_mean", r, u.meanProcessCpuPct, "%");
    rows.number("utilisation", "process_cpu_pct_max", r, u.maxProcessCpuPct, "%");
    rows.number("utilisation", "machine_cpu_pct_mean", r, u.meanMachineCpuPct, "%");
    rows.number("utilisation", "rss_mb_peak", r, u.peakRssMb, "MB");
    rows.number("utilisation", "gpu_util_pct_mean", r, u.meanGpuUtilPct, "%");
    rows.number("utilisation", "gpu_memory_mb_peak", r, u.peakGpuMemoryMb, "MB");
}

void findingRows(CsvRows& rows, const ComparedRun& run)
{
    for (std::size_t i = 0; i < run.findings.size(); ++i) {
        const std::string prefix = std::to_string(i + 1) + ".";
        rows.text("finding", prefix + "id", run.label, run.findings[i].id);
        rows.text("finding", prefix + "severity", run.label, run.findings[i].severity);
        rows.text("finding", prefix + "title", run.label, run.findings[i].title);
    }
}

void attributionRows(CsvRows& rows, const Attribution& attribution)
{
    const std::string& r = attribution.label;
    rows.number("attribution", "speedup", r, attribution.speedup, "ratio");
    rows.count("attribution", "baseline_steps", r, attribution.baselineSteps, "steps");
    rows.number("attribution", "scaled_total_s", r, attribution.scaledTotalS, "s");
    for (const PhaseDelta& delta : attribution.phases) {
        const std::string prefix = std::string(phaseKey(delta.phase)) + ".";
        rows.number("attribution", prefix + "ms_per_step", r, delta.msPerStep, "ms");
        rows.number("attribution", prefix + "scaled_s", r, delta.scaledS, "s");
    }
    rows.text("attribution", "sentence", r, attribution.sentence);
}

}  // namespace

std::string csvField(std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(text);
    std::string quoted = "\"";
    for (char c : text)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

std::string writeCsv(const RunComparison& comparison)
{
    CsvRows rows;
    for (const ComparedRun& run : comparison.runs)
        runRows(rows, run);
    diffRows(rows, comparison, "environment", comparison.environmentDiff);
    diffRows(rows, comparison, "facts", comparison.factsDiff);
    diffRows(rows, comparison, "config", comparison.configDiff);
    epochRows(rows, comparison);
    for (const ComparedRun& run : comparison.runs)
        phaseRows(rows, run);
    for (const ComparedRun& run : comparison.runs)
        latencyRows(rows, run);
    histogramRows(rows, comparison);
    for (const ComparedRun& run : comparison.runs)
        transferRows(rows, run);
    for (const ComparedRun& run : comparison.runs)
        utilisationRows(rows, run);
    for (const ComparedRun& run : comparison.runs)
        findingRows(rows, run);
    for (const Attribution& attribution : comparison.attributions)
        attributionRows(rows, attribution);
    return rows.result();
}

}  // namespace es
