// `epochscope-cli train` over several processes, end to end: `--nproc 2` trains one run that
// rank 0 alone prints, records and summarises, and leaves no rendezvous directory behind; bad
// --nproc, --rank, --world-size, --master and launcher variables are refused with status 2,
// naming the flag or variable and its value; SIGINT to the whole process group (as Ctrl+C
// sends it) stops every rank after its step, rank 1's notice starting with `rank 1: `; and a
// stop signal that the launcher forwarded never counts as the impatient second one.
#include "engine/store/runstore.h"
#include "tests/support/clirunner.h"
#include "tests/support/testpaths.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QtCore/QDeadlineTimer>
#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QProcess>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <signal.h>
#include <unistd.h>

namespace {

constexpr int kSignalBase = 128;

/// The test's own environment for the CLI without any launcher's variables (the test may run
/// under Slurm or torchrun), plus `extra`; TMPDIR is `temporary`.
QProcessEnvironment environmentWith(const QStringList& extra, const QString& temporary)
{
    QProcessEnvironment environment = isolatedEnvironment();
    for (const QString& name : environment.keys()) {
        if (name.startsWith("SLURM_") || name.startsWith("EPOCHSCOPE_") ||
            QStringList{"RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "MASTER_ADDR",
                        "MASTER_PORT"}
                .contains(name))
            environment.remove(name);
    }
    environment.insert("TMPDIR", temporary);
    for (const QString& entry : extra)
        environment.insert(entry.section('=', 0, 0), entry.section('=', 1));
    return environment;
}

/// Waits until `reached` is true (reading the output), the process ended or the time ran out.
template <typename Condition>
bool waitUntil(QProcess& process, QByteArray& out, QByteArray& err, Condition reached)
{
    QDeadlineTimer deadline(kTrainTimeoutMs);
    while (!deadline.hasExpired() && process.state() == QProcess::Running) {
        out += process.readAllStandardOutput();
        err += process.readAllStandardError();
        if (reached())
            return true;
        process.waitForReadyRead(10);
    }
    return false;
}

struct Ended {
    int exitCode = -1;
    bool normalExit = false;
    QByteArray out;
    QByteArray err;

    QByteArray describe() const
    {
        return "exit " + QByteArray::number(exitCode) + (normalExit ? "" : " (crashed)") +
               "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
};

Ended waitForEnd(QProcess& process, QByteArray out, QByteArray err)
{
    if (!process.waitForFinished(kTrainTimeoutMs)) {
        process.kill();
        process.waitForFinished();
    }
    Ended ended;
    ended.normalExit = process.exitStatus() == QProcess::NormalExit;
    ended.exitCode = process.exitCode();
    ended.out = out + process.readAllStandardOutput();
    ended.err = err + process.readAllStandardError();
    return ended;
}

int countLines(const QByteArray& text, const QByteArray& start)
{
    int count = 0;
    for (const QByteArray& line : text.split('\n'))
        count += line.startsWith(start) ? 1 : 0;
    return count;
}

int storedRuns(const QString& db)
{
    SQLite::Database database(db.toStdString());
    return database.execAndGet("SELECT COUNT(*) FROM runs").getInt();
}

}  // namespace

class TestDistributedCli : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(QDir(m_dir.path()).mkpath("tmp"));
    }

    /// Two ranks train one run: one header, one epoch line, one record and one summary, all
    /// rank 0's; the run knows it had two processes.
    void nprocTrainsOneRunThatRankZeroWrites()
    {
        const QString db = m_dir.filePath("nproc.sqlite");
        const QString summaryPath = m_dir.filePath("nproc.json");
        QProcess process;
        process.setProcessEnvironment(environmentWith({}, temporary()));
        process.start(es::test::cliPath(),
                      {"train", "--preset", "quick-demo", "--epochs", "1", "--max-batches", "4",
                       "--nproc", "2", "--db", db, "--json-out", summaryPath});
        QVERIFY(process.waitForStarted());
        const Ended ended = waitForEnd(process, {}, {});

        QVERIFY2(ended.normalExit && ended.exitCode == 0, ended.describe().constData());
        QVERIFY2(countLines(ended.out, "Epoch 1/1 ") == 1, ended.describe().constData());
        QVERIFY2(countLines(ended.out, "Recorded as run ") == 1, ended.describe().constData());
        QVERIFY2(countLines(ended.out, "Summary written to ") == 1, ended.describe().constData());
        QCOMPARE(storedRuns(db), 1);
        const nlohmann::json summary = readJson(summaryPath);
        QVERIFY(summary.is_object());
        QCOMPARE(summary["status"].get<std::string>(), std::string("finished"));
        QCOMPARE(summary["config"]["distributed"]["world_size"].get<int>(), 2);
        QVERIFY2(leftBehind().isEmpty(), qPrintable(leftBehind().join(' ')));
    }

    void refused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QStringList>("environment");
        QTest::addColumn<QString>("message");  // a line of stderr starts with it

        const QString error = "epochscope-cli: error: ";
        QTest::newRow("--nproc 0") << QStringList{"--nproc", "0"} << QStringList{}
                                   << error +
                                          "--nproc: expected a whole number from 1 to 4096, "
                                          "got 0";
        QTest::newRow("--rank not below --world-size")
            << QStringList{"--rank", "2", "--world-size", "2", "--master", "localhost:29500"}
            << QStringList{}
            << error + "--rank: expected a rank from 0 to 1 (--world-size is 2), got \"2\"";
        QTest::newRow("--master without a port")
            << QStringList{"--rank", "0", "--world-size", "2", "--master", "localhost"}
            << QStringList{} << error + "--master: the port is missing: tcp://HOST:PORT";
        QTest::newRow("RANK not a number")
            << QStringList{} << QStringList{"RANK=x", "WORLD_SIZE=2"}
            << error + "RANK: expected a rank from 0 to 1 (WORLD_SIZE is 2), got \"x\"";
        QTest::newRow("RANK without WORLD_SIZE") << QStringList{} << QStringList{"RANK=1"}
                                                 << error + "WORLD_SIZE: not set, though RANK is";
        QTest::newRow("MASTER_PORT out of range")
            << QStringList{}
            << QStringList{"RANK=0", "WORLD_SIZE=2", "MASTER_ADDR=localhost", "MASTER_PORT=70000"}
            << error + "MASTER_PORT: expected a whole number from 1 to 65535, got \"70000\"";
        QTest::newRow("Slurm without a master")
            << QStringList{} << QStringList{"SLURM_PROCID=0", "SLURM_NTASKS=2"}
            << error +
                   "distributed.init: empty, and Slurm gives each of the 2 tasks its rank "
                   "but not where the ranks meet: export MASTER_ADDR";
    }

    void refused()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QStringList, environment);
        QFETCH(QString, message);
        QProcess process;
        process.setProcessEnvironment(environmentWith(environment, temporary()));
        process.start(es::test::cliPath(),
                      QStringList{"train", "--preset", "quick-demo", "--no-record"} + arguments);
        QVERIFY(process.waitForStarted());
        const Ended ended = waitForEnd(process, {}, {});
        QVERIFY2(ended.normalExit && ended.exitCode == kExitBadInput, ended.describe().constData());
        QVERIFY2(countLines(ended.err, message.toUtf8()) == 1, ended.describe().constData());
        QVERIFY2(!ended.out.contains("Epoch "), ended.describe().constData());
    }

    void flagsThatDoNotGoTogether_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("named");
        QTest::newRow("--rank alone") << QStringList{"--rank", "1"} << "--world-size";
        QTest::newRow("--nproc and --rank")
            << QStringList{"--nproc", "2", "--rank", "0", "--world-size", "2", "--master", "h:1"}
            << "--rank";
    }

    /// CLI11 refuses them before anything runs.
    void flagsThatDoNotGoTogether()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, named);
        const CliRun run = runCli(QStringList{"train", "--preset", "quick-demo"} + arguments);
        QVERIFY2(run.exitCode == kExitBadInput, qPrintable(describe(run)));
        QVERIFY2(run.err.contains(named), qPrintable(describe(run)));
    }

    /// SIGINT to the process group, as Ctrl+C sends it, reaches the launcher and both ranks:
    /// each stops after its step, the run is recorded and summarised as stopped, and the status
    /// is 130. The launcher also forwards the copy it got (it cannot tell it was sent to all),
    /// which the ranks do not take for a second, impatient signal.
    void sigintToTheGroupStopsEveryRank()
    {
        const QString db = m_dir.filePath("stop.sqlite");
        const QString summaryPath = m_dir.filePath("stop.json");
        QProcess process;
        process.setProcessEnvironment(environmentWith({}, temporary()));
        // A process group of its own, which the ranks join: the test's own is left alone.
        process.setChildProcessModifier([] { ::setpgid(0, 0); });
        process.start(es::test::cliPath(),
                      {"train", "--preset", "quick-demo", "--epochs", "1000", "--max-batches", "5",
                       "--nproc", "2", "--db", db, "--json-out", summaryPath});
        QVERIFY(process.waitForStarted());
        QByteArray out;
        QByteArray err;
        QVERIFY2(waitUntil(process, out, err, [&] { return out.contains("Epoch 1/1000 "); }),
                 out + err);
        QCOMPARE(::kill(-static_cast<pid_t>(process.processId()), SIGINT), 0);
        const Ended ended = waitForEnd(process, out, err);

        QVERIFY2(ended.normalExit && ended.exitCode == kExitInterrupted,
                 ended.describe().constData());
        QVERIFY2(
            countLines(ended.err, "warning: interrupted: stopping after the current batch") == 1,
            ended.describe().constData());
        QVERIFY2(countLines(ended.err,
                            "rank 1: warning: interrupted: stopping after the current batch") == 1,
                 ended.describe().constData());
        QVERIFY2(ended.out.contains("Stopped after "), ended.describe().constData());
        const nlohmann::json summary = readJson(summaryPath);
        QVERIFY(summary.is_object());
        QCOMPARE(summary["status"].get<std::string>(), std::string("stopped"));
        const es::RunStore store(db.toStdString());
        QCOMPARE(store.loadRun(1)->header.status, es::RunStatus::Stopped);
        QVERIFY2(leftBehind().isEmpty(), qPrintable(leftBehind().join(' ')));
    }

    void aForwardedSignalIsNeverTheSecond_data()
    {
        QTest::addColumn<bool>("fromTheLauncher");
        QTest::newRow("sent by the launcher of this rank") << true;
        QTest::newRow("sent by another process") << false;
    }

    /// Two SIGTERMs from the process named in EPOCHSCOPE_LAUNCHER_PID (here the test) stop
    /// the run after its step, as one does; from any other process the second quits at once.
    /// Long steps, so that the second signal comes while the first step still runs.
    void aForwardedSignalIsNeverTheSecond()
    {
        QFETCH(bool, fromTheLauncher);
        const CliRun preset = runCli({"presets", "quick-demo"});
        nlohmann::json config = nlohmann::json::parse(preset.out.toStdString(), nullptr, false);
        QVERIFY2(config.is_object(), qPrintable(describe(preset)));
        config["model"]["layers"][0]["units"] = 256;
        config["data"]["source"]["samples"] = 1024;
        config["data"]["source"]["timesteps"] = 128;
        config["data"]["batch_size"] = 512;
        const QString configPath = m_dir.filePath("slow.json");
        {
            QFile file(configPath);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray::fromStdString(config.dump()));
        }
        const QStringList launcher = {"EPOCHSCOPE_LAUNCHER_PID=" +
                                      QString::number(qint64(::getpid()))};
        QProcess process;
        process.setProcessEnvironment(
            environmentWith(fromTheLauncher ? launcher : QStringList{}, temporary()));
        process.start(es::test::cliPath(), {"train", "--config", configPath, "--no-record"});
        QVERIFY(process.waitForStarted());
        QByteArray out;
        QByteArray err;
        // The header comes when the run has started, right before its first step.
        QVERIFY2(waitUntil(process, out, err, [&] { return out.contains("Backend:"); }), out + err);
        const auto pid = static_cast<pid_t>(process.processId());
        QCOMPARE(::kill(pid, SIGTERM), 0);
        QVERIFY(waitUntil(process, out, err, [&] {
            return err.contains("SIGTERM received: stopping after the current batch");
        }));
        QCOMPARE(::kill(pid, SIGTERM), 0);
        const Ended ended = waitForEnd(process, out, err);

        QVERIFY2(ended.normalExit && ended.exitCode == kSignalBase + SIGTERM,
                 ended.describe().constData());
        QVERIFY2(ended.out.contains("Stopped after ") == fromTheLauncher,
                 ended.describe().constData());
    }

private:
    QString temporary() const { return m_dir.filePath("tmp"); }

    /// The launcher's rendezvous directories still there.
    QStringList leftBehind() const
    {
        return QDir(temporary()).entryList({"epochscope-ranks-*"}, QDir::AllEntries);
    }

    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestDistributedCli)
#include "tst_distributedcli.moc"
