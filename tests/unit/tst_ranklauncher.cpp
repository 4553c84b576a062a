// `train --nproc N`'s launcher with /bin/sh ranks instead of training: every rank's variables
// and its private rendezvous directory (gone afterwards), a failing rank stopping the others
// (killed after the grace if they ignore SIGTERM), a rank killed by a signal, Ctrl+C on the
// terminal and SIGINT to the process group reaching every rank with the launcher surviving
// them, a SIGTERM sent to the launcher alone forwarded, a second one killing the ranks, and a
// rank that cannot start.
#include "cli/localranks.h"
#include "cli/ranklauncher.h"

#include <QtCore/QDeadlineTimer>
#include <QtCore/QDir>
#include <QtCore/QElapsedTimer>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtCore/QThread>
#include <QtTest/QtTest>

#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace {

// Far longer than anything here should take; reached only when the launcher misbehaves.
constexpr int kWaitMs = 60'000;
// The ranks that are to be stopped sleep this long: a launcher that waited for them would
// return only after it.
constexpr int kLongSleepS = 120;
constexpr int kPollMs = 10;

/// `ranks` ranks that each run `script` in /bin/sh, with OUT set to `out`.
es::RankLaunch shellRanks(const QString& script, int ranks, const QString& out)
{
    es::RankLaunch launch;
    launch.program = "/bin/sh";
    launch.arguments = {"sh", "-c", script.toStdString()};
    launch.ranks = ranks;
    for (int rank = 0; rank < ranks; ++rank)
        launch.extraEnvironment.push_back({{"OUT", out.toStdString()}});
    return launch;
}

/// Waits until every one of `paths` exists; false when the time runs out first.
bool waitForFiles(const QStringList& paths)
{
    QDeadlineTimer deadline(kWaitMs);
    while (!deadline.hasExpired()) {
        if (std::all_of(paths.begin(), paths.end(),
                        [](const QString& path) { return QFile::exists(path); }))
            return true;
        QThread::msleep(kPollMs);
    }
    return false;
}

QStringList filesOfRanks(const QString& out, const QString& name, int ranks)
{
    QStringList paths;
    for (int rank = 0; rank < ranks; ++rank)
        paths << QString("%1/%2%3").arg(out, name).arg(rank);
    return paths;
}

QByteArray contents(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("(missing)");
}

/// A rank that says it is ready (OUT/readyN), then waits for a signal: `onSignal` is its trap.
QString waitingRank(const QString& signal, const QString& onSignal)
{
    return QString("trap '%1' %2; : > \"$OUT/ready$RANK\"; while :; do sleep 0.05; done")
        .arg(onSignal, signal);
}

}  // namespace

class TestRankLauncher : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        // The launcher makes its rendezvous directory under TMPDIR: one of the test's own, so
        // that what is left there can be seen.
        QVERIFY(m_temporary.isValid());
        qputenv("TMPDIR", m_temporary.path().toUtf8());
    }

    void everyRankSeesItsVariables()
    {
        QTemporaryDir out;
        const int ranks = 3;
        // Each rank writes what it was given, and whether its rendezvous directory exists.
        es::RankLaunch launch = shellRanks(
            "d=${EPOCHSCOPE_RENDEZVOUS#file:}; d=${d%/rendezvous}; test -d \"$d\" && "
            "printf '%s %s %s %s %s %s' \"$RANK\" \"$WORLD_SIZE\" \"$LOCAL_RANK\" "
            "\"$LOCAL_WORLD_SIZE\" \"$EXTRA\" \"$EPOCHSCOPE_LAUNCHER_PID\" > \"$OUT/vars$RANK\" && "
            "printf '%s' \"$EPOCHSCOPE_RENDEZVOUS\" > \"$OUT/rendezvous$RANK\"",
            ranks, out.path());
        for (int rank = 0; rank < ranks; ++rank)
            launch.extraEnvironment[rank].push_back({"EXTRA", "extra-" + std::to_string(rank)});
        // The launcher's own variables replace inherited ones.
        qputenv("RANK", "9");
        const es::LaunchResult result = es::launchRanks(launch);
        qunsetenv("RANK");

        QCOMPARE(result.exitStatus, 0);
        QCOMPARE(int(result.ends.size()), ranks);
        const QByteArray pid = QByteArray::number(qint64(::getpid()));
        for (int rank = 0; rank < ranks; ++rank) {
            QCOMPARE(result.ends[rank].status(), 0);
            QCOMPARE(contents(QString("%1/vars%2").arg(out.path()).arg(rank)),
                     QString("%1 3 %1 3 extra-%1 ").arg(rank).toUtf8() + pid);
        }
        // One rendezvous for all, a file in a directory of its own under TMPDIR.
        const QByteArray rendezvous = contents(out.path() + "/rendezvous0");
        QVERIFY2(rendezvous.startsWith(("file:" + m_temporary.path() + "/").toUtf8()),
                 rendezvous.constData());
        QVERIFY(rendezvous.endsWith("/rendezvous"));
        for (int rank = 1; rank < ranks; ++rank)
            QCOMPARE(contents(QString("%1/rendezvous%2").arg(out.path()).arg(rank)), rendezvous);
        QVERIFY2(leftBehind().isEmpty(), qPrintable(leftBehind().join(' ')));
    }

    void aFailingRankStopsTheOthers_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("failed");  // the rank that fails
        QTest::addColumn<int>("status");  // the launcher's
        QTest::addColumn<bool>("signaled");
        QTest::addColumn<int>("code");

        const QString sleep = QString("exec sleep %1").arg(kLongSleepS);
        QTest::newRow("exit 3") << QString("[ \"$RANK\" = 1 ] && exit 3; %1").arg(sleep) << 1 << 3
                                << false << 3;
        QTest::newRow("killed by SIGKILL")
            << QString("[ \"$RANK\" = 0 ] && kill -KILL $$; %1").arg(sleep) << 0 << 128 + SIGKILL
            << true << int(SIGKILL);
    }

    void aFailingRankStopsTheOthers()
    {
        QFETCH(QString, script);
        QFETCH(int, failed);
        QFETCH(int, status);
        QFETCH(bool, signaled);
        QFETCH(int, code);
        QTemporaryDir out;
        const int ranks = 3;
        QElapsedTimer elapsed;
        elapsed.start();
        const es::LaunchResult result = es::launchRanks(shellRanks(script, ranks, out.path()));

        QCOMPARE(result.exitStatus, status);
        QCOMPARE(result.ends[failed].signaled, signaled);
        QCOMPARE(result.ends[failed].code, code);
        for (int rank = 0; rank < ranks; ++rank) {
            if (rank == failed)
                continue;
            QVERIFY2(result.ends[rank].signaled && result.ends[rank].code == SIGTERM,
                     qPrintable(QString("rank %1 was not stopped with SIGTERM").arg(rank)));
        }
        // Not a measurement: a launcher that waited for the sleeps would take all of them.
        QVERIFY(elapsed.elapsed() < kLongSleepS * 1000 / 2);
        QVERIFY2(leftBehind().isEmpty(), qPrintable(leftBehind().join(' ')));
    }

    void aRankIgnoringSigtermIsKilledAfterTheGrace()
    {
        QTemporaryDir out;
        // Rank 0 ignores SIGTERM; rank 1 fails once rank 0 does.
        es::RankLaunch launch = shellRanks(
            QString("if [ \"$RANK\" = 0 ]; then trap '' TERM; : > \"$OUT/ready\"; exec sleep %1; "
                    "fi; while [ ! -e \"$OUT/ready\" ]; do sleep 0.05; done; exit 4")
                .arg(kLongSleepS),
            2, out.path());
        launch.stopGrace = std::chrono::milliseconds(200);
        const es::LaunchResult result = es::launchRanks(launch);
        QCOMPARE(result.exitStatus, 4);
        QVERIFY(result.ends[0].signaled);
        QCOMPARE(result.ends[0].code, int(SIGKILL));
    }

    void stopSignalToTheGroupReachesEveryRank_data()
    {
        QTest::addColumn<bool>("terminal");  // Ctrl+C on a terminal, else kill(-group, SIGINT)
        QTest::newRow("Ctrl+C on the terminal") << true;
        QTest::newRow("SIGINT to the process group") << false;
    }

    /// The launcher in a process of its own, in a session of its own whose terminal is a
    /// pseudo-terminal of the test's: Ctrl+C on it signals that process and every rank.
    void stopSignalToTheGroupReachesEveryRank()
    {
        QFETCH(bool, terminal);
        QTemporaryDir out;
        const int ranks = 2;
        // Ranks stop as epochscope-cli's do: with 128 + SIGINT.
        const es::RankLaunch launch = shellRanks(
            waitingRank("INT", "echo INT > \"$OUT/got$RANK\"; exit 130"), ranks, out.path());

        const int master = ::posix_openpt(O_RDWR | O_NOCTTY);
        QVERIFY(master >= 0);
        QVERIFY(::grantpt(master) == 0 && ::unlockpt(master) == 0);
        const std::string terminalPath = ::ptsname(master);
        const pid_t launcher = ::fork();
        QVERIFY(launcher >= 0);
        if (launcher == 0) {
            // The launcher's process: leader of a new session and process group, which the
            // ranks join and the pseudo-terminal signals.
            ::setsid();
            const int slave = ::open(terminalPath.c_str(), O_RDWR);
            if (slave < 0 || ::ioctl(slave, TIOCSCTTY, 0) != 0)
                ::_exit(120);
            int status = 121;
            try {
                status = es::launchRanks(launch).exitStatus;
            } catch (...) {
            }
            ::_exit(status);
        }
        const bool ready = waitForFiles(filesOfRanks(out.path(), "ready", ranks));
        if (ready) {
            if (terminal) {
                const char interrupt = '\x03';  // what Ctrl+C types
                QCOMPARE(::write(master, &interrupt, 1), ssize_t(1));
            } else {
                QCOMPARE(::kill(-launcher, SIGINT), 0);
            }
        } else {
            ::kill(-launcher, SIGKILL);
        }
        int status = 0;
        QCOMPARE(::waitpid(launcher, &status, 0), launcher);
        ::close(master);
        QVERIFY2(ready, "the ranks did not start");
        // The launcher was signalled too, and did not die of it: it returns what the ranks did.
        QVERIFY2(WIFEXITED(status), "the launcher died of the signal");
        QCOMPARE(WEXITSTATUS(status), 130);
        for (const QString& path : filesOfRanks(out.path(), "got", ranks))
            QCOMPARE(contents(path), QByteArray("INT\n"));
        QVERIFY2(leftBehind().isEmpty(), qPrintable(leftBehind().join(' ')));
    }

    void sigtermToTheLauncherAloneIsForwarded()
    {
        QTemporaryDir out;
        const int ranks = 2;
        struct sigaction before {};
        ::sigaction(SIGTERM, nullptr, &before);
        std::thread sender([&] {
            if (waitForFiles(filesOfRanks(out.path(), "ready", ranks)))
                ::kill(::getpid(), SIGTERM);  // to this process alone, not its group
        });
        const es::LaunchResult result = es::launchRanks(shellRanks(
            waitingRank("TERM", "echo TERM > \"$OUT/got$RANK\"; exit 143"), ranks, out.path()));
        sender.join();
        QCOMPARE(result.exitStatus, 143);
        for (const QString& path : filesOfRanks(out.path(), "got", ranks))
            QCOMPARE(contents(path), QByteArray("TERM\n"));
        // The launcher's handler is gone with it.
        struct sigaction after {};
        ::sigaction(SIGTERM, nullptr, &after);
        QVERIFY(after.sa_handler == before.sa_handler);
    }

    void aSecondSignalKillsTheRanks()
    {
        QTemporaryDir out;
        const int ranks = 2;
        std::thread sender([&] {
            if (!waitForFiles(filesOfRanks(out.path(), "ready", ranks)))
                return;
            ::kill(::getpid(), SIGTERM);
            // Once the ranks got the first (and took no notice), the impatient second.
            if (waitForFiles(filesOfRanks(out.path(), "got", ranks)))
                ::kill(::getpid(), SIGTERM);
        });
        const es::LaunchResult result = es::launchRanks(
            shellRanks(waitingRank("TERM", "echo TERM >> \"$OUT/got$RANK\""), ranks, out.path()));
        sender.join();
        QCOMPARE(result.exitStatus, 128 + SIGKILL);
        for (const es::RankEnd& end : result.ends)
            QVERIFY(end.signaled && end.code == SIGKILL);
    }

    void aRankThatCannotStart()
    {
        es::RankLaunch launch = shellRanks("exit 0", 2, m_temporary.path());
        launch.program = m_temporary.path().toStdString() + "/no-such-program";
        QVERIFY_THROWS_EXCEPTION(std::system_error, es::launchRanks(launch));
        QVERIFY2(leftBehind().isEmpty(), qPrintable(leftBehind().join(' ')));
    }

    void withoutOption_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QStringList>("kept");
        QTest::newRow("value apart") << QStringList{"cli", "train", "--nproc", "2", "--epochs", "1"}
                                     << QStringList{"cli", "train", "--epochs", "1"};
        QTest::newRow("value joined") << QStringList{"cli", "train", "--nproc=4", "--quiet"}
                                      << QStringList{"cli", "train", "--quiet"};
        QTest::newRow("last") << QStringList{"cli", "--lang", "en", "train", "--nproc", "2"}
                              << QStringList{"cli", "--lang", "en", "train"};
        QTest::newRow("a longer option kept") << QStringList{"cli", "train", "--nprocs", "2"}
                                              << QStringList{"cli", "train", "--nprocs", "2"};
    }

    void withoutOption()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QStringList, kept);
        std::vector<std::string> in;
        for (const QString& argument : arguments)
            in.push_back(argument.toStdString());
        QStringList out;
        for (const std::string& argument : es::withoutOption(in, "--nproc"))
            out << QString::fromStdString(argument);
        QCOMPARE(out, kept);
    }

private:
    /// The launcher's rendezvous directories still under TMPDIR (the test's own folders, which
    /// QTemporaryDir also makes there, aside).
    QStringList leftBehind() const
    {
        return QDir(m_temporary.path()).entryList({"epochscope-ranks-*"}, QDir::AllEntries);
    }

    QTemporaryDir m_temporary;
};

QTEST_APPLESS_MAIN(TestRankLauncher)
#include "tst_ranklauncher.moc"
