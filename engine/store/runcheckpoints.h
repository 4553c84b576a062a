#pragma once

// A run's checkpoints as they stand now, and the one a command loads for `--run ID`
// (docs/runs.md#checkpoints). The run database records every file model_checkpoint wrote and
// backup_and_restore's backup, with the size and modification time each had right after its
// write; here each is looked at again (stat(2) only, nothing is opened) and said to be
// present, missing, changed, overwritten by a later save of the run, or deleted by the run.
// A file that is not the one the run wrote is reported as such, never replaced by another.

#include "engine/core/savedfile.h"
#include "engine/io/filestamp.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace es {

class RunStore;

/// Where a recorded file stands now.
enum class CheckpointState {
    Present,      ///< at its path, with the size and modification time recorded
    Missing,      ///< nothing at its path: moved or deleted since the run wrote it
    Changed,      ///< something else at its path: another size or time, or not a regular file
    Overwritten,  ///< a later save of the same run wrote the same path: the file holds that one
    Removed,      ///< the run deleted it (backup_and_restore's backup when training completed)
    Unreachable,  ///< stat(2) failed otherwise (a directory above it may not be searched)
};

/// "present", "missing", "changed", "overwritten", "removed", "unreachable": for JSON.
std::string_view checkpointStateKey(CheckpointState state);

/// A recorded file and where it stands.
struct CheckpointEntry {
    SavedFileRecord file;  ///< as recorded
    CheckpointState state = CheckpointState::Missing;
    /// With Overwritten: the index (in the same list) of the later save that wrote the path.
    std::optional<std::size_t> overwrittenBy;
    /// What stat(2) found at the path now (not looked at for Overwritten and Removed).
    FileStamp now;
};

/// `files` (one run's, in the order written, as RunStore gives them) with each one's state.
std::vector<CheckpointEntry> inspectCheckpoints(const std::vector<SavedFileRecord>& files);

/// What happened to `entry`'s file, as a clause naming it ("/runs/m-03.pt is no longer
/// there: moved or deleted since the run wrote it"), in the engine's language; `entries` is
/// the list it belongs to (an overwritten file names the save that wrote over it). Empty for
/// a present file.
std::string describeCheckpointState(const CheckpointEntry& entry,
                                    const std::vector<CheckpointEntry>& entries);

/// Which of a run's model checkpoints `--run ID` takes.
enum class CheckpointChoice {
    /// The newest save marked best: the monitored value improved on every earlier save of its
    /// model_checkpoint callback (by the callback's monitor and mode, save_best_only or not).
    /// With several model_checkpoint callbacks, the first in the config that marked one.
    Best,
    /// The newest model_checkpoint save of the run.
    Last,
};

/// The index in `entries` of the model checkpoint `which` names, whatever its state (the
/// Runs browser and `runs show` mark it); nullopt when the run has none of that kind.
std::optional<std::size_t> chooseCheckpoint(const std::vector<CheckpointEntry>& entries,
                                            CheckpointChoice which);

/// The checkpoint a run's `--run ID` loads, with the config the run trained.
struct RunCheckpoint {
    std::int64_t runId = 0;
    std::string runName;
    /// The run's config as recorded (toJson(RunConfig)); parseRunConfig() (engine/config)
    /// turns it into a RunConfig, naming a field an older run's config no longer satisfies.
    nlohmann::json config;
    /// The run's tokenizer as recorded (StoredRunCheckpoints::tokenizerJson); empty for a run
    /// that did not train on text.
    std::string tokenizerJson;
    CheckpointEntry checkpoint;  ///< state Present; checkpoint.file.path is the file to load

    const std::string& path() const { return checkpoint.file.path; }
};

/// Why a run's checkpoint cannot be given. what() is the message for people, in the engine's
/// language, naming the run, the file and what happened to it.
class RunCheckpointError : public std::runtime_error {
public:
    enum class Problem {
        NoSuchRun,        ///< no run with that id in the database
        NoCheckpoints,    ///< the run recorded no model_checkpoint save
        NoBest,           ///< saves, but none marked best (the monitor was never logged)
        FileMissing,      ///< the chosen file was moved or deleted since
        FileChanged,      ///< the chosen path holds another file now (rewritten since)
        FileOverwritten,  ///< a later save of the same run wrote over the chosen file
        FileRemoved,      ///< the run deleted the chosen file itself
        FileUnreachable,  ///< the chosen file cannot be looked at (permissions)
    };

    RunCheckpointError(Problem problem, const std::string& message)
        : std::runtime_error(message), m_problem(problem)
    {
    }

    Problem problem() const { return m_problem; }

private:
    Problem m_problem;
};

/// The model checkpoint of run `runId` that `which` names, checked on disk now: only a file
/// still at its path with the size and modification time recorded is given; anything else
/// (no such run, no saves, no best, a file moved, deleted, rewritten, overwritten) throws a
/// RunCheckpointError saying so, and no other file is chosen instead. Only model_checkpoint's
/// saves are candidates; backups are listed by inspectCheckpoints() but never chosen here.
/// A store that cannot be read throws StoreError (engine/store/runstore.h). Predict and
/// export call it for `--run ID`; the caller opens `store` (read-only is enough).
RunCheckpoint resolveRunCheckpoint(const RunStore& store, std::int64_t runId,
                                   CheckpointChoice which);

}  // namespace es
