// What a distributed run leaves behind, end to end through the CLI: rank 0's run database holds
// every rank's steps (gathered at each epoch's end through the process group) with the
// gradient bytes each step reduced, its summary names each rank's host and step medians and
// the communication the steps waited for, `--baseline-run` adds the scaling efficiency against
// a recorded run of one process, and `runs show` and `runs export` show the ranks.
#include "tests/support/clirunner.h"
#include "tests/support/testpaths.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <array>
#include <climits>
#include <string>

namespace {

constexpr int kEpochs = 2;
constexpr int kStepsPerEpoch = 6;
constexpr int kFloatBytes = 4;

std::string thisHost()
{
    std::array<char, HOST_NAME_MAX + 1> name{};
    ::gethostname(name.data(), name.size() - 1);
    return name.data();
}

std::int64_t countOf(const QString& db, const std::string& sql)
{
    SQLite::Database database(db.toStdString());
    return database.execAndGet(sql).getInt64();
}

}  // namespace

class TestDistributedRecord : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Run 1: one process, the baseline; run 2: two ranks measured against it.
        const QStringList shortened = {"--preset",      "quick-demo",
                                       "--epochs",      QString::number(kEpochs),
                                       "--max-batches", QString::number(kStepsPerEpoch),
                                       "--db",          db()};
        const CliRun one = runCli(QStringList{"train"} + shortened +
                                      QStringList{"--json-out", m_dir.filePath("one.json")},
                                  kTrainTimeoutMs);
        QVERIFY2(one.exitCode == kExitFinished, qPrintable(describe(one)));
        const CliRun two = runCli(QStringList{"train"} + shortened +
                                      QStringList{"--nproc", "2", "--baseline-run", "1",
                                                  "--json-out", m_dir.filePath("two.json")},
                                  kTrainTimeoutMs);
        QVERIFY2(two.exitCode == kExitFinished, qPrintable(describe(two)));
        QVERIFY2(two.out.contains("Scaling efficiency against run 1: "), qPrintable(two.out));
        m_summary = readJson(m_dir.filePath("two.json"));
        QVERIFY(m_summary.is_object());
    }

    void everyRanksStepsReachRankZerosDatabase()
    {
        const std::int64_t steps = kEpochs * kStepsPerEpoch;
        QCOMPARE(countOf(db(), "SELECT COUNT(*) FROM batches WHERE run_id = 2"), steps);
        QCOMPARE(countOf(db(), "SELECT COUNT(*) FROM rank_batches WHERE run_id = 2 AND rank = 1"),
                 steps);
        QCOMPARE(countOf(db(), "SELECT COUNT(*) FROM rank_batches WHERE rank <> 1"),
                 std::int64_t(0));
        // The same steps on both ranks: every (epoch, batch) of rank 0 has rank 1's.
        QCOMPARE(countOf(db(),
                         "SELECT COUNT(*) FROM batches b JOIN rank_batches r ON "
                         "r.run_id = b.run_id AND r.epoch = b.epoch AND r.batch = b.batch "
                         "WHERE b.run_id = 2"),
                 steps);
        // Each step all-reduced every gradient once: the model's float32 parameters.
        const std::int64_t parameters = m_summary["run"]["total_params"].get<std::int64_t>();
        const std::string expected = std::to_string(parameters * kFloatBytes);
        QCOMPARE(
            countOf(db(), "SELECT COUNT(*) FROM batches WHERE run_id = 2 AND reduced_bytes = " +
                              expected),
            steps);
        QCOMPARE(
            countOf(db(), "SELECT COUNT(*) FROM rank_batches WHERE reduced_bytes = " + expected),
            steps);
        // The run of one process reduced nothing and has no other ranks.
        QCOMPARE(countOf(db(), "SELECT SUM(reduced_bytes) FROM batches WHERE run_id = 1"),
                 std::int64_t(0));
        QCOMPARE(countOf(db(), "SELECT COUNT(*) FROM rank_batches WHERE run_id = 1"),
                 std::int64_t(0));
    }

    void summaryNamesTheRanksTheirHostsAndTheCommunication()
    {
        const nlohmann::json& members = m_summary["run"]["ranks"];
        QCOMPARE(members.size(), std::size_t(2));
        for (int rank = 0; rank < 2; ++rank) {
            QCOMPARE(members[rank]["rank"].get<int>(), rank);
            QCOMPARE(members[rank]["host"].get<std::string>(), thisHost());
            QVERIFY(members[rank]["pid"].get<std::int64_t>() > 0);
        }
        QVERIFY(members[0]["pid"] != members[1]["pid"]);
        const nlohmann::json& ranks = m_summary["ranks"];
        QCOMPARE(ranks.size(), std::size_t(2));
        QCOMPARE(ranks[1]["rank"].get<int>(), 1);
        QCOMPARE(ranks[1]["steady_steps"].get<int>(), kStepsPerEpoch);  // epoch 2's
        QVERIFY(ranks[1]["step_ms"].get<double>() > 0.0);
        QVERIFY(ranks[1]["busy_ms"].get<double>() <= ranks[1]["step_ms"].get<double>());
        const nlohmann::json& communication = m_summary["communication"];
        QVERIFY(communication.is_object());
        QCOMPARE(communication["reduced_bytes_per_step"].get<std::int64_t>(),
                 m_summary["run"]["total_params"].get<std::int64_t>() * kFloatBytes);
        QVERIFY(communication["share"].get<double>() > 0.0);
        QVERIFY(communication["share"].get<double>() < 1.0);
        QVERIFY(readJson(m_dir.filePath("one.json"))["communication"].is_null());
    }

    void baselineRunGivesTheScalingEfficiency()
    {
        const nlohmann::json& scaling = m_summary["scaling"];
        QVERIFY(scaling.is_object());
        QCOMPARE(scaling["baseline_run"].get<int>(), 1);
        QCOMPARE(scaling["units"].get<int>(), 1);  // two ranks on this one machine
        QCOMPARE(scaling["baseline_units"].get<int>(), 1);
        const double expected = scaling["samples_per_s"].get<double>() /
                                scaling["baseline_samples_per_s"].get<double>();
        QCOMPARE(scaling["efficiency"].get<double>(), expected);
        QVERIFY(readJson(m_dir.filePath("one.json"))["scaling"].is_null());
    }

    void aBaselineThatCannotServeIsRefusedBeforeTraining_data()
    {
        QTest::addColumn<QString>("run");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing") << "99"
                                 << "no run 99 in ";
        QTest::newRow("not a number") << "first"
                                      << "--baseline-run";
    }
    void aBaselineThatCannotServeIsRefusedBeforeTraining()
    {
        QFETCH(QString, run);
        QFETCH(QString, message);
        const CliRun refused = runCli({"train", "--preset", "quick-demo", "--epochs", "1", "--db",
                                       db(), "--baseline-run", run});
        QCOMPARE(refused.exitCode, kExitBadInput);
        QVERIFY2(refused.err.contains(message), qPrintable(describe(refused)));
        QCOMPARE(countOf(db(), "SELECT COUNT(*) FROM runs"), std::int64_t(2));  // none begun
    }

    void runsShowAndExportShowTheRanks()
    {
        const CliRun shown = runCli({"runs", "show", "2", "--db", db()});
        QCOMPARE(shown.exitCode, kExitFinished);
        QVERIFY2(shown.out.contains("2 ranks (medians of warm steps):"), qPrintable(shown.out));
        QVERIFY2(shown.out.contains(QString::fromStdString("rank 1 on " + thisHost() + ": ")),
                 qPrintable(shown.out));
        QVERIFY2(shown.out.contains("scaling efficiency against run 1: "), qPrintable(shown.out));
        const QString csv = m_dir.filePath("steps.csv");
        QCOMPARE(
            runCli({"runs", "export", "2", "--format", "csv", "--out", csv, "--db", db()}).exitCode,
            kExitFinished);
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 2 * kEpochs * kStepsPerEpoch);
        QVERIFY(lines.last().endsWith(",1"));  // rank 1's rows follow rank 0's
    }

private:
    QString db() const { return m_dir.filePath("runs.sqlite"); }

    QTemporaryDir m_dir;
    nlohmann::json m_summary;
};

QTEST_GUILESS_MAIN(TestDistributedRecord)
#include "tst_distributedrecord.moc"
