#pragma once

#include "engine/core/finding.h"
#include "engine/core/records.h"
#include "engine/core/savedfile.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace es {

/// Where a stored run stands. `interrupted`: the process that ran it died (SIGKILL, power
/// loss) and a later open of the store found it still `running`.
enum class RunStatus { Running, Completed, Failed, Stopped, Interrupted };

std::string_view runStatusKey(RunStatus status);
std::optional<RunStatus> runStatusFromKey(std::string_view key);

/// One line of `runs list`.
struct StoredRunHeader {
    std::int64_t id = 0;
    std::string name;
    RunStatus status = RunStatus::Running;
    std::string startedAt;  ///< ISO 8601 UTC
    std::string endedAt;    ///< empty while running
    int epochs = 0;         ///< epochs stored
    std::int64_t batches = 0;
    std::string device;                  ///< from the run's info, once it started
    std::string backend;                 ///< from the run's info, once it started
    int worldSize = 1;                   ///< processes that trained together (the run's info)
    std::optional<double> steadyStepMs;  ///< from the summary, once the run ended
    std::string notes;
};

/// Everything stored for a run.
struct StoredRun {
    StoredRunHeader header;
    nlohmann::json config;   ///< toJson(RunConfig)
    nlohmann::json info;     ///< the run's facts (the summary's "run" object); null before
    nlohmann::json summary;  ///< the --json-out document, once the run ended; else null
    std::string error;
    std::string notes;
    std::vector<EpochRecord> epochs;
    std::vector<BatchRecord> batches;
    /// A distributed run's steps of ranks 1.. (rank 0's are `batches`), by rank.
    std::map<int, std::vector<BatchRecord>> rankBatches;
    std::vector<SystemSample> samples;
    std::vector<Finding> findings;  ///< the last diagnosis saved with setFindings()
    nlohmann::json diagnosis;       ///< what that diagnosis measured besides; null if nothing
    /// The files its callbacks wrote, in the order written, as recorded (whether each is still
    /// there: inspectCheckpoints(), engine/store/runcheckpoints.h).
    std::vector<SavedFileRecord> checkpoints;
};

/// What finding a run's model needs (`--run ID`), without its measurements.
struct StoredRunCheckpoints {
    std::int64_t id = 0;
    std::string name;
    RunStatus status = RunStatus::Running;
    nlohmann::json config;  ///< toJson(RunConfig), as recorded when the run began
    /// A text source's tokenizer as recorded (tokenizerJsonText()); empty for other runs.
    std::string tokenizerJson;
    std::vector<SavedFileRecord> checkpoints;  ///< in the order written
};

/// One line of the experiments list (docs/whatif.md).
struct StoredExperimentHeader {
    std::int64_t id = 0;
    std::string name;
    std::string createdAt;  ///< ISO 8601 UTC
    int runs = 0;           ///< runs attached (those not deleted since)
};

/// One measured run of an experiment, with what rebuilding its numbers needs.
struct StoredExperimentRun {
    std::int64_t runId = 0;
    int variantIndex = 0;  ///< 0 = the baseline
    std::string variantLabel;
    nlohmann::json patch;  ///< the variant's JSON merge patch on the baseline config
    int repeat = 1;
    RunStatus status = RunStatus::Running;
    std::string error;
    nlohmann::json config;  ///< the config the run trained (shortened for measuring)
    nlohmann::json info;    ///< the run's facts; null when it never started
    std::vector<BatchRecord> batches;
};

/// An experiment with its runs, in the order they were attached.
struct StoredExperiment {
    StoredExperimentHeader header;
    nlohmann::json settings;        ///< windows, repeats, the variants (docs/whatif.md)
    nlohmann::json baselineConfig;  ///< toJson of the full baseline config
    std::vector<StoredExperimentRun> runs;
};

/// How a RunStore opens its file.
enum class StoreAccess {
    /// Creates the file (and its directory) when missing, migrates an older schema and marks
    /// runs whose process has died as interrupted.
    ReadWrite,
    /// Never writes to the file, so it works on read-only storage: a missing file reads as an
    /// empty database, an older schema is migrated in a copy in memory, and runs whose process
    /// has died read as interrupted without being marked. Writing throws a StoreError.
    ReadOnly,
};

/// The run database (SQLite, WAL): runs, epochs, steps, system samples, per-callback times,
/// findings and the files the callbacks wrote (checkpoints, backups). Opening creates or migrates
/// it (see schema.h) and marks runs whose process has died as interrupted. Nothing is written to a
/// file before it is known to be usable: a file that is not an SQLite database, another program's
/// database, one from a newer EpochScope, and (checked before the first write through this
/// RunStore) a damaged one are refused unchanged. Every error is a StoreError naming the file, what
/// failed and what to do. One RunStore must not be used from two threads at once; several processes
/// may share a file, and may create and migrate it at the same time.
class RunStore {
public:
    /// runs.sqlite in userDataDirectory(): $XDG_DATA_HOME/epochscope/runs.sqlite, or
    /// ~/.local/share/epochscope/runs.sqlite.
    static std::string defaultPath();

    /// Opens the database; with ReadWrite, creates it (and its directory) when missing.
    explicit RunStore(const std::string& path, StoreAccess access = StoreAccess::ReadWrite);
    ~RunStore();
    RunStore(const RunStore&) = delete;
    RunStore& operator=(const RunStore&) = delete;

    const std::string& path() const;
    int schemaVersion() const;
    /// Runs this open found `running` with their process gone and marked `interrupted`.
    int interruptedOnOpen() const;

    /// A new run in status `running`, owned by this process; returns its id.
    std::int64_t beginRun(const std::string& name, const nlohmann::json& config);
    void setRunInfo(std::int64_t id, const nlohmann::json& info);
    /// Records a text source's tokenizer (tokenizerJsonText()).
    void setRunTokenizer(std::int64_t id, const std::string& tokenizerJson);
    /// Appends records in one transaction: rank 0's (or the only process's) steps, epochs,
    /// system samples, the steps of a distributed run's other ranks, with their rank, and the
    /// files its callbacks wrote. Each model_checkpoint save is a row of its own; a backup
    /// replaces the run's row of the same file (its latest save); a `removed` record marks the
    /// run's rows of that file as deleted by the run.
    void append(std::int64_t id, const std::vector<BatchRecord>& batches,
                const std::vector<EpochRecord>& epochs, const std::vector<SystemSample>& samples,
                const std::vector<std::pair<int, BatchRecord>>& rankBatches = {},
                const std::vector<SavedFileRecord>& savedFiles = {});
    void finishRun(std::int64_t id, RunStatus status, const std::string& error,
                   const nlohmann::json& summary);
    void setNotes(std::int64_t id, const std::string& notes);
    /// Records `error` on a run that goes on (why its recording stopped), so that whatever
    /// ends the run, its record says it; finishRun() replaces it.
    void setRunError(std::int64_t id, const std::string& error);
    /// Replaces the run's findings with `findings` (a new diagnosis), in their order, and what
    /// the diagnosis measured besides them (`diagnosis`, e.g. savedDiagnosisJson; null for
    /// nothing).
    void setFindings(std::int64_t id, const std::vector<Finding>& findings,
                     const nlohmann::json& diagnosis = nullptr);
    /// Gives the run a new name; false when there is no such run.
    bool renameRun(std::int64_t id, const std::string& name);

    /// Copies the WAL into the database and empties it, so that the next updates take its
    /// room from the start (after a write met a file-size limit); best effort, never throws.
    void checkpoint() noexcept;
    /// The file a recording process `pid` holds beside the database at `path` to keep room for
    /// its run's last record on a full disk (RunRecorder); removed with the run's end, or by
    /// the open that finds the process dead.
    static std::string reservePath(const std::string& path, int pid);

    /// Newest first.
    std::vector<StoredRunHeader> listRuns() const;
    std::optional<StoredRun> loadRun(std::int64_t id) const;
    /// The run's name, status, config and recorded checkpoints; nullopt when there is no such
    /// run. A checkpoint row EpochScope would not write (an unknown kind, a path that is not
    /// absolute) is a StoreError: the file is not one to take a path to load from.
    std::optional<StoredRunCheckpoints> loadRunCheckpoints(std::int64_t id) const;
    /// False when there is no such run.
    bool deleteRun(std::int64_t id);

    // What-if experiments (docs/whatif.md): a group of runs measuring a baseline and variants.
    /// A new experiment; returns its id.
    std::int64_t createExperiment(const std::string& name, const nlohmann::json& settings,
                                  const nlohmann::json& baselineConfig);
    /// Attaches a recorded run to an experiment as repeat `repeat` of variant `variantIndex`.
    void addExperimentRun(std::int64_t experimentId, std::int64_t runId, int variantIndex,
                          const std::string& variantLabel, const nlohmann::json& patch, int repeat);
    /// Newest first.
    std::vector<StoredExperimentHeader> listExperiments() const;
    /// The experiment with its runs' configs, facts and steps; nullopt when there is none.
    std::optional<StoredExperiment> loadExperiment(std::int64_t id) const;

private:
    class Impl;
    std::unique_ptr<Impl> m_impl;
};

/// A problem with the run database: it cannot be opened or written (full disk, read-only
/// directory, a file that is not a database, a damaged one). Training goes on without
/// recording.
class StoreError : public std::runtime_error {
public:
    /// `message`: for people, in the engine's language, naming the file and what to do.
    /// `reason`: SQLite's (and the system's) words alone, English, for a run's record.
    explicit StoreError(const std::string& message, std::string reason = {})
        : std::runtime_error(message), m_reason(std::move(reason))
    {
    }

    const std::string& reason() const { return m_reason; }

private:
    std::string m_reason;
};

}  // namespace es
