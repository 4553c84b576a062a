// End to end: `epochscope-cli whatif` measures a preset against variants, prints the table or
// the JSON document, keeps the experiment in the run database, and refuses bad input before
// anything runs.
#include "engine/env/cpuinfo.h"
#include "tests/support/clirunner.h"
#include "tests/support/testsuite.h"

#include <QtCore/QProcess>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <torch/cuda.h>
#include <nlohmann/json.hpp>

class TestWhatifCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString database(const QString& name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void measuresThreadsAsJsonAndShowsItAgain()
    {
        const QString db = database("threads.sqlite");
        const CliRun run =
            runCli({"whatif", "--preset", "quick-demo", "--vary", "threads=1,2", "--warmup-steps",
                    "2", "--measured-steps", "6", "--repeats", "2", "--json", "--db", db},
                   kTrainTimeoutMs);
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        const nlohmann::json document =
            nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(document.is_object(), qPrintable(run.out));
        QCOMPARE(document["format"], nlohmann::json("epochscope-whatif"));
        QCOMPARE(document["warmup_steps"], nlohmann::json(2));
        QCOMPARE(document["measured_steps"], nlohmann::json(6));
        QCOMPARE(document["repeats"], nlohmann::json(2));
        QVERIFY(document["complete"].get<bool>());
        QVERIFY(!document["stopped"].get<bool>());
        QVERIFY(document["experiment"].is_number_integer());
        // quick-demo leaves intra_op_threads at 0, so both values are variants.
        QCOMPARE(whatifVariantLabels(document),
                 (QStringList{"baseline", "threads=1", "threads=2"}));
        for (const nlohmann::json& variant : document["variants"]) {
            QCOMPARE(variant["runs_planned"], nlohmann::json(2));
            QCOMPARE(variant["runs_measured"], nlohmann::json(2));
            QCOMPARE(variant["runs"].size(), std::size_t(2));
            const nlohmann::json& steps = variant["measured"]["step_ms"];
            QVERIFY(steps["min"].get<double>() > 0.0);
            QVERIFY(steps["min"].get<double>() <= steps["median"].get<double>());
            QVERIFY(steps["median"].get<double>() <= steps["max"].get<double>());
            QCOMPARE(variant["measured"]["steps_per_run"], nlohmann::json(6));
            // 6144 samples, 20% validation: 4915 train in batches of 64.
            QCOMPARE(variant["projected"]["steps_per_epoch"], nlohmann::json(77));
            QVERIFY(variant["projected"]["epoch_s"].get<double>() > 0.0);
            QVERIFY(variant["speedup"].get<double>() > 0.0);
            QVERIFY(variant["error"].is_null());
        }
        QCOMPARE(document["variants"][0]["speedup"], nlohmann::json(1.0));
        QCOMPARE(document["variants"][1]["patch"],
                 nlohmann::json::parse(R"({"device":{"intra_op_threads":1}})"));
        // Progress went to stderr, one line per run.
        QCOMPARE(run.err.count(" ms/step"), 6);

        // threads=N for this machine's core count trains like the baseline's 0 (one thread
        // per physical core): the report says so rather than letting noise pass as a speedup.
        const int cores = es::readCpuTopology().physicalCores;
        if (cores == 1 || cores == 2) {
            const std::string same = "threads=" + std::to_string(cores) + " trains like baseline";
            const std::string notes = document["notes"].dump();
            QVERIFY2(notes.find(same) != std::string::npos, notes.c_str());
        }

        // The group's runs make a comparison report: baseline against threads=1.
        const QString baselineRun =
            QString::number(document["variants"][0]["runs"][0]["run"].get<long long>());
        const QString oneThreadRun =
            QString::number(document["variants"][1]["runs"][0]["run"].get<long long>());
        const QString reportPath = m_dir.filePath("threads.md");
        const CliRun compared =
            runCli({"compare", baselineRun, oneThreadRun, "--out", reportPath, "--db", db});
        QVERIFY2(compared.exitCode == kExitFinished, qPrintable(describe(compared)));
        QFile reportFile(reportPath);
        QVERIFY(reportFile.open(QIODevice::ReadOnly));
        const QString report = QString::fromUtf8(reportFile.readAll());
        QVERIFY2(report.contains("device.intra_op_threads"), qPrintable(report));
        QVERIFY2(
            report.contains(QRegularExpression("B is [0-9.]+x (faster|slower) per step than A")),
            qPrintable(report));

        const QString id = QString::number(document["experiment"].get<long long>());
        const CliRun shown = runCli({"whatif", "show", id, "--json", "--db", db});
        QVERIFY2(shown.exitCode == kExitFinished, qPrintable(describe(shown)));
        const nlohmann::json again = nlohmann::json::parse(shown.out.toStdString(), nullptr, false);
        QCOMPARE(again["variants"], document["variants"]);

        const CliRun listed = runCli({"whatif", "list", "--db", db});
        QVERIFY2(listed.exitCode == kExitFinished, qPrintable(describe(listed)));
        QVERIFY2(listed.out.contains("6 runs"), qPrintable(listed.out));
        const CliRun runs = runCli({"runs", "list", "--db", db});
        QCOMPARE(runs.out.count("what-if"), 6);
    }

    void measuresTheFixesOfARunsFindings()
    {
        const QString db = database("fromrun.sqlite");
        // One thread on a machine with more cores: the threads rule's fix is a config patch.
        const CliRun trained =
            runCli({"train", "--preset", "quick-demo", "--epochs", "1", "--max-batches", "12",
                    "--threads", "1", "--quiet", "--db", db},
                   kTrainTimeoutMs);
        QVERIFY2(trained.exitCode == kExitFinished, qPrintable(describe(trained)));
        if (es::readCpuTopology().physicalCores < 2)
            QSKIP("one core: one thread is right here, so no finding has a fix to measure");

        const CliRun run = runCli({"whatif", "--from-run", "1", "--warmup-steps", "2",
                                   "--measured-steps", "3", "--repeats", "1", "--json", "--db", db},
                                  kTrainTimeoutMs);
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        const nlohmann::json document =
            nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(document.is_object(), qPrintable(run.out));
        const QStringList labels = whatifVariantLabels(document);
        QCOMPARE(labels.first(), QString("baseline"));
        const qsizetype threads = labels.indexOf("threads");
        QVERIFY2(threads > 0, qPrintable(labels.join(", ")));
        QCOMPARE(document["variants"][threads]["patch"],
                 nlohmann::json::parse(R"({"device":{"intra_op_threads":0}})"));
        QVERIFY(document["variants"][threads]["measured"]["step_ms"]["median"].get<double>() > 0);

        const CliRun missing = runCli({"whatif", "--from-run", "99", "--db", db});
        QCOMPARE(missing.exitCode, kExitBadInput);
        QVERIFY2(missing.err.contains("99"), qPrintable(describe(missing)));
    }

    void printsATable()
    {
        const CliRun run =
            runCli({"whatif", "--preset", "quick-demo", "--patch", R"({"data":{"prefetch":2}})",
                    "--warmup-steps", "1", "--measured-steps", "2", "--repeats", "1", "--db",
                    database("table.sqlite")},
                   kTrainTimeoutMs);
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        QVERIFY2(run.out.contains("[2/2] data.prefetch=2 repeat 1/1: "), qPrintable(run.out));
        QVERIFY2(run.out.contains("epoch s (projected)"), qPrintable(run.out));
        QVERIFY2(run.out.contains("Projected, not measured"), qPrintable(run.out));
        QVERIFY2(run.out.contains("1.00x"), qPrintable(run.out));
        QVERIFY2(run.out.contains("Recorded as experiment 1"), qPrintable(run.out));
    }

    /// Ctrl+C stops the run in progress and the experiment, prints the table of what was
    /// measured, and exits 130; the runs in the store are the shortened measuring configs.
    void interruptKeepsWhatWasMeasured()
    {
        const QString db = database("interrupted.sqlite");
        QProcess process;
        const QByteArray started = startUntilOutput(
            process,
            {"whatif", "--preset", "quick-demo", "--vary", "threads=1", "--warmup-steps", "1",
             "--measured-steps", "40", "--repeats", "3", "--db", db},
            "ms/step");
        QVERIFY2(started.contains("[1/6] baseline repeat 1/3: "), started.constData());
        const CliRun run = interruptRun(process, started);
        QVERIFY2(run.exitCode == kExitInterrupted, qPrintable(describe(run)));
        QVERIFY2(run.err.contains("stopping the experiment"), qPrintable(run.err));
        QVERIFY2(run.out.contains("Stopped before the end: "), qPrintable(run.out));
        QVERIFY2(!run.out.contains("[6/6]"), qPrintable(run.out));

        const QString exported = m_dir.filePath("run1.json");
        const CliRun exportRun =
            runCli({"runs", "export", "1", "--format", "json", "--out", exported, "--db", db});
        QVERIFY2(exportRun.exitCode == kExitFinished, qPrintable(describe(exportRun)));
        const nlohmann::json config = readJson(exported)["config"];
        QCOMPARE(config["training"]["epochs"], nlohmann::json(1));
        QCOMPARE(config["training"]["steps_per_epoch"], nlohmann::json(41));
        // No callback needs validation, so the measured runs leave it out.
        QCOMPARE(config["data"]["validation_split"], nlohmann::json(0.0));
    }

    void refusesBadInputBeforeRunning_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("expected");  // part of stderr

        const QStringList preset = {"whatif", "--preset", "quick-demo"};
        QTest::newRow("nothing to vary") << preset << "--vary";
        QTest::newRow("unknown alias")
            << preset + QStringList{"--vary", "thread=1,2"} << "unknown key 'thread'";
        QTest::newRow("epochs") << preset + QStringList{"--vary", "epochs=1,2"}
                                << "epochs cannot be varied";
        QTest::newRow("invalid variant") << preset + QStringList{"--vary", "placement=host,gpu"}
                                         << "variant 'placement=gpu': data.placement";
        QTest::newRow("invalid patch JSON")
            << preset + QStringList{"--patch", "{data"} << "--patch";
        QTest::newRow("only the baseline's value")
            << preset + QStringList{"--vary", "threads=0"} << "nothing to measure";
        if (!torch::cuda::is_available())
            QTest::newRow("CUDA device this machine lacks")
                << preset + QStringList{"--vary", "device=cpu,cuda"}
                << "variant 'device=cuda': device.name";
        QTest::newRow("no config") << QStringList{"whatif", "--vary", "threads=1"}
                                   << "--config FILE, --preset NAME or --from-run ID";
        QTest::newRow("zero repeats")
            << preset + QStringList{"--vary", "threads=1", "--repeats", "0"} << "--repeats";
        QTest::newRow("no such experiment")
            << QStringList{"whatif", "show", "99"} << "no experiment 99";
    }

    void refusesBadInputBeforeRunning()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, expected);
        const QString db = database("refused.sqlite");
        const CliRun run = runCli(arguments + QStringList{"--db", db});
        QVERIFY2(run.exitCode == kExitBadInput, qPrintable(describe(run)));
        QVERIFY2(run.err.contains(expected), qPrintable(describe(run)));
        QVERIFY2(!run.out.contains("ms/step") && !run.err.contains("ms/step"),
                 qPrintable(describe(run)));
    }

    void failingVariantExitsOne()
    {
        // Valid as a config, but its data file is not there: the variant's run fails and gets
        // no more runs, the baseline is still measured.
        const CliRun run = runCli(
            {"whatif", "--preset", "quick-demo", "--patch",
             // A merge patch removes the synthetic source's own keys with null.
             R"({"data":{"source":{"type":"npy","x":"/nonexistent/x.npy","y":"/nonexistent/y.npy",
                 "samples":null,"timesteps":null,"features":null,"noise":null,"classes":null}}})",
             "--warmup-steps", "1", "--measured-steps", "1", "--repeats", "2", "--json", "--db",
             database("failing.sqlite")},
            kTrainTimeoutMs);
        QVERIFY2(run.exitCode == kExitRunFailed, qPrintable(describe(run)));
        const nlohmann::json document =
            nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QCOMPARE(document["variants"][0]["runs_measured"], nlohmann::json(2));
        const nlohmann::json& failed = document["variants"][1];
        QVERIFY(failed["error"].get<std::string>().find("x.npy") != std::string::npos);
        QCOMPARE(failed["runs"].size(), std::size_t(1));
        QVERIFY(failed["speedup"].is_null());
        QVERIFY(failed["measured"].is_null());
    }
};

EPOCHSCOPE_TEST_GUILESS_MAIN(TestWhatifCli)
#include "tst_whatifcli.moc"
