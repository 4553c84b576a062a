#include "engine/store/runcheckpoints.h"

#include "engine/core/text.h"
#include "engine/i18n/translate.h"
#include "engine/store/runstore.h"

#include <cstdio>
#include <cstring>
#include <ctime>
#include <map>

namespace es {

namespace {

constexpr std::int64_t kNsPerS = 1'000'000'000;

/// `ns` since the Unix epoch as UTC ("2026-12-02T03:55:01.123456789Z"): two writes within a
/// second differ in the fraction.
std::string utcTime(std::int64_t ns)
{
    const std::time_t whole = static_cast<std::time_t>(ns / kNsPerS);
    std::tm utc{};
    if (ns < 0 || ::gmtime_r(&whole, &utc) == nullptr)
        return std::to_string(ns);
    char seconds[32];
    std::strftime(seconds, sizeof seconds, "%Y-%m-%dT%H:%M:%S", &utc);
    char text[64];
    std::snprintf(text, sizeof text, "%s.%09lldZ", seconds, static_cast<long long>(ns % kNsPerS));
    return text;
}

/// "epoch 3" or "epoch 3, step 40".
std::string whenSaved(const SavedFileRecord& file)
{
    if (file.batch)
        return fillText(engineText("RunCheckpoints", "epoch %1, step %2"),
                        {std::to_string(file.epoch), std::to_string(*file.batch)});
    return fillText(engineText("RunCheckpoints", "epoch %1"), {std::to_string(file.epoch)});
}

RunCheckpointError::Problem problemOf(CheckpointState state)
{
    switch (state) {
        case CheckpointState::Missing: return RunCheckpointError::Problem::FileMissing;
        case CheckpointState::Changed: return RunCheckpointError::Problem::FileChanged;
        case CheckpointState::Overwritten: return RunCheckpointError::Problem::FileOverwritten;
        case CheckpointState::Removed: return RunCheckpointError::Problem::FileRemoved;
        case CheckpointState::Unreachable: return RunCheckpointError::Problem::FileUnreachable;
        case CheckpointState::Present: break;
    }
    return RunCheckpointError::Problem::FileMissing;
}

}  // namespace

std::string_view checkpointStateKey(CheckpointState state)
{
    switch (state) {
        case CheckpointState::Present: return "present";
        case CheckpointState::Missing: return "missing";
        case CheckpointState::Changed: return "changed";
        case CheckpointState::Overwritten: return "overwritten";
        case CheckpointState::Removed: return "removed";
        case CheckpointState::Unreachable: return "unreachable";
    }
    return "missing";
}

std::vector<CheckpointEntry> inspectCheckpoints(const std::vector<SavedFileRecord>& files)
{
    std::vector<CheckpointEntry> entries;
    entries.reserve(files.size());
    // The newest save of each path: an earlier one of the same path was written over by it.
    std::map<std::string, std::size_t> newest;
    for (std::size_t i = 0; i < files.size(); ++i)
        newest[files[i].path] = i;
    for (std::size_t i = 0; i < files.size(); ++i) {
        CheckpointEntry entry;
        entry.file = files[i];
        const SavedFileRecord& file = entry.file;
        const std::size_t last = newest[file.path];
        if (file.removed) {
            entry.state = CheckpointState::Removed;
        } else if (last != i) {
            entry.state = CheckpointState::Overwritten;
            entry.overwrittenBy = last;
        } else {
            entry.now = stampOf(file.path);
            switch (entry.now.found) {
                case FileStamp::Found::Missing: entry.state = CheckpointState::Missing; break;
                case FileStamp::Found::Unreachable:
                    entry.state = CheckpointState::Unreachable;
                    break;
                case FileStamp::Found::NotAFile: entry.state = CheckpointState::Changed; break;
                case FileStamp::Found::RegularFile: {
                    // A time of 0 was not readable when written: the size alone tells then.
                    const bool same = entry.now.bytes == file.bytes &&
                                      (file.mtimeNs == 0 || entry.now.mtimeNs == file.mtimeNs);
                    entry.state = same ? CheckpointState::Present : CheckpointState::Changed;
                    break;
                }
            }
        }
        entries.push_back(std::move(entry));
    }
    return entries;
}

std::string describeCheckpointState(const CheckpointEntry& entry,
                                    const std::vector<CheckpointEntry>& entries)
{
    const SavedFileRecord& file = entry.file;
    const std::string path = escapeControls(file.path);
    switch (entry.state) {
        case CheckpointState::Present: return {};
        case CheckpointState::Missing:
            return fillText(engineText("RunCheckpoints",
                                       "%1 is no longer there: moved or deleted since the run "
                                       "wrote it"),
                            {path});
        case CheckpointState::Changed:
            if (entry.now.found == FileStamp::Found::NotAFile)
                return fillText(engineText("RunCheckpoints",
                                           "%1 is no longer a file: something else took its path "
                                           "since the run wrote it"),
                                {path});
            return fillText(engineText("RunCheckpoints",
                                       "%1 is not the file the run wrote: it was %2 bytes, "
                                       "modified %3, and is %4 bytes, modified %5 (rewritten "
                                       "since)"),
                            {path, std::to_string(file.bytes), utcTime(file.mtimeNs),
                             std::to_string(entry.now.bytes), utcTime(entry.now.mtimeNs)});
        case CheckpointState::Overwritten: {
            const std::string later = entry.overwrittenBy && *entry.overwrittenBy < entries.size()
                                          ? whenSaved(entries[*entry.overwrittenBy].file)
                                          : std::string("?");
            return fillText(engineText("RunCheckpoints",
                                       "%1 was overwritten by the run's own later save (%2): the "
                                       "filepath has no {epoch} field, so the file holds that "
                                       "save now"),
                            {path, later});
        }
        case CheckpointState::Removed:
            return fillText(engineText("RunCheckpoints",
                                       "%1 was deleted by the run itself (backup_and_restore "
                                       "deletes its backup when training completes)"),
                            {path});
        case CheckpointState::Unreachable:
            return fillText(engineText("RunCheckpoints", "%1 cannot be looked at: %2"),
                            {path, std::strerror(entry.now.error)});
    }
    return {};
}

std::optional<std::size_t> chooseCheckpoint(const std::vector<CheckpointEntry>& entries,
                                            CheckpointChoice which)
{
    std::optional<std::size_t> found;
    if (which == CheckpointChoice::Last) {
        for (std::size_t i = 0; i < entries.size(); ++i) {
            if (entries[i].file.kind == SavedFileKind::Model)
                found = i;
        }
        return found;
    }
    // The first callback (in the config's order) that marked a best save; its newest one.
    std::optional<int> callback;
    for (const CheckpointEntry& entry : entries) {
        const SavedFileRecord& file = entry.file;
        if (file.kind == SavedFileKind::Model && file.best &&
            (!callback || file.callback < *callback))
            callback = file.callback;
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const SavedFileRecord& file = entries[i].file;
        if (file.kind == SavedFileKind::Model && file.best && file.callback == callback)
            found = i;
    }
    return found;
}

RunCheckpoint resolveRunCheckpoint(const RunStore& store, std::int64_t runId,
                                   CheckpointChoice which)
{
    const std::optional<StoredRunCheckpoints> run = store.loadRunCheckpoints(runId);
    const std::string id = std::to_string(runId);
    if (!run)
        throw RunCheckpointError(
            RunCheckpointError::Problem::NoSuchRun,
            fillText(engineText("RunCheckpoints", "no run %1 in %2 (see `runs list`)"),
                     {id, store.path()}));
    const std::string name = escapeControls(run->name);
    const std::vector<CheckpointEntry> entries = inspectCheckpoints(run->checkpoints);
    const std::optional<std::size_t> index = chooseCheckpoint(entries, which);
    if (!index) {
        const bool anySave = chooseCheckpoint(entries, CheckpointChoice::Last).has_value();
        if (!anySave)
            throw RunCheckpointError(
                RunCheckpointError::Problem::NoCheckpoints,
                fillText(engineText("RunCheckpoints",
                                    "run %1 (%2) has no model checkpoint recorded: its config "
                                    "has no model_checkpoint callback, it ended before the "
                                    "first save, or it was recorded before the run database "
                                    "kept checkpoints; give the file with --checkpoint"),
                         {id, name}));
        const SavedFileRecord& last =
            entries[*chooseCheckpoint(entries, CheckpointChoice::Last)].file;
        throw RunCheckpointError(
            RunCheckpointError::Problem::NoBest,
            fillText(engineText("RunCheckpoints",
                                "run %1 (%2) has no checkpoint marked best: model_checkpoint's "
                                "monitor %3 was not logged (or not a number) at any save; take "
                                "the last checkpoint instead"),
                     {id, name, escapeControls(last.monitor)}));
    }
    const CheckpointEntry& entry = entries[*index];
    if (entry.state != CheckpointState::Present) {
        const char* pattern = which == CheckpointChoice::Best
                                  ? engineText("RunCheckpoints",
                                               "run %1 (%2): its best checkpoint (%3) cannot be "
                                               "used: %4")
                                  : engineText("RunCheckpoints",
                                               "run %1 (%2): its last checkpoint (%3) cannot be "
                                               "used: %4");
        throw RunCheckpointError(problemOf(entry.state),
                                 fillText(pattern, {id, name, whenSaved(entry.file),
                                                    describeCheckpointState(entry, entries)}));
    }
    RunCheckpoint result;
    result.runId = runId;
    result.runName = run->name;
    result.config = run->config;
    result.tokenizerJson = run->tokenizerJson;
    result.checkpoint = entry;
    return result;
}

}  // namespace es
