#include "engine/store/runstore.h"

#include "engine/core/phase.h"
#include "engine/core/text.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"
#include "engine/io/datahome.h"
#include "engine/profile/procstat.h"
#include "engine/store/samplejson.h"
#include "engine/store/schema.h"

#include <SQLiteCpp/Backup.h>
#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <sys/resource.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <limits>
#include <map>
#include <set>
#include <thread>

namespace es {

namespace {

using Json = nlohmann::json;

// Another process (the GUI while the CLI trains) may hold the write lock for a moment.
constexpr int kBusyTimeoutMs = 5000;
constexpr std::size_t kHostNameBytes = 256;

std::string isoNow()
{
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    ::gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

std::string hostName()
{
    char name[kHostNameBytes] = {};
    if (::gethostname(name, sizeof name - 1) != 0)
        return {};
    return name;
}

/// `data_wait_ms, host_to_device_ms, ...` for every phase, with `suffix`.
std::string phaseColumns(const char* suffix)
{
    std::string columns;
    for (Phase phase : kAllPhases)
        columns += (columns.empty() ? "" : ", ") + std::string(phaseKey(phase)) + suffix;
    return columns;
}

/// `?, ?, ?`: one SQL parameter per value bound.
std::string bindMarkers(std::size_t count)
{
    std::string text;
    for (std::size_t i = 0; i < count; ++i)
        text += i == 0 ? "?" : ", ?";
    return text;
}

/// SQLite's primary result code (SQLITE_READONLY for SQLITE_READONLY_DIRECTORY, ...).
int primaryCode(const SQLite::Exception& error)
{
    constexpr int kPrimaryMask = 0xff;
    return error.getErrorCode() & kPrimaryMask;
}

Json parseStoredJson(const SQLite::Column& column)
{
    if (column.isNull())
        return nullptr;
    return Json::parse(column.getString(), nullptr, false);
}

/// The facts a run's header shows from its stored info (the summary's "run" object). A
/// member of another type (a database from elsewhere) reads as absent.
void readHeaderFacts(const Json& info, StoredRunHeader& header)
{
    if (!info.is_object())
        return;
    const auto text = [&info](const char* key) {
        const auto found = info.find(key);
        return found != info.end() && found->is_string() ? found->get<std::string>()
                                                         : std::string();
    };
    header.device = text("device");
    header.backend = text("backend");
    const auto worldSize = info.find("world_size");
    if (worldSize != info.end() && worldSize->is_number_integer() && worldSize->get<int>() > 0)
        header.worldSize = worldSize->get<int>();
}

/// A REAL column that may hold NULL: SQLite stores a NaN bound to it as NULL (a loss a
/// profiled script never read, a loss that diverged), which reads back as NaN, not 0.
double realOrNaN(const SQLite::Column& column)
{
    return column.isNull() ? std::numeric_limits<double>::quiet_NaN() : column.getDouble();
}

/// The columns of a step, in the order bindStep() binds them and readStep() reads them (both
/// tables of steps have them all).
std::string stepColumns()
{
    return "epoch, batch, end_s, wall_ms, " + phaseColumns("_ms") +
           ", loss, samples, h2d_bytes, minor_faults, major_faults, reduced_bytes, overlapped_ms, "
           "padding_share, timesteps, " +
           phaseColumns("_peak_bytes") + ", " + phaseColumns("_end_bytes") + ", allocations";
}
constexpr std::size_t kStepColumns = 3 * kPhaseCount + 14;

/// Binds `batch` to stepColumns() from parameter `column` on.
void bindStep(SQLite::Statement& insert, int column, const BatchRecord& batch)
{
    insert.bind(column++, batch.epoch);
    insert.bind(column++, batch.batch);
    insert.bind(column++, batch.endS);
    insert.bind(column++, batch.wallMs);
    for (double ms : batch.phaseMs)
        insert.bind(column++, ms);
    insert.bind(column++, batch.loss);
    insert.bind(column++, batch.samples);
    insert.bind(column++, batch.h2dBytes);
    insert.bind(column++, batch.minorFaults);
    insert.bind(column++, batch.majorFaults);
    insert.bind(column++, batch.reducedBytes);
    insert.bind(column++, batch.overlappedMs);
    insert.bind(column++, batch.paddingShare);
    insert.bind(column++, batch.timesteps);
    for (std::int64_t bytes : batch.memory.peakBytes)
        insert.bind(column++, bytes);
    for (std::int64_t bytes : batch.memory.endBytes)
        insert.bind(column++, bytes);
    insert.bind(column++, batch.memory.allocations);
}

BatchRecord readStep(SQLite::Statement& query, int column)
{
    BatchRecord batch;
    batch.epoch = query.getColumn(column++).getInt();
    batch.batch = query.getColumn(column++).getInt();
    batch.endS = query.getColumn(column++).getDouble();
    batch.wallMs = query.getColumn(column++).getDouble();
    for (double& ms : batch.phaseMs)
        ms = query.getColumn(column++).getDouble();
    batch.loss = realOrNaN(query.getColumn(column++));
    batch.samples = query.getColumn(column++).getInt64();
    batch.h2dBytes = query.getColumn(column++).getInt64();
    batch.minorFaults = query.getColumn(column++).getInt64();
    batch.majorFaults = query.getColumn(column++).getInt64();
    batch.reducedBytes = query.getColumn(column++).getInt64();
    batch.overlappedMs = query.getColumn(column++).getDouble();
    batch.paddingShare = query.getColumn(column++).getDouble();
    batch.timesteps = query.getColumn(column++).getInt64();
    for (std::int64_t& bytes : batch.memory.peakBytes)
        bytes = query.getColumn(column++).getInt64();
    for (std::int64_t& bytes : batch.memory.endBytes)
        bytes = query.getColumn(column++).getInt64();
    batch.memory.allocations = query.getColumn(column++).getInt64();
    return batch;
}

/// A run's steps in order (loadRun, loadExperiment).
std::vector<BatchRecord> readBatches(SQLite::Database& db, std::int64_t id)
{
    SQLite::Statement query(
        db, "SELECT " + stepColumns() + " FROM batches WHERE run_id = ? ORDER BY epoch, batch");
    query.bind(1, id);
    std::vector<BatchRecord> batches;
    while (query.executeStep())
        batches.push_back(readStep(query, 0));
    return batches;
}

/// The steps of a distributed run's ranks other than 0, by rank, each in order.
std::map<int, std::vector<BatchRecord>> readRankBatches(SQLite::Database& db, std::int64_t id)
{
    SQLite::Statement query(db, "SELECT rank, " + stepColumns() +
                                    " FROM rank_batches WHERE run_id = ? ORDER BY rank, epoch, "
                                    "batch");
    query.bind(1, id);
    std::map<int, std::vector<BatchRecord>> byRank;
    while (query.executeStep())
        byRank[query.getColumn(0).getInt()].push_back(readStep(query, 1));
    return byRank;
}

/// The columns of a recorded file, in the order readCheckpoints() reads them.
constexpr const char* kCheckpointColumns =
    "id, kind, callback, path, epoch, batch, monitor, value, best, weights_only, bytes, "
    "mtime_ns, removed";

/// The files run `id`'s callbacks wrote, in the order written. A row EpochScope does not write
/// (another kind, a path that is empty, relative or holds a NUL byte, which stat(2) would
/// read as another path) refuses the listing: a database that holds one was made elsewhere,
/// and a path from it must not be loaded.
std::vector<SavedFileRecord> readCheckpoints(SQLite::Database& db, const std::string& dbPath,
                                             std::int64_t id)
{
    SQLite::Statement query(db, std::string("SELECT ") + kCheckpointColumns +
                                    " FROM checkpoints WHERE run_id = ? ORDER BY id");
    query.bind(1, id);
    std::vector<SavedFileRecord> files;
    while (query.executeStep()) {
        SavedFileRecord file;
        const std::string kind = query.getColumn(1).getString();
        file.path = query.getColumn(3).getString();
        const auto knownKind = savedFileKindFromKey(kind);
        const bool usablePath = query.getColumn(3).isText() && !file.path.empty() &&
                                file.path.front() == '/' &&
                                file.path.find('\0') == std::string::npos;
        if (!knownKind || !usablePath) {
            const std::string row = query.getColumn(0).getString();
            throw StoreError(
                fillText(engineText("RunStore",
                                    "%1: run %2 has a checkpoint record (row %3) that EpochScope "
                                    "does not write: %4. The database may come from another "
                                    "program: none of its checkpoints is used."),
                         {dbPath, std::to_string(id), row,
                          !knownKind ? fillText(engineText("RunStore", "unknown kind \"%1\""),
                                                {escapeControls(kind)})
                                     : std::string(engineText("RunStore",
                                                              "its path is not an absolute "
                                                              "path"))}),
                "checkpoint row " + row + " is not EpochScope's");
        }
        file.kind = *knownKind;
        file.callback = query.getColumn(2).getInt();
        file.epoch = query.getColumn(4).getInt();
        if (!query.getColumn(5).isNull())
            file.batch = query.getColumn(5).getInt();
        file.monitor = query.getColumn(6).getString();
        // SQLite keeps a NaN as NULL: a monitored NaN reads as no value.
        if (!query.getColumn(7).isNull())
            file.value = query.getColumn(7).getDouble();
        file.best = query.getColumn(8).getInt() != 0;
        file.weightsOnly = query.getColumn(9).getInt() != 0;
        file.bytes = query.getColumn(10).getInt64();
        file.mtimeNs = query.getColumn(11).getInt64();
        file.removed = query.getColumn(12).getInt() != 0;
        files.push_back(std::move(file));
    }
    return files;
}

/// Writes the files of `savedFiles` as RunStore::append() says.
void writeSavedFiles(SQLite::Database& db, std::int64_t id,
                     const std::vector<SavedFileRecord>& savedFiles)
{
    SQLite::Statement insert(db,
                             "INSERT INTO checkpoints (run_id, kind, callback, path, epoch, "
                             "batch, monitor, value, best, weights_only, bytes, mtime_ns) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    // A backup is one file rewritten at each save: its row holds the latest save.
    SQLite::Statement replace(db,
                              "DELETE FROM checkpoints WHERE run_id = ? AND kind = ? AND path = ?");
    SQLite::Statement removed(db,
                              "UPDATE checkpoints SET removed = 1 WHERE run_id = ? AND kind = ? "
                              "AND path = ?");
    for (const SavedFileRecord& file : savedFiles) {
        const std::string kind(savedFileKindKey(file.kind));
        if (file.removed || file.kind == SavedFileKind::Backup) {
            SQLite::Statement& statement = file.removed ? removed : replace;
            statement.bind(1, id);
            statement.bind(2, kind);
            statement.bind(3, file.path);
            statement.exec();
            statement.reset();
            if (file.removed)
                continue;
        }
        insert.bind(1, id);
        insert.bind(2, kind);
        insert.bind(3, file.callback);
        insert.bind(4, file.path);
        insert.bind(5, file.epoch);
        if (file.batch)
            insert.bind(6, *file.batch);
        else
            insert.bind(6);
        insert.bind(7, file.monitor);
        if (file.value)
            insert.bind(8, *file.value);
        else
            insert.bind(8);
        insert.bind(9, file.best ? 1 : 0);
        insert.bind(10, file.weightsOnly ? 1 : 0);
        insert.bind(11, file.bytes);
        insert.bind(12, file.mtimeNs);
        insert.exec();
        insert.reset();
    }
}

}  // namespace

std::string_view runStatusKey(RunStatus status)
{
    switch (status) {
        case RunStatus::Running: return "running";
        case RunStatus::Completed: return "completed";
        case RunStatus::Failed: return "failed";
        case RunStatus::Stopped: return "stopped";
        case RunStatus::Interrupted: return "interrupted";
    }
    return "running";
}

std::optional<RunStatus> runStatusFromKey(std::string_view key)
{
    for (RunStatus status : {RunStatus::Running, RunStatus::Completed, RunStatus::Failed,
                             RunStatus::Stopped, RunStatus::Interrupted}) {
        if (runStatusKey(status) == key)
            return status;
    }
    return std::nullopt;
}

class RunStore::Impl {
public:
    Impl(const std::string& path, StoreAccess access)
        : m_path(path),
          m_access(access),
          m_db(access == StoreAccess::ReadWrite ? openForWriting(path) : openForReading(path))
    {
        try {
            // Settings of this connection only: nothing is written to the file by these.
            m_db.exec("PRAGMA foreign_keys=ON");
            if (access == StoreAccess::ReadWrite)
                prepareForWriting();
            else
                prepareForReading();
        } catch (const SQLite::Exception& error) {
            fail(engineText("RunStore", "%1: cannot open the run database: %2"), error);
        }
    }

    /// A StoreError from `pattern`: %1 the database's path, %2 SQLite's message (with the
    /// system's reason, `systemErrno`, when an OS call failed), %3 `value`. A damaged file
    /// gets the message that says so and what to do, whatever was being done.
    [[noreturn]] void fail(const char* pattern, const std::exception& error,
                           std::string_view value = {}, int systemErrno = 0) const
    {
        std::string reason = error.what();
        if (systemErrno != 0)
            reason += " (" + std::string(std::strerror(systemErrno)) + ")";
        if (const auto* sqlite = dynamic_cast<const SQLite::Exception*>(&error)) {
            const int code = primaryCode(*sqlite);
            if (code == SQLITE_NOTADB)
                throw StoreError(fillText(kNotADatabase(), {m_path, reason}), reason);
            if (code == SQLITE_CORRUPT)
                throw StoreError(fillText(kDamaged(), {m_path, reason}), reason);
        }
        throw StoreError(fillText(pattern, {m_path, reason, value}), reason);
    }

    /// Runs `work` in a transaction, turning SQLite errors into a StoreError from `pattern`
    /// (as fail()'s). The first write through this store checks the file first (ensureIntact).
    template <typename Work>
    void write(const char* pattern, Work work)
    {
        if (m_access == StoreAccess::ReadOnly) {
            throw StoreError(fillText(pattern, {m_path, engineText("RunStore",
                                                                   "the run database was opened "
                                                                   "for reading only")}));
        }
        ensureIntact();
        int systemErrno = 0;
        try {
            SQLite::Transaction transaction(m_db);
            try {
                work();
                transaction.commit();
            } catch (const SQLite::Exception& error) {
                systemErrno = failedWriteErrno(error);
                throw;
            }
        } catch (const SQLite::Exception& error) {
            fail(pattern, error, {}, systemErrno);
        }
    }

    /// The system error behind a failed write, for the message: EFBIG when a file of the
    /// database has reached the file-size limit (`ulimit -f`; SQLite says only "disk I/O
    /// error" or "database or disk is full" then), else what SQLite kept, else 0.
    int failedWriteErrno(const SQLite::Exception& error) const
    {
        const int code = primaryCode(error);
        if (code != SQLITE_IOERR && code != SQLITE_FULL)
            return 0;
        rlimit limit{};
        if (::getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
            // Within a page of the limit: the next page does not fit.
            constexpr std::uintmax_t kLargestPage = 65536;
            for (const char* suffix : {"", "-wal", "-journal"}) {
                std::error_code missing;
                const std::uintmax_t size = std::filesystem::file_size(m_path + suffix, missing);
                if (!missing && size + kLargestPage > limit.rlim_cur)
                    return EFBIG;
            }
        }
        return sqlite3_system_errno(m_db.getHandle());
    }

    /// `status` (and `error`) as a reader sees a run: a run still `running` whose process has
    /// died reads as interrupted in a store opened read-only, which cannot mark it.
    void showAsStored(std::int64_t id, RunStatus& status, std::string* error) const
    {
        if (status != RunStatus::Running || m_deadRuns.count(id) == 0)
            return;
        // As prepareForWriting() would mark it.
        const auto recorded = m_recordedErrors.find(id);
        if (recorded == m_recordedErrors.end()) {
            status = RunStatus::Interrupted;
            if (error != nullptr)
                *error = kProcessDied;
        } else {
            status = RunStatus::Failed;
            if (error != nullptr)
                *error = recorded->second + "; " + kEndNotRecorded;
        }
    }

    std::string m_path;
    StoreAccess m_access;
    SQLite::Database m_db;
    int m_interruptedOnOpen = 0;

private:
    // Recorded: English, shown with recordedText().
    static constexpr const char* kProcessDied = markedText(
        "RunRecord", "the process running it ended without finishing it (killed or crashed)");
    static constexpr const char* kEndNotRecorded =
        markedText("RunRecord", "the process ended before the run's end could be recorded");

    static const char* kNotADatabase()
    {
        return engineText("RunStore",
                          "%1: cannot open the run database: it is not an SQLite database (%2). "
                          "The file was left unchanged: record into another file, or move this "
                          "one away.");
    }

    static const char* kDamaged()
    {
        return engineText("RunStore",
                          "%1: the run database is damaged (%2). Nothing was written to it: "
                          "move it away and record into another file; sqlite3's .recover "
                          "command can save what is still readable.");
    }

    static void createParent(const std::string& path)
    {
        std::error_code ignored;
        const std::filesystem::path parent = std::filesystem::path(path).parent_path();
        if (!parent.empty())
            std::filesystem::create_directories(parent, ignored);
    }

    static SQLite::Database openForWriting(const std::string& path)
    {
        createParent(path);
        try {
            // Opening creates an empty file at most; SQLite writes nothing before it is asked.
            SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            db.setBusyTimeout(kBusyTimeoutMs);
            return db;
        } catch (const SQLite::Exception& error) {
            throw StoreError(
                fillText(engineText("RunStore", "%1: cannot open the run database: %2"),
                         {path, error.what()}),
                error.what());
        }
    }

    static SQLite::Database openForReading(const std::string& path)
    {
        std::error_code missing;
        if (!std::filesystem::exists(path, missing)) {
            // Nothing recorded there yet: an empty database in memory (migrated below) reads
            // the same, and the file is not created.
            return SQLite::Database(":memory:", SQLite::OPEN_READWRITE);
        }
        try {
            SQLite::Database db(path, SQLite::OPEN_READONLY);
            db.setBusyTimeout(kBusyTimeoutMs);
            try {
                db.execAndGet("PRAGMA user_version");
                return db;
            } catch (const SQLite::Exception& error) {
                // A WAL database on read-only storage (or in a directory we may not write)
                // whose -shm file is not there cannot be read the usual way; nothing can
                // change it there, so it is read as immutable. Other errors stand.
                const int code = primaryCode(error);
                if (code != SQLITE_CANTOPEN && code != SQLITE_READONLY)
                    throw;
            }
            SQLite::Database immutable(immutableUri(path),
                                       SQLite::OPEN_READONLY | SQLite::OPEN_URI);
            immutable.execAndGet("PRAGMA user_version");
            return immutable;
        } catch (const SQLite::Exception& error) {
            if (primaryCode(error) == SQLITE_NOTADB)
                throw StoreError(fillText(kNotADatabase(), {path, error.what()}), error.what());
            throw StoreError(
                fillText(engineText("RunStore", "%1: cannot open the run database: %2"),
                         {path, error.what()}),
                error.what());
        }
    }

    /// `path` as an SQLite URI (https://sqlite.org/uri.html) that opens it immutable.
    static std::string immutableUri(const std::string& path)
    {
        std::error_code failed;
        std::filesystem::path absolute = std::filesystem::absolute(path, failed);
        if (failed)
            absolute = path;
        std::string uri = "file:";
        for (const unsigned char c : absolute.string()) {
            if (std::isalnum(c) != 0 || std::strchr("/-_.~", c) != nullptr) {
                uri += static_cast<char>(c);
            } else {
                char escaped[4];
                std::snprintf(escaped, sizeof escaped, "%%%02X", c);
                uri += escaped;
            }
        }
        return uri + "?immutable=1";
    }

    /// The schema version, after refusing (before anything is written) a file this EpochScope
    /// must not touch: one from a newer version, or another program's database (tables, but
    /// no schema version of ours). One statement, so both are read from the same snapshot
    /// while another process may be creating the schema.
    int usableVersion()
    {
        SQLite::Statement state(m_db,
                                "SELECT (SELECT user_version FROM pragma_user_version), "
                                "(SELECT COUNT(*) FROM sqlite_master)");
        state.executeStep();
        const int version = state.getColumn(0).getInt();
        const int tables = state.getColumn(1).getInt();
        state.reset();
        const int current = currentSchemaVersion();
        if (version > current) {
            throw StoreError(
                fillText(engineText("RunStore",
                                    "%1: the run database has schema version %2, written by a "
                                    "newer EpochScope; this one reads up to version %3. The file "
                                    "was left unchanged: use a newer EpochScope, or record into "
                                    "another file."),
                         {m_path, std::to_string(version), std::to_string(current)}));
        }
        if (version < 0) {
            // PRAGMA user_version is any 32-bit number; no EpochScope writes a negative one.
            throw StoreError(
                fillText(engineText("RunStore",
                                    "%1: cannot open the run database: its schema version is %2, "
                                    "which no EpochScope writes (another program's database, or "
                                    "a damaged one). The file was left unchanged: record into "
                                    "another file."),
                         {m_path, std::to_string(version)}));
        }
        if (version == 0 && tables > 0) {
            throw StoreError(fillText(
                engineText("RunStore",
                           "%1: cannot open the run database: it is another program's SQLite "
                           "database (it has tables but no EpochScope schema version). The file "
                           "was left unchanged: record into another file."),
                {m_path}));
        }
        return version;
    }

    /// Refuses a damaged file before the first write through this store, so that a run is
    /// never recorded into (and spreads) damage. quick_check reads every page once.
    void ensureIntact()
    {
        if (m_intact)
            return;
        std::string result;
        try {
            SQLite::Statement check(m_db, "PRAGMA quick_check(1)");
            result = check.executeStep() ? check.getColumn(0).getString() : std::string("ok");
        } catch (const SQLite::Exception& error) {
            result = error.what();
        }
        if (result != "ok")
            throw StoreError(fillText(kDamaged(), {m_path, result}), result);
        m_intact = true;
    }

    void prepareForWriting()
    {
        // Durable across process crashes in WAL mode; a setting of this connection.
        m_db.exec("PRAGMA synchronous=NORMAL");
        // Read first: a file that is not a database fails here, and a refused one is left
        // exactly as it was (no journal mode switched, no migration started).
        int version = usableVersion();
        const bool migrating = version < currentSchemaVersion();
        const bool deadRuns = version >= 1 && !findDeadRuns().empty();
        if (m_db.execAndGet("PRAGMA journal_mode").getString() != "wal") {
            ensureIntact();
            // WAL: a reader (the GUI) never blocks the writer, and a killed writer loses at
            // most its open transaction. Switched outside a transaction, as SQLite requires.
            // The switch reads the file, then needs it alone: while another process does the
            // same, SQLite answers busy at once rather than wait into a deadlock, so it is
            // tried again here for as long as a lock would be waited for.
            constexpr int kRetryMs = 10;
            for (int waited = 0;; waited += kRetryMs) {
                try {
                    m_db.exec("PRAGMA journal_mode=WAL");
                    break;
                } catch (const SQLite::Exception& error) {
                    if (primaryCode(error) != SQLITE_BUSY || waited >= kBusyTimeoutMs)
                        throw;
                    std::this_thread::sleep_for(std::chrono::milliseconds(kRetryMs));
                }
            }
        }
        if (!migrating && !deadRuns)
            return;
        ensureIntact();
        // Several processes may open a new or older database at once (the app, a CLI run, a
        // what-if): the write lock is taken first and the version read again under it, so
        // exactly one of them migrates and the others find it done.
        SQLite::Transaction transaction(m_db, SQLite::TransactionBehavior::IMMEDIATE);
        version = usableVersion();
        const int current = currentSchemaVersion();
        for (int step = version + 1; step <= current; ++step)
            m_db.exec(std::string(schemaMigrations()[static_cast<std::size_t>(step - 1)]));
        if (version < current)
            m_db.exec("PRAGMA user_version = " + std::to_string(current));
        const std::vector<std::int64_t> dead = findDeadRuns();
        for (const std::int64_t id : dead) {
            // Only a recorder whose store failed (a full disk) records an error on a running
            // run (setRunError): then the record is short because of that, and its end could
            // not be written either; it reads as failed with both, not as killed.
            SQLite::Statement update(m_db,
                                     "UPDATE runs SET ended_at = ?1, status = CASE WHEN error IS "
                                     "NULL OR error = '' THEN 'interrupted' ELSE 'failed' END, "
                                     "error = CASE WHEN error IS NULL OR error = '' THEN ?2 "
                                     "ELSE error || '; ' || ?3 END WHERE id = ?4");
            update.bind(1, isoNow());
            update.bind(2, kProcessDied);
            update.bind(3, kEndNotRecorded);
            update.bind(4, id);
            update.exec();
        }
        transaction.commit();
        m_interruptedOnOpen = static_cast<int>(dead.size());
        // The room a killed recorder kept beside the file (RunRecorder) is given back.
        for (const int pid : m_deadPids) {
            std::error_code ignored;
            std::filesystem::remove(RunStore::reservePath(m_path, pid), ignored);
        }
    }

    void prepareForReading()
    {
        const int version = usableVersion();
        const int current = currentSchemaVersion();
        if (version < current) {
            // An older (or empty) database: migrated in a copy in memory, so that the queries
            // of this version read it, and the file is left as it is.
            SQLite::Database copy(":memory:", SQLite::OPEN_READWRITE);
            {
                // Finished (destroyed) before the file's connection is closed below.
                SQLite::Backup backup(copy, m_db);
                backup.executeStep(-1);
            }
            for (int step = version + 1; step <= current; ++step)
                copy.exec(std::string(schemaMigrations()[static_cast<std::size_t>(step - 1)]));
            copy.exec("PRAGMA user_version = " + std::to_string(current));
            m_db = std::move(copy);
        }
        const std::vector<std::int64_t> dead = findDeadRuns();
        m_deadRuns.insert(dead.begin(), dead.end());
    }

    /// Runs `running` on this host whose process is gone.
    std::vector<std::int64_t> findDeadRuns()
    {
        SQLite::Statement running(
            m_db, "SELECT id, pid, process_start, host, error FROM runs WHERE status = 'running'");
        std::vector<std::int64_t> dead;
        const std::string host = hostName();
        while (running.executeStep()) {
            const int pid = running.getColumn(1).getInt();
            const auto started = static_cast<std::uint64_t>(running.getColumn(2).getInt64());
            // Another machine's run (a shared home directory) cannot be checked: leave it.
            if (running.getColumn(3).getString() != host)
                continue;
            // The pid alone may have been reused; its start time tells the processes apart.
            if (started == 0 || processStartTicks(pid) != started) {
                dead.push_back(running.getColumn(0).getInt64());
                m_deadPids.push_back(pid);
                const std::string error = running.getColumn(4).getString();
                if (!error.empty())
                    m_recordedErrors[dead.back()] = error;
            }
        }
        return dead;
    }

    bool m_intact = false;
    std::set<std::int64_t> m_deadRuns;
    std::vector<int> m_deadPids;  ///< the processes of the dead runs found
    /// The errors dead runs recorded while they went on (read-only view: showAsStored()).
    std::map<std::int64_t, std::string> m_recordedErrors;
};

std::string RunStore::defaultPath()
{
    return userDataDirectory() + "/runs.sqlite";
}

RunStore::RunStore(const std::string& path, StoreAccess access)
    : m_impl(std::make_unique<Impl>(path, access))
{
}

RunStore::~RunStore() = default;

const std::string& RunStore::path() const
{
    return m_impl->m_path;
}

int RunStore::schemaVersion() const
{
    return m_impl->m_db.execAndGet("PRAGMA user_version").getInt();
}

int RunStore::interruptedOnOpen() const
{
    return m_impl->m_interruptedOnOpen;
}

std::int64_t RunStore::beginRun(const std::string& name, const nlohmann::json& config)
{
    std::int64_t id = 0;
    m_impl->write(engineText("RunStore", "%1: cannot record a new run: %2"), [&] {
        SQLite::Statement insert(m_impl->m_db,
                                 "INSERT INTO runs (name, status, started_at, config_json, pid, "
                                 "process_start, host) VALUES (?, 'running', ?, ?, ?, ?, ?)");
        insert.bind(1, name);
        insert.bind(2, isoNow());
        insert.bind(3, config.dump());
        insert.bind(4, static_cast<int>(::getpid()));
        insert.bind(5, static_cast<std::int64_t>(processStartTicks(::getpid())));
        insert.bind(6, hostName());
        insert.exec();
        id = m_impl->m_db.getLastInsertRowid();
    });
    return id;
}

void RunStore::setRunInfo(std::int64_t id, const nlohmann::json& info)
{
    m_impl->write(engineText("RunStore", "%1: cannot record the run's facts: %2"), [&] {
        SQLite::Statement update(m_impl->m_db, "UPDATE runs SET info_json = ? WHERE id = ?");
        update.bind(1, info.dump());
        update.bind(2, id);
        update.exec();
    });
}

void RunStore::setRunTokenizer(std::int64_t id, const std::string& tokenizerJson)
{
    m_impl->write(engineText("RunStore", "%1: cannot record the run's facts: %2"), [&] {
        SQLite::Statement update(m_impl->m_db, "UPDATE runs SET tokenizer_json = ? WHERE id = ?");
        update.bind(1, tokenizerJson);
        update.bind(2, id);
        update.exec();
    });
}

void RunStore::append(std::int64_t id, const std::vector<BatchRecord>& batches,
                      const std::vector<EpochRecord>& epochs,
                      const std::vector<SystemSample>& samples,
                      const std::vector<std::pair<int, BatchRecord>>& rankBatches,
                      const std::vector<SavedFileRecord>& savedFiles)
{
    if (batches.empty() && epochs.empty() && samples.empty() && rankBatches.empty() &&
        savedFiles.empty())
        return;
    m_impl->write(engineText("RunStore", "%1: cannot record the run's measurements: %2"), [&] {
        SQLite::Database& db = m_impl->m_db;
        if (!batches.empty()) {
            SQLite::Statement insert(db, "INSERT OR REPLACE INTO batches (run_id, " +
                                             stepColumns() + ") VALUES (" +
                                             bindMarkers(kStepColumns + 1) + ")");
            for (const BatchRecord& batch : batches) {
                insert.bind(1, id);
                bindStep(insert, 2, batch);
                insert.exec();
                insert.reset();
            }
        }
        if (!rankBatches.empty()) {
            SQLite::Statement insert(db, "INSERT OR REPLACE INTO rank_batches (run_id, rank, " +
                                             stepColumns() + ") VALUES (" +
                                             bindMarkers(kStepColumns + 2) + ")");
            for (const auto& [rank, batch] : rankBatches) {
                insert.bind(1, id);
                insert.bind(2, rank);
                bindStep(insert, 3, batch);
                insert.exec();
                insert.reset();
            }
        }
        if (!epochs.empty()) {
            SQLite::Statement insert(
                db,
                "INSERT OR REPLACE INTO epochs (run_id, epoch, start_s, batches, wall_s, "
                "train_s, validation_s, " +
                    phaseColumns("_s") + ", samples, train_loss, val_loss, metrics_json) VALUES (" +
                    bindMarkers(kPhaseCount + 11) + ")");
            SQLite::Statement callback(db,
                                       "INSERT OR REPLACE INTO epoch_callbacks (run_id, "
                                       "epoch, position, name, seconds, bytes_written, "
                                       "files_written) VALUES (?, ?, ?, ?, ?, ?, ?)");
            for (const EpochRecord& epoch : epochs) {
                int column = 1;
                insert.bind(column++, id);
                insert.bind(column++, epoch.epoch);
                insert.bind(column++, epoch.startS);
                insert.bind(column++, epoch.batches);
                insert.bind(column++, epoch.wallS);
                insert.bind(column++, epoch.trainS);
                insert.bind(column++, epoch.validationS);
                for (double seconds : epoch.phaseS)
                    insert.bind(column++, seconds);
                insert.bind(column++, epoch.samples);
                insert.bind(column++, epoch.trainLoss);
                if (epoch.valLoss)
                    insert.bind(column++, *epoch.valLoss);
                else
                    insert.bind(column++);
                insert.bind(column++, Json(epoch.metrics).dump());
                insert.exec();
                insert.reset();
                for (std::size_t i = 0; i < epoch.callbacks.size(); ++i) {
                    const CallbackCost& cost = epoch.callbacks[i];
                    callback.bind(1, id);
                    callback.bind(2, epoch.epoch);
                    callback.bind(3, static_cast<int>(i));
                    callback.bind(4, cost.name);
                    callback.bind(5, cost.seconds);
                    callback.bind(6, cost.bytesWritten);
                    callback.bind(7, cost.writes);
                    callback.exec();
                    callback.reset();
                }
            }
        }
        if (!samples.empty()) {
            SQLite::Statement insert(db,
                                     "INSERT INTO samples (run_id, t_s, process_cpu_pct, "
                                     "machine_cpu_pct, rss_mb, threads_json, gpus_json) "
                                     "VALUES (?, ?, ?, ?, ?, ?, ?)");
            for (const SystemSample& sample : samples) {
                insert.bind(1, id);
                insert.bind(2, sample.tS);
                insert.bind(3, sample.processCpuPct);
                insert.bind(4, sample.machineCpuPct);
                insert.bind(5, sample.rssMb);
                insert.bind(6, threadsJson(sample.threads).dump());
                insert.bind(7, gpusJson(sample.gpus).dump());
                insert.exec();
                insert.reset();
            }
        }
        if (!savedFiles.empty())
            writeSavedFiles(db, id, savedFiles);
    });
}

void RunStore::finishRun(std::int64_t id, RunStatus status, const std::string& error,
                         const nlohmann::json& summary)
{
    m_impl->write(engineText("RunStore", "%1: cannot record the run's end: %2"), [&] {
        SQLite::Statement update(m_impl->m_db,
                                 "UPDATE runs SET status = ?, ended_at = ?, "
                                 "error = ?, summary_json = ? WHERE id = ?");
        update.bind(1, std::string(runStatusKey(status)));
        update.bind(2, isoNow());
        if (error.empty())
            update.bind(3);
        else
            update.bind(3, error);
        if (summary.is_null())
            update.bind(4);
        else
            update.bind(4, summary.dump());
        update.bind(5, id);
        update.exec();
    });
}

void RunStore::setNotes(std::int64_t id, const std::string& notes)
{
    m_impl->write(engineText("RunStore", "%1: cannot save the notes: %2"), [&] {
        SQLite::Statement update(m_impl->m_db, "UPDATE runs SET notes = ? WHERE id = ?");
        update.bind(1, notes);
        update.bind(2, id);
        update.exec();
    });
}

void RunStore::setRunError(std::int64_t id, const std::string& error)
{
    m_impl->write(engineText("RunStore", "%1: cannot record the run's error: %2"), [&] {
        SQLite::Statement update(m_impl->m_db, "UPDATE runs SET error = ? WHERE id = ?");
        update.bind(1, error);
        update.bind(2, id);
        update.exec();
    });
}

void RunStore::setFindings(std::int64_t id, const std::vector<Finding>& findings,
                           const nlohmann::json& diagnosis)
{
    m_impl->write(engineText("RunStore", "%1: cannot save the findings: %2"), [&] {
        SQLite::Statement clear(m_impl->m_db, "DELETE FROM findings WHERE run_id = ?");
        clear.bind(1, id);
        clear.exec();
        SQLite::Statement measured(m_impl->m_db, "UPDATE runs SET diagnosis_json = ? WHERE id = ?");
        if (diagnosis.is_null())
            measured.bind(1);
        else
            measured.bind(1, diagnosis.dump());
        measured.bind(2, id);
        measured.exec();
        SQLite::Statement insert(m_impl->m_db,
                                 "INSERT INTO findings (run_id, position, rule, severity, title, "
                                 "evidence, recommendation, patch_json, first_batch, last_batch) "
                                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        int position = 0;
        for (const Finding& finding : findings) {
            insert.bind(1, id);
            insert.bind(2, position++);
            insert.bind(3, finding.id);
            insert.bind(4, std::string(severityKey(finding.severity)));
            insert.bind(5, finding.title);
            insert.bind(6, finding.evidence);
            insert.bind(7, finding.recommendation);
            if (finding.patch.is_null())
                insert.bind(8);
            else
                insert.bind(8, finding.patch.dump());
            if (finding.firstStep)
                insert.bind(9, *finding.firstStep);
            else
                insert.bind(9);
            if (finding.lastStep)
                insert.bind(10, *finding.lastStep);
            else
                insert.bind(10);
            insert.exec();
            insert.reset();
        }
    });
}

bool RunStore::renameRun(std::int64_t id, const std::string& name)
{
    int changed = 0;
    m_impl->write(engineText("RunStore", "%1: cannot rename the run: %2"), [&] {
        SQLite::Statement update(m_impl->m_db, "UPDATE runs SET name = ? WHERE id = ?");
        update.bind(1, name);
        update.bind(2, id);
        changed = update.exec();
    });
    return changed > 0;
}

void RunStore::checkpoint() noexcept
{
    if (m_impl->m_access == StoreAccess::ReadOnly)
        return;
    try {
        m_impl->m_db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    } catch (const SQLite::Exception&) {
        // Another reader holds the WAL, or the database cannot grow: the update is tried all
        // the same.
    }
}

std::string RunStore::reservePath(const std::string& path, int pid)
{
    return path + "-reserve-" + std::to_string(pid);
}

std::vector<StoredRunHeader> RunStore::listRuns() const
{
    std::vector<StoredRunHeader> runs;
    try {
        SQLite::Statement query(
            m_impl->m_db,
            "SELECT r.id, r.name, r.status, r.started_at, r.ended_at, r.info_json, "
            "(SELECT COUNT(*) FROM epochs e WHERE e.run_id = r.id), "
            "(SELECT COUNT(*) FROM batches b WHERE b.run_id = r.id), "
            "json_extract(r.summary_json, '$.steady_state_step_ms'), r.notes "
            "FROM runs r ORDER BY r.id DESC");
        while (query.executeStep()) {
            StoredRunHeader run;
            run.id = query.getColumn(0).getInt64();
            run.name = query.getColumn(1).getString();
            run.status =
                runStatusFromKey(query.getColumn(2).getString()).value_or(RunStatus::Failed);
            run.startedAt = query.getColumn(3).getString();
            run.endedAt = query.getColumn(4).getString();
            readHeaderFacts(parseStoredJson(query.getColumn(5)), run);
            run.epochs = query.getColumn(6).getInt();
            run.batches = query.getColumn(7).getInt64();
            if (!query.getColumn(8).isNull())
                run.steadyStepMs = query.getColumn(8).getDouble();
            run.notes = query.getColumn(9).getString();
            m_impl->showAsStored(run.id, run.status, nullptr);
            runs.push_back(std::move(run));
        }
    } catch (const SQLite::Exception& error) {
        m_impl->fail(engineText("RunStore", "%1: cannot list the runs: %2"), error);
    }
    return runs;
}

std::optional<StoredRun> RunStore::loadRun(std::int64_t id) const
{
    try {
        SQLite::Database& db = m_impl->m_db;
        SQLite::Statement head(db,
                               "SELECT name, status, started_at, ended_at, config_json, "
                               "info_json, summary_json, error, notes, diagnosis_json FROM runs "
                               "WHERE id = ?");
        head.bind(1, id);
        if (!head.executeStep())
            return std::nullopt;
        StoredRun run;
        run.header.id = id;
        run.header.name = head.getColumn(0).getString();
        run.header.status =
            runStatusFromKey(head.getColumn(1).getString()).value_or(RunStatus::Failed);
        run.header.startedAt = head.getColumn(2).getString();
        run.header.endedAt = head.getColumn(3).getString();
        run.config = parseStoredJson(head.getColumn(4));
        run.info = parseStoredJson(head.getColumn(5));
        run.summary = parseStoredJson(head.getColumn(6));
        run.error = head.getColumn(7).getString();
        run.notes = head.getColumn(8).getString();
        run.diagnosis = parseStoredJson(head.getColumn(9));
        m_impl->showAsStored(id, run.header.status, &run.error);
        readHeaderFacts(run.info, run.header);

        SQLite::Statement epochs(db,
                                 "SELECT epoch, start_s, batches, wall_s, train_s, "
                                 "validation_s, " +
                                     phaseColumns("_s") +
                                     ", samples, train_loss, val_loss, metrics_json FROM "
                                     "epochs WHERE run_id = ? ORDER BY epoch");
        epochs.bind(1, id);
        while (epochs.executeStep()) {
            EpochRecord epoch;
            int column = 0;
            epoch.epoch = epochs.getColumn(column++).getInt();
            epoch.startS = epochs.getColumn(column++).getDouble();
            epoch.batches = epochs.getColumn(column++).getInt();
            epoch.wallS = epochs.getColumn(column++).getDouble();
            epoch.trainS = epochs.getColumn(column++).getDouble();
            epoch.validationS = epochs.getColumn(column++).getDouble();
            for (double& seconds : epoch.phaseS)
                seconds = epochs.getColumn(column++).getDouble();
            epoch.samples = epochs.getColumn(column++).getInt64();
            epoch.trainLoss = realOrNaN(epochs.getColumn(column++));
            const SQLite::Column valLoss = epochs.getColumn(column++);
            if (!valLoss.isNull())
                epoch.valLoss = valLoss.getDouble();
            // The numbers only: a database from elsewhere may hold anything there.
            const Json metrics = parseStoredJson(epochs.getColumn(column++));
            if (metrics.is_object()) {
                for (const auto& [name, value] : metrics.items()) {
                    if (value.is_number())
                        epoch.metrics[name] = value.get<double>();
                }
            }
            run.epochs.push_back(std::move(epoch));
        }
        SQLite::Statement callbacks(db,
                                    "SELECT epoch, name, seconds, bytes_written, files_written "
                                    "FROM epoch_callbacks WHERE "
                                    "run_id = ? ORDER BY epoch, position");
        callbacks.bind(1, id);
        while (callbacks.executeStep()) {
            const int epoch = callbacks.getColumn(0).getInt();
            for (EpochRecord& record : run.epochs) {
                if (record.epoch == epoch)
                    record.callbacks.push_back(
                        {callbacks.getColumn(1).getString(), callbacks.getColumn(2).getDouble(),
                         callbacks.getColumn(3).getInt64(), callbacks.getColumn(4).getInt()});
            }
        }
        run.batches = readBatches(db, id);
        run.rankBatches = readRankBatches(db, id);
        run.header.epochs = static_cast<int>(run.epochs.size());
        run.header.batches = static_cast<std::int64_t>(run.batches.size());
        SQLite::Statement samples(db,
                                  "SELECT t_s, process_cpu_pct, machine_cpu_pct, rss_mb, "
                                  "threads_json, gpus_json FROM samples WHERE run_id = ? "
                                  "ORDER BY t_s");
        samples.bind(1, id);
        while (samples.executeStep()) {
            SystemSample sample;
            sample.tS = samples.getColumn(0).getDouble();
            sample.processCpuPct = samples.getColumn(1).getDouble();
            sample.machineCpuPct = samples.getColumn(2).getDouble();
            sample.rssMb = samples.getColumn(3).getDouble();
            sample.threads = threadsFromJson(parseStoredJson(samples.getColumn(4)));
            sample.gpus = gpusFromJson(parseStoredJson(samples.getColumn(5)));
            run.samples.push_back(std::move(sample));
        }
        SQLite::Statement findings(db,
                                   "SELECT rule, severity, title, evidence, recommendation, "
                                   "patch_json, first_batch, last_batch FROM findings WHERE "
                                   "run_id = ? ORDER BY position");
        findings.bind(1, id);
        while (findings.executeStep()) {
            Finding finding;
            finding.id = findings.getColumn(0).getString();
            finding.severity = severityFromKey(findings.getColumn(1).getString());
            finding.title = findings.getColumn(2).getString();
            finding.evidence = findings.getColumn(3).getString();
            finding.recommendation = findings.getColumn(4).getString();
            if (!findings.getColumn(5).isNull())
                finding.patch = parseStoredJson(findings.getColumn(5));
            if (!findings.getColumn(6).isNull())
                finding.firstStep = findings.getColumn(6).getInt64();
            if (!findings.getColumn(7).isNull())
                finding.lastStep = findings.getColumn(7).getInt64();
            run.findings.push_back(std::move(finding));
        }
        run.checkpoints = readCheckpoints(db, m_impl->m_path, id);
        return run;
    } catch (const SQLite::Exception& error) {
        m_impl->fail(engineText("RunStore", "%1: cannot read run %3: %2"), error,
                     std::to_string(id));
    }
}

std::optional<StoredRunCheckpoints> RunStore::loadRunCheckpoints(std::int64_t id) const
{
    try {
        SQLite::Database& db = m_impl->m_db;
        SQLite::Statement head(
            db, "SELECT name, status, config_json, tokenizer_json FROM runs WHERE id = ?");
        head.bind(1, id);
        if (!head.executeStep())
            return std::nullopt;
        StoredRunCheckpoints run;
        run.id = id;
        run.name = head.getColumn(0).getString();
        run.status = runStatusFromKey(head.getColumn(1).getString()).value_or(RunStatus::Failed);
        run.config = parseStoredJson(head.getColumn(2));
        if (!head.getColumn(3).isNull())
            run.tokenizerJson = head.getColumn(3).getString();
        m_impl->showAsStored(id, run.status, nullptr);
        run.checkpoints = readCheckpoints(db, m_impl->m_path, id);
        return run;
    } catch (const SQLite::Exception& error) {
        m_impl->fail(engineText("RunStore", "%1: cannot read run %3: %2"), error,
                     std::to_string(id));
    }
}

bool RunStore::deleteRun(std::int64_t id)
{
    bool deleted = false;
    m_impl->write(engineText("RunStore", "%1: cannot delete the run: %2"), [&] {
        SQLite::Statement remove(m_impl->m_db, "DELETE FROM runs WHERE id = ?");
        remove.bind(1, id);
        deleted = remove.exec() > 0;
    });
    return deleted;
}

std::int64_t RunStore::createExperiment(const std::string& name, const nlohmann::json& settings,
                                        const nlohmann::json& baselineConfig)
{
    std::int64_t id = 0;
    m_impl->write(engineText("RunStore", "%1: cannot record a new experiment: %2"), [&] {
        SQLite::Statement insert(m_impl->m_db,
                                 "INSERT INTO experiments (name, created_at, settings_json, "
                                 "baseline_config_json) VALUES (?, ?, ?, ?)");
        insert.bind(1, name);
        insert.bind(2, isoNow());
        insert.bind(3, settings.dump());
        insert.bind(4, baselineConfig.dump());
        insert.exec();
        id = m_impl->m_db.getLastInsertRowid();
    });
    return id;
}

void RunStore::addExperimentRun(std::int64_t experimentId, std::int64_t runId, int variantIndex,
                                const std::string& variantLabel, const nlohmann::json& patch,
                                int repeat)
{
    m_impl->write(engineText("RunStore", "%1: cannot attach the run to its experiment: %2"), [&] {
        SQLite::Statement insert(m_impl->m_db,
                                 "INSERT OR REPLACE INTO experiment_runs (experiment_id, run_id, "
                                 "variant_index, variant_label, patch_json, repeat) VALUES "
                                 "(?, ?, ?, ?, ?, ?)");
        insert.bind(1, experimentId);
        insert.bind(2, runId);
        insert.bind(3, variantIndex);
        insert.bind(4, variantLabel);
        insert.bind(5, patch.dump());
        insert.bind(6, repeat);
        insert.exec();
    });
}

std::vector<StoredExperimentHeader> RunStore::listExperiments() const
{
    std::vector<StoredExperimentHeader> experiments;
    try {
        SQLite::Statement query(m_impl->m_db,
                                "SELECT e.id, e.name, e.created_at, (SELECT COUNT(*) FROM "
                                "experiment_runs r WHERE r.experiment_id = e.id) FROM "
                                "experiments e ORDER BY e.id DESC");
        while (query.executeStep())
            experiments.push_back({query.getColumn(0).getInt64(), query.getColumn(1).getString(),
                                   query.getColumn(2).getString(), query.getColumn(3).getInt()});
    } catch (const SQLite::Exception& error) {
        m_impl->fail(engineText("RunStore", "%1: cannot list the experiments: %2"), error);
    }
    return experiments;
}

std::optional<StoredExperiment> RunStore::loadExperiment(std::int64_t id) const
{
    try {
        SQLite::Database& db = m_impl->m_db;
        SQLite::Statement head(db,
                               "SELECT name, created_at, settings_json, baseline_config_json "
                               "FROM experiments WHERE id = ?");
        head.bind(1, id);
        if (!head.executeStep())
            return std::nullopt;
        StoredExperiment experiment;
        experiment.header.id = id;
        experiment.header.name = head.getColumn(0).getString();
        experiment.header.createdAt = head.getColumn(1).getString();
        experiment.settings = parseStoredJson(head.getColumn(2));
        experiment.baselineConfig = parseStoredJson(head.getColumn(3));
        SQLite::Statement runs(db,
                               "SELECT x.run_id, x.variant_index, x.variant_label, x.patch_json, "
                               "x.repeat, r.status, r.error, r.config_json, r.info_json FROM "
                               "experiment_runs x JOIN runs r ON r.id = x.run_id WHERE "
                               "x.experiment_id = ? ORDER BY x.rowid");
        runs.bind(1, id);
        while (runs.executeStep()) {
            StoredExperimentRun run;
            run.runId = runs.getColumn(0).getInt64();
            run.variantIndex = runs.getColumn(1).getInt();
            run.variantLabel = runs.getColumn(2).getString();
            run.patch = parseStoredJson(runs.getColumn(3));
            run.repeat = runs.getColumn(4).getInt();
            run.status =
                runStatusFromKey(runs.getColumn(5).getString()).value_or(RunStatus::Failed);
            run.error = runs.getColumn(6).getString();
            run.config = parseStoredJson(runs.getColumn(7));
            run.info = parseStoredJson(runs.getColumn(8));
            m_impl->showAsStored(run.runId, run.status, &run.error);
            run.batches = readBatches(db, run.runId);
            experiment.runs.push_back(std::move(run));
        }
        experiment.header.runs = static_cast<int>(experiment.runs.size());
        return experiment;
    } catch (const SQLite::Exception& error) {
        m_impl->fail(engineText("RunStore", "%1: cannot read experiment %3: %2"), error,
                     std::to_string(id));
    }
}

}  // namespace es
