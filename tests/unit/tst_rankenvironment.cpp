// Which rank this process is and where the ranks meet, from --rank/--world-size/--master,
// torchrun's variables, `train --nproc`'s or Slurm's, in that order of precedence, fed as
// tables; every partial or inconsistent set refused naming the flag or variable and its value;
// and the assignment put into a RunConfig (the rank, world size, rendezvous and GPU).
#include "cli/rankenvironment.h"
#include "cli/runoverrides.h"
#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"

#include <QtTest/QtTest>

#include <map>
#include <optional>
#include <string>

namespace {

/// "NAME=VALUE NAME=VALUE" as an environment: a lookup over that table alone.
es::EnvironmentLookup table(const QString& text)
{
    std::map<std::string, std::string> variables;
    for (const QString& entry : text.split(' ', Qt::SkipEmptyParts)) {
        const qsizetype equals = entry.indexOf('=');
        variables[entry.left(equals).toStdString()] = entry.mid(equals + 1).toStdString();
    }
    return [variables](const std::string& name) -> std::optional<std::string> {
        const auto found = variables.find(name);
        if (found == variables.end())
            return std::nullopt;
        return found->second;
    };
}

/// "rank=R world=N master=TEXT", any of them, as the flags.
es::RankFlags flagsOf(const QString& text)
{
    es::RankFlags flags;
    for (const QString& entry : text.split(' ', Qt::SkipEmptyParts)) {
        const QString key = entry.section('=', 0, 0);
        const QString value = entry.section('=', 1);
        if (key == "rank")
            flags.rank = value.toInt();
        else if (key == "world")
            flags.worldSize = value.toInt();
        else if (key == "master")
            flags.master = value.toStdString();
    }
    return flags;
}

QString sourceName(es::RankSource source)
{
    switch (source) {
        case es::RankSource::CommandLine: return "flags";
        case es::RankSource::Launcher: return "nproc";
        case es::RankSource::Torchrun: return "torchrun";
        case es::RankSource::Slurm: return "slurm";
    }
    return {};
}

/// The issue a refused assignment raises: "path: message".
QString refusal(const QString& flags, const QString& environment)
{
    try {
        es::assignRank(flagsOf(flags), table(environment));
    } catch (const es::ConfigError& error) {
        if (error.issues().size() != 1)
            return "more than one issue";
        return QString::fromStdString(error.issues().front().path + ": " +
                                      error.issues().front().message);
    }
    return "accepted";
}

const char* const kTorchrun =
    "RANK=1 WORLD_SIZE=4 LOCAL_RANK=1 LOCAL_WORLD_SIZE=2 MASTER_ADDR=node-0 MASTER_PORT=29500";

}  // namespace

class TestRankEnvironment : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void assigned_data()
    {
        QTest::addColumn<QString>("flags");
        QTest::addColumn<QString>("environment");
        QTest::addColumn<int>("rank");
        QTest::addColumn<int>("worldSize");
        QTest::addColumn<int>("localRank");  // -1: not said
        QTest::addColumn<QString>("init");
        QTest::addColumn<QString>("source");

        QTest::newRow("torchrun") << "" << kTorchrun << 1 << 4 << 1 << "tcp://node-0:29500"
                                  << "torchrun";
        QTest::newRow("torchrun, IPv6 master bare")
            << ""
            << "RANK=0 WORLD_SIZE=2 LOCAL_RANK=0 MASTER_ADDR=::1 MASTER_PORT=1" << 0 << 2 << 0
            << "tcp://[::1]:1"
            << "torchrun";
        QTest::newRow("torchrun, IPv6 master in brackets")
            << ""
            << "RANK=0 WORLD_SIZE=2 MASTER_ADDR=[fe80::1] MASTER_PORT=65535" << 0 << 2 << -1
            << "tcp://[fe80::1]:65535"
            << "torchrun";
        QTest::newRow("torchrun without a master: the config's init")
            << ""
            << "RANK=1 WORLD_SIZE=2 LOCAL_RANK=1" << 1 << 2 << 1 << ""
            << "torchrun";
        QTest::newRow("our rendezvous wins over MASTER_*")
            << ""
            << "RANK=0 WORLD_SIZE=2 MASTER_ADDR=a MASTER_PORT=1 EPOCHSCOPE_RENDEZVOUS=file:/r" << 0
            << 2 << -1 << "file:/r"
            << "torchrun";
        QTest::newRow("started by --nproc")
            << ""
            << "RANK=1 WORLD_SIZE=2 LOCAL_RANK=1 LOCAL_WORLD_SIZE=2 "
               "EPOCHSCOPE_RENDEZVOUS=file:/tmp/d/rendezvous EPOCHSCOPE_LAUNCHER_PID=77"
            << 1 << 2 << 1 << "file:/tmp/d/rendezvous"
            << "nproc";
        QTest::newRow("Slurm with MASTER_*")
            << ""
            << "SLURM_PROCID=5 SLURM_NTASKS=8 SLURM_LOCALID=1 MASTER_ADDR=n1 MASTER_PORT=29500" << 5
            << 8 << 1 << "tcp://n1:29500"
            << "slurm";
        QTest::newRow("Slurm without a master: the config's init")
            << ""
            << "SLURM_PROCID=0 SLURM_NTASKS=2" << 0 << 2 << -1 << ""
            << "slurm";
        QTest::newRow("torchrun over Slurm")
            << "" << QString(kTorchrun) + " SLURM_PROCID=0 SLURM_NTASKS=1" << 1 << 4 << 1
            << "tcp://node-0:29500"
            << "torchrun";
        QTest::newRow("flags over torchrun") << "rank=2 world=3 master=10.0.0.1:4000" << kTorchrun
                                             << 2 << 3 << -1 << "tcp://10.0.0.1:4000"
                                             << "flags";
        QTest::newRow("flags, IPv6 master") << "rank=0 world=2 master=[::1]:29500"
                                            << "" << 0 << 2 << -1 << "tcp://[::1]:29500"
                                            << "flags";
        QTest::newRow("flags, a whole file rendezvous") << "rank=1 world=2 master=file:///shared/r"
                                                        << "" << 1 << 2 << -1 << "file:/shared/r"
                                                        << "flags";
        QTest::newRow("empty variables count as unset")
            << ""
            << "RANK= WORLD_SIZE= SLURM_PROCID=1 SLURM_NTASKS=2" << 1 << 2 << -1 << ""
            << "slurm";
    }

    void assigned()
    {
        QFETCH(QString, flags);
        QFETCH(QString, environment);
        QFETCH(int, rank);
        QFETCH(int, worldSize);
        QFETCH(int, localRank);
        QFETCH(QString, init);
        QFETCH(QString, source);
        const std::optional<es::RankAssignment> assignment =
            es::assignRank(flagsOf(flags), table(environment));
        QVERIFY(assignment.has_value());
        QCOMPARE(assignment->rank, rank);
        QCOMPARE(assignment->worldSize, worldSize);
        QCOMPARE(assignment->localRank.value_or(-1), localRank);
        QCOMPARE(QString::fromStdString(assignment->init), init);
        QCOMPARE(sourceName(assignment->source), source);
    }

    // LOCAL_WORLD_SIZE (torchrun, --nproc) says how many ranks share this machine's cores.
    void ranksOnThisMachine()
    {
        const auto torchrun = es::assignRank(flagsOf(""), table(kTorchrun));
        QVERIFY(torchrun.has_value());
        QCOMPARE(torchrun->localWorldSize.value_or(-1), 2);
        const auto bare = es::assignRank(flagsOf(""), table("RANK=0 WORLD_SIZE=2"));
        QVERIFY(bare.has_value());
        QVERIFY(!bare->localWorldSize.has_value());
    }

    void nothingSaidLeavesTheConfig()
    {
        QVERIFY(!es::assignRank({}, table("")).has_value());
        // sbatch scripts export these for srun's tasks; alone they say no rank.
        QVERIFY(!es::assignRank({}, table("MASTER_ADDR=n1 MASTER_PORT=29500 SLURM_NTASKS=4"))
                     .has_value());
    }

    void refused_data()
    {
        QTest::addColumn<QString>("flags");
        QTest::addColumn<QString>("environment");
        QTest::addColumn<QString>("issue");

        QTest::newRow("RANK without WORLD_SIZE")
            << ""
            << "RANK=0"
            << "WORLD_SIZE: not set, though RANK is (torchrun sets RANK, "
               "WORLD_SIZE and LOCAL_RANK together)";
        QTest::newRow("LOCAL_RANK alone")
            << ""
            << "LOCAL_RANK=0"
            << "RANK: not set, though LOCAL_RANK is (torchrun sets RANK, "
               "WORLD_SIZE and LOCAL_RANK together)";
        QTest::newRow("RANK not a number") << ""
                                           << "RANK=one WORLD_SIZE=2"
                                           << "RANK: expected a rank from 0 to 1 (WORLD_SIZE is "
                                              "2), got \"one\"";
        QTest::newRow("negative RANK") << ""
                                       << "RANK=-1 WORLD_SIZE=2"
                                       << "RANK: expected a rank from 0 to 1 (WORLD_SIZE is 2), "
                                          "got \"-1\"";
        QTest::newRow("RANK not below WORLD_SIZE")
            << ""
            << "RANK=2 WORLD_SIZE=2"
            << "RANK: expected a rank from 0 to 1 (WORLD_SIZE is 2), got \"2\"";
        QTest::newRow("WORLD_SIZE 0") << ""
                                      << "RANK=0 WORLD_SIZE=0"
                                      << "WORLD_SIZE: expected a whole number from 1 to 4096, "
                                         "got \"0\"";
        QTest::newRow("WORLD_SIZE with a space") << ""
                                                 << "RANK=0 WORLD_SIZE=2x"
                                                 << "WORLD_SIZE: expected a whole number from 1 "
                                                    "to 4096, got \"2x\"";
        QTest::newRow("WORLD_SIZE too large") << ""
                                              << "RANK=0 WORLD_SIZE=99999999999"
                                              << "WORLD_SIZE: expected a whole number from 1 to "
                                                 "4096, got \"99999999999\"";
        QTest::newRow("LOCAL_RANK not below LOCAL_WORLD_SIZE")
            << ""
            << "RANK=3 WORLD_SIZE=4 LOCAL_RANK=2 LOCAL_WORLD_SIZE=2"
            << "LOCAL_RANK: expected a rank from 0 to 1 (LOCAL_WORLD_SIZE is 2), got \"2\"";
        QTest::newRow("LOCAL_WORLD_SIZE above WORLD_SIZE")
            << ""
            << "RANK=0 WORLD_SIZE=2 LOCAL_WORLD_SIZE=3"
            << "LOCAL_WORLD_SIZE: expected a whole number from 1 to 2, got \"3\"";
        QTest::newRow("MASTER_ADDR without MASTER_PORT")
            << ""
            << "RANK=0 WORLD_SIZE=2 MASTER_ADDR=n1"
            << "MASTER_PORT: not set, though MASTER_ADDR is (the ranks meet at "
               "MASTER_ADDR:MASTER_PORT)";
        QTest::newRow("MASTER_PORT without MASTER_ADDR")
            << ""
            << "SLURM_PROCID=0 SLURM_NTASKS=2 MASTER_PORT=29500"
            << "MASTER_ADDR: not set, though MASTER_PORT is (the ranks meet at "
               "MASTER_ADDR:MASTER_PORT)";
        QTest::newRow("port 0") << ""
                                << "RANK=0 WORLD_SIZE=2 MASTER_ADDR=n1 MASTER_PORT=0"
                                << "MASTER_PORT: expected a whole number from 1 to 65535, got "
                                   "\"0\"";
        QTest::newRow("port 65536") << ""
                                    << "RANK=0 WORLD_SIZE=2 MASTER_ADDR=n1 MASTER_PORT=65536"
                                    << "MASTER_PORT: expected a whole number from 1 to 65535, "
                                       "got \"65536\"";
        QTest::newRow("port not a number")
            << ""
            << "RANK=0 WORLD_SIZE=2 MASTER_ADDR=n1 MASTER_PORT=http"
            << "MASTER_PORT: expected a whole number from 1 to 65535, got \"http\"";
        QTest::newRow("bad host")
            << ""
            << "RANK=0 WORLD_SIZE=2 MASTER_ADDR=no/host MASTER_PORT=1"
            << "MASTER_ADDR: \"no/host\" is not a host name or address (an IPv6 address goes in "
               "brackets: tcp://[::1]:29500)";
        QTest::newRow("bad EPOCHSCOPE_RENDEZVOUS")
            << ""
            << "RANK=0 WORLD_SIZE=2 EPOCHSCOPE_RENDEZVOUS=udp://x:1"
            << "EPOCHSCOPE_RENDEZVOUS: expected tcp://HOST:PORT or file:PATH";
        QTest::newRow("SLURM_PROCID without SLURM_NTASKS")
            << ""
            << "SLURM_PROCID=0"
            << "SLURM_NTASKS: not set, though SLURM_PROCID is (srun sets both for each task)";
        QTest::newRow("SLURM_PROCID not below SLURM_NTASKS")
            << ""
            << "SLURM_PROCID=4 SLURM_NTASKS=4"
            << "SLURM_PROCID: expected a rank from 0 to 3 (SLURM_NTASKS is 4), got \"4\"";
        QTest::newRow("SLURM_LOCALID not a number")
            << ""
            << "SLURM_PROCID=0 SLURM_NTASKS=4 SLURM_LOCALID=x"
            << "SLURM_LOCALID: expected a rank from 0 to 3 (SLURM_NTASKS is 4), got \"x\"";
        QTest::newRow("--rank not below --world-size")
            << "rank=2 world=2 master=h:1"
            << ""
            << "--rank: expected a rank from 0 to 1 (--world-size is 2), got \"2\"";
        QTest::newRow("--world-size 0") << "rank=0 world=0 master=h:1"
                                        << ""
                                        << "--world-size: expected a whole number from 1 to "
                                           "4096, got \"0\"";
        QTest::newRow("--master without a port")
            << "rank=0 world=2 master=h"
            << ""
            << "--master: the port is missing: tcp://HOST:PORT";
        QTest::newRow("--master port out of range")
            << "rank=0 world=2 master=h:70000"
            << ""
            << "--master: port \"70000\" is not a number from 1 to 65535";
        QTest::newRow("--rank alone") << "rank=0"
                                      << ""
                                      << "--world-size: not set, though --rank is (--rank, "
                                         "--world-size and --master go together)";
        QTest::newRow("flags are checked, not the environment behind them")
            << "rank=0 world=2" << kTorchrun
            << "--master: not set, though --rank is (--rank, --world-size and --master go "
               "together)";
    }

    void refused()
    {
        QFETCH(QString, flags);
        QFETCH(QString, environment);
        QFETCH(QString, issue);
        QCOMPARE(refusal(flags, environment), issue);
    }

    void appliedToTheConfig_data()
    {
        QTest::addColumn<QString>("environment");
        QTest::addColumn<QString>("device");  // the config's
        QTest::addColumn<QString>("configInit");
        QTest::addColumn<int>("rank");
        QTest::addColumn<int>("worldSize");
        QTest::addColumn<QString>("init");
        QTest::addColumn<QString>("deviceAfter");

        QTest::newRow("torchrun on the CPU") << kTorchrun << "cpu"
                                             << "" << 1 << 4 << "tcp://node-0:29500"
                                             << "cpu";
        QTest::newRow("torchrun on CUDA: the local rank's GPU")
            << kTorchrun << "cuda"
            << "" << 1 << 4 << "tcp://node-0:29500"
            << "cuda:1";
        QTest::newRow("the launcher's rendezvous replaces the config's")
            << "RANK=0 WORLD_SIZE=2 EPOCHSCOPE_RENDEZVOUS=file:/r"
            << "cpu"
            << "tcp://h:1" << 0 << 2 << "file:/r"
            << "cpu";
        QTest::newRow("Slurm without MASTER_*, the config's init")
            << "SLURM_PROCID=1 SLURM_NTASKS=2 SLURM_LOCALID=1"
            << "cuda:3"
            << "file:/shared/r" << 1 << 2 << "file:/shared/r"
            << "cuda:1";
        QTest::newRow("one rank keeps its GPU") << "RANK=0 WORLD_SIZE=1 LOCAL_RANK=0"
                                                << "cuda:2"
                                                << "" << 0 << 1 << ""
                                                << "cuda:2";
        QTest::newRow("no local rank keeps the GPU")
            << "RANK=1 WORLD_SIZE=2 MASTER_ADDR=h MASTER_PORT=1"
            << "cuda:2"
            << "" << 1 << 2 << "tcp://h:1"
            << "cuda:2";
        QTest::newRow("nothing said: the config as it is") << ""
                                                           << "cuda:1"
                                                           << "" << 0 << 1 << ""
                                                           << "cuda:1";
    }

    void appliedToTheConfig()
    {
        QFETCH(QString, environment);
        QFETCH(QString, device);
        QFETCH(QString, configInit);
        QFETCH(int, rank);
        QFETCH(int, worldSize);
        QFETCH(QString, init);
        QFETCH(QString, deviceAfter);
        es::RunConfig config;
        config.device = *es::deviceFromName(device.toStdString());
        config.distributed.init = configInit.toStdString();
        es::applyRankAssignment(config, es::assignRank({}, table(environment)));
        QCOMPARE(config.rank, rank);
        QCOMPARE(config.distributed.worldSize, worldSize);
        QCOMPARE(QString::fromStdString(config.distributed.init), init);
        QCOMPARE(QString::fromStdString(config.device.name()), deviceAfter);
    }

    void nowhereToMeetIsRefused_data()
    {
        QTest::addColumn<QString>("environment");
        QTest::addColumn<int>("configWorldSize");
        QTest::addColumn<QStringList>("named");  // what the message tells the user to set

        QTest::newRow("Slurm") << "SLURM_PROCID=0 SLURM_NTASKS=2" << 1
                               << QStringList{"MASTER_ADDR", "MASTER_PORT", "distributed.init"};
        QTest::newRow("torchrun variables")
            << "RANK=0 WORLD_SIZE=2" << 1
            << QStringList{"MASTER_ADDR", "MASTER_PORT", "EPOCHSCOPE_RENDEZVOUS"};
        QTest::newRow("the config alone") << "" << 2 << QStringList{"--master", "--nproc"};
    }

    void nowhereToMeetIsRefused()
    {
        QFETCH(QString, environment);
        QFETCH(int, configWorldSize);
        QFETCH(QStringList, named);
        es::RunConfig config;
        config.distributed.worldSize = configWorldSize;
        try {
            es::applyRankAssignment(config, es::assignRank({}, table(environment)));
            QFAIL("accepted ranks that have nowhere to meet");
        } catch (const es::ConfigError& error) {
            QCOMPARE(error.issues().size(), std::size_t(1));
            QCOMPARE(error.issues().front().path, std::string("distributed.init"));
            const QString message = QString::fromStdString(error.issues().front().message);
            for (const QString& name : named)
                QVERIFY2(message.contains(name), qPrintable(message));
        }
    }
};

QTEST_APPLESS_MAIN(TestRankEnvironment)
#include "tst_rankenvironment.moc"
