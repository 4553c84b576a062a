#include "cli/runscommand.h"

#include "cli/exitstatus.h"
#include "cli/messages.h"
#include "cli/storeaccess.h"
#include "engine/config/jsondocument.h"
#include "engine/core/phase.h"
#include "engine/core/text.h"
#include "engine/i18n/evidencetext.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/runstatusname.h"
#include "engine/i18n/textwidth.h"
#include "engine/i18n/translate.h"
#include "engine/io/atomicfile.h"
#include "engine/io/childprocess.h"
#include "engine/script/scriptrecorder.h"
#include "engine/store/runcheckpoints.h"
#include "engine/store/runexport.h"
#include "engine/store/runstore.h"
#include "engine/store/traceexport.h"
#include "engine/summary/rankstats.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <initializer_list>
#include <optional>
#include <vector>

namespace es {

namespace {

constexpr double kPercent = 100.0;

/// Column heads for the phases in kAllPhases order, short enough for one terminal line.
std::array<const char*, kPhaseCount> phaseHeads()
{
    return {engineText("RunsCommand", "wait"), engineText("RunsCommand", "h2d"),
            engineText("RunsCommand", "fwd"),  engineText("RunsCommand", "bwd"),
            engineText("RunsCommand", "opt"),  engineText("RunsCommand", "callb"),
            engineText("RunsCommand", "warm"), engineText("RunsCommand", "comm"),
            engineText("RunsCommand", "other")};
}

// What a run recorded is read leniently: a database from elsewhere may hold any JSON in a
// run's facts and summary, and a member of another type reads as absent (never an exception,
// never a lookup of a missing key in a const object).

/// `object[key]`, or null when `object` is not an object or has no such member.
const nlohmann::json& memberOf(const nlohmann::json& object, const char* key)
{
    static const nlohmann::json kAbsent;
    if (!object.is_object())
        return kAbsent;
    const auto found = object.find(key);
    return found != object.end() ? *found : kAbsent;
}

std::string textOf(const nlohmann::json& object, const char* key)
{
    const nlohmann::json& value = memberOf(object, key);
    return value.is_string() ? value.get<std::string>() : std::string();
}

long long integerOf(const nlohmann::json& object, const char* key)
{
    const nlohmann::json& value = memberOf(object, key);
    return value.is_number_integer() ? value.get<long long>() : 0;
}

std::optional<double> numberOf(const nlohmann::json& object, const char* key)
{
    const nlohmann::json& value = memberOf(object, key);
    return value.is_number() ? std::optional(value.get<double>()) : std::nullopt;
}

/// `pattern` filled with `args`, as a line of its own.
void printLine(const char* pattern, std::initializer_list<std::string_view> args)
{
    std::printf("%s\n", fillText(pattern, args).c_str());
}

std::string phaseShares(const EpochRecord& epoch)
{
    std::string text;
    for (Phase phase : kAllPhases) {
        const double share =
            epoch.trainS > 0.0 ? kPercent * epoch.phaseS[phaseIndex(phase)] / epoch.trainS : 0.0;
        char cell[16];
        std::snprintf(cell, sizeof cell, " %6.1f", share);
        text += cell;
    }
    return text;
}

/// A distributed run's ranks, each with its warm-step medians (from the stored steps, so that
/// a run still going shows them too), then its communication and scaling when summarised.
void printRanks(const StoredRun& run)
{
    const std::vector<RankMember> members = rankMembersFromJson(
        run.info.is_object() ? run.info.value("ranks", nlohmann::json()) : nlohmann::json());
    if (members.empty() && run.rankBatches.empty())
        return;
    printLine(engineText("RunsCommand", "  %1 ranks (medians of warm steps):"),
              {std::to_string(std::max(members.size(), run.rankBatches.size() + 1))});
    for (const RankStepStats& rank : rankStepStats(members, run.batches, run.rankBatches))
        printLine(
            engineText("RunsCommand",
                       "    rank %1 on %2: %3 ms/step, busy %4 ms, communication %5 ms"),
            {std::to_string(rank.rank), escapeControls(rank.host), formatText("%.3g", rank.stepMs),
             formatText("%.3g", rank.busyMs), formatText("%.3g", rank.communicationMs)});
    if (const auto communication = communicationStats(run.batches))
        printLine(engineText("RunsCommand",
                             "  communication %1 of the warm steps' time, %2 reduced per step, "
                             "%3 ms per step hidden behind backward"),
                  {formatText("%.1f%%", kPercent * communication->share),
                   formatBytes(communication->reducedBytesPerStep),
                   formatText("%.3g", communication->overlappedMs /
                                          static_cast<double>(communication->steadySteps))});
    const nlohmann::json scaling =
        run.summary.is_object() ? run.summary.value("scaling", nlohmann::json()) : nullptr;
    if (scaling.is_object() && scaling.value("efficiency", nlohmann::json()).is_number() &&
        scaling.value("baseline_run", nlohmann::json()).is_number_integer())
        printLine(engineText("RunsCommand", "  scaling efficiency against run %1: %2"),
                  {std::to_string(scaling["baseline_run"].get<std::int64_t>()),
                   formatText("%.3f", scaling["efficiency"].get<double>())});
}

/// A script's run (`profile`, a script's what-if): the command it ran with the variables it was
/// started with in front, as `whatif` prints a variant's, and the folder it ran in. Recorded
/// words that are not strings are left out.
void printScript(const nlohmann::json& config)
{
    const nlohmann::json& script = memberOf(config, "script");
    std::vector<std::string> command;
    const nlohmann::json& words = memberOf(script, "command");
    if (words.is_array()) {
        for (const nlohmann::json& word : words) {
            if (word.is_string())
                command.push_back(word.get<std::string>());
        }
    }
    std::vector<EnvironmentEntry> environment;
    const nlohmann::json& variables = memberOf(script, "env");
    if (variables.is_object()) {
        for (const auto& [name, value] : variables.items()) {
            if (value.is_string())
                environment.emplace_back(name, value.get<std::string>());
        }
    }
    printLine(engineText("RunsCommand", "  script: %1"),
              {escapeControls(shellCommandLine(environment, command))});
    printLine(engineText("RunsCommand", "  working folder: %1"),
              {escapeControls(textOf(script, "working_folder"))});
}

/// The state of a recorded file in one word or two, for the table.
std::string stateWord(CheckpointState state)
{
    switch (state) {
        case CheckpointState::Present: return engineText("RunsCommand", "present");
        case CheckpointState::Missing: return engineText("RunsCommand", "missing");
        case CheckpointState::Changed: return engineText("RunsCommand", "changed");
        case CheckpointState::Overwritten: return engineText("RunsCommand", "overwritten");
        case CheckpointState::Removed: return engineText("RunsCommand", "deleted by the run");
        case CheckpointState::Unreachable: return engineText("RunsCommand", "unreachable");
    }
    return {};
}

/// What a recorded file holds: a whole model checkpoint (with the optimizer's state), its
/// weights only, or a backup of the whole training state.
std::string kindWord(const SavedFileRecord& file)
{
    if (file.kind == SavedFileKind::Backup)
        return engineText("RunsCommand", "backup");
    return file.weightsOnly ? engineText("RunsCommand", "weights")
                            : engineText("RunsCommand", "full");
}

/// The files the run's callbacks wrote, oldest first, each with where it stands now; the best
/// checkpoint (what `--run ID` takes as best) marked `*`. A file that is not the one written
/// gets a line saying what happened to it. Nothing for a run that wrote none.
void printCheckpoints(const StoredRun& run)
{
    if (run.checkpoints.empty())
        return;
    const std::vector<CheckpointEntry> entries = inspectCheckpoints(run.checkpoints);
    const std::optional<std::size_t> best = chooseCheckpoint(entries, CheckpointChoice::Best);
    std::printf("\n");
    printLine(engineText("RunsCommand", "  checkpoints (oldest first; * the best):"), {});
    const auto line = [](std::string_view epoch, std::string_view step, std::string_view monitored,
                         std::string_view mark, std::string_view kind, std::string_view state,
                         std::string_view file) {
        std::printf("    %s %s  %s %s %s %s  %s\n", paddedText(epoch, 5, true).c_str(),
                    paddedText(step, 6, true).c_str(), paddedText(monitored, 22).c_str(),
                    paddedText(mark, 4).c_str(), paddedText(kind, 7).c_str(),
                    paddedText(state, 12).c_str(), std::string(file).c_str());
    };
    line(engineText("RunsCommand", "epoch"), engineText("RunsCommand", "step"),
         engineText("RunsCommand", "monitored"), engineText("RunsCommand", "best"),
         engineText("RunsCommand", "kind"), engineText("RunsCommand", "state"),
         engineText("RunsCommand", "file"));
    std::vector<std::string> notes;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const CheckpointEntry& entry = entries[i];
        const SavedFileRecord& file = entry.file;
        std::string monitored = "-";
        if (file.value)
            monitored = escapeControls(file.monitor) + " " + formatText("%.6g", *file.value);
        line(std::to_string(file.epoch), file.batch ? std::to_string(*file.batch) : "-", monitored,
             best == i ? "*" : "", kindWord(file), stateWord(entry.state),
             escapeControls(file.path));
        // The surprises get their reason; overwritten and deleted files are the run's own doing.
        if (entry.state == CheckpointState::Missing || entry.state == CheckpointState::Changed ||
            entry.state == CheckpointState::Unreachable)
            notes.push_back(describeCheckpointState(entry, entries));
    }
    for (const std::string& note : notes)
        std::printf("    %s\n", note.c_str());
}

}  // namespace

int runRunsList(const std::string& database)
{
    return withStore(database, StoreAccess::ReadOnly, [](RunStore& store) {
        const std::vector<StoredRunHeader> runs = store.listRuns();
        if (runs.empty()) {
            printLine(engineText("RunsCommand", "No runs recorded in %1 yet."), {store.path()});
            return kExitFinished;
        }
        // Columns padded by their width on screen, so that translated heads and names line up.
        const auto line = [](std::string_view id, std::string_view status, std::string_view started,
                             std::string_view name, std::string_view epochs, std::string_view steps,
                             std::string_view device) {
            std::printf("%s  %s  %s  %s  %s  %s  %s\n", paddedText(id, 5, true).c_str(),
                        paddedText(status, 11).c_str(), paddedText(started, 20).c_str(),
                        paddedText(name, 24).c_str(), paddedText(epochs, 6, true).c_str(),
                        paddedText(steps, 7, true).c_str(), std::string(device).c_str());
        };
        line(engineText("RunsCommand", "ID"), engineText("RunsCommand", "STATUS"),
             engineText("RunsCommand", "STARTED"), engineText("RunsCommand", "NAME"),
             engineText("RunsCommand", "EPOCHS"), engineText("RunsCommand", "STEPS"),
             engineText("RunsCommand", "DEVICE"));
        // What a run recorded is shown with its controls escaped: a name is user text, and
        // an ESC sequence or a newline in it must not act on the terminal.
        for (const StoredRunHeader& run : runs)
            line(std::to_string(run.id), runStatusName(runStatusKey(run.status)),
                 escapeControls(run.startedAt), escapeControls(run.name),
                 std::to_string(run.epochs), std::to_string(run.batches),
                 escapeControls(run.device));
        return kExitFinished;
    });
}

int runRunsShow(const std::string& database, std::int64_t id)
{
    return withStore(database, StoreAccess::ReadOnly, [id](RunStore& store) {
        const std::optional<StoredRun> run = loadOrComplain(store, id);
        if (!run)
            return kExitBadInput;
        const StoredRunHeader& header = run->header;
        printLine(engineText("RunsCommand", "Run %1: %2 - %3"),
                  {std::to_string(header.id), escapeControls(header.name),
                   runStatusName(runStatusKey(header.status))});
        printLine(engineText("RunsCommand", "  started %1, ended %2"),
                  {escapeControls(header.startedAt),
                   header.endedAt.empty() ? "-" : escapeControls(header.endedAt)});
        if (!run->error.empty())
            printLine(engineText("RunsCommand", "  error: %1"),
                      {escapeControls(run->error, LineBreaks::Keep)});
        if (run->info.is_object()) {
            const nlohmann::json& info = run->info;
            printLine(
                engineText("RunsCommand",
                           "  %1, %2 placement, batch %3, %4 intra-op threads, backend %5"),
                {escapeControls(textOf(info, "device")), escapeControls(textOf(info, "placement")),
                 std::to_string(integerOf(info, "batch_size")),
                 std::to_string(integerOf(info, "intra_op_threads")),
                 escapeControls(textOf(info, "backend"))});
            if (!isScriptRunConfig(run->config))
                printLine(engineText("RunsCommand", "  data: %1"),
                          {escapeControls(recordedText(textOf(info, "data_source")))});
        }
        if (isScriptRunConfig(run->config))
            printScript(run->config);
        if (!run->notes.empty())
            printLine(engineText("RunsCommand", "  notes: %1"), {escapeControls(run->notes)});
        if (!run->epochs.empty()) {
            const std::string sharesHead = engineText("RunsCommand", "% of training time:");
            std::printf("\n  %s %s %s %s %s  %s",
                        paddedText(engineText("RunsCommand", "epoch"), 5, true).c_str(),
                        paddedText(engineText("RunsCommand", "train s"), 8, true).c_str(),
                        paddedText(engineText("RunsCommand", "val s"), 8, true).c_str(),
                        paddedText(engineText("RunsCommand", "loss"), 10, true).c_str(),
                        paddedText(engineText("RunsCommand", "val_loss"), 10, true).c_str(),
                        sharesHead.c_str());
            for (const char* head : phaseHeads())
                std::printf(" %s", paddedText(head, 6, true).c_str());
            std::printf("\n");
            // The shares start under their heads, past the label in front of those.
            const std::string underHead(displayWidth(sharesHead), ' ');
            for (const EpochRecord& epoch : run->epochs) {
                char valLoss[24] = "-";
                if (epoch.valLoss)
                    std::snprintf(valLoss, sizeof valLoss, "%.4g", *epoch.valLoss);
                std::printf("  %5d %8.2f %8.2f %10.4g %10s  %s%s\n", epoch.epoch, epoch.trainS,
                            epoch.validationS, epoch.trainLoss, valLoss, underHead.c_str(),
                            phaseShares(epoch).c_str());
            }
        }
        std::printf("\n");
        printLine(engineText("RunsCommand", "  %1 steps, %2 system samples stored"),
                  {std::to_string(header.batches), std::to_string(run->samples.size())});
        if (run->summary.is_object()) {
            const nlohmann::json& summary = run->summary;
            const nlohmann::json& latency = memberOf(summary, "batch_latency_ms");
            std::string figures;
            if (const auto steady = numberOf(summary, "steady_state_step_ms"))
                figures += fillText(engineText("RunsCommand", "  steady state %1 ms/step"),
                                    {formatText("%.3g", *steady)});
            const auto p50 = numberOf(latency, "p50");
            const auto p95 = numberOf(latency, "p95");
            const auto p99 = numberOf(latency, "p99");
            if (p50 && p95 && p99)
                figures += fillText(
                    engineText("RunsCommand", ", step latency p50 %1 / p95 %2 / p99 %3 ms"),
                    {formatText("%.3g", *p50), formatText("%.3g", *p95), formatText("%.3g", *p99)});
            if (const auto throughput = numberOf(summary, "samples_per_s"))
                figures += fillText(engineText("RunsCommand", ", %1 samples/s"),
                                    {formatText("%.0f", *throughput)});
            std::printf("%s\n", figures.c_str());
        }
        printRanks(*run);
        printCheckpoints(*run);
        return kExitFinished;
    });
}

int runRunsExport(const std::string& database, std::int64_t id, const std::string& format,
                  const std::string& out)
{
    if (format != "json" && format != "csv" && format != "trace") {
        printError(
            fillText(engineText("RunsCommand", "--format: expected json, csv or trace, got \"%1\""),
                     {format}));
        return kExitBadInput;
    }
    if (const auto problem = checkWritableTarget(out)) {
        printError("--out " + *problem);
        return kExitBadInput;
    }
    return withStore(database, StoreAccess::ReadOnly, [&](RunStore& store) {
        const std::optional<StoredRun> run = loadOrComplain(store, id);
        if (!run)
            return kExitBadInput;
        std::string text;
        if (format == "json")
            text = runExportJson(*run).dump(kJsonIndent) + "\n";
        else if (format == "csv")
            text = stepsCsv(*run);
        else
            text = chromeTrace(*run).dump() + "\n";
        try {
            writeFileAtomically(out, text);
        } catch (const std::exception& error) {
            printError(
                fillText(engineText("RunsCommand", "cannot write %1: %2"), {out, error.what()}));
            return kExitRunFailed;
        }
        printLine(engineText("RunsCommand", "Run %1 exported as %2 to %3"),
                  {std::to_string(id), format, out});
        return kExitFinished;
    });
}

int runRunsDelete(const std::string& database, std::int64_t id)
{
    return withStore(database, [id](RunStore& store) {
        if (!store.deleteRun(id)) {
            printError(fillText(engineText("RunsCommand", "no run %1 in %2"),
                                {std::to_string(id), store.path()}));
            return kExitBadInput;
        }
        printLine(engineText("RunsCommand", "Deleted run %1"), {std::to_string(id)});
        return kExitFinished;
    });
}

}  // namespace es
