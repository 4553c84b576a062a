#include "engine/whatif/experimentreport.h"

#include "engine/config/jsondocument.h"
#include "engine/i18n/phasename.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/textwidth.h"
#include "engine/i18n/translate.h"
#include "engine/whatif/scriptexperiment.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace es {

namespace {

using Json = nlohmann::json;

// Below 10 ms a tenth of a millisecond is too coarse to tell configurations apart.
constexpr double kFineBelowMs = 10.0;

std::string format(const char* pattern, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

std::string milliseconds(double ms)
{
    return format(ms < kFineBelowMs ? "%.2f" : "%.1f", ms);
}

std::string signedMilliseconds(double ms)
{
    return format(std::fabs(ms) < kFineBelowMs ? "%+.2f ms" : "%+.1f ms", ms);
}

Json phaseObject(const PhaseArray& values)
{
    Json object = Json::object();
    for (Phase phase : kAllPhases)
        object[std::string(phaseKey(phase))] = values[phaseIndex(phase)];
    return object;
}

enum class Align { Left, Right };

struct Column {
    std::string title;
    Align align = Align::Right;
};

std::string renderTable(const std::vector<Column>& columns,
                        const std::vector<std::vector<std::string>>& rows)
{
    std::vector<std::size_t> widths;
    widths.reserve(columns.size());
    for (const Column& column : columns)
        widths.push_back(displayWidth(column.title));
    for (const auto& row : rows) {
        for (std::size_t i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], displayWidth(row[i]));
    }
    const auto line = [&](const std::vector<std::string>& cells) {
        std::string text;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const std::string padding(widths[i] - displayWidth(cells[i]), ' ');
            const bool last = i + 1 == cells.size();
            if (i > 0)
                text += "  ";
            if (columns[i].align == Align::Right)
                text += padding + cells[i];
            else
                text += last ? cells[i] : cells[i] + padding;
        }
        while (!text.empty() && text.back() == ' ')
            text.pop_back();
        return text + "\n";
    };
    std::vector<std::string> titles;
    titles.reserve(columns.size());
    for (const Column& column : columns)
        titles.push_back(column.title);
    std::string text = line(titles);
    for (const auto& row : rows)
        text += line(row);
    return text;
}

/// "41.2" or, when warm-up steps ran before it, "41.2 + 203.9 warm-up".
std::string firstStepText(const VariantResult& row)
{
    if (row.firstStepWarmUpMs > 0.0)
        return fillText(engineText("ExperimentReport", "%1 + %2 warm-up"),
                        {milliseconds(row.firstStepMs), milliseconds(row.firstStepWarmUpMs)});
    return milliseconds(row.firstStepMs);
}

std::string remarks(const VariantResult& row)
{
    if (!row.error.empty())
        return fillText(engineText("ExperimentReport", "failed: %1"), {recordedText(row.error)});
    if (!row.measured())
        return engineText("ExperimentReport", "not measured");
    return phaseChangesText(row.largestChanges);
}

/// "77 steps per epoch" when every configuration has the same, else each one's.
std::string epochStepsText(const std::vector<VariantResult>& rows)
{
    std::set<std::int64_t> distinct;
    for (const VariantResult& row : rows) {
        if (row.epochSteps > 0)
            distinct.insert(row.epochSteps);
    }
    if (distinct.size() == 1)
        return fillText(engineText("ExperimentReport", "%1 steps per epoch"),
                        {std::to_string(*distinct.begin())});
    std::string list;
    for (const VariantResult& row : rows) {
        if (row.epochSteps <= 0)
            continue;
        const std::string entry = fillText(engineText("ExperimentReport", "%1: %2"),
                                           {row.label, std::to_string(row.epochSteps)});
        list = list.empty() ? entry
                            : fillText(engineText("ExperimentReport", "%1, %2"), {list, entry});
    }
    return fillText(engineText("ExperimentReport", "each configuration's steps per epoch (%1)"),
                    {list});
}

/// What the projection of a script's experiment rests on: the epochs its runs got through,
/// or, when none did, that there is none.
std::string scriptProjectionText(const std::vector<VariantResult>& rows)
{
    const bool anyProjected = std::any_of(rows.begin(), rows.end(), [](const VariantResult& row) {
        return row.projectedEpochS.has_value();
    });
    if (!anyProjected)
        return engineText("ExperimentReport",
                          "Not projected: no run got through a whole epoch of the script, so its "
                          "steps per epoch are unknown. Speedup = the baseline's median ms per "
                          "step over the configuration's.");
    return fillText(engineText("ExperimentReport",
                               "Projected, not measured: epoch s = median ms per step x %1, "
                               "counted in the first epoch a run got through whole; speedup = "
                               "the baseline's projected epoch s over the configuration's, or, "
                               "where either has none, the baseline's median ms per step over "
                               "the configuration's."),
                    {epochStepsText(rows)});
}

Json runJson(const ExperimentRun& run)
{
    return {
        {"run", run.runId > 0 ? Json(run.runId) : Json(nullptr)},
        {"repeat", run.repeat},
        {"status", std::string(runStatusKey(run.status))},
        {"counted", run.counted()},
        {"measured_steps", run.window ? run.window->steps : 0},
        {"median_step_ms", run.window ? Json(run.window->medianMs) : Json(nullptr)},
        {"error", run.error.empty() ? Json(nullptr) : Json(run.error)},
    };
}

Json variantJson(const VariantResult& row, const std::vector<ExperimentRun>& runs)
{
    Json changes = Json::array();
    for (const PhaseChange& change : row.largestChanges)
        changes.push_back({{"phase", std::string(phaseKey(change.phase))},
                           {"label", std::string(phaseLabel(change.phase))},
                           {"delta_ms", change.deltaMs}});
    Json runList = Json::array();
    for (const ExperimentRun& run : runs) {
        if (run.variantIndex == row.index)
            runList.push_back(runJson(run));
    }
    Json measured = nullptr;
    if (row.measured())
        measured = {
            {"step_ms", {{"min", row.minMs}, {"median", row.medianMs}, {"max", row.maxMs}}},
            {"phase_median_ms", phaseObject(row.phaseMedianMs)},
            {"steps_per_run", row.windowSteps},
            {"first_step_ms", row.firstStepMs},
            {"first_step_warm_up_ms", row.firstStepWarmUpMs},
            {"mean_loss", std::isfinite(row.meanLoss) ? Json(row.meanLoss) : Json()},
            {"tensor_peak_bytes", row.tensorPeakBytes > 0 ? Json(row.tensorPeakBytes) : Json()}};
    Json projected = nullptr;
    if (row.projectedEpochS)
        projected = {{"steps_per_epoch", row.epochSteps}, {"epoch_s", *row.projectedEpochS}};
    return {
        {"index", row.index},
        {"label", row.label},
        {"baseline", row.index == 0},
        {"patch", row.patch},
        {"runs_planned", row.runsPlanned},
        {"runs_measured", row.runsMeasured},
        {"measured", std::move(measured)},
        {"projected", std::move(projected)},
        {"speedup", numberOrNull(row.speedup)},
        {"phase_changes", std::move(changes)},
        {"error", row.error.empty() ? Json(nullptr) : Json(row.error)},
        {"runs", std::move(runList)},
    };
}

/// The report of a live experiment, a config's or a script's: what their plans have alike
/// (ExperimentPlan, ScriptExperimentPlan) and the outcome.
template <typename Plan>
ExperimentReport liveReport(const Plan& plan, const ExperimentOutcome& outcome)
{
    ExperimentReport report;
    report.experimentId = outcome.experimentId;
    report.name = plan.name;
    report.settings = plan.settings;
    report.skipped = plan.skipped;
    report.runs = outcome.runs;
    report.rows = summariseExperiment(plan.configurations, plan.settings.repeats, outcome.runs);
    report.stopped = outcome.stopped;
    return report;
}

}  // namespace

bool ExperimentReport::complete() const
{
    return !rows.empty() && std::all_of(rows.begin(), rows.end(), [](const VariantResult& row) {
        return row.runsMeasured == row.runsPlanned;
    });
}

ExperimentReport makeReport(const ExperimentPlan& plan, const ExperimentOutcome& outcome)
{
    ExperimentReport report = liveReport(plan, outcome);
    report.notes = plan.notes;
    return report;
}

ExperimentReport makeReport(const ScriptExperimentPlan& plan, const ExperimentOutcome& outcome)
{
    ExperimentReport report = liveReport(plan, outcome);
    report.script = true;
    return report;
}

ExperimentReport makeReport(const StoredExperiment& experiment)
{
    ExperimentReport report;
    report.experimentId = experiment.header.id;
    report.script = isScriptExperiment(experiment);
    report.name = experiment.header.name;
    report.createdAt = experiment.header.createdAt;
    report.settings = experimentSettingsFromStore(experiment);
    if (experiment.settings.is_object()) {
        report.skipped = experiment.settings.value("skipped", std::vector<std::string>{});
        report.notes = experiment.settings.value("notes", std::vector<std::string>{});
    }
    report.runs = experimentRunsFromStore(experiment);
    report.rows = summariseExperiment(experimentConfigurationsFromStore(experiment),
                                      report.settings.repeats, report.runs);
    return report;
}

std::string phaseChangesText(const std::vector<PhaseChange>& changes)
{
    std::string text;
    for (const PhaseChange& change : changes) {
        const std::string entry =
            fillText(engineText("ExperimentReport", "%1 %2"),
                     {phaseName(change.phase), signedMilliseconds(change.deltaMs)});
        text = text.empty() ? entry
                            : fillText(engineText("ExperimentReport", "%1, %2"), {text, entry});
    }
    return text;
}

std::string formatReportTable(const ExperimentReport& report)
{
    const std::string warmup = std::to_string(report.settings.warmupSteps);
    const std::string measuredSteps = std::to_string(report.settings.measuredSteps);
    const std::string repeats = std::to_string(report.settings.repeats);
    const bool one = report.settings.repeats == 1;
    std::string text;
    if (report.experimentId > 0)
        text = fillText(
            one ? engineText("ExperimentReport",
                             "What-if \"%1\" (experiment %2): %3 warm-up + %4 measured "
                             "steps per run, %5 repeat per configuration, interleaved")
                : engineText("ExperimentReport",
                             "What-if \"%1\" (experiment %2): %3 warm-up + %4 measured "
                             "steps per run, %5 repeats per configuration, interleaved"),
            {report.name, std::to_string(report.experimentId), warmup, measuredSteps, repeats});
    else
        text = fillText(one ? engineText("ExperimentReport",
                                         "What-if \"%1\": %2 warm-up + %3 measured steps per run, "
                                         "%4 repeat per configuration, interleaved")
                            : engineText("ExperimentReport",
                                         "What-if \"%1\": %2 warm-up + %3 measured steps per run, "
                                         "%4 repeats per configuration, interleaved"),
                        {report.name, warmup, measuredSteps, repeats});
    text += "\n\n";

    const std::vector<Column> columns = {
        {engineText("ExperimentReport", "configuration"), Align::Left},
        {engineText("ExperimentReport", "runs"), Align::Right},
        {engineText("ExperimentReport", "min ms"), Align::Right},
        {engineText("ExperimentReport", "median ms"), Align::Right},
        {engineText("ExperimentReport", "max ms"), Align::Right},
        {engineText("ExperimentReport", "first step ms"), Align::Right},
        {engineText("ExperimentReport", "epoch s (projected)"), Align::Right},
        {engineText("ExperimentReport", "speedup"), Align::Right},
        {engineText("ExperimentReport", "loss"), Align::Right},
        {engineText("ExperimentReport", "tensor peak MB"), Align::Right},
        {engineText("ExperimentReport", "phases that changed most (median vs baseline)"),
         Align::Left},
    };
    std::vector<std::vector<std::string>> cells;
    for (const VariantResult& row : report.rows) {
        const bool measured = row.measured();
        cells.push_back({
            row.label,
            std::to_string(row.runsMeasured) + "/" + std::to_string(row.runsPlanned),
            measured ? milliseconds(row.minMs) : "-",
            measured ? milliseconds(row.medianMs) : "-",
            measured ? milliseconds(row.maxMs) : "-",
            measured ? firstStepText(row) : "-",
            row.projectedEpochS ? format("%.2f", *row.projectedEpochS) : "-",
            row.speedup ? format("%.2fx", *row.speedup) : "-",
            // A script's loss is known only where it read it with .item(): NaN otherwise.
            measured && std::isfinite(row.meanLoss) ? format("%.4g", row.meanLoss) : "-",
            measured && row.tensorPeakBytes > 0
                ? format("%.1f", static_cast<double>(row.tensorPeakBytes) / 1e6)
                : "-",
            remarks(row),
        });
    }
    text += renderTable(columns, cells);

    text += "\n";
    text += engineText("ExperimentReport",
                       "Measured: ms per step is the median step time of each run's measured "
                       "window; min, median and max are over the runs. First step ms is the "
                       "median of the runs' first steps, which the window leaves out: the "
                       "one-time cost of the configuration, with the time of its warm-up steps "
                       "(training.warmup_steps) after the +. Loss is the mean training loss of "
                       "each run's measured window (the median over the runs): a variant that "
                       "changes the model, such as a layer's options, changes it too. Tensor "
                       "peak MB is the most tensor memory a step of the window held (the median "
                       "over the runs): diagnose a run of the experiment and memory-headroom "
                       "projects the largest batch that fits from the batch sizes measured.");
    text += "\n";
    text += report.script ? scriptProjectionText(report.rows)
                          : fillText(engineText("ExperimentReport",
                                                "Projected, not measured: epoch s = median ms per "
                                                "step x %1 of the full config; speedup = the "
                                                "baseline's projected epoch s over the "
                                                "configuration's."),
                                     {epochStepsText(report.rows)});
    text += "\n";
    // The notes and the skipped variants are recorded with the experiment in English.
    for (const std::string& note : report.notes)
        text += fillText(engineText("ExperimentReport", "Note: %1"), {recordedText(note)}) + "\n";
    for (const std::string& skipped : report.skipped)
        text +=
            fillText(engineText("ExperimentReport", "Skipped %1"), {recordedText(skipped)}) + "\n";
    if (report.stopped)
        text += fillText(engineText("ExperimentReport",
                                    "Stopped before the end: %1 runs ran; the "
                                    "numbers come from those that completed."),
                         {std::to_string(report.runs.size())}) +
                "\n";
    return text;
}

Json reportJson(const ExperimentReport& report)
{
    Json variants = Json::array();
    for (const VariantResult& row : report.rows)
        variants.push_back(variantJson(row, report.runs));
    return {
        {"format", std::string(kWhatifFormat)},
        {"format_version", kWhatifFormatVersion},
        {"kind", report.script ? "script" : "config"},
        {"experiment", report.experimentId > 0 ? Json(report.experimentId) : Json(nullptr)},
        {"name", report.name},
        {"created_at", report.createdAt.empty() ? Json(nullptr) : Json(report.createdAt)},
        {"warmup_steps", report.settings.warmupSteps},
        {"measured_steps", report.settings.measuredSteps},
        {"repeats", report.settings.repeats},
        {"order", "interleaved"},
        {"complete", report.complete()},
        {"stopped", report.stopped},
        {"skipped", report.skipped},
        {"notes", report.notes},
        {"variants", std::move(variants)},
    };
}

}  // namespace es
