// `epochscope-cli train` over several processes, end to end: `--nproc 2` trains one run that
// rank 0 alone prints, records and summarises, and leaves no rendezvous directory behind; bad
// --nproc, --rank, --world-size, --master and launcher variables are refused with status 2,
// naming the flag or variable and its value; SIGINT to the whole process group (as Ctrl+C
// sends it) stops every rank after its step, rank 1's notice starting with `rank 1: `; and a
// stop signal that the launcher forwarded never counts as the impatient second one; a master
// that cannot be reached or whose port is taken is refused with status 2, naming
// distributed.init and the address; a run killed after a backup resumes on 2 ranks to the
// losses of a run that was never interrupted.
#include "engine/store/runstore.h"
#include "tests/support/clirunner.h"
#include "tests/support/testpaths.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QtCore/QDeadlineTimer>
#include <QtCore/QDir>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QProcess>
#include <QtCore/QTemporaryDir>
#include <QtCore/QThread>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

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

/// Waits for `process` to end, killing it after `timeoutMs` (then it reads as crashed).
Ended waitForEnd(QProcess& process, QByteArray out, QByteArray err, int timeoutMs = kTrainTimeoutMs)
{
    if (!process.waitForFinished(timeoutMs)) {
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

/// A TCP port that was free a moment ago on the loopback address, for a rendezvous.
int freeLoopbackPort()
{
    const int socket = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof(address);
    int port = 0;
    if (::bind(socket, reinterpret_cast<sockaddr*>(&address), length) == 0 &&
        ::getsockname(socket, reinterpret_cast<sockaddr*>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    ::close(socket);
    return port;
}

/// `preset` shortened to train in seconds: fewer and shorter samples, two epochs, `batchSize`
/// per process; null when the CLI did not print the preset (a parse error would abort every
/// test left).
nlohmann::json shortenedPreset(const QString& preset, std::int64_t batchSize)
{
    const CliRun shown = runCli({"presets", preset});
    nlohmann::json config = nlohmann::json::parse(shown.out.toStdString(), nullptr, false);
    if (!config.is_object())
        return nullptr;
    nlohmann::json& source = config["data"]["source"];
    source["samples"] = 400;
    source["timesteps"] = 24;
    config["data"]["batch_size"] = batchSize;
    config["training"]["epochs"] = 2;
    return config;
}

bool closeRelative(double a, double b)
{
    return std::abs(a - b) <= 1e-5 * std::max(std::abs(a), std::abs(b));
}

/// A TCP socket listening on a loopback port for as long as it lives: a port another program
/// holds. (A plain socket: the tests link QtCore, not QtNetwork's QTcpServer.)
class HeldPort {
public:
    HeldPort() : m_socket(::socket(AF_INET, SOCK_STREAM, 0))
    {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof(address);
        if (m_socket >= 0 && ::bind(m_socket, reinterpret_cast<sockaddr*>(&address), length) == 0 &&
            ::listen(m_socket, 1) == 0 &&
            ::getsockname(m_socket, reinterpret_cast<sockaddr*>(&address), &length) == 0)
            m_port = ntohs(address.sin_port);
    }
    ~HeldPort()
    {
        if (m_accepted >= 0)
            ::close(m_accepted);
        if (m_socket >= 0)
            ::close(m_socket);
    }
    HeldPort(const HeldPort&) = delete;
    HeldPort& operator=(const HeldPort&) = delete;

    /// 0 when no port could be held.
    int port() const { return m_port; }

    /// Accepts one connection within `timeoutMs` and keeps it open without a word: a store
    /// that never answers. False when none came.
    bool acceptSilently(int timeoutMs)
    {
        pollfd polled{m_socket, POLLIN, 0};
        if (::poll(&polled, 1, timeoutMs) != 1)
            return false;
        m_accepted = ::accept(m_socket, nullptr, nullptr);
        return m_accepted >= 0;
    }

private:
    int m_socket;
    int m_port = 0;
    int m_accepted = -1;
};

/// Whether something listens at the loopback `port` now.
bool listening(int port)
{
    const int socket = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool connected =
        ::connect(socket, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    ::close(socket);
    return connected;
}

/// Waits until `reached` is true, polling every 20 ms; false after `timeoutMs` or when the
/// process ended first.
template <typename Condition>
bool pollUntil(const QProcess& process, int timeoutMs, Condition reached)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired() && process.state() == QProcess::Running) {
        if (reached())
            return true;
        QThread::msleep(20);
    }
    return false;
}

/// The process id of rank `rank` among the children of `launcher` (train --nproc): the child
/// whose environment says RANK=`rank`; 0 when there is none.
pid_t rankOfLauncher(qint64 launcher, int rank)
{
    const QByteArray wanted = "RANK=" + QByteArray::number(rank);
    const QStringList processes = QDir("/proc").entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& process : processes) {
        bool numeric = false;
        const qint64 pid = process.toLongLong(&numeric);
        QFile stat("/proc/" + process + "/stat");
        if (!numeric || !stat.open(QIODevice::ReadOnly))
            continue;
        // "pid (name) state ppid ...": the name may hold spaces and parentheses.
        const QByteArray line = stat.readAll();
        const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (fields.size() < 2 || fields[1].toLongLong() != launcher)
            continue;
        QFile environment("/proc/" + process + "/environ");
        if (environment.open(QIODevice::ReadOnly) &&
            environment.readAll().split('\0').contains(wanted))
            return static_cast<pid_t>(pid);
    }
    return 0;
}

// Long enough for LibTorch to start and a rank to try, short enough that a test waiting for the
// meeting to fail takes seconds.
constexpr int kShortMeetingTimeoutS = 5;
// Far longer than any test waits: a rank that gives up only at this timeout fails the test.
constexpr int kLongMeetingTimeoutS = 600;

// Epochs of the run killed and resumed: it is killed in the second, or a little later on a
// busy machine, and some are left to compare.
constexpr int kResumableEpochs = 4;

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
        // The two ranks share this machine's cores instead of each taking all of them.
        const int cores = summary["environment"]["physical_cores"].get<int>();
        QCOMPARE(summary["run"]["intra_op_threads"].get<int>(), std::max(1, cores / 2));
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
        const QString configPath = m_dir.filePath("slow.json");
        QVERIFY(writeJson(configPath, slowStepsConfig()));
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

    /// Both presets, shortened, on 2 ranks of batch 32 train as one process of batch 64: the
    /// same epoch losses and validation losses within 1e-5 relative. The regression ranks are
    /// started by --nproc (a file rendezvous), the sentiment ranks as torchrun starts them
    /// (RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT: a TCP rendezvous).
    void presetsOnTwoRanksTrainAsOneProcessWithTheGlobalBatch_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<bool>("torchrunVariables");
        QTest::newRow("keras-lstm-regression, --nproc 2") << "keras-lstm-regression" << false;
        QTest::newRow("imdb-lstm-sentiment, torchrun's variables") << "imdb-lstm-sentiment" << true;
    }

    void presetsOnTwoRanksTrainAsOneProcessWithTheGlobalBatch()
    {
        QFETCH(QString, preset);
        QFETCH(bool, torchrunVariables);
        const QString single = m_dir.filePath(preset + "-1.json");
        const QString ranked = m_dir.filePath(preset + "-2.json");
        QVERIFY(writeJson(single, shortenedPreset(preset, 64)));
        QVERIFY(writeJson(ranked, shortenedPreset(preset, 32)));
        const QString singleSummary = m_dir.filePath(preset + "-1-summary.json");
        const QString rankedSummary = m_dir.filePath(preset + "-2-summary.json");
        const QStringList common{"train", "--no-record", "--quiet"};

        const CliRun one = runCli(
            common + QStringList{"--config", single, "--json-out", singleSummary}, kTrainTimeoutMs);
        QVERIFY2(one.exitCode == 0, qPrintable(describe(one)));

        std::vector<std::unique_ptr<QProcess>> ranks;
        const int port = freeLoopbackPort();
        QVERIFY(port > 0);
        const int processes = torchrunVariables ? 2 : 1;
        for (int rank = 0; rank < processes; ++rank) {
            QStringList variables;
            QStringList arguments =
                common + QStringList{"--config", ranked, "--json-out", rankedSummary};
            if (torchrunVariables)
                variables =
                    QStringList{"RANK=" + QString::number(rank), "WORLD_SIZE=2",
                                "LOCAL_RANK=" + QString::number(rank), "MASTER_ADDR=127.0.0.1",
                                "MASTER_PORT=" + QString::number(port)};
            else
                arguments += QStringList{"--nproc", "2"};
            ranks.push_back(std::make_unique<QProcess>());
            ranks.back()->setProcessEnvironment(environmentWith(variables, temporary()));
            ranks.back()->start(es::test::cliPath(), arguments);
            QVERIFY(ranks.back()->waitForStarted());
        }
        for (auto& rank : ranks) {
            const Ended ended = waitForEnd(*rank, {}, {});
            QVERIFY2(ended.normalExit && ended.exitCode == 0, ended.describe().constData());
        }

        const nlohmann::json expected = readJson(singleSummary);
        const nlohmann::json got = readJson(rankedSummary);
        QCOMPARE(got["run"]["world_size"].get<int>(), 2);
        QCOMPARE(got["run"]["global_batch_size"].get<int>(), 64);
        QCOMPARE(got["epochs"].size(), expected["epochs"].size());
        for (std::size_t e = 0; e < expected["epochs"].size(); ++e) {
            for (const char* key : {"loss", "val_loss"}) {
                const double a = got["epochs"][e][key].get<double>();
                const double b = expected["epochs"][e][key].get<double>();
                QVERIFY2(closeRelative(a, b), qPrintable(QString("epoch %1 %2: %3 vs %4")
                                                             .arg(e + 1)
                                                             .arg(key)
                                                             .arg(a, 0, 'g', 17)
                                                             .arg(b, 0, 'g', 17)));
            }
        }
    }

    /// A rank killed mid-run (SIGKILL: no goodbye) makes the other fail at once, exit 1,
    /// naming the lost rank and its host; rank 0 records the run as failed with that reason.
    void aKilledRankFailsTheOthersNamingIt()
    {
        nlohmann::json config = shortenedPreset("keras-lstm-regression", 32);
        config["training"]["epochs"] = 1000;
        config["distributed"] = {{"timeout_s", 30}};
        const QString configPath = m_dir.filePath("killed.json");
        QVERIFY(writeJson(configPath, config));
        const QString db = m_dir.filePath("killed.sqlite");
        const QString summaryPath = m_dir.filePath("killed-summary.json");
        const int port = freeLoopbackPort();
        std::vector<std::unique_ptr<QProcess>> ranks;
        for (int rank = 0; rank < 2; ++rank) {
            ranks.push_back(std::make_unique<QProcess>());
            ranks.back()->setProcessEnvironment(
                environmentWith({"RANK=" + QString::number(rank), "WORLD_SIZE=2",
                                 "MASTER_ADDR=127.0.0.1", "MASTER_PORT=" + QString::number(port)},
                                temporary()));
            ranks.back()->start(es::test::cliPath(), {"train", "--config", configPath, "--db", db,
                                                      "--json-out", summaryPath});
            QVERIFY(ranks.back()->waitForStarted());
        }
        QByteArray out;
        QByteArray err;
        // Rank 0's first epoch line: both ranks are training.
        QVERIFY2(waitUntil(*ranks[0], out, err, [&] { return out.contains("Epoch 1/1000"); }),
                 out + err);
        ranks[1]->kill();  // SIGKILL
        const Ended ended = waitForEnd(*ranks[0], out, err);
        QVERIFY2(ended.normalExit && ended.exitCode == kExitRunFailed,
                 ended.describe().constData());
        QVERIFY2(
            ended.err.contains("rank 1 on ") && ended.err.contains("ended or cannot be reached"),
            ended.describe().constData());
        const nlohmann::json summary = readJson(summaryPath);
        QCOMPARE(summary["status"].get<std::string>(), std::string("failed"));
        QVERIFY2(summary["error"].get<std::string>().find("rank 1 on ") != std::string::npos,
                 summary.dump().c_str());
        QCOMPARE(storedRuns(db), 1);
    }

    void aMasterThatCannotBeMetIsRefused_data()
    {
        QTest::addColumn<int>("rank");
        QTest::addColumn<bool>("portTaken");
        // Rank 1 connects to the master: nothing listens there, and it gives up after timeout_s.
        QTest::newRow("rank 1, nothing listens at --master") << 1 << false;
        // Rank 0 serves the meeting point: another program holds the port, so it cannot listen.
        QTest::newRow("rank 0, --master's port taken") << 0 << true;
    }

    /// A meeting point that cannot be used is the user's to fix, as a bad config field is:
    /// exit 2 before the first step, naming distributed.init and the address, within
    /// distributed.timeout_s (no hang until a launcher or the user gives up).
    void aMasterThatCannotBeMetIsRefused()
    {
        QFETCH(int, rank);
        QFETCH(bool, portTaken);
        nlohmann::json config = shortenedPreset("keras-lstm-regression", 32);
        QVERIFY(config.is_object());
        config["distributed"] = {{"timeout_s", kShortMeetingTimeoutS}};
        const QString configPath = m_dir.filePath("unmet.json");
        QVERIFY(writeJson(configPath, config));
        const HeldPort held;
        const int port = portTaken ? held.port() : freeLoopbackPort();
        QVERIFY(port > 0);
        const QString master = "127.0.0.1:" + QString::number(port);

        QElapsedTimer elapsed;
        elapsed.start();
        QProcess process;
        process.setProcessEnvironment(environmentWith({}, temporary()));
        process.start(es::test::cliPath(),
                      {"train", "--config", configPath, "--no-record", "--rank",
                       QString::number(rank), "--world-size", "2", "--master", master});
        QVERIFY(process.waitForStarted());
        // timeout_s and LibTorch's start take seconds; a minute means the rank hangs.
        const Ended ended = waitForEnd(process, {}, {}, kQuickTimeoutMs);

        QVERIFY2(ended.normalExit && ended.exitCode == kExitBadInput, ended.describe().constData());
        QVERIFY2(ended.err.contains("distributed.init") && ended.err.contains(master.toUtf8()),
                 ended.describe().constData());
        QVERIFY2(!ended.out.contains("Epoch "), ended.describe().constData());
        QVERIFY2(elapsed.elapsed() < kQuickTimeoutMs, ended.describe().constData());
    }

    /// Issue 31, defect 6: a stop signal while a rank waits at the meeting was ignored until
    /// distributed.timeout_s and the run exited 2. It ends the wait at once and the run exits
    /// with 128 + the signal, never starting an epoch; timeout_s is far beyond the test.
    void aStopSignalWhileMeetingEndsTheWaitAtOnce_data()
    {
        QTest::addColumn<int>("signal");
        QTest::addColumn<QString>("waiting");
        const std::pair<int, const char*> signals[] = {
            {SIGTERM, "SIGTERM"}, {SIGINT, "SIGINT"}, {SIGHUP, "SIGHUP"}};
        for (const auto& [signal, name] : signals)
            QTest::addRow("%s, rank 0 serving the TCP store", name) << signal << "rank 0 at tcp";
        QTest::newRow("SIGTERM, rank 1 at a store that never answers")
            << int(SIGTERM) << "rank 1 at tcp";
        QTest::newRow("SIGTERM, rank 0 at a file") << int(SIGTERM) << "rank 0 at a file";
    }

    void aStopSignalWhileMeetingEndsTheWaitAtOnce()
    {
        QFETCH(int, signal);
        QFETCH(QString, waiting);
        nlohmann::json config = shortenedPreset("keras-lstm-regression", 32);
        QVERIFY(config.is_object());
        config["distributed"] = {{"timeout_s", kLongMeetingTimeoutS}};
        const QString configPath = m_dir.filePath("meeting.json");
        QVERIFY(writeJson(configPath, config));
        HeldPort silentStore;
        const int freePort = freeLoopbackPort();
        const QString file = m_dir.filePath("meeting-" + QString::number(++m_meetings));
        const int rank = waiting.startsWith("rank 1") ? 1 : 0;
        const QString master = waiting.endsWith("file") ? "file:" + file
                               : rank == 1 ? "127.0.0.1:" + QString::number(silentStore.port())
                                           : "127.0.0.1:" + QString::number(freePort);
        QProcess process;
        process.setProcessEnvironment(environmentWith({}, temporary()));
        process.start(es::test::cliPath(),
                      {"train", "--config", configPath, "--no-record", "--rank",
                       QString::number(rank), "--world-size", "2", "--master", master});
        QVERIFY(process.waitForStarted());
        // The rank is at the meeting once its store listens, it connected to ours, or its file
        // is there.
        const bool atTheMeeting =
            waiting == "rank 0 at tcp"
                ? pollUntil(process, kQuickTimeoutMs, [&] { return listening(freePort); })
            : waiting == "rank 1 at tcp"
                ? silentStore.acceptSilently(kQuickTimeoutMs)
                : pollUntil(process, kQuickTimeoutMs, [&] { return QFileInfo::exists(file); });
        if (!atTheMeeting)
            QFAIL(waitForEnd(process, {}, {}, 1000).describe().constData());
        QVERIFY(process.processId() > 0);
        QElapsedTimer elapsed;
        elapsed.start();
        QCOMPARE(::kill(static_cast<pid_t>(process.processId()), signal), 0);
        // A stop heard at once ends in seconds; kLongMeetingTimeoutS is several minutes.
        const Ended ended = waitForEnd(process, {}, {}, kQuickTimeoutMs);

        QVERIFY2(ended.normalExit && ended.exitCode == kSignalBase + signal,
                 ended.describe().constData());
        QVERIFY2(!ended.out.contains("Epoch "), ended.describe().constData());
        QVERIFY2(elapsed.elapsed() < kQuickTimeoutMs, ended.describe().constData());
        QVERIFY2(!QFileInfo::exists(file), "rank 0 left its rendezvous file behind");
    }

    /// Issue 31 (two ranks started by hand each took every core): ranks started by hand on one
    /// machine, with no LOCAL_WORLD_SIZE, learn at the meeting that they share it, and each
    /// takes its share of the physical cores (at least one), saying so.
    void ranksStartedByHandShareTheirMachinesCores()
    {
        const QString summaryPath = m_dir.filePath("shared-cores.json");
        const QString master = "127.0.0.1:" + QString::number(freeLoopbackPort());
        std::vector<std::unique_ptr<QProcess>> ranks;
        for (int rank = 0; rank < 2; ++rank) {
            QStringList arguments = {
                "train",         "--preset", "quick-demo",  "--epochs", "1",
                "--max-batches", "2",        "--no-record", "--rank",   QString::number(rank),
                "--world-size",  "2",        "--master",    master};
            if (rank == 0)
                arguments << "--json-out" << summaryPath;
            ranks.push_back(std::make_unique<QProcess>());
            ranks.back()->setProcessEnvironment(environmentWith({}, temporary()));
            ranks.back()->start(es::test::cliPath(), arguments);
            QVERIFY(ranks.back()->waitForStarted());
        }
        const Ended rankZero = waitForEnd(*ranks[0], {}, {});
        const Ended rankOne = waitForEnd(*ranks[1], {}, {});
        QVERIFY2(rankZero.normalExit && rankZero.exitCode == 0, rankZero.describe().constData());
        QVERIFY2(rankOne.normalExit && rankOne.exitCode == 0, rankOne.describe().constData());

        const QRegularExpression said(
            "2 ranks train on this machine: (\\d+) intra-op threads each of its (\\d+) physical "
            "cores");
        const QRegularExpressionMatch match = said.match(QString::fromUtf8(rankZero.out));
        QVERIFY2(match.hasMatch(), rankZero.describe().constData());
        const int threads = match.captured(1).toInt();
        const int cores = match.captured(2).toInt();
        QCOMPARE(threads, std::max(1, cores / 2));
        const nlohmann::json summary = readJson(summaryPath);
        QVERIFY(summary.is_object());
        QCOMPARE(summary["run"]["intra_op_threads"].get<int>(), threads);
    }

    void aKilledRunResumesFromItsBackupOnTwoRanks_data()
    {
        QTest::addColumn<bool>("nproc");
        QTest::addColumn<int>("killedRank");
        // The launcher sees a rank killed, stops the other and removes its rendezvous directory.
        QTest::newRow("--nproc 2, rank 1 killed") << true << 1;
        // The rank that writes the backups dies, perhaps half-way through a write.
        QTest::newRow("torchrun's variables, rank 0 killed") << false << 0;
    }

    /// A 2-rank run killed (SIGKILL) after its first epoch's backup, started again with the
    /// same command, resumes from rank 0's backup on both ranks and trains the remaining
    /// epochs to the losses of a 2-rank run that was never interrupted; the finished run
    /// deletes its backup and leaves no temporary file or rendezvous directory behind.
    void aKilledRunResumesFromItsBackupOnTwoRanks()
    {
        QFETCH(bool, nproc);
        QFETCH(int, killedRank);
        const nlohmann::json& expected = uninterruptedResumableRun();
        QVERIFY2(expected.is_object(), "the uninterrupted run failed");
        const QString dir = m_dir.filePath(nproc ? "resume-nproc" : "resume-torchrun");
        QVERIFY(QDir().mkpath(dir));
        const QString configPath = QDir(dir).filePath("config.json");
        const nlohmann::json config = resumableConfig(dir);
        QVERIFY(config.is_object());
        QVERIFY(writeJson(configPath, config));
        const QString backup = QDir(dir).filePath("backup/epochscope-backup.pt");
        const QString summaryPath = QDir(dir).filePath("summary.json");
        const QStringList arguments{"train",       "--config",   configPath,
                                    "--no-record", "--json-out", summaryPath};
        // torchrun's ranks meet again at the same port, as the same command line says.
        const int port = freeLoopbackPort();
        QVERIFY(port > 0);

        auto killed = startTwoRanks(arguments, nproc, port);
        QVERIFY(!killed.empty());
        // Rank 0 prints an epoch's line after that epoch's backup is written (the callbacks
        // run first): from then on a backup is there to resume from.
        const QByteArray firstEpochLine = "Epoch 1/" + QByteArray::number(kResumableEpochs) + " ";
        QByteArray out;
        QByteArray err;
        QVERIFY2(waitUntil(*killed.front(), out, err, [&] { return out.contains(firstEpochLine); }),
                 out + err);
        const pid_t victim = nproc ? rankOfLauncher(killed.front()->processId(), killedRank)
                                   : static_cast<pid_t>(killed.at(killedRank)->processId());
        QVERIFY(victim > 0);
        QCOMPARE(::kill(victim, SIGKILL), 0);
        const QByteArray victimName = "rank " + QByteArray::number(killedRank);
        if (nproc) {
            // The launcher exits with the killed rank's status, 128 + SIGKILL.
            const Ended launcher = waitForEnd(*killed.front(), out, err);
            QVERIFY2(launcher.normalExit && launcher.exitCode == kSignalBase + SIGKILL &&
                         launcher.err.contains(victimName + " was killed by SIGKILL"),
                     launcher.describe().constData());
        } else {
            // The survivor fails at its next collective, naming the lost rank, instead of
            // waiting for timeout_s.
            const Ended survivor = waitForEnd(*killed.at(1 - killedRank), {}, {});
            QVERIFY2(survivor.normalExit && survivor.exitCode == kExitRunFailed &&
                         survivor.err.contains(victimName + " on "),
                     survivor.describe().constData());
            killed.at(killedRank)->waitForFinished();
        }
        QVERIFY2(QFile::exists(backup), "the backup did not survive the killed run");

        // The same command again: both ranks resume from rank 0's backup.
        auto resumed = startTwoRanks(arguments, nproc, port);
        QVERIFY(!resumed.empty());
        std::vector<Ended> ends;
        for (auto& rank : resumed)
            ends.push_back(waitForEnd(*rank, {}, {}));
        // Both finish: a rank that would not resume where rank 0 does is refused (exit 2).
        for (const Ended& ended : ends)
            QVERIFY2(ended.normalExit && ended.exitCode == kExitFinished,
                     ended.describe().constData());
        QVERIFY2(ends.front().out.contains("Resuming from the backup: epoch "),
                 ends.front().describe().constData());

        const nlohmann::json got = readJson(summaryPath);
        QVERIFY2(got.is_object() && got["resumed_from"].is_string(), got.dump().c_str());
        QCOMPARE(got["run"]["world_size"].get<int>(), 2);
        // The kill comes in epoch 2, or later on a slow machine: compare whatever is left.
        const std::size_t total = expected["epochs"].size();
        QVERIFY2(!got["epochs"].empty() && got["epochs"].size() < total, got.dump().c_str());
        const int firstResumed = got["epochs"].front()["epoch"].get<int>();
        QCOMPARE(got["epochs"].size(), total - std::size_t(firstResumed - 1));
        for (const nlohmann::json& epoch : got["epochs"]) {
            const int number = epoch["epoch"].get<int>();
            const nlohmann::json& same = expected["epochs"][std::size_t(number - 1)];
            for (const char* key : {"loss", "val_loss"}) {
                const double a = epoch[key].get<double>();
                const double b = same[key].get<double>();
                QVERIFY2(closeRelative(a, b), qPrintable(QString("epoch %1 %2: %3 vs %4")
                                                             .arg(number)
                                                             .arg(key)
                                                             .arg(a, 0, 'g', 17)
                                                             .arg(b, 0, 'g', 17)));
            }
        }
        // delete_checkpoint (the default): the finished run removes the backup. No temporary
        // file is left, even one of a writer killed half-way: the next write there removes it.
        QVERIFY(!QFile::exists(backup));
        QVERIFY2(temporaryFilesUnder(dir).isEmpty(),
                 qPrintable(temporaryFilesUnder(dir).join(' ')));
        QVERIFY2(leftBehind().isEmpty(), qPrintable(leftBehind().join(' ')));
    }

private:
    QString temporary() const { return m_dir.filePath("tmp"); }

    /// The regression preset, shortened, on 2 ranks of batch 32, with a backup after every
    /// epoch in `dir`/backup. No dropout (the preset has none): a resumed rank restores rank
    /// 0's random generators, from which its own dropout draws may have moved apart. One thread
    /// per rank: two ranks on a two-core machine, and the same arithmetic however they start.
    static nlohmann::json resumableConfig(const QString& dir)
    {
        nlohmann::json config = shortenedPreset("keras-lstm-regression", 32);
        if (!config.is_object())
            return nullptr;
        config["training"]["epochs"] = kResumableEpochs;
        config["device"]["intra_op_threads"] = 1;
        // A rank left waiting for the other fails within a minute, not the default five.
        config["distributed"] = {{"timeout_s", 60}};
        config["callbacks"] =
            nlohmann::json::array({{{"type", "backup_and_restore"},
                                    {"backup_dir", QDir(dir).filePath("backup").toStdString()}}});
        return config;
    }

    /// Starts `arguments` on 2 ranks: one `--nproc 2` launcher (the first process stands for
    /// both), or rank 0 and rank 1 with torchrun's variables, meeting at `port`. Empty when a
    /// process did not start.
    std::vector<std::unique_ptr<QProcess>> startTwoRanks(const QStringList& arguments, bool nproc,
                                                         int port) const
    {
        std::vector<std::unique_ptr<QProcess>> processes;
        for (int rank = 0; rank < (nproc ? 1 : 2); ++rank) {
            const QStringList variables =
                nproc
                    ? QStringList{}
                    : QStringList{"RANK=" + QString::number(rank), "WORLD_SIZE=2",
                                  "MASTER_ADDR=127.0.0.1", "MASTER_PORT=" + QString::number(port)};
            processes.push_back(std::make_unique<QProcess>());
            processes.back()->setProcessEnvironment(environmentWith(variables, temporary()));
            processes.back()->start(es::test::cliPath(),
                                    nproc ? arguments + QStringList{"--nproc", "2"} : arguments);
            if (!processes.back()->waitForStarted())
                return {};
        }
        return processes;
    }

    /// The summary of resumableConfig() trained on 2 ranks without a stop, once for every row
    /// that compares with it; null when that run failed.
    const nlohmann::json& uninterruptedResumableRun()
    {
        if (m_uninterrupted.is_null()) {
            const QString dir = m_dir.filePath("uninterrupted");
            const QString configPath = QDir(dir).filePath("config.json");
            const QString summaryPath = QDir(dir).filePath("summary.json");
            const nlohmann::json config = resumableConfig(dir);
            if (config.is_object() && QDir().mkpath(dir) && writeJson(configPath, config)) {
                auto ranks = startTwoRanks(
                    {"train", "--config", configPath, "--no-record", "--json-out", summaryPath},
                    true, 0);
                if (!ranks.empty()) {
                    const Ended ended = waitForEnd(*ranks.front(), {}, {});
                    if (ended.normalExit && ended.exitCode == kExitFinished)
                        m_uninterrupted = readJson(summaryPath);
                    else
                        qWarning("%s", ended.describe().constData());
                }
            }
        }
        return m_uninterrupted;
    }

    /// The launcher's rendezvous directories still there.
    QStringList leftBehind() const
    {
        return QDir(temporary()).entryList({"epochscope-ranks-*"}, QDir::AllEntries);
    }

    QTemporaryDir m_dir;
    int m_meetings = 0;
    nlohmann::json m_uninterrupted;
};

QTEST_GUILESS_MAIN(TestDistributedCli)
#include "tst_distributedcli.moc"
