#include "engine/report/reporttables.h"

#include "engine/core/text.h"
#include "engine/diagnosis/rulename.h"
#include "engine/i18n/phasename.h"
#include "engine/i18n/runstatusname.h"
#include "engine/i18n/severityname.h"
#include "engine/i18n/translate.h"
#include "engine/report/reporttext.h"

#include <algorithm>

namespace es {

namespace {

// In a table cell: a value the run has none of (an epoch it did not reach).
constexpr const char* kNone = "-";

/// kNotRecorded in the report's language.
const char* notRecordedText()
{
    return engineText("Report", "not recorded");
}

std::string runHeader(const ComparedRun& run)
{
    return run.label + " (#" + std::to_string(run.id) + ")";
}

std::string textOr(const std::string& text, const char* missing)
{
    return text.empty() ? std::string(missing) : text;
}

/// Text the run's user or machine wrote (a device name, a path), isolated (isolatedText()).
std::string userTextOr(const std::string& text, const char* missing)
{
    return text.empty() ? std::string(missing) : isolatedText(text);
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
    ReportSection section{"summary", engineText("Report", "Summary"), {}, {}};
    const ComparedRun& baseline = comparison.runs.front();
    section.paragraphs.push_back(fillText(
        engineText("Report",
                   "%1 (run #%2, %3) is the baseline; every difference is another run minus %1."),
        {baseline.label, std::to_string(baseline.id), isolatedText(baseline.name)}));
    for (const Attribution& attribution : comparison.attributions)
        section.paragraphs.push_back(attribution.sentence);
    return section;
}

ReportSection runsSection(const RunComparison& c)
{
    ReportSection section{"runs", engineText("Report", "Runs"), {}, {}};
    ReportTable table = perRunTable(c, "", false);
    const char* nr = notRecordedText();
    addRow(table, c, engineText("Report", "Run id"),
           [](const ComparedRun& r) { return std::to_string(r.id); });
    addRow(table, c, engineText("Report", "Name"),
           [](const ComparedRun& r) { return isolatedText(r.name); });
    addRow(table, c, engineText("Report", "Status"),
           [](const ComparedRun& r) { return runStatusName(r.status); });
    addRow(table, c, engineText("Report", "Started"),
           [nr](const ComparedRun& r) { return textOr(r.startedAt, nr); });
    addRow(table, c, engineText("Report", "Ended"),
           [nr](const ComparedRun& r) { return textOr(r.endedAt, nr); });
    addRow(table, c, engineText("Report", "Notes"),
           [](const ComparedRun& r) { return r.notes.empty() ? r.notes : isolatedText(r.notes); });
    addRow(table, c, engineText("Report", "Device"),
           [nr](const ComparedRun& r) { return userTextOr(r.device, nr); });
    addRow(table, c, engineText("Report", "Backend"),
           [nr](const ComparedRun& r) { return textOr(r.backend, nr); });
    addRow(table, c, engineText("Report", "Placement"),
           [nr](const ComparedRun& r) { return textOr(r.placement, nr); });
    addRow(table, c, engineText("Report", "Intra-op threads"),
           [nr](const ComparedRun& r) { return countOr(r.intraOpThreads, nr); });
    addRow(table, c, engineText("Report", "Inter-op threads"),
           [nr](const ComparedRun& r) { return countOr(r.interOpThreads, nr); });
    addRow(table, c, engineText("Report", "Batch size"),
           [nr](const ComparedRun& r) { return countOr(r.batchSize, nr); });
    addRow(table, c, engineText("Report", "Processes"),
           [](const ComparedRun& r) { return std::to_string(r.worldSize); });
    addRow(table, c, engineText("Report", "Steps"),
           [](const ComparedRun& r) { return std::to_string(r.steps); });
    addRow(table, c, engineText("Report", "Warm steps"),
           [](const ComparedRun& r) { return std::to_string(r.latency.steps); });
    addRow(table, c, engineText("Report", "Warm step (median ms)"),
           [](const ComparedRun& r) { return fixedText(r.steadyStepMs, 2, kNone); });
    addRow(table, c, engineText("Report", "Samples/s"),
           [](const ComparedRun& r) { return fixedText(r.samplesPerS, 1, kNone); });
    addRow(table, c, engineText("Report", "Scaling efficiency vs A"),
           [](const ComparedRun& r) { return fixedText(r.scalingEfficiency, 3, kNone); });
    addRow(table, c, engineText("Report", "First-epoch ratio"),
           [](const ComparedRun& r) { return fixedText(r.firstEpochRatio, 2, kNone); });
    addRow(table, c, engineText("Report", "Training time (s, steps)"),
           [](const ComparedRun& r) { return fixedText(r.trainingS, 3); });
    addRow(table, c, engineText("Report", "Wall time (s, whole run)"),
           [nr](const ComparedRun& r) { return fixedText(r.wallS, 3, nr); });
    section.tables.push_back(std::move(table));
    section.paragraphs.push_back(engineText(
        "Report",
        "Warm steps are those after epoch 1 (after the first 10% of a one-epoch run). Training "
        "time is the sum of every step's wall time; wall time is the whole run as its summary "
        "recorded it (setup, validation and callbacks included). Batch size is per process, "
        "and samples/s counts every process's samples. Scaling efficiency (where a run trained "
        "on several processes) is the run's warm samples/s per machine, or per GPU on CUDA, over "
        "A's: 1.0 means each machine or GPU added trained as fast as A's did."));
    return section;
}

/// A compared value as a reader sees it: the words for a missing one in the report's language.
std::string diffValueText(const DiffValue& value)
{
    if (value.text == kNotRecorded)
        return notRecordedText();
    if (value.text == kAbsent)
        return engineText("Report", "absent");
    return isolatedText(value.text);
}

ReportSection diffSection(const RunComparison& c, const std::vector<DiffRow>& rows,
                          const char* anchor, const std::string& title, const std::string& same,
                          const std::string& differs)
{
    ReportSection section{anchor, title, {}, {}};
    if (rows.empty()) {
        section.paragraphs.push_back(same);
        return section;
    }
    section.paragraphs.push_back(differs);
    ReportTable table = perRunTable(c, engineText("Report", "Key"), false);
    for (const DiffRow& row : rows) {
        std::vector<ReportCell> cells{{isolatedText(row.key), std::nullopt, true}};
        for (const DiffValue& value : row.values)
            cells.push_back({diffValueText(value), std::nullopt, value.present});
        table.rows.push_back(std::move(cells));
    }
    section.tables.push_back(std::move(table));
    return section;
}

ReportSection epochsSection(const RunComparison& c)
{
    ReportSection section{"epochs", engineText("Report", "Epoch times (s)"), {}, {}};
    ReportTable table;
    table.headers.push_back(engineText("Report", "Epoch"));
    table.numeric.push_back(true);
    for (const ComparedRun& run : c.runs) {
        for (const char* part :
             {engineText("Report", "%1 train"), engineText("Report", "%1 validation"),
              engineText("Report", "%1 wall")}) {
            table.headers.push_back(fillText(part, {run.label}));
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
        section.paragraphs.push_back(engineText("Report", "No run completed an epoch."));
    else
        section.tables.push_back(std::move(table));
    return section;
}

/// Each phase's tensor memory peak per run (docs/memory.md), and each run's difference from
/// the baseline: which phase decides how much memory a batch needs, and what a change did to
/// it.
ReportTable peakMemoryTable(const RunComparison& c)
{
    ReportTable peaks = perRunTable(c, engineText("Report", "Phase"), true);
    peaks.caption = engineText("Report", "Tensor memory peak per warm step (MB, median)");
    for (std::size_t r = 1; r < c.runs.size(); ++r) {
        peaks.headers.push_back(c.runs[r].label + " - " + c.runs[0].label);
        peaks.numeric.push_back(true);
    }
    for (Phase phase : kAllPhases) {
        const std::size_t p = phaseIndex(phase);
        std::vector<ReportCell> row{{phaseName(phase), std::nullopt}};
        for (const ComparedRun& run : c.runs)
            row.push_back({fixedText(run.phases[p].steadyPeakMb, 2, kNone), std::nullopt});
        const auto& base = c.runs[0].phases[p].steadyPeakMb;
        for (std::size_t r = 1; r < c.runs.size(); ++r) {
            const auto& mine = c.runs[r].phases[p].steadyPeakMb;
            row.push_back({mine && base ? signedFixedText(*mine - *base, 2) : kNone, std::nullopt});
        }
        peaks.rows.push_back(std::move(row));
    }
    return peaks;
}

ReportSection phasesSection(const RunComparison& c)
{
    ReportSection section{"phases", engineText("Report", "Phases"), {}, {}};
    ReportTable medians = perRunTable(c, engineText("Report", "Phase"), true);
    medians.caption = engineText("Report", "Median per warm step (ms)");
    for (std::size_t r = 1; r < c.runs.size(); ++r) {
        medians.headers.push_back(c.runs[r].label + " - " + c.runs[0].label);
        medians.numeric.push_back(true);
    }
    ReportTable totals;
    totals.caption = engineText("Report", "Over every step (s, and share of the training time)");
    totals.headers.push_back(engineText("Report", "Phase"));
    totals.numeric.push_back(false);
    for (const ComparedRun& run : c.runs) {
        totals.headers.insert(totals.headers.end(),
                              {fillText(engineText("Report", "%1 s"), {run.label}),
                               fillText(engineText("Report", "%1 share"), {run.label})});
        totals.numeric.insert(totals.numeric.end(), {true, true});
    }
    for (Phase phase : kAllPhases) {
        const std::size_t p = phaseIndex(phase);
        const std::string name = phaseName(phase);
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
        engineText("Report",
                   "Medians of each phase need not add up to the median step; the "
                   "totals add up to the training time."));
    section.tables.push_back(std::move(medians));
    section.tables.push_back(std::move(totals));
    if (std::any_of(c.runs.begin(), c.runs.end(), [](const ComparedRun& run) {
            return std::any_of(run.phases.begin(), run.phases.end(),
                               [](const PhaseFigures& f) { return f.steadyPeakMb.has_value(); });
        }))
        section.tables.push_back(peakMemoryTable(c));
    return section;
}

ReportSection latencySection(const RunComparison& c)
{
    ReportSection section{"latency", engineText("Report", "Step latency (warm steps, ms)"), {}, {}};
    ReportTable table = perRunTable(c, "", true);
    addRow(table, c, engineText("Report", "Warm steps"),
           [](const ComparedRun& r) { return std::to_string(r.latency.steps); });
    addRow(table, c, engineText("Report", "p50"),
           [](const ComparedRun& r) { return fixedText(r.latency.p50Ms, 2, kNone); });
    addRow(table, c, engineText("Report", "p90"),
           [](const ComparedRun& r) { return fixedText(r.latency.p90Ms, 2, kNone); });
    addRow(table, c, engineText("Report", "p99"),
           [](const ComparedRun& r) { return fixedText(r.latency.p99Ms, 2, kNone); });
    addRow(table, c, engineText("Report", "max"),
           [](const ComparedRun& r) { return fixedText(r.latency.maxMs, 2, kNone); });
    addRow(table, c, engineText("Report", "p99 / p50"), [](const ComparedRun& r) {
        const LatencyFigures& l = r.latency;
        return l.p50Ms && *l.p50Ms > 0.0 ? ratioText(*l.p99Ms / *l.p50Ms) : std::string(kNone);
    });
    section.tables.push_back(std::move(table));
    return section;
}

ReportSection distributionSection(const RunComparison& c)
{
    ReportSection section{
        "distribution", engineText("Report", "Step time distribution (warm steps)"), {}, {}};
    const LatencyHistogram& histogram = c.histogram;
    if (histogram.edgesMs.size() < 2) {
        section.paragraphs.push_back(engineText("Report", "No run has warm steps."));
        return section;
    }
    const std::size_t bins = histogram.edgesMs.size() - 1;
    section.paragraphs.push_back(fillText(
        histogram.logSpaced
            ? engineText("Report",
                         "%1 log-spaced bins from %2 to %3 ms, the same for every run; each count "
                         "is that run's steps in the bin, the bar its share of the run's warm "
                         "steps.")
            : engineText("Report",
                         "%1 equal bins from %2 to %3 ms, the same for every run; each count is "
                         "that run's steps in the bin, the bar its share of the run's warm steps."),
        {std::to_string(bins), fixedText(histogram.edgesMs.front(), 2),
         fixedText(histogram.edgesMs.back(), 2)}));
    ReportTable table = perRunTable(c, engineText("Report", "Step time (ms)"), true);
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
    ReportSection section{"transfer", engineText("Report", "Host-to-device transfer"), {}, {}};
    ReportTable table = perRunTable(c, "", true);
    addRow(table, c, engineText("Report", "Bytes per warm step (median)"),
           [](const ComparedRun& r) {
               const auto& bytes = r.transfer.medianBytesPerStep;
               return bytes ? formatBytes(static_cast<std::int64_t>(*bytes)) : std::string(kNone);
           });
    addRow(table, c, engineText("Report", "Copy ms per warm step (median)"),
           [](const ComparedRun& r) { return fixedText(r.transfer.medianMsPerStep, 3, kNone); });
    addRow(table, c, engineText("Report", "Effective GB/s"),
           [](const ComparedRun& r) { return fixedText(r.transfer.gbPerS, 2, kNone); });
    addRow(table, c, engineText("Report", "Bytes over every step"),
           [](const ComparedRun& r) { return formatBytes(r.transfer.totalBytes); });
    section.tables.push_back(std::move(table));
    return section;
}

ReportSection utilisationSection(const RunComparison& c)
{
    ReportSection section{
        "utilisation", engineText("Report", "Utilisation (system sampler)"), {}, {}};
    ReportTable table = perRunTable(c, "", true);
    const char* nr = notRecordedText();
    addRow(table, c, engineText("Report", "Samples"),
           [](const ComparedRun& r) { return std::to_string(r.utilisation.samples); });
    addRow(table, c, engineText("Report", "Process CPU % (mean)"), [nr](const ComparedRun& r) {
        return fixedText(r.utilisation.meanProcessCpuPct, 1, nr);
    });
    addRow(table, c, engineText("Report", "Process CPU % (max)"),
           [nr](const ComparedRun& r) { return fixedText(r.utilisation.maxProcessCpuPct, 1, nr); });
    addRow(table, c, engineText("Report", "Machine CPU % (mean)"), [nr](const ComparedRun& r) {
        return fixedText(r.utilisation.meanMachineCpuPct, 1, nr);
    });
    addRow(table, c, engineText("Report", "Peak RSS (MB)"),
           [nr](const ComparedRun& r) { return fixedText(r.utilisation.peakRssMb, 1, nr); });
    addRow(table, c, engineText("Report", "GPU utilisation % (mean)"),
           [nr](const ComparedRun& r) { return fixedText(r.utilisation.meanGpuUtilPct, 1, nr); });
    addRow(table, c, engineText("Report", "GPU memory peak (MB)"),
           [nr](const ComparedRun& r) { return fixedText(r.utilisation.peakGpuMemoryMb, 1, nr); });
    section.paragraphs.push_back(engineText(
        "Report", "Process CPU: 100% is one core busy; machine CPU: 100% is every core busy."));
    section.tables.push_back(std::move(table));
    return section;
}

ReportSection findingsSection(const RunComparison& c)
{
    ReportSection section{"findings", engineText("Report", "Findings"), {}, {}};
    section.paragraphs.push_back(engineText(
        "Report", "The diagnosis saved with each run (epochscope-cli diagnose ID saves one)."));
    ReportTable table;
    table.headers = {engineText("Report", "Run"), engineText("Report", "Severity"),
                     engineText("Report", "Id"), engineText("Report", "Title")};
    table.numeric = {false, false, false, false};
    for (const ComparedRun& run : c.runs) {
        if (run.findings.empty())
            table.rows.push_back({{run.label, std::nullopt},
                                  {kNone, std::nullopt},
                                  {kNone, std::nullopt},
                                  {engineText("Report", "no findings saved"), std::nullopt}});
        for (const FindingLine& finding : run.findings)
            table.rows.push_back({{run.label, std::nullopt},
                                  {severityName(severityFromKey(finding.severity)), std::nullopt},
                                  {ruleName(finding.id), std::nullopt},
                                  {finding.title, std::nullopt}});
    }
    section.tables.push_back(std::move(table));
    return section;
}

ReportSection attributionSection(const RunComparison& c)
{
    ReportSection section{"attribution", engineText("Report", "Attribution to phases"), {}, {}};
    const ComparedRun& baseline = c.runs.front();
    section.paragraphs.push_back(fillText(
        engineText("Report",
                   "Per phase: the run's median per warm step minus %1's (ms/step), and its mean "
                   "per step minus %1's over every step, times %1's %2 steps (seconds scaled to "
                   "%1's length, not measured as such)."),
        {baseline.label, std::to_string(baseline.steps)}));
    for (const Attribution& attribution : c.attributions) {
        ReportTable table;
        table.caption =
            fillText(engineText("Report", "%1 against %2"), {attribution.label, baseline.label});
        const std::string vs = attribution.label + " - " + baseline.label;
        table.headers = {engineText("Report", "Phase"),
                         fillText(engineText("Report", "%1 (ms/step)"), {vs}),
                         fillText(engineText("Report", "%1 (s, scaled)"), {vs})};
        table.numeric = {false, true, true};
        for (const PhaseDelta& delta : attribution.phases) {
            table.rows.push_back(
                {{phaseName(delta.phase), std::nullopt},
                 {delta.msPerStep ? signedFixedText(*delta.msPerStep, 2) : kNone, std::nullopt},
                 {delta.scaledS ? signedFixedText(*delta.scaledS, 3) : kNone, std::nullopt}});
        }
        const auto& total = attribution.scaledTotalS;
        table.rows.push_back({{engineText("Report", "All steps"), std::nullopt},
                              {kNone, std::nullopt},
                              {total ? signedFixedText(*total, 3) : kNone, std::nullopt}});
        table.rows.push_back(
            {{engineText("Report", "Speedup per step"), std::nullopt},
             {attribution.speedup ? ratioText(*attribution.speedup) : kNone, std::nullopt},
             {kNone, std::nullopt}});
        section.tables.push_back(std::move(table));
    }
    return section;
}

}  // namespace

std::string reportTitle(const RunComparison& comparison)
{
    std::string runs;
    for (std::size_t i = 0; i < comparison.runs.size(); ++i)
        runs += (i > 0 ? ", " : "") + comparison.runs[i].label + " #" +
                std::to_string(comparison.runs[i].id) + " " + isolatedText(comparison.runs[i].name);
    return fillText(engineText("Report", "Comparison of %1 runs: %2"),
                    {std::to_string(comparison.runs.size()), runs});
}

std::vector<ReportSection> reportSections(const RunComparison& comparison)
{
    return {
        summarySection(comparison),
        runsSection(comparison),
        diffSection(comparison, comparison.environmentDiff, "environment",
                    engineText("Report", "Environment"),
                    engineText("Report",
                               "The same in every run: the machine and LibTorch build each "
                               "run's summary recorded (\"not recorded\": the run has no "
                               "summary)."),
                    engineText("Report",
                               "Only what differs: the machine and LibTorch build each run's "
                               "summary recorded (\"not recorded\": the run has no "
                               "summary).")),
        diffSection(comparison, comparison.factsDiff, "facts", engineText("Report", "Run facts"),
                    engineText("Report",
                               "The same in every run: what each run recorded when training "
                               "started, beyond the runs table."),
                    engineText("Report",
                               "Only what differs: what each run recorded when training "
                               "started, beyond the runs table.")),
        diffSection(comparison, comparison.configDiff, "config", engineText("Report", "Config"),
                    engineText("Report",
                               "The same in every run: the configs as run, by dotted path "
                               "(\"absent\": not in that config)."),
                    engineText("Report",
                               "Only what differs: the configs as run, by dotted path "
                               "(\"absent\": not in that config).")),
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
