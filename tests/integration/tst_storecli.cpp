// The run database under unlucky moments and hostile files, through the built CLI: runs that
// start together on a new file are all recorded; a file this version must not touch (newer
// schema, not a database) is left byte for byte as it was by every command; the reading
// commands work on read-only storage; `runs show` reads hostile records without an exception
// escaping; a file-size limit and a full disk end the run with a message and a stored status
// that says what happened.

#include "engine/store/runstore.h"

// The shared runner's helper for long runs (startUntilOutput) has no use here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "tests/support/clirunner.h"
#include "tests/support/testpaths.h"
#pragma GCC diagnostic pop

#include <SQLiteCpp/SQLiteCpp.h>

#include <QtCore/QCryptographicHash>
#include <QtCore/QFileInfo>
#include <QtTest>

#include <grp.h>
#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <memory>

namespace {

// A user with no rights on the test's files, for read-only storage when the tests run as root
// (whom file permissions do not stop).
constexpr uid_t kNobody = 65534;

QByteArray fileHash(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

QStringList sideFiles(const QString& path)
{
    QStringList found;
    for (const char* suffix : {"-wal", "-shm", "-journal"}) {
        if (QFile::exists(path + suffix))
            found << suffix;
    }
    return found;
}

/// Runs the CLI with `modify` applied in the child before it starts (limits, another user).
CliRun runCliWith(const QStringList& arguments, const std::function<void()>& modify,
                  int timeoutMs = kTrainTimeoutMs)
{
    return runCli(arguments, timeoutMs, modify);
}

/// A database with one completed run of three steps, written the way the CLI writes them.
void recordOneRun(const std::string& path)
{
    es::RunStore store(path);
    const std::int64_t id = store.beginRun("kept", {{"name", "kept"}});
    std::vector<es::BatchRecord> batches(3);
    for (int i = 0; i < 3; ++i) {
        batches[static_cast<std::size_t>(i)].epoch = 1;
        batches[static_cast<std::size_t>(i)].batch = i + 1;
        batches[static_cast<std::size_t>(i)].wallMs = 10.0;
    }
    store.append(id, batches, {}, {});
    store.finishRun(id, es::RunStatus::Completed, "", {{"status", "finished"}});
}

}  // namespace

class TestStoreCli : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void runsStartedTogetherAreAllRecorded()
    {
        // `for i in 1 2 3; do epochscope-cli train ... --db f.sqlite & done` on a new file:
        // every run is recorded, none loses the race to create the schema. One thread each:
        // OpenMP's spinning threads of three processes on a small, busy machine would make the
        // test slow, not the race likelier.
        constexpr int kRuns = 3;
        constexpr int kRounds = 3;
        for (int round = 0; round < kRounds; ++round) {
            QTemporaryDir dir;
            QVERIFY(dir.isValid());
            const QString db = dir.filePath("f.sqlite");
            std::vector<std::unique_ptr<QProcess>> processes;
            for (int i = 0; i < kRuns; ++i) {
                auto process = std::make_unique<QProcess>();
                process->setProcessEnvironment(isolatedEnvironment());
                processes.push_back(std::move(process));
            }
            for (auto& process : processes)
                process->start(es::test::cliPath(),
                               {"train", "--preset", "quick-demo", "--epochs", "1", "--max-batches",
                                "3", "--threads", "1", "--quiet", "--db", db});
            for (auto& process : processes) {
                QVERIFY(process->waitForFinished(kTrainTimeoutMs));
                const QString err = QString::fromUtf8(process->readAllStandardError());
                QCOMPARE(process->exitStatus(), QProcess::NormalExit);
                QVERIFY2(process->exitCode() == kExitFinished, qPrintable(err));
                QVERIFY2(!err.contains("not recording"), qPrintable(err));
            }
            const es::RunStore store(db.toStdString());
            const std::vector<es::StoredRunHeader> runs = store.listRuns();
            QCOMPARE(runs.size(), std::size_t(kRuns));
            for (const es::StoredRunHeader& run : runs)
                QCOMPARE(run.status, es::RunStatus::Completed);
        }
    }

    void refusedDatabaseIsLeftUnchanged_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("runs list") << QStringList{"runs", "list"} << kExitBadInput;
        QTest::newRow("runs show") << QStringList{"runs", "show", "1"} << kExitBadInput;
        QTest::newRow("runs delete") << QStringList{"runs", "delete", "1"} << kExitBadInput;
        QTest::newRow("diagnose") << QStringList{"diagnose", "1", "--no-doctor"} << kExitBadInput;
        QTest::newRow("whatif list") << QStringList{"whatif", "list"} << kExitBadInput;
        // Training goes on without recording, and says so.
        QTest::newRow("train") << QStringList{"train", "--preset",      "quick-demo", "--epochs",
                                              "1",     "--max-batches", "2",          "--threads",
                                              "1",     "--quiet"}
                               << kExitFinished;
    }

    void refusedDatabaseIsLeftUnchanged()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath("newer.sqlite");
        {
            // As a newer EpochScope could leave it: rollback journal, a higher user_version.
            SQLite::Database database(db.toStdString(),
                                      SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            database.exec("CREATE TABLE runs (id INTEGER PRIMARY KEY, name TEXT)");
            database.exec("INSERT INTO runs VALUES (1, 'from the future')");
            database.exec("PRAGMA user_version = 99");
        }
        const QByteArray before = fileHash(db);
        const CliRun run = runCli(arguments + QStringList{"--db", db}, kTrainTimeoutMs);
        QVERIFY2(fileHash(db) == before, "the refused file was changed");
        QVERIFY2(sideFiles(db).isEmpty(), qPrintable(sideFiles(db).join(", ")));
        QVERIFY2(run.exitCode == exitCode, qPrintable(describe(run)));
        QVERIFY2(run.err.contains("schema version 99, written by a newer EpochScope") &&
                     run.err.contains("left unchanged"),
                 qPrintable(describe(run)));
    }

    void runsShowReadsHostileRecords_data()
    {
        QTest::addColumn<QString>("update");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");
        // Regression: a member of another type threw nlohmann's type_error out of `runs show`
        // (a summary without a member was a lookup of a missing key in a const object).
        QTest::newRow("facts and summary of other types")
            << "UPDATE runs SET info_json = '{\"device\": 5, \"batch_size\": \"x\"}', "
               "summary_json = '{\"batch_latency_ms\": 3, \"samples_per_s\": \"fast\"}'"
            << kExitFinished << "Run 1: kept - completed";
        QTest::newRow("a summary with no members")
            << "UPDATE runs SET summary_json = '{}'" << kExitFinished << "3 steps";
        // A checkpoint row EpochScope does not write: refused, naming the database and the run.
        QTest::newRow("checkpoint of an unknown kind")
            << "INSERT INTO checkpoints (run_id, kind, callback, path, epoch, monitor, best, "
               "weights_only, bytes, mtime_ns) VALUES (1, 'script', 0, '/x.pt', 1, '', 0, 0, 1, "
               "1)"
            << kExitBadInput
            << "run 1 has a checkpoint record (row 1) that EpochScope does not "
               "write: unknown kind \"script\"";
    }

    void runsShowReadsHostileRecords()
    {
        QFETCH(QString, update);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath("hostile.sqlite");
        recordOneRun(db.toStdString());
        {
            SQLite::Database database(db.toStdString(), SQLite::OPEN_READWRITE);
            database.exec(update.toStdString());
        }
        const CliRun show = runCli({"runs", "show", "1", "--db", db});
        QVERIFY2(show.exitCode == exitCode, qPrintable(describe(show)));
        QVERIFY2((show.out + show.err).contains(expected), qPrintable(describe(show)));
        QVERIFY2(!show.err.contains("json.exception"), qPrintable(describe(show)));
    }

    void readingCommandsWorkOnReadOnlyStorage_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("expected");
        QTest::newRow("runs list") << QStringList{"runs", "list"} << "completed";
        QTest::newRow("runs show") << QStringList{"runs", "show", "1"} << "Run 1: kept";
        QTest::newRow("runs export")
            << QStringList{"runs", "export", "1", "--format", "json"} << "exported as json";
    }

    void readingCommandsWorkOnReadOnlyStorage()
    {
        // A database copied to read-only media, or in a directory the user may not write: WAL
        // mode, no -shm beside it, nothing may be created there.
        QFETCH(QStringList, arguments);
        QFETCH(QString, expected);
        QTemporaryDir storage;
        QTemporaryDir output;
        QVERIFY(storage.isValid() && output.isValid());
        const QString db = storage.filePath("runs.sqlite");
        recordOneRun(db.toStdString());
        QVERIFY(sideFiles(db).isEmpty());
        const QByteArray before = fileHash(db);
        QFile::setPermissions(db, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther);
        QFile::setPermissions(storage.path(), QFile::ReadOwner | QFile::ExeOwner |
                                                  QFile::ReadGroup | QFile::ExeGroup |
                                                  QFile::ReadOther | QFile::ExeOther);
        QFile::setPermissions(output.path(), QFile::ReadOwner | QFile::WriteOwner |
                                                 QFile::ExeOwner | QFile::ReadOther |
                                                 QFile::WriteOther | QFile::ExeOther);
        QStringList full = arguments;
        if (arguments.contains("export"))
            full << "--out" << output.filePath("run.json");
        full << "--db" << db;
        const bool root = ::geteuid() == 0;
        const CliRun run = runCliWith(full, [root] {
            if (root) {
                // Root writes wherever it likes: the storage is read-only to nobody.
                (void)::setgroups(0, nullptr);
                if (::setgid(kNobody) != 0 || ::setuid(kNobody) != 0)
                    ::_exit(99);
            }
        });
        QFile::setPermissions(storage.path(),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        QVERIFY2(run.out.contains(expected), qPrintable(describe(run)));
        QCOMPARE(fileHash(db), before);
        QVERIFY2(sideFiles(db).isEmpty(), qPrintable(sideFiles(db).join(", ")));
    }

    void fileSizeLimitIsReportedAndStored()
    {
        // Under `ulimit -f` the recording runs into the limit: the process must not die of
        // SIGXFSZ; the run finishes, says what the database missed, writes its summary, and
        // the stored status says what happened. Six epochs: the run must write well past the
        // 64 KiB the limit leaves (two wrote about that much on a quiet machine, and the limit
        // was sometimes never reached).
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath("runs.sqlite");
        const QString summary = dir.filePath("summary.json");
        recordOneRun(db.toStdString());
        const rlim_t limit = static_cast<rlim_t>(QFileInfo(db).size() + 64 * 1024);
        const CliRun run =
            runCliWith({"train", "--preset", "quick-demo", "--epochs", "6", "--threads", "1",
                        "--quiet", "--db", db, "--json-out", summary},
                       [limit] {
                           std::signal(SIGXFSZ, SIG_DFL);  // as a shell leaves it
                           rlimit fileSize{limit, limit};
                           ::setrlimit(RLIMIT_FSIZE, &fileSize);
                       });
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        QVERIFY2(run.err.contains("the run database missed part of this run"),
                 qPrintable(describe(run)));
        QVERIFY2(readJson(summary).is_object(), "no summary was written");
        const es::StoredRun stored = *es::RunStore(db.toStdString()).loadRun(2);
        QCOMPARE(stored.header.status, es::RunStatus::Failed);
        QVERIFY2(stored.error.find("the run database could not take all of the run") == 0 &&
                     stored.error.find("the run itself completed") != std::string::npos,
                 stored.error.c_str());
    }

    void fullDiskIsStored()
    {
        // A disk that fills up during the run (a small tmpfs in a mount namespace of its own).
        if (::geteuid() != 0 || QProcess::execute("unshare", {"-m", "true"}) != 0)
            QSKIP("needs root and mount namespaces to mount a small tmpfs");
        QTemporaryDir dir;
        QTemporaryDir mountPoint;
        QVERIFY(dir.isValid() && mountPoint.isValid());
        const QString seed = dir.filePath("seed.sqlite");
        recordOneRun(seed.toStdString());
        const QString script =
            "mount -t tmpfs -o size=$(( $(stat -c %s \"$2\") / 1024 + 96 ))k tmpfs \"$1\" || "
            "exit 90; cp \"$2\" \"$1/runs.sqlite\"; \"$3\" train --preset quick-demo --epochs 2 "
            "--threads 1 --quiet --db \"$1/runs.sqlite\" --json-out \"$4/summary.json\" "
            "2>\"$4/err.txt\"; "
            "rc=$?; cp \"$1\"/runs.sqlite* \"$4/\"; exit $rc";
        QProcess process;
        process.setProcessEnvironment(isolatedEnvironment());
        process.start("unshare", {"-m", "sh", "-c", script, "sh", mountPoint.path(), seed,
                                  es::test::cliPath(), dir.path()});
        QVERIFY(process.waitForFinished(kTrainTimeoutMs));
        QFile errors(dir.filePath("err.txt"));
        QVERIFY(errors.open(QIODevice::ReadOnly));
        const QString err = QString::fromUtf8(errors.readAll());
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        if (process.exitCode() == 90)
            QSKIP("mounting a tmpfs is not permitted here");
        QVERIFY2(process.exitCode() == kExitFinished, qPrintable(err));
        QVERIFY2(err.contains("the run database missed part of this run"), qPrintable(err));
        // The end is recorded where a small update still fits; where none does, the record
        // says at the next open that its end could not be written. Never "killed or crashed".
        const es::StoredRun stored =
            *es::RunStore(dir.filePath("runs.sqlite").toStdString()).loadRun(2);
        QCOMPARE(stored.header.status, es::RunStatus::Failed);
        QVERIFY2(stored.error.find("the run database could not take all of the run: database "
                                   "or disk is full") == 0,
                 stored.error.c_str());
        QVERIFY2(stored.error.find("the run itself completed") != std::string::npos ||
                     stored.error.find("the process ended before the run's end could be "
                                       "recorded") != std::string::npos,
                 stored.error.c_str());
        QVERIFY2(stored.error.find("killed or crashed") == std::string::npos, stored.error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestStoreCli)
#include "tst_storecli.moc"
