#include "report/reporttables.h"

#include "core/text.h"
#include "report/reporttext.h"

#include <algorithm>

namespace es {

namespace {

// In a table cell: a value the run has none of (an epoch it did not reach).
constexpr const char* kNone = "-";

std::string runHeader(const ComparedRun& run)
{
    return run.label + " (#" + std::to_string(run.id) + ")";
}

std::string textOr(const std::string& text, const char* missing)
{
    return text.empty() ? std::string(missing) : text;
}

template <typename Value>
std::string countOr(const std::optional<Value>& value, const char* missing)
{
    return value ? std::to_string(*value) : std::string(missing);
}

std::string shareText(double share)
{
    return formatText("%.1f%%", share * 100.0);
}

/// A table with a first column of names and one column per run.
ReportTable perRunTable(const RunComparison& comparison, const std::string& firstHeader,
                        bool numeric)
{
    ReportTable table;
    table.headers.push_back(firstHeader);
    table.numeric.push_back(false);
    for (const ComparedRun& run : comparison.runs) {
        table.headers.push_back(runHeader(run));
        table.numeric.push_back(numeric);
    }
    return table;
}

template <typename Cell>
void addRow(ReportTable& table, const RunComparison& comparison, const std::string& name,
            const Cell& cellOf)
{
    std::vector<ReportCell> row{{name, std::nullopt}};
    for (const ComparedRun& run : comparison.runs)
        row.push_back({cellOf(run), std::nullopt});
    table.rows.push_back(std::move(row));
}

ReportSection summarySection(const RunComparison& comparison)
{
    ReportSection section{"summary", "Summary", {}, {}};
    const ComparedRun& baseline = comparison.runs.front();
    section.paragraphs.push_back(baseline.label + " (run #" + std::to_string(baseline.id) + ", " +
                                 baseline.name + ") is the baseline; every difference is " +
                                 "another run minus " + baseline.label + ".");
    for (const Attribution& attribution : comparison.attributions)
        section.paragraphs.push_back(attribution.sentence);
    return section;
}

ReportSection runsSection(const RunComparison& c)
{
    ReportSection section{"runs", "Runs", {}, {}};
    ReportTable table = perRunTable(c, "", false);
    const char* nr = kNotRecorded;
    addRow(table, c, "Run id", [](const ComparedRun& r) { return std::to_string(r.id); });
    addRow(table, c, "Name", [](const ComparedRun& r) { return r.name; });
    addRow(table, c, "Status", [](const ComparedRun& r) { return r.status; });
    addRow(table, c, "Started", [nr](const ComparedRun& r) { return textOr(r.startedAt, nr); });
    addRow(table, c, "Ended", [nr](const ComparedRun& r) { return textOr(r.endedAt, nr); });
    addRow(table, c, "Notes", [](const ComparedRun& r) { return r.notes; });
    addRow(table, c, "Device", [nr](const ComparedRun& r) { return textOr(r.device, nr); });
    addRow(table, c, "Backend", [nr](const ComparedRun& r) { return textOr(r.backend, nr); });
    addRow(table, c, "Placement", [nr](const ComparedRun& r) { return textOr(r.placement, nr); });
    addRow(table, c, "Intra-op threads",
           [nr](const ComparedRun& r) { return countOr(r.intraOpThreads, nr); });
    addRow(table, c, "Inter-op threads",
           [nr](const ComparedRun& r) { return countOr(r.interOpThreads, nr); });
    addRow(table, c, "Batch size", [nr](const ComparedRun& r) { return countOr(r.batchSize, nr); });
    addRow(table, c, "Steps", [](const ComparedRun& r) { return std::to_string(r.steps); });
    addRow(table, c, "Warm steps",
           [](const ComparedRun& r) { return std::to_string(r.latency.steps); });
    addRow(table, c, "Warm step (median ms)",
           [](const ComparedRun& r) { return fixedText(r.steadyStepMs, 2, kNone); });
    addRow(table, c, "Samples/s",
           [](const ComparedRun& r) { return fixedText(r.samplesPerS, 1, kNone); });
    addRow(table, c, "First-epoch ratio",
           [](const ComparedRun& r) { return fixedText(r.firstEpochRatio, 2, kNone); });
    addRow(table, c, "Training time (s, steps)",
           [](const ComparedRun& r) { return fixedText(r.trainingS, 3); });
    addRow(table, c, "Wall time (s, whole run)",
           [nr](const ComparedRun& r) { return fixedText(r.wallS, 3, nr); });
    section.tables.push_back(std::move(table));
    section.paragraphs.push_back(
        "Warm steps are those after epoch 1 (after the first 10% of a one-epoch run). Training "
        "time is the sum of every step's wall time; wall time is the whole run as its summary "
        "recorded it (setup, validation and callbacks included).");
    return section;
}

ReportSection diffSection(const RunComparison& c, const std::vector<DiffRow>& rows,
                          const char* anchor, const char* title, const std::string& what)
{
    ReportSection section{anchor, title, {}, {}};
    if (rows.empty()) {
        section.paragraphs.push_back("The same in every run: " + what + ".");
        return section;
    }
    section.paragraphs.push_back("Only what differs: " + what + ".");
    ReportTable table = perRunTable(c, "Key", false);
    for (const DiffRow& row : rows) {
        std::vector<ReportCell> cells{{row.key, std::nullopt, true}};
        for (const DiffValue& value : row.values)
            cells.push_back({value.text, std::nullopt, value.present});
        table.rows.push_back(std::move(cells));
    }
    section.tables.push_back(std::move(table));
    return section;
}

ReportSection epochsSection(const RunComparison& c)
{
    ReportSection section{"epochs", "Epoch times (s)", {}, {}};
    ReportTable table;
    table.headers.push_back("Epoch");
    table.numeric.push_back(true);
    for (const ComparedRun& run : c.runs) {
        for (const char* part : {" train", " validation", " wall"}) {
            table.headers.push_back(run.label + part);
            table.numeric.push_back(true);
        }
    }
    for (const EpochRow& row : c.epochs) {
        std::vector<ReportCell> cells{{std::to_string(row.epoch), std::nullopt}};
        for (const std::optional<EpochTimes>& times : row.runs) {
            for (double value : {times ? times->trainS : 0.0, times ? times->validationS : 0.0,
                                 times ? times->wallS : 0.0})
                cells.push_back({times ? fixedText(value, 3) : kNone, std::nullopt});
        }
        table.rows.push_back(std::move(cells));
    }
    if (table.rows.empty())
        section.paragraphs.push_back("No run completed an epoch.");
    else
        section.tables.push_back(std::move(table));
    return section;
}

ReportSection phasesSection(const RunComparison& c)
{
    ReportSection section{"phases", "Phases", {}, {}};
    ReportTable medians = perRunTable(c, "Phase", true);
    medians.caption = "Median per warm step (ms)";
    for (std::size_t r = 1; r < c.runs.size(); ++r) {
        medians.headers.push_back(c.runs[r].label + " - " + c.runs[0].label);
        medians.numeric.push_back(true);
    }
    ReportTable totals;
    totals.caption = "Over every step (s, and share of the training time)";
    totals.headers.push_back("Phase");
    totals.numeric.push_back(false);
    for (const ComparedRun& run : c.runs) {
        totals.headers.insert(totals.headers.end(), {run.label + " s", run.label + " share"});
        totals.numeric.insert(totals.numeric.end(), {true, true});
    }
    for (Phase phase : kAllPhases) {
        const std::size_t p = phaseIndex(phase);
        const std::string name(phaseLabel(phase));
        std::vector<ReportCell> medianRow{{name, std::nullopt}};
        std::vector<ReportCell> totalRow{{name, std::nullopt}};
        for (const ComparedRun& run : c.runs) {
            medianRow.push_back({fixedText(run.phases[p].steadyMedianMs, 2, kNone), std::nullopt});
            totalRow.push_back({fixedText(run.phases[p].totalS, 3), std::nullopt});
            totalRow.push_back({shareText(run.phases[p].share), run.phases[p].share});
        }
        const auto& base = c.runs[0].phases[p].steadyMedianMs;
        for (std::size_t r = 1; r < c.runs.size(); ++r) {
            const auto& mine = c.runs[r].phases[p].steadyMedianMs;
            medianRow.push_back(
                {mine && base ? signedFixedText(*mine - *base, 2) : kNone, std::nullopt});
        }
        medians.rows.push_back(std::move(medianRow));
        totals.rows.push_back(std::move(totalRow));
    }
    section.paragraphs.push_back(
        "Medians of each phase need not add up to the median step; the totals add up to the "
        "training time.");
    section.tables.push_back(std::move(medians));
    section.tables.push_back(std::move(totals));
    return section;
}

ReportSection latencySection(const RunComparison& c)
{
    ReportSection section{"latency", "Step latency (warm steps, ms)", {}, {}};
    ReportTable table = perRunTable(c, "", true);
    addRow(table, c, "Warm steps",
           [](const ComparedRun& r) { return std::to_string(r.latency.steps); });
    addRow(table, c, "p50",
           [](const ComparedRun& r) { return fixedText(r.latency.p50Ms, 2, kNone); });
    addRow(table, c, "p90",
           [](const ComparedRun& r) { return fixedText(r.latency.p90Ms, 2, kNone); });
    addRow(table, c, "p99",
           [](const ComparedRun& r) { return fixedText(r.latency.p99Ms, 2, kNone); });
    addRow(table, c, "max",
           [](const ComparedRun& r) { return fixedText(r.latency.maxMs, 2, kNone); });
    addRow(table, c, "p99 / p50", [](const ComparedRun& r) {
        const LatencyFigures& l = r.latency;
        return l.p50Ms && *l.p50Ms > 0.0 ? ratioText(*l.p99Ms / *l.p50Ms) : std::string(kNone);
    });
    section.tables.push_back(std::move(table));
    return section;
}

ReportSection distributionSection(const RunComparison& c)
{
    ReportSection section{"distribution", "Step time distribution (warm steps)", {}, {}};
    const LatencyHistogram& histogram = c.histogram;
    if (histogram.edgesMs.size() < 2) {
        section.paragraphs.push_back("No run has warm steps.");
        return section;
    }
    const std::size_t bins = histogram.edgesMs.size() - 1;
    section.paragraphs.push_back(
        std::to_string(bins) + (histogram.logSpaced ? " log-spaced" : " equal") + " bins from " +
        fixedText(histogram.edgesMs.front(), 2) + " to " + fixedText(histogram.edgesMs.back(), 2) +
        " ms, the same for every run; each count is that run's steps in the bin, the bar its "
        "share of the run's warm steps.");
    ReportTable table = perRunTable(c, "Step time (ms)", true);
    for (std::size_t bin = 0; bin < bins; ++bin) {
        std::vector<ReportCell> row{{fixedText(histogram.edgesMs[bin], 2) + " - " +
                                         fixedText(histogram.edgesMs[bin + 1], 2),
                                     std::nullopt}};
        for (std::size_t r = 0; r < c.runs.size(); ++r) {
            const std::int64_t count = histogram.counts[r][bin];
            const std::int64_t steps = std::max<std::int64_t>(1, c.runs[r].latency.steps);
            row.push_back(
                {std::to_string(count), static_cast<double>(count) / static_cast<double>(steps)});
        }
        table.rows.push_back(std::move(row));
    }
    section.tables.push_back(std::move(table));
    return section;
}

ReportSection transferSection(const RunComparison& c)
{
    ReportSection section{"transfer", "Host-to-device transfer", {}, {}};
    ReportTable table = perRunTable(c, "", true);
    addRow(table, c, "Bytes per warm step (median)", [](const ComparedRun& r) {
        const auto& bytes = r.transfer.medianBytesPerStep;
        return bytes ? formatBytes(static_cast<std::int64_t>(*bytes)) : std::string(kNone);
    });
    addRow(table, c, "Copy ms per warm step (median)",
           [](const ComparedRun& r) { return fixedText(r.transfer.medianMsPerStep, 3, kNone); });
    addRow(table, c, "Effective GB/s",
           [](const ComparedRun& r) { return fixedText(r.transfer.gbPerS, 2, kNone); });
    addRow(table, c, "Bytes over every step",
           [](const ComparedRun& r) { return formatBytes(r.transfer.totalBytes); });
    section.tables.push_back(std::move(table));
    return section;
}

ReportSection utilisationSection(const RunComparison& c)
{
    ReportSection section{"utilisation", "Utilisation (system sampler)", {}, {}};
    ReportTable table = perRunTable(c, "", true);
    const char* nr = kNotRecorded;
    addRow(table, c, "Samples",
           [](const ComparedRun& r) { return std::to_string(r.utilisation.samples); });
    addRow(table, c, "Process CPU % (mean)", [nr](const ComparedRun& r) {
        return fixedText(r.utilisation.meanProcessCpuPct, 1, nr);
    });
    addRow(table, c, "Process CPU % (max)",
           [nr](const ComparedRun& r) { return fixedText(r.utilisation.maxProcessCpuPct, 1, nr); });
    addRow(table, c, "Machine CPU % (mean)", [nr](const ComparedRun& r) {
        return fixedText(r.utilisation.meanMachineCpuPct, 1, nr);
    });
    addRow(table, c, "Peak RSS (MB)",
           [nr](const ComparedRun& r) { return fixedText(r.utilisation.peakRssMb, 1, nr); });
    addRow(table, c, "GPU utilisation % (mean)",
           [nr](const ComparedRun& r) { return fixedText(r.utilisation.meanGpuUtilPct, 1, nr); });
    addRow(table, c, "GPU memory peak (MB)",
           [nr](const ComparedRun& r) { return fixedText(r.utilisation.peakGpuMemoryMb, 1, nr); });
    section.paragraphs.push_back(
        "Process CPU: 100% is one core busy; machine CPU: 100% is every core busy.");
    section.tables.push_back(std::move(table));
    return section;
}

ReportSection findingsSection(const RunComparison& c)
{
    ReportSection section{"findings", "Findings", {}, {}};
    section.paragraphs.push_back(
        "The diagnosis saved with each run (epochscope-cli diagnose ID saves one).");
    ReportTable table;
    table.headers = {"Run", "Severity", "Id", "Title"};
    table.numeric = {false, false, false, false};
    for (const ComparedRun& run : c.runs) {
        if (run.findings.empty())
            table.rows.push_back({{run.label, std::nullopt},
                                  {kNone, std::nullopt},
                                  {kNone, std::nullopt},
                                  {"no findings saved", std::nullopt}});
        for (const FindingLine& finding : run.findings)
            table.rows.push_back({{run.label, std::nullopt},
                                  {finding.severity, std::nullopt},
                                  {finding.id, std::nullopt},
                                  {finding.title, std::nullopt}});
    }
    section.tables.push_back(std::move(table));
    return section;
}

ReportSection attributionSection(const RunComparison& c)
{
    ReportSection section{"attribution", "Attribution to phases", {}, {}};
    const ComparedRun& baseline = c.runs.front();
    section.paragraphs.push_back(
        "Per phase: the run's median per warm step minus " + baseline.label +
        "'s (ms/step), and its mean per step minus " + baseline.label +
        "'s over every step, "
        "times " +
        baseline.label + "'s " + std::to_string(baseline.steps) + " steps (seconds scaled to " +
        baseline.label + "'s length, not measured as such).");
    for (const Attribution& attribution : c.attributions) {
        ReportTable table;
        table.caption = attribution.label + " against " + baseline.label;
        const std::string vs = attribution.label + " - " + baseline.label;
        table.headers = {"Phase", vs + " (ms/step)", vs + " (s, scaled)"};
        table.numeric = {false, true, true};
        for (const PhaseDelta& delta : attribution.phases) {
            table.rows.push_back(
                {{std::string(phaseLabel(delta.phase)), std::nullopt},
                 {delta.msPerStep ? signedFixedText(*delta.msPerStep, 2) : kNone, std::nullopt},
                 {delta.scaledS ? signedFixedText(*delta.scaledS, 3) : kNone, std::nullopt}});
        }
        const auto& total = attribution.scaledTotalS;
        table.rows.push_back({{"All steps", std::nullopt},
                              {kNone, std::nullopt},
                              {total ? signedFixedText(*total, 3) : kNone, std::nullopt}});
        table.rows.push_back(
            {{"Speedup per step", std::nullopt},
             {attribution.speedup ? ratioText(*attribution.speedup) : kNone, std::nullopt},
             {kNone, std::nullopt}});
        section.tables.push_back(std::move(table));
    }
    return section;
}

}  // namespace

std::string reportTitle(const RunComparison& comparison)
{
    std::string title = "Comparison of " + std::to_string(comparison.runs.size()) + " runs: ";
    for (std::size_t i = 0; i < comparison.runs.size(); ++i)
        title += (i > 0 ? ", " : "") + comparison.runs[i].label + " #" +
                 std::to_string(comparison.runs[i].id) + " " + comparison.runs[i].name;
    return title;
}

std::vector<ReportSection> reportSections(const RunComparison& comparison)
{
    return {summarySection(comparison),
            runsSection(comparison),
            diffSection(comparison, comparison.environmentDiff, "environment", "Environment",
                        "the machine and LibTorch build each run's summary "
                        "recorded (\"not recorded\": the run has no summary)"),
            diffSection(comparison, comparison.factsDiff, "facts", "Run facts",
                        "what each run recorded when training started, beyond the runs table"),
            diffSection(comparison, comparison.configDiff, "config", "Config",
                        "the configs as run, by dotted path (\"absent\": not in that config)"),
            epochsSection(comparison),
            phasesSection(comparison),
            latencySection(comparison),
            distributionSection(comparison),
            transferSection(comparison),
            utilisationSection(comparison),
            findingsSection(comparison),
            attributionSection(comparison)};
}

}  // namespace es
