// The run database: round trip of a whole run, migrations, dead runs marked interrupted, the
// recorder's writer thread, and the exports (trace, JSON, CSV). Unlucky moments and hostile
// files: stores opened at once on a new file, refused files left byte for byte as they were,
// a damaged file never written to, a file-size limit stored as what happened.

#include "engine/config/runconfig.h"
#include "engine/core/phase.h"
#include "engine/store/runexport.h"
#include "engine/store/runrecorder.h"
#include "engine/store/runstore.h"
#include "engine/store/schema.h"
#include "engine/store/traceexport.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QtTest>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <map>
#include <set>
#include <thread>
#include <utility>
#include <vector>

using Json = nlohmann::json;
using namespace std::chrono_literals;

namespace {

es::BatchRecord makeBatch(int epoch, int batch)
{
    es::BatchRecord record;
    record.epoch = epoch;
    record.batch = batch;
    for (std::size_t i = 0; i < es::kPhaseCount; ++i)
        record.phaseMs[i] = 0.5 * static_cast<double>(i + 1);
    for (double ms : record.phaseMs)
        record.wallMs += ms;
    record.wallMs += batch;  // more than its phases, as a step with gaps between them
    record.loss = 1.0 / (epoch * 10 + batch);
    record.samples = 32;
    record.h2dBytes = 4096 * batch;
    record.endS = epoch + 0.01 * batch;
    record.minorFaults = 100 + batch;
    record.majorFaults = batch % 2;
    // Distinct per phase and step, beyond 32 bits: a column swapped or narrowed shows.
    for (std::size_t i = 0; i < es::kPhaseCount; ++i) {
        record.memory.peakBytes[i] = (std::int64_t(5) << 32) + 1000 * std::int64_t(i) + batch;
        record.memory.endBytes[i] = (std::int64_t(3) << 32) + 100 * std::int64_t(i) + epoch;
    }
    record.memory.allocations = 40 + batch;
    return record;
}

es::EpochRecord makeEpoch(int epoch, bool withValidation)
{
    es::EpochRecord record;
    record.epoch = epoch;
    record.batches = 3;
    record.startS = epoch - 0.5;
    record.wallS = 0.4;
    record.trainS = 0.3;
    record.validationS = 0.1;
    for (std::size_t i = 0; i < es::kPhaseCount; ++i)
        record.phaseS[i] = 0.01 * static_cast<double>(i + 1);
    record.callbacks = {{"model_checkpoint", 0.02, 123456, 3}, {"csv_logger", 0.001, 80, 1}};
    record.samples = 96;
    record.trainLoss = 0.5 / epoch;
    if (withValidation)
        record.valLoss = 0.6 / epoch;
    record.metrics = {{"mae", 0.3}, {"val_mae", 0.35}};
    return record;
}

es::SystemSample makeSample(double t)
{
    es::SystemSample sample;
    sample.tS = t;
    sample.processCpuPct = 150.0;
    sample.machineCpuPct = 80.0;
    sample.rssMb = 512.0;
    sample.threads = {{100, "epochscope-cli", 95.0}, {101, "omp worker", 55.0}};
    es::GpuSample gpu;
    gpu.index = 0;
    gpu.smUtilPct = 70.0;
    gpu.memUtilPct = 30.0;
    gpu.memUsedMb = 1000.0;
    gpu.memTotalMb = 80000.0;
    gpu.powerW = std::nan("");  // NVML could not read it
    gpu.pcieTxMbPerS = 1.5;
    gpu.pcieRxMbPerS = 800.0;
    gpu.smClockMhz = 1980.0;
    sample.gpus = {gpu};
    return sample;
}

void compareBatches(const es::BatchRecord& a, const es::BatchRecord& b)
{
    QCOMPARE(a.epoch, b.epoch);
    QCOMPARE(a.batch, b.batch);
    QCOMPARE(a.wallMs, b.wallMs);
    QCOMPARE(a.phaseMs, b.phaseMs);
    QCOMPARE(a.loss, b.loss);
    QCOMPARE(a.samples, b.samples);
    QCOMPARE(a.h2dBytes, b.h2dBytes);
    QCOMPARE(a.endS, b.endS);
    QCOMPARE(a.minorFaults, b.minorFaults);
    QCOMPARE(a.majorFaults, b.majorFaults);
    QCOMPARE(a.reducedBytes, b.reducedBytes);
    QCOMPARE(a.overlappedMs, b.overlappedMs);
    QCOMPARE(a.paddingShare, b.paddingShare);
    QCOMPARE(a.timesteps, b.timesteps);
    QCOMPARE(a.memory.peakBytes, b.memory.peakBytes);
    QCOMPARE(a.memory.endBytes, b.memory.endBytes);
    QCOMPARE(a.memory.allocations, b.memory.allocations);
}

std::int64_t countRows(const std::string& path, const std::string& table)
{
    SQLite::Database db(path);
    return db.execAndGet("SELECT COUNT(*) FROM " + table).getInt64();
}

QByteArray fileBytes(const std::string& path)
{
    QFile file(QString::fromStdString(path));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// The files SQLite keeps beside a database while it is written (none after a clean close).
QStringList sideFiles(const std::string& path)
{
    QStringList found;
    for (const char* suffix : {"-wal", "-shm", "-journal"}) {
        if (QFile::exists(QString::fromStdString(path + suffix)))
            found << suffix;
    }
    return found;
}

/// The run database as schema version 6 (EpochScope before the Communication phase) left it,
/// written out as SQLite keeps it (columns a migration added sit at the end of their table),
/// not derived from schemaMigrations(): eight phase columns per table, no communication_*.
constexpr const char* kVersion6Schema = R"sql(
CREATE TABLE runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, status TEXT NOT NULL,
    started_at TEXT NOT NULL, ended_at TEXT, config_json TEXT NOT NULL, info_json TEXT,
    summary_json TEXT, error TEXT, notes TEXT NOT NULL DEFAULT '', pid INTEGER,
    process_start INTEGER, host TEXT, diagnosis_json TEXT);
CREATE TABLE epochs (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, epoch INTEGER NOT NULL,
    start_s REAL NOT NULL, batches INTEGER NOT NULL, wall_s REAL NOT NULL,
    train_s REAL NOT NULL, validation_s REAL NOT NULL, data_wait_s REAL NOT NULL,
    host_to_device_s REAL NOT NULL, forward_s REAL NOT NULL, backward_s REAL NOT NULL,
    optimizer_s REAL NOT NULL, callbacks_s REAL NOT NULL, other_s REAL NOT NULL,
    samples INTEGER NOT NULL, train_loss REAL, val_loss REAL, metrics_json TEXT NOT NULL,
    warm_up_s REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (run_id, epoch));
CREATE TABLE batches (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, epoch INTEGER NOT NULL,
    batch INTEGER NOT NULL, end_s REAL NOT NULL, wall_ms REAL NOT NULL,
    data_wait_ms REAL NOT NULL, host_to_device_ms REAL NOT NULL, forward_ms REAL NOT NULL,
    backward_ms REAL NOT NULL, optimizer_ms REAL NOT NULL, callbacks_ms REAL NOT NULL,
    other_ms REAL NOT NULL, loss REAL, samples INTEGER NOT NULL, h2d_bytes INTEGER NOT NULL,
    minor_faults INTEGER NOT NULL DEFAULT 0, major_faults INTEGER NOT NULL DEFAULT 0,
    warm_up_ms REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (run_id, epoch, batch)) WITHOUT ROWID;
CREATE TABLE samples (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, t_s REAL NOT NULL,
    process_cpu_pct REAL NOT NULL, machine_cpu_pct REAL NOT NULL, rss_mb REAL NOT NULL,
    threads_json TEXT NOT NULL, gpus_json TEXT NOT NULL);
CREATE INDEX samples_by_run ON samples(run_id, t_s);
CREATE TABLE epoch_callbacks (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, epoch INTEGER NOT NULL,
    position INTEGER NOT NULL, name TEXT NOT NULL, seconds REAL NOT NULL,
    bytes_written INTEGER NOT NULL DEFAULT 0, files_written INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (run_id, epoch, position));
CREATE TABLE findings (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, position INTEGER NOT NULL,
    rule TEXT NOT NULL, severity TEXT NOT NULL, title TEXT NOT NULL, evidence TEXT NOT NULL,
    recommendation TEXT NOT NULL, patch_json TEXT, first_batch INTEGER, last_batch INTEGER,
    PRIMARY KEY (run_id, position));
CREATE TABLE experiments (
    id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, created_at TEXT NOT NULL,
    settings_json TEXT NOT NULL, baseline_config_json TEXT NOT NULL);
CREATE TABLE experiment_runs (
    experiment_id INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    variant_index INTEGER NOT NULL, variant_label TEXT NOT NULL, patch_json TEXT NOT NULL,
    repeat INTEGER NOT NULL,
    PRIMARY KEY (experiment_id, run_id));
CREATE INDEX experiment_runs_by_run ON experiment_runs(run_id);
PRAGMA user_version = 6;
)sql";

/// Every column of every table of the database at `path` ("batches.wall_ms REAL notnull=1
/// default= pk=3"), in order, so that two layouts can be compared.
QStringList columnsOf(const std::string& path)
{
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    SQLite::Statement columns(db,
                              "SELECT m.name, c.name, c.type, c.\"notnull\", "
                              "IFNULL(c.dflt_value, ''), c.pk FROM sqlite_master m, "
                              "pragma_table_info(m.name) c WHERE m.type = 'table' AND "
                              "m.name <> 'sqlite_sequence' ORDER BY m.name, c.cid");
    QStringList found;
    while (columns.executeStep()) {
        found << QString::fromStdString(
            columns.getColumn(0).getString() + "." + columns.getColumn(1).getString() + " " +
            columns.getColumn(2).getString() + " notnull=" + columns.getColumn(3).getString() +
            " default=" + columns.getColumn(4).getString() +
            " pk=" + columns.getColumn(5).getString());
    }
    return found;
}

/// A file a callback wrote, as reported (no file behind it: the store keeps what it is told).
es::SavedFileRecord savedFile(es::SavedFileKind kind, const std::string& path, int epoch)
{
    es::SavedFileRecord file;
    file.kind = kind;
    file.callback = kind == es::SavedFileKind::Backup ? 0 : 2;
    file.path = path;
    file.epoch = epoch;
    if (kind == es::SavedFileKind::Model) {
        file.monitor = "val_loss";
        file.value = 1.0 / epoch;
        file.best = epoch % 2 == 1;
    }
    file.bytes = 1000 + epoch;
    file.mtimeNs = 1'764'000'000'123'456'789 + epoch;
    return file;
}

void compareSavedFiles(const es::SavedFileRecord& a, const es::SavedFileRecord& b)
{
    QCOMPARE(a.kind, b.kind);
    QCOMPARE(a.callback, b.callback);
    QCOMPARE(a.path, b.path);
    QCOMPARE(a.epoch, b.epoch);
    QCOMPARE(a.batch, b.batch);
    QCOMPARE(a.monitor, b.monitor);
    QCOMPARE(a.value, b.value);
    QCOMPARE(a.best, b.best);
    QCOMPARE(a.weightsOnly, b.weightsOnly);
    QCOMPARE(a.bytes, b.bytes);
    QCOMPARE(a.mtimeNs, b.mtimeNs);
    QCOMPARE(a.removed, b.removed);
}

/// A database at schema `version` (0: an empty file), as older EpochScopes left them.
void createAtVersion(const std::string& path, int version)
{
    QFile file(QString::fromStdString(path));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    for (int step = 1; step <= version; ++step)
        db.exec(std::string(es::schemaMigrations()[static_cast<std::size_t>(step - 1)]));
    db.exec("PRAGMA user_version = " + std::to_string(version));
}

/// Keeps this process's file-size limit at `bytes` (SIGXFSZ ignored, so that a write past it
/// fails with EFBIG as under `ulimit -f` in the CLI) until it goes out of scope.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        ::getrlimit(RLIMIT_FSIZE, &m_saved);
        m_previousHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit = m_saved;
        limit.rlim_cur = bytes;
        m_active = ::setrlimit(RLIMIT_FSIZE, &limit) == 0;
    }
    ~FileSizeLimit()
    {
        ::setrlimit(RLIMIT_FSIZE, &m_saved);
        std::signal(SIGXFSZ, m_previousHandler);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;
    bool active() const { return m_active; }

private:
    rlimit m_saved{};
    void (*m_previousHandler)(int) = SIG_DFL;
    bool m_active = false;
};

}  // namespace

class TestRunStore : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;

    std::string freshPath()
    {
        return m_dir.filePath(QString("runs%1.sqlite").arg(++m_files)).toStdString();
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void roundTripsAWholeRun()
    {
        const std::string path = freshPath();
        es::RunStore store(path);
        QCOMPARE(store.schemaVersion(), es::currentSchemaVersion());
        const Json config = {{"name", "trip"}, {"seed", 3}};
        const std::int64_t id = store.beginRun("trip-draft", config);
        store.setRunInfo(id, {{"device", "cpu"}, {"batch_size", 32}, {"backend", "libtorch"}});
        std::vector<es::BatchRecord> batches;
        for (int epoch = 1; epoch <= 2; ++epoch)
            for (int batch = 1; batch <= 3; ++batch)
                batches.push_back(makeBatch(epoch, batch));
        // Written in two transactions, as the recorder does.
        store.append(id, {batches.begin(), batches.begin() + 3}, {makeEpoch(1, true)},
                     {makeSample(0.1)});
        store.append(id, {batches.begin() + 3, batches.end()}, {makeEpoch(2, false)},
                     {makeSample(0.2)});
        const Json summary = {
            {"status", "finished"}, {"samples_per_s", 123.0}, {"steady_state_step_ms", 12.5}};
        store.finishRun(id, es::RunStatus::Completed, "", summary);
        store.setNotes(id, "baseline, before the fix");
        QVERIFY(store.renameRun(id, "trip"));
        es::Finding slowStart;
        slowStart.id = "warm-up";
        slowStart.severity = es::Severity::Warning;
        slowStart.title = "Epoch 1 took 2.1x the steady epoch";
        slowStart.evidence = "steps 1-12";
        slowStart.recommendation = "measure after warm-up";
        slowStart.patch = {{"data", {{"prefetch", 2}}}};
        slowStart.firstStep = 1;
        slowStart.lastStep = 12;
        es::Finding machine;
        machine.id = "threads";
        machine.title = "1 of 2 cores used";
        const Json measured = {{"efficiency_peak", {{"gflops", 150.0}}}};
        store.setFindings(id, {machine}, measured);
        QCOMPARE(store.loadRun(id)->diagnosis, measured);
        store.setFindings(id, {slowStart, machine});  // a new diagnosis replaces the old one
        QVERIFY(!store.renameRun(id + 1000, "nobody"));

        const std::optional<es::StoredRun> run = store.loadRun(id);
        QVERIFY(run.has_value());
        QCOMPARE(run->header.name, std::string("trip"));
        QCOMPARE(run->header.status, es::RunStatus::Completed);
        QVERIFY(!run->header.startedAt.empty() && !run->header.endedAt.empty());
        QCOMPARE(run->header.device, std::string("cpu"));
        QCOMPARE(run->config, config);
        QCOMPARE(run->summary, summary);
        QCOMPARE(run->notes, std::string("baseline, before the fix"));
        QCOMPARE(run->findings.size(), std::size_t(2));
        QVERIFY(run->diagnosis.is_null());  // that diagnosis measured nothing besides
        QCOMPARE(es::findingJson(run->findings[0]), es::findingJson(slowStart));
        QCOMPARE(es::findingJson(run->findings[1]), es::findingJson(machine));
        QCOMPARE(run->batches.size(), batches.size());
        for (std::size_t i = 0; i < batches.size(); ++i)
            compareBatches(run->batches[i], batches[i]);
        QCOMPARE(run->epochs.size(), std::size_t(2));
        const es::EpochRecord expected = makeEpoch(1, true);
        const es::EpochRecord& first = run->epochs.front();
        QCOMPARE(first.phaseS, expected.phaseS);
        QCOMPARE(first.callbacks, expected.callbacks);
        QCOMPARE(first.metrics, expected.metrics);
        QCOMPARE(first.valLoss, expected.valLoss);
        QCOMPARE(first.startS, expected.startS);
        QVERIFY(!run->epochs.back().valLoss.has_value());
        QCOMPARE(run->samples.size(), std::size_t(2));
        const es::SystemSample& sample = run->samples.front();
        QCOMPARE(sample.threads.size(), std::size_t(2));
        QCOMPARE(sample.threads[1].name, std::string("omp worker"));
        QCOMPARE(sample.gpus.size(), std::size_t(1));
        QCOMPARE(sample.gpus[0].pcieRxMbPerS, 800.0);
        QVERIFY(std::isnan(sample.gpus[0].powerW));  // unknown stays unknown

        const std::vector<es::StoredRunHeader> list = store.listRuns();
        QCOMPARE(list.size(), std::size_t(1));
        QCOMPARE(list[0].epochs, 2);
        QCOMPARE(list[0].batches, std::int64_t(6));
        // What the runs browser shows without loading every run.
        QCOMPARE(list[0].steadyStepMs, std::optional<double>(12.5));
        QCOMPARE(list[0].notes, std::string("baseline, before the fix"));
        QCOMPARE(list[0].backend, std::string("libtorch"));

        QVERIFY(store.deleteRun(id));
        QVERIFY(!store.deleteRun(id));
        QVERIFY(!store.loadRun(id).has_value());
        // Everything the run owned went with it.
        for (const char* table : {"batches", "epochs", "samples", "epoch_callbacks"})
            QCOMPARE(countRows(path, table), std::int64_t(0));
    }

    void listsNewestFirst()
    {
        es::RunStore store(freshPath());
        const std::int64_t a = store.beginRun("a", Json::object());
        const std::int64_t b = store.beginRun("b", Json::object());
        const std::vector<es::StoredRunHeader> runs = store.listRuns();
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[0].id, b);
        QCOMPARE(runs[1].id, a);
        QCOMPARE(runs[0].status, es::RunStatus::Running);
        QVERIFY(!runs[0].steadyStepMs.has_value());  // no summary before the run ends
    }

    void migratesFromVersion1()
    {
        const std::string path = freshPath();
        {
            SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            db.exec(std::string(es::schemaMigrations()[0]));
            db.exec("PRAGMA user_version = 1");
            db.exec(
                "INSERT INTO runs (id, name, status, started_at, ended_at, config_json) VALUES "
                "(7, 'old', 'completed', '2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z', '{}')");
            db.exec(
                "INSERT INTO batches VALUES (7, 1, 1, 0.5, 12.0, 1, 2, 3, 4, 1, 0, 1, 0.25, "
                "32, 0)");
        }
        es::RunStore store(path);
        QCOMPARE(store.schemaVersion(), es::currentSchemaVersion());
        const std::optional<es::StoredRun> run = store.loadRun(7);
        QVERIFY(run.has_value());
        QCOMPARE(run->header.status, es::RunStatus::Completed);
        QCOMPARE(run->batches.size(), std::size_t(1));
        QCOMPARE(run->batches[0].wallMs, 12.0);
        QCOMPARE(run->batches[0].minorFaults, std::int64_t(0));  // the new column's default
        // The migrated database takes the new fields.
        store.append(7, {makeBatch(1, 2)}, {makeEpoch(1, true)}, {});
        QCOMPARE(store.loadRun(7)->batches[1].minorFaults, std::int64_t(102));
    }

    void migratesTheWarmUpPhaseIn()
    {
        // A database as version 4 left it: every phase column but warm_up.
        const std::string path = freshPath();
        const int warmUpVersion = 5;
        {
            SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            for (int step = 1; step < warmUpVersion; ++step)
                db.exec(std::string(es::schemaMigrations()[static_cast<std::size_t>(step - 1)]));
            db.exec("PRAGMA user_version = " + std::to_string(warmUpVersion - 1));
            db.exec(
                "INSERT INTO runs (id, name, status, started_at, ended_at, config_json) VALUES "
                "(3, 'before warm-up', 'completed', '2026-01-01T00:00:00Z', "
                "'2026-01-01T00:01:00Z', '{}')");
            db.exec(
                "INSERT INTO batches (run_id, epoch, batch, end_s, wall_ms, data_wait_ms, "
                "host_to_device_ms, forward_ms, backward_ms, optimizer_ms, callbacks_ms, "
                "other_ms, loss, samples, h2d_bytes) VALUES (3, 1, 1, 0.5, 12.0, 1, 2, 3, 4, 1, "
                "0, 1, 0.25, 32, 0)");
            db.exec(
                "INSERT INTO epochs (run_id, epoch, start_s, batches, wall_s, train_s, "
                "validation_s, data_wait_s, host_to_device_s, forward_s, backward_s, "
                "optimizer_s, callbacks_s, other_s, samples, train_loss, val_loss, "
                "metrics_json) VALUES (3, 1, 0.0, 1, 0.02, 0.012, 0.008, 0.001, 0.002, 0.003, "
                "0.004, 0.001, 0, 0.001, 32, 0.25, NULL, '{}')");
        }
        es::RunStore store(path);
        QCOMPARE(store.schemaVersion(), es::currentSchemaVersion());
        QVERIFY(store.schemaVersion() >= warmUpVersion);
        const std::optional<es::StoredRun> old = store.loadRun(3);
        QVERIFY(old.has_value());
        QCOMPARE(old->batches.size(), std::size_t(1));
        QCOMPARE(old->epochs.size(), std::size_t(1));
        const std::size_t warmUp = es::phaseIndex(es::Phase::WarmUp);
        // The old records read back as they were, with no warm-up.
        QCOMPARE(old->batches[0].phaseMs[warmUp], 0.0);
        QCOMPARE(old->batches[0].phaseMs[es::phaseIndex(es::Phase::Forward)], 3.0);
        QCOMPARE(old->batches[0].phaseMs[es::phaseIndex(es::Phase::Other)], 1.0);
        QCOMPARE(old->epochs[0].phaseS[warmUp], 0.0);
        QCOMPARE(old->epochs[0].phaseS[es::phaseIndex(es::Phase::Backward)], 0.004);
        // New records keep their warm-up.
        es::BatchRecord batch = makeBatch(1, 2);
        batch.phaseMs[warmUp] = 250.0;
        es::EpochRecord epoch = makeEpoch(2, false);
        epoch.phaseS[warmUp] = 0.25;
        store.append(3, {batch}, {epoch}, {});
        const std::optional<es::StoredRun> now = store.loadRun(3);
        QCOMPARE(now->batches.size(), std::size_t(2));
        compareBatches(now->batches[1], batch);
        QCOMPARE(now->epochs[1].phaseS, epoch.phaseS);
    }

    void migratesTheCommunicationPhaseIn()
    {
        // A database as version 6 left it (kVersion6Schema): eight phase columns. It opens,
        // its runs read back with no communication time, and new runs store theirs.
        const int communicationVersion = 7;
        QVERIFY(es::currentSchemaVersion() >= communicationVersion);
        const std::string path = freshPath();
        {
            SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            db.exec(kVersion6Schema);
            db.exec(
                "INSERT INTO runs (id, name, status, started_at, ended_at, config_json) VALUES "
                "(4, 'one process', 'completed', '2026-01-01T00:00:00Z', "
                "'2026-01-01T00:01:00Z', '{}')");
            for (int batch = 1; batch <= 2; ++batch) {
                db.exec(
                    "INSERT INTO batches (run_id, epoch, batch, end_s, wall_ms, data_wait_ms, "
                    "host_to_device_ms, forward_ms, backward_ms, optimizer_ms, callbacks_ms, "
                    "other_ms, loss, samples, h2d_bytes, minor_faults, major_faults, "
                    "warm_up_ms) VALUES (4, 1, " +
                    std::to_string(batch) +
                    ", 0.5, 14.0, 1, 2, 3, 4, 1.5, 0.25, 0.75, 0.5, 32, 4096, 7, 0, 1.5)");
            }
            db.exec(
                "INSERT INTO epochs (run_id, epoch, start_s, batches, wall_s, train_s, "
                "validation_s, data_wait_s, host_to_device_s, forward_s, backward_s, "
                "optimizer_s, callbacks_s, other_s, samples, train_loss, val_loss, "
                "metrics_json, warm_up_s) VALUES (4, 1, 0.0, 2, 0.04, 0.028, 0.012, 0.002, "
                "0.004, 0.006, 0.008, 0.003, 0.0005, 0.0015, 64, 0.5, 0.6, '{\"mae\": 0.3}', "
                "0.003)");
        }
        // The fixture is the layout the migrations up to 6 build, column for column.
        const std::string built = freshPath();
        createAtVersion(built, communicationVersion - 1);
        QCOMPARE(columnsOf(path), columnsOf(built));
        QVERIFY(!columnsOf(path).join('\n').contains("communication"));

        const std::size_t communication = es::phaseIndex(es::Phase::Communication);
        const auto readsAsOnOneProcess = [communication](const es::StoredRun& run) {
            QCOMPARE(run.header.name, std::string("one process"));
            QCOMPARE(run.header.status, es::RunStatus::Completed);
            QCOMPARE(run.batches.size(), std::size_t(2));
            for (const es::BatchRecord& batch : run.batches) {
                QCOMPARE(batch.phaseMs[communication], 0.0);
                QCOMPARE(batch.phaseMs[es::phaseIndex(es::Phase::Backward)], 4.0);
                QCOMPARE(batch.phaseMs[es::phaseIndex(es::Phase::Optimizer)], 1.5);
                QCOMPARE(batch.phaseMs[es::phaseIndex(es::Phase::WarmUp)], 1.5);
                QCOMPARE(batch.phaseMs[es::phaseIndex(es::Phase::Other)], 0.75);
                QCOMPARE(batch.wallMs, 14.0);
                QCOMPARE(batch.minorFaults, std::int64_t(7));
                QCOMPARE(batch.reducedBytes, std::int64_t(0));
            }
            QVERIFY(run.rankBatches.empty());
            QCOMPARE(run.epochs.size(), std::size_t(1));
            QCOMPARE(run.epochs[0].phaseS[communication], 0.0);
            QCOMPARE(run.epochs[0].phaseS[es::phaseIndex(es::Phase::Other)], 0.0015);
            QCOMPARE(run.epochs[0].phaseS[es::phaseIndex(es::Phase::WarmUp)], 0.003);
            QCOMPARE(run.epochs[0].metrics.at("mae"), 0.3);
        };

        // A reader (runs show, the Runs browser) migrates a copy in memory, never the file.
        const QByteArray before = fileBytes(path);
        {
            const es::RunStore reader(path, es::StoreAccess::ReadOnly);
            QCOMPARE(reader.schemaVersion(), es::currentSchemaVersion());
            const std::optional<es::StoredRun> old = reader.loadRun(4);
            QVERIFY(old.has_value());
            readsAsOnOneProcess(*old);
        }
        QCOMPARE(fileBytes(path), before);

        es::RunStore store(path);
        QCOMPARE(store.schemaVersion(), es::currentSchemaVersion());
        const std::optional<es::StoredRun> old = store.loadRun(4);
        QVERIFY(old.has_value());
        readsAsOnOneProcess(*old);

        // A distributed run recorded into the migrated file keeps its communication time.
        const std::int64_t id = store.beginRun("two ranks", Json::object());
        QVERIFY(id != 4);
        es::BatchRecord batch = makeBatch(1, 1);
        batch.phaseMs[communication] = 6.25;
        es::EpochRecord epoch = makeEpoch(1, true);
        epoch.phaseS[communication] = 0.00625;
        store.append(id, {batch}, {epoch}, {makeSample(0.1)});
        store.finishRun(id, es::RunStatus::Completed, "", Json::object());
        const std::optional<es::StoredRun> now = store.loadRun(id);
        QVERIFY(now.has_value());
        QCOMPARE(now->batches.size(), std::size_t(1));
        compareBatches(now->batches[0], batch);
        QCOMPARE(now->epochs.size(), std::size_t(1));
        QCOMPARE(now->epochs[0].phaseS, epoch.phaseS);
        readsAsOnOneProcess(*store.loadRun(4));  // the old run as it was
        QCOMPARE(store.listRuns().size(), std::size_t(2));

        // In the file, under the phase's own columns.
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        QCOMPARE(db.execAndGet("PRAGMA user_version").getInt(), es::currentSchemaVersion());
        QCOMPARE(db.execAndGet("SELECT communication_ms FROM batches WHERE run_id = " +
                               std::to_string(id))
                     .getDouble(),
                 6.25);
        QCOMPARE(
            db.execAndGet("SELECT communication_s FROM epochs WHERE run_id = " + std::to_string(id))
                .getDouble(),
            0.00625);
        QCOMPARE(
            db.execAndGet("SELECT SUM(communication_ms) FROM batches WHERE run_id = 4").getDouble(),
            0.0);
    }

    void keepsEveryRanksSteps()
    {
        // Rank 0's steps stay in `batches`; the other ranks' (gathered at each epoch's end)
        // read back by rank, in order, whatever order they were appended in.
        const std::string path = freshPath();
        es::RunStore store(path);
        const std::int64_t id = store.beginRun("three ranks", Json::object());
        std::vector<es::BatchRecord> rankZero;
        std::vector<std::pair<int, es::BatchRecord>> others;
        for (int batch = 1; batch <= 3; ++batch) {
            es::BatchRecord step = makeBatch(1, batch);
            step.reducedBytes = 1 << 20;
            step.overlappedMs = 0.25 * batch;
            step.paddingShare = 0.125 * batch;
            step.timesteps = 8 * batch;
            rankZero.push_back(step);
            for (int rank : {2, 1}) {
                es::BatchRecord theirs = step;
                theirs.wallMs += rank;
                theirs.phaseMs[es::phaseIndex(es::Phase::Communication)] = 0.5 * rank;
                others.emplace_back(rank, theirs);
            }
        }
        store.append(id, rankZero, {}, {}, others);
        const std::int64_t single = store.beginRun("one process", Json::object());
        store.append(single, {makeBatch(1, 1)}, {}, {});
        const std::optional<es::StoredRun> run = store.loadRun(id);
        QVERIFY(run.has_value());
        QCOMPARE(run->batches.size(), std::size_t(3));
        compareBatches(run->batches[2], rankZero[2]);
        QCOMPARE(run->rankBatches.size(), std::size_t(2));
        for (int rank : {1, 2}) {
            const std::vector<es::BatchRecord>& steps = run->rankBatches.at(rank);
            QCOMPARE(steps.size(), std::size_t(3));
            for (int batch = 1; batch <= 3; ++batch) {
                es::BatchRecord expected = rankZero[batch - 1];
                expected.wallMs += rank;
                expected.phaseMs[es::phaseIndex(es::Phase::Communication)] = 0.5 * rank;
                compareBatches(steps[batch - 1], expected);
            }
        }
        QVERIFY(store.loadRun(single)->rankBatches.empty());
        // Deleting the run takes its ranks' steps with it.
        QVERIFY(store.deleteRun(id));
        QCOMPARE(countRows(path, "rank_batches"), std::int64_t(0));
    }

    // A database from elsewhere may hold any JSON in info_json: the list and the run read
    // what has the expected type and leave the rest out, never throwing.
    void headerFactsOfAnotherTypeReadAsAbsent()
    {
        const std::string path = freshPath();
        es::RunStore store(path);
        const std::int64_t good = store.beginRun("good", Json::object());
        store.setRunInfo(good, {{"device", "cpu"}, {"backend", "onednn"}, {"world_size", 4}});
        const std::int64_t odd = store.beginRun("odd", Json::object());
        store.setRunInfo(odd, {{"device", 5}, {"backend", {1, 2}}, {"world_size", "4"}});
        const std::int64_t negative = store.beginRun("negative", Json::object());
        store.setRunInfo(negative, {{"world_size", -3}});
        const std::vector<es::StoredRunHeader> runs = store.listRuns();
        QCOMPARE(runs.size(), std::size_t(3));
        for (const es::StoredRunHeader& run : runs) {
            const bool isGood = run.id == good;
            QCOMPARE(run.device, std::string(isGood ? "cpu" : ""));
            QCOMPARE(run.backend, std::string(isGood ? "onednn" : ""));
            QCOMPARE(run.worldSize, isGood ? 4 : 1);
        }
        QCOMPARE(store.loadRun(odd)->header.device, std::string());
        QCOMPARE(store.loadRun(good)->header.worldSize, 4);
    }

    void roundTripsTheCheckpoints()
    {
        const std::string path = freshPath();
        es::RunStore store(path);
        const Json config = {{"name", "saves"}, {"seed", 3}};
        const std::int64_t id = store.beginRun("saves", config);
        const std::int64_t other = store.beginRun("other", Json::object());
        const es::SavedFileRecord first = savedFile(es::SavedFileKind::Model, "/ck/m-1.pt", 1);
        es::SavedFileRecord second = savedFile(es::SavedFileKind::Model, "/ck/m-2.pt", 2);
        second.batch = 40;
        second.weightsOnly = true;
        second.value = std::nan("");  // SQLite keeps a NaN as NULL: no value
        const es::SavedFileRecord backup1 =
            savedFile(es::SavedFileKind::Backup, "/ck/backup/epochscope-backup.pt", 1);
        const es::SavedFileRecord backup2 =
            savedFile(es::SavedFileKind::Backup, "/ck/backup/epochscope-backup.pt", 2);
        store.append(id, {}, {}, {}, {}, {first, backup1});
        store.append(id, {makeBatch(2, 1)}, {}, {}, {}, {second, backup2});
        // Another run's backup of the same path is its own record.
        store.append(other, {}, {}, {}, {}, {backup1});
        es::SavedFileRecord removed = backup2;
        removed.removed = true;
        removed.epoch = 0;  // a removal only names the file
        store.append(id, {}, {}, {}, {}, {removed});

        // Each save in the order written; the backup's row holds its latest save, deleted.
        const std::optional<es::StoredRun> run = store.loadRun(id);
        QVERIFY(run.has_value());
        QCOMPARE(run->checkpoints.size(), std::size_t(3));
        compareSavedFiles(run->checkpoints[0], first);
        es::SavedFileRecord secondAsStored = second;
        secondAsStored.value.reset();
        compareSavedFiles(run->checkpoints[1], secondAsStored);
        es::SavedFileRecord backupAsStored = backup2;
        backupAsStored.removed = true;
        compareSavedFiles(run->checkpoints[2], backupAsStored);
        QCOMPARE(store.loadRun(other)->checkpoints.size(), std::size_t(1));
        QVERIFY(!store.loadRun(other)->checkpoints[0].removed);

        const std::optional<es::StoredRunCheckpoints> files = store.loadRunCheckpoints(id);
        QVERIFY(files.has_value());
        QCOMPARE(files->id, id);
        QCOMPARE(files->name, std::string("saves"));
        QCOMPARE(files->status, es::RunStatus::Running);
        QCOMPARE(files->config, config);
        QCOMPARE(files->checkpoints.size(), std::size_t(3));
        compareSavedFiles(files->checkpoints[1], secondAsStored);
        QVERIFY(!store.loadRunCheckpoints(id + 100).has_value());

        // The JSON export keeps them as recorded.
        const Json exported = es::runExportJson(*run)["checkpoints"];
        QCOMPARE(exported.size(), std::size_t(3));
        QCOMPARE(exported[1]["path"].get<std::string>(), std::string("/ck/m-2.pt"));
        QCOMPARE(exported[1]["batch"].get<int>(), 40);
        QVERIFY(exported[1]["value"].is_null());
        QCOMPARE(exported[0]["value"].get<double>(), 1.0);
        QCOMPARE(exported[0]["best"].get<bool>(), true);
        QCOMPARE(exported[2]["kind"].get<std::string>(), std::string("backup"));
        QCOMPARE(exported[2]["removed"].get<bool>(), true);
        QCOMPARE(exported[2]["mtime_ns"].get<std::int64_t>(), backup2.mtimeNs);

        // Deleting the run deletes its records (the files stay where they are).
        QVERIFY(store.deleteRun(id));
        QCOMPARE(countRows(path, "checkpoints"), std::int64_t(1));
    }

    void migratesTheCheckpointsIn()
    {
        // A database as version 8 left it: no checkpoints table. Its runs read back with none;
        // a reader migrates a copy in memory; a writer adds the table and records into it.
        const int checkpointsVersion = 9;
        QVERIFY(es::currentSchemaVersion() >= checkpointsVersion);
        const std::string path = freshPath();
        createAtVersion(path, checkpointsVersion - 1);
        {
            SQLite::Database db(path, SQLite::OPEN_READWRITE);
            db.exec(
                "INSERT INTO runs (id, name, status, started_at, ended_at, config_json) VALUES "
                "(5, 'before checkpoints', 'completed', '2026-01-01T00:00:00Z', "
                "'2026-01-01T00:01:00Z', '{\"seed\": 1}')");
        }
        QVERIFY(!columnsOf(path).join('\n').contains("checkpoints."));
        const QByteArray before = fileBytes(path);
        {
            const es::RunStore reader(path, es::StoreAccess::ReadOnly);
            QCOMPARE(reader.schemaVersion(), es::currentSchemaVersion());
            QVERIFY(reader.loadRun(5)->checkpoints.empty());
            const std::optional<es::StoredRunCheckpoints> files = reader.loadRunCheckpoints(5);
            QVERIFY(files.has_value());
            QCOMPARE(files->config, Json({{"seed", 1}}));
            QVERIFY(files->checkpoints.empty());
        }
        QCOMPARE(fileBytes(path), before);

        es::RunStore store(path);
        QCOMPARE(store.schemaVersion(), es::currentSchemaVersion());
        QVERIFY(columnsOf(path).contains("checkpoints.mtime_ns INTEGER notnull=1 default= pk=0"));
        QVERIFY(store.loadRun(5)->checkpoints.empty());
        const es::SavedFileRecord file = savedFile(es::SavedFileKind::Model, "/m.pt", 1);
        store.append(5, {}, {}, {}, {}, {file});
        QCOMPARE(store.loadRun(5)->checkpoints.size(), std::size_t(1));
        compareSavedFiles(store.loadRun(5)->checkpoints[0], file);
    }

    void refusesCheckpointRowsItDoesNotWrite_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("pathSql");
        QTest::addColumn<QString>("words");
        QTest::newRow("unknown kind") << "'script'"
                                      << "'/a.pt'"
                                      << "unknown kind \"script\"";
        QTest::newRow("kind with controls") << "'x' || char(27) || '[2J'"
                                            << "'/a.pt'"
                                            << "unknown kind \"x\\x1b[2J\"";
        QTest::newRow("relative path") << "'model'"
                                       << "'../a.pt'"
                                       << "not an absolute path";
        QTest::newRow("empty path") << "'model'"
                                    << "''"
                                    << "not an absolute path";
        // stat(2) would read "/a.pt" alone: another file than the one recorded.
        QTest::newRow("path with a NUL") << "'model'"
                                         << "'/a.pt' || char(0) || '/etc/passwd'"
                                         << "not an absolute path";
        QTest::newRow("path as a blob") << "'model'"
                                        << "X'2F612E7074'"
                                        << "not an absolute path";
        QTest::newRow("path as a number") << "'backup'"
                                          << "12"
                                          << "not an absolute path";
    }

    void refusesCheckpointRowsItDoesNotWrite()
    {
        QFETCH(QString, kind);
        QFETCH(QString, pathSql);
        QFETCH(QString, words);
        const std::string path = freshPath();
        std::int64_t id = 0;
        {
            es::RunStore store(path);
            id = store.beginRun("hostile", Json::object());
        }
        {
            SQLite::Database db(path, SQLite::OPEN_READWRITE);
            db.exec(
                "INSERT INTO checkpoints (run_id, kind, callback, path, epoch, batch, "
                "monitor, value, best, weights_only, bytes, mtime_ns) VALUES (" +
                std::to_string(id) + ", " + kind.toStdString() + ", 0, " + pathSql.toStdString() +
                ", 1, NULL, 'val_loss', 0.5, 1, 0, 10, 10)");
        }
        for (const es::StoreAccess access :
             {es::StoreAccess::ReadOnly, es::StoreAccess::ReadWrite}) {
            const es::RunStore store(path, access);
            // The run list does not read the checkpoints: it still works.
            QCOMPARE(store.listRuns().size(), std::size_t(1));
            for (int call = 0; call < 2; ++call) {
                try {
                    if (call == 0)
                        store.loadRun(id);
                    else
                        store.loadRunCheckpoints(id);
                    QFAIL("a checkpoint row EpochScope does not write was read");
                } catch (const es::StoreError& error) {
                    const std::string message = error.what();
                    QVERIFY2(message.find(path + ": run " + std::to_string(id) +
                                          " has a checkpoint record") == 0,
                             error.what());
                    QVERIFY2(message.find(words.toStdString()) != std::string::npos, error.what());
                }
            }
        }
    }

    void readsOddlyTypedCheckpointColumns()
    {
        // SQLite keeps any type in any column: numbers of another type read as SQLite converts
        // them, and nothing crashes.
        const std::string path = freshPath();
        es::RunStore store(path);
        const std::int64_t id = store.beginRun("odd", Json::object());
        {
            SQLite::Database db(path, SQLite::OPEN_READWRITE);
            db.exec(
                "INSERT INTO checkpoints (run_id, kind, callback, path, epoch, batch, "
                "monitor, value, best, weights_only, bytes, mtime_ns) VALUES (" +
                std::to_string(id) +
                ", 'model', 'first', '/odd.pt', 'abc', 1e300, x'00ff', 'high', 2.5, -1, "
                "-5, 'soon')");
        }
        const std::optional<es::StoredRun> run = store.loadRun(id);
        QVERIFY(run.has_value());
        QCOMPARE(run->checkpoints.size(), std::size_t(1));
        const es::SavedFileRecord& file = run->checkpoints[0];
        QCOMPARE(file.path, std::string("/odd.pt"));
        QCOMPARE(file.epoch, 0);
        QVERIFY(file.best);
        QCOMPARE(file.bytes, std::int64_t(-5));
        QVERIFY(!es::runExportJson(*run)["checkpoints"].empty());
    }

    void refusesACheckpointsTableOfAnotherShape()
    {
        const std::string path = freshPath();
        std::int64_t id = 0;
        {
            es::RunStore store(path);
            id = store.beginRun("reshaped", Json::object());
        }
        {
            SQLite::Database db(path, SQLite::OPEN_READWRITE);
            db.exec("DROP TABLE checkpoints");
            db.exec("CREATE TABLE checkpoints (id INTEGER PRIMARY KEY, run_id INTEGER)");
        }
        const es::RunStore store(path, es::StoreAccess::ReadOnly);
        try {
            store.loadRunCheckpoints(id);
            QFAIL("a checkpoints table without its columns was read");
        } catch (const es::StoreError& error) {
            QVERIFY2(
                std::string(error.what()).find(path + ": cannot read run " + std::to_string(id)) ==
                    0,
                error.what());
        }
    }

    // Regression (found by fuzz_rundb): a sample's threads or GPUs, or an epoch's metrics, of
    // another JSON type threw out of loadRun (nlohmann's type_error), ending `runs show`.
    void samplesAndMetricsOfAnotherTypeReadAsAbsent()
    {
        const std::string path = freshPath();
        es::RunStore store(path);
        const std::int64_t id = store.beginRun("odd json", Json::object());
        store.append(id, {}, {makeEpoch(1, true)}, {makeSample(0.1)});
        {
            SQLite::Database db(path, SQLite::OPEN_READWRITE);
            db.exec("UPDATE epochs SET metrics_json = '{\"mae\": \"x\", \"val_mae\": 0.25}'");
            db.exec(
                "UPDATE samples SET threads_json = '[1, {\"tid\": \"x\", \"name\": 5, "
                "\"cpu_pct\": \"busy\"}, {\"tid\": 7, \"name\": \"t\", \"cpu_pct\": 50}]', "
                "gpus_json = '{\"index\": 1}'");
            db.exec(
                "INSERT INTO samples SELECT run_id, t_s + 1, process_cpu_pct, machine_cpu_pct, "
                "rss_mb, '\"text\"', '[{\"index\": 99999999999, \"power_w\": \"hot\"}]' "
                "FROM samples");
        }
        const std::optional<es::StoredRun> run = store.loadRun(id);
        QVERIFY(run.has_value());
        QCOMPARE(run->epochs[0].metrics, (std::map<std::string, double>{{"val_mae", 0.25}}));
        QCOMPARE(run->samples.size(), std::size_t(2));
        // The objects, with what has its type; the rest left out.
        QCOMPARE(run->samples[0].threads.size(), std::size_t(2));
        QCOMPARE(run->samples[0].threads[0].tid, 0);
        QCOMPARE(run->samples[0].threads[0].name, std::string());
        QCOMPARE(run->samples[0].threads[1].tid, 7);
        QCOMPARE(run->samples[0].threads[1].cpuPct, 50.0);
        QVERIFY(run->samples[0].gpus.empty());
        QVERIFY(run->samples[1].threads.empty());
        QCOMPARE(run->samples[1].gpus.size(), std::size_t(1));
        QCOMPARE(run->samples[1].gpus[0].index, 0);
        QVERIFY(std::isnan(run->samples[1].gpus[0].powerW));
    }

    void refusesANewerSchema()
    {
        const std::string path = freshPath();
        {
            SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            db.exec("PRAGMA user_version = 99");
        }
        try {
            es::RunStore store(path);
            QFAIL("a database from a newer version was opened");
        } catch (const es::StoreError& error) {
            const std::string message = error.what();
            QVERIFY2(message.find(path) != std::string::npos, error.what());
            QVERIFY2(message.find("schema version 99, written by a newer EpochScope") !=
                         std::string::npos,
                     error.what());
        }
    }

    void refusesAFileThatIsNotADatabase()
    {
        const std::string path = freshPath();
        QFile file(QString::fromStdString(path));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(4096, 'x'));
        file.close();
        try {
            es::RunStore store(path);
            QFAIL("a text file was opened as a database");
        } catch (const es::StoreError& error) {
            QVERIFY2(std::string(error.what()).find(path + ": cannot open the run database") == 0,
                     error.what());
        }
    }

    void deadRunsBecomeInterrupted()
    {
        const std::string path = freshPath();
        std::int64_t mine = 0;
        std::int64_t dead = 0;
        {
            es::RunStore store(path);
            mine = store.beginRun("alive", Json::object());
            dead = store.beginRun("killed", Json::object());
        }
        {
            // The same pid with another start time: a process that died and whose pid was
            // reused, as after a SIGKILL and a reboot.
            SQLite::Database db(path, SQLite::OPEN_READWRITE);
            db.exec("UPDATE runs SET process_start = 1 WHERE id = " + std::to_string(dead));
        }
        es::RunStore reopened(path);
        QCOMPARE(reopened.interruptedOnOpen(), 1);
        QCOMPARE(reopened.loadRun(mine)->header.status, es::RunStatus::Running);
        const es::StoredRun killed = *reopened.loadRun(dead);
        QCOMPARE(killed.header.status, es::RunStatus::Interrupted);
        QVERIFY(!killed.header.endedAt.empty());
        QVERIFY(killed.error.find("killed or crashed") != std::string::npos);
    }

    void deadRunThatSaidWhyItIsShortReadsAsFailed()
    {
        // A recorder whose store failed records why on the running run; when the end cannot
        // be written either (a full disk) and the process is gone, the next open says both.
        const std::string path = freshPath();
        const std::string why =
            "the run database could not take all of the run: database or disk is full";
        std::int64_t id = 0;
        {
            es::RunStore store(path);
            id = store.beginRun("short", Json::object());
            store.setRunError(id, why);
        }
        {
            SQLite::Database db(path, SQLite::OPEN_READWRITE);
            db.exec("UPDATE runs SET process_start = 1 WHERE id = " + std::to_string(id));
        }
        const std::string expected =
            why + "; the process ended before the run's end could be recorded";
        {
            const es::RunStore reader(path, es::StoreAccess::ReadOnly);
            QCOMPARE(reader.listRuns().front().status, es::RunStatus::Failed);
            QCOMPARE(reader.loadRun(id)->error, expected);
        }
        es::RunStore writer(path);
        QCOMPARE(writer.interruptedOnOpen(), 1);
        const es::StoredRun run = *writer.loadRun(id);
        QCOMPARE(run.header.status, es::RunStatus::Failed);
        QCOMPARE(run.error, expected);
        QVERIFY(!run.header.endedAt.empty());
    }

    void recorderWritesWhileTheRunGoes()
    {
        const std::string path = freshPath();
        es::RunStore store(path);
        es::RunConfig config;
        config.name = "recorded";
        es::RunRecorder recorder(store, config, 50ms);
        es::RunInfo info;
        info.epochs = 1;
        info.device = "cpu";
        recorder.onRunStarted(info);
        recorder.onBatch(makeBatch(1, 1));
        recorder.onBatch(makeBatch(1, 2));
        recorder.onSystemSample(makeSample(0.05));
        // Another connection (the GUI, or the next process after a crash) sees them within a
        // few flush intervals, before the run ends.
        std::int64_t seen = 0;
        for (int attempt = 0; attempt < 100 && seen < 2; ++attempt) {
            std::this_thread::sleep_for(20ms);
            seen = countRows(path, "batches");
        }
        QCOMPARE(seen, std::int64_t(2));
        QCOMPARE(countRows(path, "samples"), std::int64_t(1));
        recorder.onEpoch(makeEpoch(1, false));
        recorder.finish(es::RunStatus::Stopped, "", Json{{"status", "stopped"}});
        QVERIFY(recorder.error().empty());
        const es::StoredRun run = *store.loadRun(recorder.runId());
        QCOMPARE(run.header.status, es::RunStatus::Stopped);
        QCOMPARE(run.header.name, std::string("recorded"));
        QCOMPARE(run.info["device"].get<std::string>(), std::string("cpu"));
        QCOMPARE(run.epochs.size(), std::size_t(1));
        QCOMPARE(run.config["name"].get<std::string>(), std::string("recorded"));
    }

    void storesOpenedAtOnceAgreeOnTheSchema_data()
    {
        QTest::addColumn<int>("version");
        QTest::newRow("a new file") << -1;
        QTest::newRow("an empty file") << 0;
        QTest::newRow("version 1") << 1;
        QTest::newRow("version 4") << 4;
    }

    void storesOpenedAtOnceAgreeOnTheSchema()
    {
        // The app, a CLI run and a what-if may open the default database at the same moment:
        // each must find the schema whole, none may fail on a table or column another one
        // has just made. Threads with a connection each take SQLite's locks as processes do.
        QFETCH(int, version);
        constexpr int kStores = 6;
        constexpr int kRounds = 8;
        for (int round = 0; round < kRounds; ++round) {
            const std::string path = freshPath();
            if (version >= 0)
                createAtVersion(path, version);
            std::atomic<int> ready{0};
            std::vector<std::string> failures(kStores);
            std::vector<std::int64_t> ids(kStores, 0);
            std::vector<std::thread> threads;
            for (int i = 0; i < kStores; ++i) {
                threads.emplace_back([&, i] {
                    ++ready;
                    while (ready.load() < kStores)
                        std::this_thread::yield();
                    try {
                        es::RunStore store(path);
                        ids[static_cast<std::size_t>(i)] =
                            store.beginRun("together", Json::object());
                    } catch (const std::exception& error) {
                        failures[static_cast<std::size_t>(i)] = error.what();
                    }
                });
            }
            for (std::thread& thread : threads)
                thread.join();
            for (const std::string& failure : failures)
                QVERIFY2(failure.empty(), failure.c_str());
            const std::set<std::int64_t> distinct(ids.begin(), ids.end());
            QCOMPARE(distinct.size(), std::size_t(kStores));
            es::RunStore store(path);
            QCOMPARE(store.schemaVersion(), es::currentSchemaVersion());
            QCOMPARE(store.listRuns().size(), std::size_t(kStores));
        }
    }

    void refusedFilesAreLeftAsTheyWere_data()
    {
        QTest::addColumn<QByteArray>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("newer schema")
            << QByteArray("newer") << "schema version 99, written by a newer EpochScope";
        QTest::newRow("not a database")
            << QByteArray("text") << "cannot open the run database: it is not an SQLite database";
        QTest::newRow("another program's database")
            << QByteArray("foreign") << "it is another program's SQLite database";
        // Regression (found by fuzz_rundb): a negative version was taken as older and its
        // migrations indexed from -1.
        QTest::newRow("negative schema version")
            << QByteArray("negative") << "its schema version is -3, which no EpochScope writes";
    }

    void refusedFilesAreLeftAsTheyWere()
    {
        // Nothing may be written to a file before it is known to be one this EpochScope can
        // use: no journal mode switched, no table added, no side file left.
        QFETCH(QByteArray, kind);
        QFETCH(QString, expected);
        const std::string path = freshPath();
        if (kind == "text") {
            QFile file(QString::fromStdString(path));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray(4096, 'x'));
        } else {
            SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            if (kind == "newer" || kind == "negative") {
                db.exec(std::string(es::schemaMigrations()[0]));
                db.exec(kind == "newer" ? "PRAGMA user_version = 99" : "PRAGMA user_version = -3");
            } else {
                db.exec("CREATE TABLE contacts (name TEXT, phone TEXT)");
                db.exec("INSERT INTO contacts VALUES ('Ada', '555')");
            }
        }
        const QByteArray before = fileBytes(path);
        QVERIFY(!before.isEmpty());
        // Twice for writing, then as the reading commands open it.
        for (int attempt = 0; attempt < 3; ++attempt) {
            try {
                if (attempt == 2) {
                    const es::RunStore reader(path, es::StoreAccess::ReadOnly);
                    QFAIL("a file this version cannot use was opened for reading");
                }
                es::RunStore store(path);
                store.beginRun("must not land", Json::object());
                QFAIL("a file this version cannot use was opened for writing");
            } catch (const es::StoreError& error) {
                const QString message = QString::fromUtf8(error.what());
                QVERIFY2(message.startsWith(QString::fromStdString(path)), error.what());
                QVERIFY2(message.contains(expected), error.what());
                QVERIFY2(message.contains("left unchanged"), error.what());
            }
        }
        QCOMPARE(fileBytes(path), before);
        QVERIFY2(sideFiles(path).isEmpty(), qPrintable(sideFiles(path).join(", ")));
    }

    void damagedDatabaseIsNotWrittenTo()
    {
        // A run recorded into a file with a damaged page would be recorded into (and spread)
        // the damage without a word: it is refused with what to do, the file as it was.
        const std::string path = freshPath();
        {
            es::RunStore store(path);
            const std::int64_t id = store.beginRun("before the damage", Json::object());
            std::vector<es::BatchRecord> batches;
            for (int batch = 1; batch <= 400; ++batch)
                batches.push_back(makeBatch(1, batch));
            store.append(id, batches, {}, {});
            store.finishRun(id, es::RunStatus::Completed, "", nullptr);
        }
        int pageSize = 0;
        int rootPage = 0;
        {
            // Read-write, so that closing it checkpoints and removes the WAL: the damage must
            // be in the file itself, not shadowed by a newer copy of the page in the WAL.
            SQLite::Database db(path, SQLite::OPEN_READWRITE);
            pageSize = db.execAndGet("PRAGMA page_size").getInt();
            rootPage =
                db.execAndGet("SELECT rootpage FROM sqlite_master WHERE name = 'batches'").getInt();
        }
        QVERIFY2(sideFiles(path).isEmpty(), "the store left its WAL behind on close");
        {
            // The page type and cell count of the steps' root page, as a bad sector or a
            // stray write would leave them.
            QFile file(QString::fromStdString(path));
            QVERIFY(file.open(QIODevice::ReadWrite));
            QVERIFY(file.seek(static_cast<qint64>(rootPage - 1) * pageSize));
            QVERIFY(file.write(QByteArray(8, '\x7f')) == 8);
        }
        const QByteArray before = fileBytes(path);
        try {
            es::RunStore store(path);
            store.beginRun("into the damage", Json::object());
            QFAIL("a run was recorded into a damaged database");
        } catch (const es::StoreError& error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(message.startsWith(QString::fromStdString(path)), error.what());
            QVERIFY2(message.contains("the run database is damaged"), error.what());
            QVERIFY2(message.contains("record into another file"), error.what());
        }
        QCOMPARE(fileBytes(path), before);
    }

    void fileSizeLimitIsStoredAsWhatHappened()
    {
        // A recording that runs into a full disk or a file-size limit: the run goes on, and
        // its record ends as failed with SQLite's reason and how the run itself ended, not as
        // `running` for the next open to call killed or crashed.
        const std::string path = freshPath();
        std::int64_t runId = 0;
        std::string recorderError;
        {
            es::RunStore store(path);
            es::RunConfig config;
            config.name = "too big";
            es::RunRecorder recorder(store, config, 10ms);
            runId = recorder.runId();
            const qint64 size = QFileInfo(QString::fromStdString(path)).size() +
                                QFileInfo(QString::fromStdString(path + "-wal")).size();
            FileSizeLimit limit(static_cast<rlim_t>(size + 96 * 1024));
            QVERIFY(limit.active());
            int batch = 0;
            for (int wave = 0; wave < 200 && recorder.error().empty(); ++wave) {
                for (int i = 0; i < 200; ++i)
                    recorder.onBatch(makeBatch(1, ++batch));
                std::this_thread::sleep_for(15ms);
            }
            QVERIFY2(!recorder.error().empty(), "the limit was never reached");
            recorder.finish(es::RunStatus::Completed, "", Json{{"status", "finished"}});
            recorderError = recorder.error();
        }
        QVERIFY2(recorderError.find(path) != std::string::npos, recorderError.c_str());
        // The room kept for the record's end is given back.
        QVERIFY(
            !QFile::exists(QString::fromStdString(es::RunStore::reservePath(path, ::getpid()))));
        const es::StoredRun run = *es::RunStore(path).loadRun(runId);
        QCOMPARE(run.header.status, es::RunStatus::Failed);
        QVERIFY2(run.error.find("the run database could not take all of the run: ") == 0,
                 run.error.c_str());
        QVERIFY2(run.error.find("full") != std::string::npos ||
                     run.error.find("File too large") != std::string::npos,
                 run.error.c_str());
        QVERIFY2(run.error.find("the run itself completed") != std::string::npos,
                 run.error.c_str());
        QVERIFY(!run.batches.empty());  // what fitted before the limit is kept
    }

    void readOnlyStoreNeverWrites_data()
    {
        QTest::addColumn<QByteArray>("kind");
        QTest::newRow("missing file") << QByteArray("missing");
        QTest::newRow("older schema") << QByteArray("older");
        QTest::newRow("dead run") << QByteArray("dead");
    }

    void readOnlyStoreNeverWrites()
    {
        // What the reading commands open: the file is never created, migrated or marked, yet
        // reads as a writer would leave it.
        QFETCH(QByteArray, kind);
        const std::string path = freshPath();
        std::int64_t deadId = 0;
        if (kind == "older") {
            createAtVersion(path, 1);
            SQLite::Database db(path, SQLite::OPEN_READWRITE);
            db.exec(
                "INSERT INTO runs (id, name, status, started_at, ended_at, config_json) VALUES "
                "(7, 'old', 'completed', '2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z', '{}')");
        } else if (kind == "dead") {
            {
                es::RunStore store(path);
                deadId = store.beginRun("killed", Json::object());
            }
            SQLite::Database db(path, SQLite::OPEN_READWRITE);
            db.exec("UPDATE runs SET process_start = 1 WHERE id = " + std::to_string(deadId));
        }
        const QByteArray before = fileBytes(path);
        {
            const es::RunStore store(path, es::StoreAccess::ReadOnly);
            QCOMPARE(store.schemaVersion(), es::currentSchemaVersion());
            const std::vector<es::StoredRunHeader> runs = store.listRuns();
            if (kind == "missing") {
                QVERIFY(runs.empty());
                QVERIFY(store.listExperiments().empty());
            } else if (kind == "older") {
                QCOMPARE(runs.size(), std::size_t(1));
                QCOMPARE(store.loadRun(7)->header.name, std::string("old"));
            } else {
                QCOMPARE(runs.size(), std::size_t(1));
                QCOMPARE(runs[0].status, es::RunStatus::Interrupted);
                const es::StoredRun run = *store.loadRun(deadId);
                QCOMPARE(run.header.status, es::RunStatus::Interrupted);
                QVERIFY2(run.error.find("killed or crashed") != std::string::npos,
                         run.error.c_str());
                QCOMPARE(store.interruptedOnOpen(), 0);  // seen, not marked
            }
        }
        QCOMPARE(QFile::exists(QString::fromStdString(path)), kind != "missing");
        QCOMPARE(fileBytes(path), before);
        // A WAL database (the dead run's) gets SQLite's shared-memory index and an empty WAL
        // beside it, as with any reader where they can be made; nothing is written into them.
        QVERIFY(!QFile::exists(QString::fromStdString(path + "-journal")));
        QCOMPARE(QFileInfo(QString::fromStdString(path + "-wal")).size(), qint64(0));
        if (kind != "dead")
            QVERIFY2(sideFiles(path).isEmpty(), qPrintable(sideFiles(path).join(", ")));
        if (kind == "dead")
            QCOMPARE(es::RunStore(path).interruptedOnOpen(), 1);  // the next writer marks it
    }

    void readOnlyStoreRefusesWrites()
    {
        const std::string path = freshPath();
        es::RunStore(path).beginRun("there", Json::object());
        es::RunStore store(path, es::StoreAccess::ReadOnly);
        QVERIFY_THROWS_EXCEPTION(es::StoreError, store.beginRun("not here", Json::object()));
        QVERIFY_THROWS_EXCEPTION(es::StoreError, store.setNotes(1, "not here"));
        QCOMPARE(store.listRuns().size(), std::size_t(1));
    }

    void readOnlyStoreReadsReadOnlyStorage()
    {
        // A WAL database in a directory that may not be written (read-only media): no -shm
        // beside it, and none can be made. Root ignores permissions, so a child process reads
        // it as nobody then.
        QTemporaryDir storage;
        QVERIFY(storage.isValid());
        const std::string path = storage.filePath("runs.sqlite").toStdString();
        es::RunStore(path).beginRun("on the disc", Json::object());
        QVERIFY(sideFiles(path).isEmpty());
        const QByteArray before = fileBytes(path);
        QFile::setPermissions(QString::fromStdString(path),
                              QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther);
        const QFile::Permissions readOnlyDirectory = QFile::ReadOwner | QFile::ExeOwner |
                                                     QFile::ReadGroup | QFile::ExeGroup |
                                                     QFile::ReadOther | QFile::ExeOther;
        QVERIFY(QFile::setPermissions(storage.path(), readOnlyDirectory));
        const pid_t child = ::fork();
        if (child == 0) {
            if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
                ::_exit(3);
            try {
                const es::RunStore store(path, es::StoreAccess::ReadOnly);
                const std::vector<es::StoredRunHeader> runs = store.listRuns();
                ::_exit(runs.size() == 1 && runs[0].name == "on the disc" ? 0 : 1);
            } catch (...) {
                ::_exit(2);
            }
        }
        int status = -1;
        ::waitpid(child, &status, 0);
        QFile::setPermissions(storage.path(), readOnlyDirectory | QFile::WriteOwner);
        QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                 qPrintable(QString("child status %1 (2: the store failed to open)").arg(status)));
        QCOMPARE(fileBytes(path), before);
        QVERIFY(sideFiles(path).isEmpty());
    }

    void traceHasEveryTrackAndSlice()
    {
        es::StoredRun run;
        run.header.id = 4;
        run.header.name = "traced";
        run.epochs = {makeEpoch(1, true)};
        run.batches = {makeBatch(1, 1), makeBatch(1, 2)};
        run.samples = {makeSample(0.1), makeSample(0.2)};
        // Through text, as a viewer reads it.
        const Json trace = Json::parse(es::chromeTrace(run).dump());
        QVERIFY(trace["traceEvents"].is_array());
        std::set<std::string> trackNames;
        std::map<std::string, int> slices;
        int counters = 0;
        std::map<std::string, std::vector<double>> tensorCounters;
        for (const Json& event : trace["traceEvents"]) {
            const std::string phase = event["ph"].get<std::string>();
            if (phase == "C" && event["name"].get<std::string>().rfind("Tensor memory", 0) == 0) {
                const Json& values = event["args"];
                tensorCounters[event["name"].get<std::string>()].push_back(
                    values.begin().value().get<double>());
                continue;
            }
            if (phase == "M" && event["name"] == "thread_name")
                trackNames.insert(event["args"]["name"].get<std::string>());
            if (phase == "X") {
                QVERIFY(event["ts"].is_number() && event["dur"].get<double>() >= 0.0);
                ++slices[event["name"].get<std::string>()];
            }
            if (phase == "C")
                ++counters;
        }
        for (es::Phase phase : es::kAllPhases) {
            const std::string label(es::phaseLabel(phase));
            QVERIFY2(trackNames.count(label) == 1, label.c_str());
            QCOMPARE(slices[label], 2);  // one per step
        }
        QVERIFY(trackNames.count("epochs") && trackNames.count("steps") &&
                trackNames.count("callbacks"));
        QCOMPARE(slices["epoch 1"], 1);
        QCOMPARE(slices["validation"], 1);
        QCOMPARE(slices["step 1.2"], 1);
        QCOMPARE(slices["model_checkpoint"], 1);
        // Per sample: CPU, RSS, GPU utilisation and GPU memory.
        QCOMPARE(counters, 2 * 4);
        // Per step, a peak and an end for the stretch before it (the warm-up's: the step has
        // warm-up time) and for each of the 7 phases drawn after it (Other's time is the gaps).
        QCOMPARE(tensorCounters["Tensor memory peak MB"].size(), std::size_t(2 * 8));
        QCOMPARE(tensorCounters["Tensor memory MB"].size(), std::size_t(2 * 8));
        const es::StepMemory& second = run.batches[1].memory;
        QCOMPARE(tensorCounters["Tensor memory MB"].back(),
                 double(second.endBytes[es::phaseIndex(es::Phase::Callbacks)]) / 1e6);
        QCOMPARE(tensorCounters["Tensor memory peak MB"].front(),
                 double(run.batches[0].memory.peakBytes[es::phaseIndex(es::Phase::WarmUp)]) / 1e6);
        // The phases of a step lie inside it.
        double stepStart = 0.0;
        double stepEnd = 0.0;
        for (const Json& event : trace["traceEvents"]) {
            if (event["ph"] == "X" && event["name"] == "step 1.1") {
                stepStart = event["ts"].get<double>();
                stepEnd = stepStart + event["dur"].get<double>();
            }
        }
        int inside = 0;
        std::map<double, std::string> byStart;
        for (const Json& event : trace["traceEvents"]) {
            if (event["ph"] != "X" || event["args"].value("step", "") != "step 1.1")
                continue;
            const double start = event["ts"].get<double>();
            QVERIFY(start >= stepStart - 1e-6);
            QVERIFY(start + event["dur"].get<double>() <= stepEnd + 1e-6);
            // The warm-up steps run before the step reads its batch: its slice comes first.
            if (event["name"] == std::string(es::phaseLabel(es::Phase::WarmUp)))
                QCOMPARE(start, stepStart);
            byStart[start] = event["name"].get<std::string>();
            ++inside;
        }
        QCOMPARE(inside, static_cast<int>(es::kPhaseCount));
        // One after the other as the loop runs them: a distributed step waits for its averaged
        // gradients (Communication) between its backward pass and the weight update.
        std::vector<std::string> order;
        for (const auto& [start, name] : byStart)
            order.push_back(name);
        std::vector<std::string> loopOrder;
        for (es::Phase phase : {es::Phase::WarmUp, es::Phase::DataWait, es::Phase::HostToDevice,
                                es::Phase::Forward, es::Phase::Backward, es::Phase::Communication,
                                es::Phase::Optimizer, es::Phase::Callbacks, es::Phase::Other})
            loopOrder.emplace_back(es::phaseLabel(phase));
        QCOMPARE(order, loopOrder);
    }

    void exportsJsonAndCsv()
    {
        es::StoredRun run;
        run.header.id = 9;
        run.header.name = "exported";
        run.epochs = {makeEpoch(1, true)};
        run.batches = {makeBatch(1, 1), makeBatch(1, 2), makeBatch(1, 3)};
        run.samples = {makeSample(0.1)};
        const Json document = es::runExportJson(run);
        QCOMPARE(document["format"].get<std::string>(), std::string(es::kRunExportFormat));
        QCOMPARE(document["steps"].size(), std::size_t(3));
        QCOMPARE(document["steps"][1]["phase_ms"]["forward"].get<double>(), 1.5);
        QCOMPARE(document["steps"][1]["phase_ms"].size(), es::kPhaseCount);
        QCOMPARE(document["steps"][1]["phase_ms"]["communication"].get<double>(), 4.0);
        QCOMPARE(document["epochs"][0]["phase_s"]["communication"].get<double>(), 0.08);
        QVERIFY(document["samples"][0]["gpus"][0]["power_w"].is_null());
        const QStringList lines = QString::fromStdString(es::stepsCsv(run)).trimmed().split('\n');
        QCOMPARE(lines.size(), 4);
        QVERIFY(lines[0].startsWith("epoch,batch,end_s,wall_ms,data_wait_ms,"));
        QCOMPARE(lines[0].split(',').size(), lines[2].split(',').size());
        // wall_ms of step 2, as stored: its nine phases (0.5 + 1.0 + ... + 4.5) and 2 ms of gaps.
        QCOMPARE(lines[2].split(',')[3], QString("24.5"));
        QCOMPARE(lines[0],
                 QString("epoch,batch,end_s,wall_ms,data_wait_ms,host_to_device_ms,"
                         "forward_ms,backward_ms,optimizer_ms,callbacks_ms,warm_up_ms,"
                         "communication_ms,other_ms,loss,samples,h2d_bytes,minor_faults,"
                         "major_faults,reduced_bytes,overlapped_ms,padding_share,timesteps,"
                         "data_wait_peak_bytes,host_to_device_peak_bytes,forward_peak_bytes,"
                         "backward_peak_bytes,optimizer_peak_bytes,callbacks_peak_bytes,"
                         "warm_up_peak_bytes,communication_peak_bytes,other_peak_bytes,"
                         "data_wait_end_bytes,host_to_device_end_bytes,forward_end_bytes,"
                         "backward_end_bytes,optimizer_end_bytes,callbacks_end_bytes,"
                         "warm_up_end_bytes,communication_end_bytes,other_end_bytes,allocations,"
                         "rank"));
        QCOMPARE(lines[1].split(',')[11], QString("4"));  // communication_ms of step 1
        QCOMPARE(lines[1].split(',').last(), QString("0"));

        // A distributed run: the other ranks' steps follow rank 0's, with their rank.
        es::BatchRecord theirs = makeBatch(1, 1);
        theirs.reducedBytes = 4096;
        theirs.overlappedMs = 1.5;
        theirs.timesteps = 24;
        run.rankBatches[1] = {theirs};
        const QStringList ranked = QString::fromStdString(es::stepsCsv(run)).trimmed().split('\n');
        QCOMPARE(ranked.size(), 5);
        const QStringList header = lines[0].split(',');
        const QStringList rankOne = ranked[4].split(',');
        QCOMPARE(rankOne.last(), QString("1"));
        QCOMPARE(rankOne[header.indexOf("reduced_bytes")], QString("4096"));
        QCOMPARE(rankOne[header.indexOf("overlapped_ms")], QString("1.5"));
        QCOMPARE(rankOne[header.indexOf("timesteps")], QString("24"));
        QCOMPARE(rankOne[header.indexOf("backward_peak_bytes")],
                 QString::number(theirs.memory.peakBytes[es::phaseIndex(es::Phase::Backward)]));
        QCOMPARE(rankOne[header.indexOf("other_end_bytes")],
                 QString::number(theirs.memory.endBytes[es::phaseIndex(es::Phase::Other)]));
        QCOMPARE(rankOne[header.indexOf("allocations")],
                 QString::number(theirs.memory.allocations));
        const Json ranks = es::runExportJson(run)["rank_steps"];
        QCOMPARE(ranks["1"].size(), std::size_t(1));
        QCOMPARE(ranks["1"][0]["reduced_bytes"].get<std::int64_t>(), std::int64_t(4096));
        QCOMPARE(ranks["1"][0]["overlapped_ms"].get<double>(), 1.5);
        QCOMPARE(ranks["1"][0]["timesteps"].get<std::int64_t>(), std::int64_t(24));
        const Json& memory = ranks["1"][0]["memory"];
        QCOMPARE(memory["peak_bytes"]["forward"].get<std::int64_t>(),
                 theirs.memory.peakBytes[es::phaseIndex(es::Phase::Forward)]);
        QCOMPARE(memory["end_bytes"]["callbacks"].get<std::int64_t>(),
                 theirs.memory.endBytes[es::phaseIndex(es::Phase::Callbacks)]);
        QCOMPARE(memory["allocations"].get<std::int64_t>(), theirs.memory.allocations);
    }
};

QTEST_GUILESS_MAIN(TestRunStore)
#include "tst_runstore.moc"
