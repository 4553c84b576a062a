// Stop signals end epochscope-cli's runs the way Ctrl+C does, at any moment from the start of
// the process: SIGINT, SIGTERM (`kill`, `timeout`, a scheduler) and SIGHUP (the terminal
// closed) stop the run after the current step, the summary is printed and written, the run is
// recorded as stopped and the exit status is 128 + the signal. Regression test for issue 20,
// defect 6: SIGTERM and SIGHUP killed the process with the run left `running`, and a signal
// while LibTorch started left no summary and an empty database file. es::test::cliPath() is
// the launcher (app/clilauncher), which blocks the signals while the loader maps LibTorch.
#include "engine/store/runstore.h"
#include "tests/support/clirunner.h"
#include "tests/support/testpaths.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QtCore/QDeadlineTimer>
#include <QtCore/QFile>
#include <QtCore/QProcess>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <signal.h>

namespace {

// Shells report a process that a signal ended as 128 + its number; so does the CLI.
constexpr int kSignalBase = 128;
// How long a wait for a state of the process waits for output before it looks again.
constexpr int kPollMs = 2;

enum class Moment {
    Loading,   ///< before the process can have a handler: the loader is still mapping LibTorch
    Start,     ///< as soon as the process catches the signal: LibTorch is still initialising
    Database,  ///< once the run database file exists: the run is being created or its data loaded
    Training,  ///< once the first epoch's line is out
};

/// Whether `signal` is in the mask that line `field` ("SigCgt:", "SigBlk:") of
/// /proc/PID/status shows for process `pid`.
bool inSignalMask(qint64 pid, const QByteArray& field, int signal)
{
    QFile status(QString("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return false;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith(field)) {
            bool ok = false;
            const qulonglong mask = line.mid(field.size()).trimmed().toULongLong(&ok, 16);
            return ok && (mask & (1ULL << (signal - 1))) != 0;
        }
    }
    return false;
}

/// Whether process `pid` has a handler for `signal`.
bool catches(qint64 pid, int signal)
{
    return inSignalMask(pid, "SigCgt:", signal);
}

/// Whether process `pid` has `signal` blocked.
bool blocks(qint64 pid, int signal)
{
    return inSignalMask(pid, "SigBlk:", signal);
}

/// Whether the dynamic loader has mapped LibTorch into process `pid`.
bool mapsLibTorch(qint64 pid)
{
    QFile maps(QString("/proc/%1/maps").arg(pid));
    return maps.open(QIODevice::ReadOnly) && maps.readAll().contains("/libtorch_cpu.so");
}

/// Waits, reading its output into `out`, until `reached` is true or the process ended.
template <typename Condition>
bool waitUntil(QProcess& process, QByteArray& out, Condition reached)
{
    QDeadlineTimer deadline(kTrainTimeoutMs);
    while (!deadline.hasExpired() && process.state() == QProcess::Running) {
        out += process.readAllStandardOutput();
        if (reached())
            return true;
        // Reads what the process printed (QProcess reads its pipes only in its waits).
        process.waitForReadyRead(kPollMs);
    }
    return false;
}

/// Waits for `moment` in a process started with `db` as its run database, reading its output
/// into `out`. False when the process ended first.
bool waitFor(Moment moment, QProcess& process, QByteArray& out, int signal, const QString& db,
             const QByteArray& firstLine)
{
    const qint64 pid = process.processId();
    switch (moment) {
        case Moment::Loading:
            // The launcher blocks the signal as its first act, before it executes the real CLI,
            // and the loader then maps LibTorch; a program started without that block is caught
            // with LibTorch mapped. Both come before the preinit entry, the first code that can
            // put a handler in place. A signal any earlier (QProcess reports the process started
            // once the kernel executes it, before its first instruction) ends any program.
            return waitUntil(process, out,
                             [&] {
                                 return blocks(pid, signal) || mapsLibTorch(pid) || !out.isEmpty();
                             }) &&
                   out.isEmpty();
        case Moment::Start:
            // The handler is in place before the program prints anything: output first means
            // it never will be.
            return waitUntil(process, out,
                             [&] { return catches(pid, signal) || !out.isEmpty(); }) &&
                   catches(pid, signal);
        case Moment::Database: return waitUntil(process, out, [&] { return QFile::exists(db); });
        case Moment::Training:
            return waitUntil(process, out, [&] { return out.contains(firstLine); });
    }
    return false;
}

void addSignalRows(std::initializer_list<std::pair<const char*, Moment>> moments)
{
    QTest::addColumn<int>("signal");
    QTest::addColumn<Moment>("moment");
    const std::pair<const char*, int> stopSignals[] = {
        {"SIGINT", SIGINT}, {"SIGTERM", SIGTERM}, {"SIGHUP", SIGHUP}};
    for (const auto& [signalName, signal] : stopSignals) {
        for (const auto& [momentName, moment] : moments)
            QTest::addRow("%s %s", signalName, momentName) << signal << moment;
    }
}

struct Ended {
    QProcess::ExitStatus exitStatus = QProcess::CrashExit;
    int exitCode = -1;
    QByteArray out;
    QByteArray err;

    QByteArray describe() const
    {
        return QByteArray("exit ") + QByteArray::number(exitCode) +
               (exitStatus == QProcess::CrashExit ? " (crashed)" : "") + "\nstdout:\n" + out +
               "\nstderr:\n" + err;
    }
};

Ended waitForEnd(QProcess& process, QByteArray out)
{
    Ended ended;
    if (!process.waitForFinished(kTrainTimeoutMs)) {
        process.kill();
        process.waitForFinished();
    }
    ended.exitStatus = process.exitStatus();
    ended.exitCode = process.exitCode();
    ended.out = out + process.readAllStandardOutput();
    ended.err = process.readAllStandardError();
    return ended;
}

void start(QProcess& process, const QStringList& arguments)
{
    process.setProcessEnvironment(isolatedEnvironment());
    process.start(es::test::cliPath(), arguments);
}

void verifyIntact(const QString& db)
{
    SQLite::Database database(db.toStdString());
    QCOMPARE(database.execAndGet("PRAGMA integrity_check").getString(), std::string("ok"));
}

}  // namespace

Q_DECLARE_METATYPE(Moment)

class TestSignals : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    /// `train` stops after the current step whatever the signal and whenever it comes: the
    /// footer and the summary say stopped, the run is stored as stopped (not left running for
    /// the next open to call interrupted), and the exit status names the signal.
    void trainStopsOnEverySignalAtEveryMoment_data()
    {
        addSignalRows({{"at start", Moment::Start},
                       {"while the run database is created", Moment::Database},
                       {"while training", Moment::Training}});
    }

    void trainStopsOnEverySignalAtEveryMoment()
    {
        QFETCH(int, signal);
        QFETCH(Moment, moment);
        checkTrainStops(signal, moment);
    }

    /// A signal while the dynamic loader maps LibTorch, before any code of the CLI can run,
    /// stops the run before it starts, as a Ctrl+C at the start does. The launcher installed as
    /// epochscope-cli holds the signal blocked until the real CLI's handler is in place; without
    /// it the signal ended the process (status 128 + N from the shell, no summary, no record).
    /// Repeated, as the loader's moment is a race the test should win every time.
    void trainStopsOnASignalWhileTheLoaderMapsLibTorch_data()
    {
        QTest::addColumn<int>("signal");
        constexpr int kRepeats = 5;
        const std::pair<const char*, int> stopSignals[] = {{"SIGINT", SIGINT},
                                                           {"SIGTERM", SIGTERM}};
        for (const auto& [signalName, signal] : stopSignals) {
            for (int repeat = 1; repeat <= kRepeats; ++repeat)
                QTest::addRow("%s, try %d", signalName, repeat) << signal;
        }
    }

    void trainStopsOnASignalWhileTheLoaderMapsLibTorch()
    {
        QFETCH(int, signal);
        checkTrainStops(signal, Moment::Loading);
    }

    /// `whatif` stops the experiment: the run in progress is stored as stopped, the table of
    /// what was measured is printed, and the exit status names the signal.
    void whatifStopsOnEverySignal_data()
    {
        addSignalRows({{"at start", Moment::Start}, {"while measuring", Moment::Training}});
    }

    void whatifStopsOnEverySignal()
    {
        QFETCH(int, signal);
        QFETCH(Moment, moment);
        const QString db = m_dir.filePath(QString("whatif %1.sqlite").arg(QTest::currentDataTag()));
        QProcess process;
        start(process, {"whatif", "--preset", "quick-demo", "--vary", "threads=1", "--warmup-steps",
                        "1", "--measured-steps", "40", "--repeats", "3", "--db", db});
        QVERIFY(process.waitForStarted());
        QByteArray out;
        QVERIFY2(waitFor(moment, process, out, signal, db, "[1/6] baseline repeat 1/3: "),
                 out.constData());
        QCOMPARE(::kill(static_cast<pid_t>(process.processId()), signal), 0);
        const Ended ended = waitForEnd(process, out);

        QVERIFY2(ended.exitStatus == QProcess::NormalExit, ended.describe().constData());
        QVERIFY2(ended.exitCode == kSignalBase + signal, ended.describe().constData());
        QVERIFY2(ended.err.contains("stopping the experiment after the current step"),
                 ended.describe().constData());
        QVERIFY2(ended.out.contains("Recorded as experiment 1 in "), ended.describe().constData());
        QVERIFY2(!ended.out.contains("[6/6]"), ended.describe().constData());
        verifyIntact(db);
        const es::RunStore store(db.toStdString());
        for (const es::StoredRunHeader& run : store.listRuns())
            QVERIFY2(run.status == es::RunStatus::Completed || run.status == es::RunStatus::Stopped,
                     ended.describe().constData());
    }

    /// A user who will not wait sends the signal again: the process ends at once, in the
    /// middle of a step, with the same status. The run is then found interrupted, as after a
    /// kill. The steps are made long (a wide LSTM over long sequences) so that the second signal
    /// comes while the first step still runs.
    void secondSignalQuitsAtOnce()
    {
        const QString configPath = m_dir.filePath("slow.json");
        QVERIFY(writeJson(configPath, slowStepsConfig()));
        const QString db = m_dir.filePath("second signal.sqlite");
        QProcess process;
        start(process, {"train", "--config", configPath, "--db", db});
        QVERIFY(process.waitForStarted());
        QByteArray out;
        // The header comes when the run has started, right before its first step.
        QVERIFY2(waitUntil(process, out, [&] { return out.contains("Backend:"); }),
                 out.constData());
        const auto pid = static_cast<pid_t>(process.processId());
        QCOMPARE(::kill(pid, SIGTERM), 0);
        QByteArray err;
        QVERIFY(waitUntil(process, out, [&] {
            err += process.readAllStandardError();
            return err.contains("SIGTERM received: stopping after the current batch");
        }));
        QCOMPARE(::kill(pid, SIGTERM), 0);
        Ended ended = waitForEnd(process, out);
        ended.err.prepend(err);

        QVERIFY2(ended.exitStatus == QProcess::NormalExit, ended.describe().constData());
        QVERIFY2(ended.exitCode == kSignalBase + SIGTERM, ended.describe().constData());
        QVERIFY2(!ended.out.contains("Stopped after"), ended.describe().constData());
        verifyIntact(db);
        const es::RunStore store(db.toStdString());
        QCOMPARE(store.loadRun(1)->header.status, es::RunStatus::Interrupted);
    }

    /// A signal the CLI was started with ignored stays ignored: `nohup` ignores SIGHUP so that a
    /// run outlives its terminal.
    void signalIgnoredAtStartStaysIgnored()
    {
        const QString db = m_dir.filePath("nohup.sqlite");
        QProcess process;
        process.setChildProcessModifier([] { ::signal(SIGHUP, SIG_IGN); });
        QByteArray out = startUntilOutput(process,
                                          {"train", "--preset", "quick-demo", "--epochs", "1000",
                                           "--max-batches", "5", "--db", db},
                                          "Epoch 1/1000");
        QVERIFY2(out.contains("Epoch 1/1000"), out.constData());
        const auto pid = static_cast<pid_t>(process.processId());
        QCOMPARE(::kill(pid, SIGHUP), 0);
        // Training goes on past the hang-up: another epoch ends.
        QVERIFY2(waitUntil(process, out, [&] { return out.contains("Epoch 2/1000"); }),
                 out.constData());
        QCOMPARE(::kill(pid, SIGINT), 0);
        const Ended ended = waitForEnd(process, out);
        QVERIFY2(ended.exitStatus == QProcess::NormalExit, ended.describe().constData());
        QVERIFY2(ended.exitCode == kSignalBase + SIGINT, ended.describe().constData());
        QVERIFY2(!ended.err.contains("SIGHUP"), ended.describe().constData());
    }

    /// Commands that record nothing a signal could leave half-done (evaluate, env, runs) end by
    /// the signal as any program does, also when it came while LibTorch started: evaluate would
    /// otherwise go on to report that the checkpoint is missing.
    void commandsThatRecordNothingEndByTheSignal_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("evaluate") << QStringList{"evaluate", "--preset", "quick-demo",
                                                 "--checkpoint", "/nonexistent/model.pt"};
        QTest::newRow("runs list")
            << QStringList{"runs", "list", "--db", "/nonexistent/runs.sqlite"};
        QTest::newRow("env") << QStringList{"env"};
    }

    void commandsThatRecordNothingEndByTheSignal()
    {
        QFETCH(QStringList, arguments);
        QProcess process;
        start(process, arguments);
        QVERIFY(process.waitForStarted());
        QByteArray out;
        QVERIFY2(waitFor(Moment::Start, process, out, SIGTERM, QString(), QByteArray()),
                 out.constData());
        QCOMPARE(::kill(static_cast<pid_t>(process.processId()), SIGTERM), 0);
        const Ended ended = waitForEnd(process, out);
        QVERIFY2(ended.exitStatus == QProcess::CrashExit, ended.describe().constData());
        QVERIFY2(ended.out.isEmpty() && ended.err.isEmpty(), ended.describe().constData());
    }

private:
    /// Runs `train`, sends `signal` at `moment` and checks that the run stopped: the footer
    /// and the summary say stopped, the run is stored as stopped (not left running for the next
    /// open to call interrupted), and the exit status names the signal.
    void checkTrainStops(int signal, Moment moment)
    {
        const QString tag = QString(QTest::currentTestFunction()) + " " + QTest::currentDataTag();
        const QString db = m_dir.filePath(tag + ".sqlite");
        const QString summaryPath = m_dir.filePath(tag + ".json");
        QProcess process;
        start(process, {"train", "--preset", "quick-demo", "--epochs", "1000", "--max-batches", "5",
                        "--db", db, "--json-out", summaryPath});
        QVERIFY(process.waitForStarted());
        QByteArray out;
        QVERIFY2(waitFor(moment, process, out, signal, db, "Epoch 1/1000"), out.constData());
        QCOMPARE(::kill(static_cast<pid_t>(process.processId()), signal), 0);
        const Ended ended = waitForEnd(process, out);

        QVERIFY2(ended.exitStatus == QProcess::NormalExit, ended.describe().constData());
        QVERIFY2(ended.exitCode == kSignalBase + signal, ended.describe().constData());
        QVERIFY2(ended.err.contains("stopping after the current batch"),
                 ended.describe().constData());
        // A signal before the run started stops it before any data is loaded.
        const bool beforeStart = moment == Moment::Loading || moment == Moment::Start;
        const QByteArray footer = beforeStart                  ? "Stopped before training started"
                                  : moment == Moment::Training ? "Stopped after "
                                                               : "Stopped";
        QVERIFY2(ended.out.contains(footer), ended.describe().constData());
        QVERIFY2(ended.out.contains("Recorded as run 1 in "), ended.describe().constData());
        QVERIFY2(ended.out.contains("Summary written to "), ended.describe().constData());

        const nlohmann::json summary = readJson(summaryPath);
        QVERIFY(summary.is_object());
        QCOMPARE(summary["status"].get<std::string>(), std::string("stopped"));
        verifyIntact(db);
        const es::RunStore store(db.toStdString());
        const std::optional<es::StoredRun> run = store.loadRun(1);
        QVERIFY(run.has_value());
        QCOMPARE(run->header.status, es::RunStatus::Stopped);
        // Stopped before it started: recorded, not an empty database, and with nothing measured.
        if (beforeStart)
            QVERIFY(run->batches.empty());
    }

    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestSignals)
#include "tst_signals.moc"
