// `epochscope-cli whatif --vary arg:... --vary env:... -- python3 train.py`: a what-if on a
// Python script whose step cost is set by a flag and by an environment variable, through the
// CLI. The table ranks the variants by that cost, every run is stopped after its warm-up +
// measured steps, the experiment is kept in the run database and `whatif show` rebuilds the
// same rows; bad --vary forms are refused before anything runs, and a variant the script
// rejects is reported failed (docs/whatif.md#what-if-for-a-python-script).
#include "engine/store/runstore.h"
#include "tests/support/clirunner.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace {

constexpr const char* kPython = "/usr/bin/python3";
constexpr int kWarmupSteps = 2;
constexpr int kMeasuredSteps = 6;
constexpr int kRepeats = 2;

/// A training loop whose forward sleeps `--sleep-ms` plus EXTRA_SLEEP_MS milliseconds, for
/// `--steps` steps (far more than a run makes), reading the loss with .item() and printing it
/// on its standard output. argparse refuses an unknown flag with exit status 2.
const QByteArray kSleepScript = R"(
import argparse, os, time, torch
parser = argparse.ArgumentParser()
parser.add_argument("--sleep-ms", type=float, default=5.0)
parser.add_argument("--steps", type=int, default=2000)
args = parser.parse_args()
extra_ms = float(os.environ.get("EXTRA_SLEEP_MS", "0"))

class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.dense = torch.nn.Linear(8, 1)
    def forward(self, x):
        time.sleep((args.sleep_ms + extra_ms) / 1000.0)
        return self.dense(x)

model = Model()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for step in range(args.steps):
    x, y = torch.randn(4, 8), torch.randn(4, 1)
    optimizer.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    print("loss", loss.item())
)";

QStringList windowOptions(int repeats = kRepeats)
{
    return {"--warmup-steps",   QString::number(kWarmupSteps),
            "--measured-steps", QString::number(kMeasuredSteps),
            "--repeats",        QString::number(repeats)};
}

double medianMs(const nlohmann::json& variant)
{
    return variant["measured"]["step_ms"]["median"].get<double>();
}

}  // namespace

class TestScriptWhatifCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_script;

    QString database(const QString& name) const { return m_dir.filePath(name); }

    /// whatif on the sleeping script, run in the test's folder.
    CliRun whatif(const QString& db, const QStringList& options,
                  const QStringList& scriptArguments = {"--sleep-ms", "5"}) const
    {
        return runCli(QStringList{"whatif", "--db", db} + options + QStringList{"--", kPython} +
                          QStringList{m_script} + scriptArguments,
                      kTrainTimeoutMs);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFile::exists(kPython),
                 "/usr/bin/python3 is missing: run scripts/bootstrap-debian.sh");
        m_script = m_dir.filePath("sleeper.py");
        QFile file(m_script);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(kSleepScript), kSleepScript.size());
    }

    void ranksTheVariantsAndKeepsTheExperiment()
    {
        const QString db = database("ranks.sqlite");
        const CliRun run =
            whatif(db, windowOptions() + QStringList{"--json", "--vary", "arg:--sleep-ms=20",
                                                     "--vary", "env:EXTRA_SLEEP_MS=15"});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        // The scripts' own output went to stderr: stdout is the document alone.
        const nlohmann::json document =
            nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(document.is_object(), qPrintable(run.out));
        QVERIFY2(run.err.contains("loss "), qPrintable(run.err));
        QCOMPARE(document["kind"], nlohmann::json("script"));
        QVERIFY(document["complete"].get<bool>());
        QCOMPARE(whatifVariantLabels(document),
                 (QStringList{"baseline", "arg:--sleep-ms=20", "env:EXTRA_SLEEP_MS=15"}));
        const nlohmann::json& variants = document["variants"];
        QCOMPARE(variants[1]["patch"], nlohmann::json::parse(R"({"args":{"--sleep-ms":"20"}})"));
        QCOMPARE(variants[2]["patch"], nlohmann::json::parse(R"({"env":{"EXTRA_SLEEP_MS":"15"}})"));
        for (const nlohmann::json& variant : variants) {
            QCOMPARE(variant["runs_measured"], nlohmann::json(kRepeats));
            QCOMPARE(variant["measured"]["steps_per_run"], nlohmann::json(kMeasuredSteps));
            // Stopped inside the script's one long epoch: its length is unknown, not invented.
            QVERIFY(variant["projected"].is_null());
            for (const nlohmann::json& each : variant["runs"])
                QVERIFY2(each["counted"].get<bool>(), each.dump().c_str());
        }
        // 5 ms a step against 20 ms and 5 + 15 ms: the table ranks them so, with room for a
        // loaded machine that oversleeps.
        const double baseline = medianMs(variants[0]);
        QVERIFY2(medianMs(variants[1]) >= 2.0 * baseline, variants.dump().c_str());
        QVERIFY2(medianMs(variants[2]) >= 2.0 * baseline, variants.dump().c_str());
        QVERIFY(variants[1]["speedup"].get<double>() < 0.6);
        QVERIFY(variants[2]["speedup"].get<double>() < 0.6);

        // Every run recorded, attached to the experiment, and stopped after its warm-up +
        // measured steps.
        const std::int64_t id = document["experiment"].get<std::int64_t>();
        std::vector<es::StoredExperimentRun> storedRuns;
        {
            es::RunStore store(db.toStdString(), es::StoreAccess::ReadOnly);
            const std::optional<es::StoredExperiment> stored = store.loadExperiment(id);
            QVERIFY(stored.has_value());
            QCOMPARE(stored->settings["kind"], nlohmann::json("script"));
            QCOMPARE(stored->settings["script"]["command"].back(), nlohmann::json("5"));
            QCOMPARE(stored->runs.size(), std::size_t(3 * kRepeats));
            storedRuns = stored->runs;
        }
        for (const es::StoredExperimentRun& each : storedRuns) {
            QCOMPARE(each.batches.size(), std::size_t(kWarmupSteps + kMeasuredSteps));
            QVERIFY(each.status == es::RunStatus::Stopped ||
                    each.status == es::RunStatus::Completed);
            QVERIFY(each.config.contains("script"));
            // Each run's config holds the variables it was started with, as its variant's
            // patch has them; the runs that set none hold none.
            const nlohmann::json& script = each.config.at("script");
            const nlohmann::json expected =
                variants[static_cast<std::size_t>(each.variantIndex)]["patch"].value(
                    "env", nlohmann::json());
            QCOMPARE(script.value("env", nlohmann::json()), expected);
            QCOMPARE(each.patch.value("env", nlohmann::json()), expected);
            // `runs show` of the run alone says so, with the variable in front of the command,
            // as the plan printed it.
            const QString variables = each.variantIndex == 2 ? "EXTRA_SLEEP_MS=15 " : "";
            const QString sleepMs = each.variantIndex == 1 ? "20" : "5";
            const CliRun shown = runCli({"runs", "show", QString::number(each.runId), "--db", db});
            QVERIFY2(shown.exitCode == kExitFinished, qPrintable(describe(shown)));
            QVERIFY2(shown.out.contains("\n  script: " + variables + kPython + " " + m_script +
                                        " --sleep-ms " + sleepMs + "\n"),
                     qPrintable(shown.out));
            QVERIFY2(shown.out.contains("\n  working folder: " + QDir::currentPath() + "\n"),
                     qPrintable(shown.out));
        }
        QCOMPARE(variants[2]["patch"]["env"], nlohmann::json::parse(R"({"EXTRA_SLEEP_MS":"15"})"));

        // whatif show rebuilds the same rows from the stored steps.
        const CliRun shown = runCli({"whatif", "show", QString::number(id), "--json", "--db", db});
        QVERIFY2(shown.exitCode == kExitFinished, qPrintable(describe(shown)));
        const nlohmann::json again = nlohmann::json::parse(shown.out.toStdString(), nullptr, false);
        QCOMPARE(again["variants"], document["variants"]);
        QCOMPARE(again["kind"], nlohmann::json("script"));
        const CliRun table = runCli({"whatif", "show", QString::number(id), "--db", db});
        QVERIFY2(table.exitCode == kExitFinished, qPrintable(describe(table)));
        QVERIFY2(table.out.contains(QRegularExpression("\narg:--sleep-ms=20 +2/2 ")),
                 qPrintable(table.out));
        QVERIFY2(table.out.contains("Not projected: no run got through a whole epoch"),
                 qPrintable(table.out));
        const CliRun listed = runCli({"whatif", "list", "--db", db});
        QVERIFY2(listed.out.contains("6 runs  sleeper.py: arg:--sleep-ms=20; "
                                     "env:EXTRA_SLEEP_MS=15"),
                 qPrintable(listed.out));
        const CliRun runs = runCli({"runs", "list", "--db", db});
        QCOMPARE(runs.out.count("sleeper.py what-if"), 3 * kRepeats);
    }

    void refusesBadVaryFormsBeforeRunning_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("expected");  // part of stderr

        QTest::newRow("no --vary") << QStringList{} << "--vary: a script's what-if needs";
        QTest::newRow("config key") << QStringList{"--vary", "batch_size=32,64"}
                                    << "--vary: 'batch_size=32,64' varies a config key, and a "
                                       "script has no config: use arg:--batch-size=...";
        QTest::newRow("no values") << QStringList{"--vary", "env:EXTRA_SLEEP_MS"}
                                   << "--vary: 'env:EXTRA_SLEEP_MS': expected env:NAME=V1,V2";
        QTest::newRow("empty value") << QStringList{"--vary", "arg:--sleep-ms=1,,2"}
                                     << "--vary: arg:--sleep-ms: empty value in";
        QTest::newRow("no variable name")
            << QStringList{"--vary", "env:9X=1"} << "--vary: env:9X: '9X' is no environment";
        QTest::newRow("no flag") << QStringList{"--vary", "arg:sleep=1"}
                                 << "--vary: arg:sleep: 'sleep' is no flag";
        QTest::newRow("probe's variable")
            << QStringList{"--vary", "env:EPOCHSCOPE_PROBE_MAX_STEPS=3"}
            << "--vary: EPOCHSCOPE_PROBE_MAX_STEPS cannot be varied";
        QTest::newRow("threads not a count")
            << QStringList{"--vary", "threads=0"} << "--vary: threads: expected a positive integer";
        QTest::newRow("varied twice")
            << QStringList{"--vary", "threads=1", "--vary", "env:OMP_NUM_THREADS=2"}
            << "--vary: OMP_NUM_THREADS is varied twice";
        QTest::newRow("only the baseline's value")
            << QStringList{"--vary", "arg:--sleep-ms=5"} << "--vary: nothing to measure";
        QTest::newRow("--patch") << QStringList{"--patch", R"({"data":{"prefetch":2}})"}
                                 << "--patch: a script has no config to patch";
        QTest::newRow("two baselines")
            << QStringList{"--preset", "quick-demo", "--vary", "threads=1"}
            << "whatif takes one baseline";
        QTest::newRow("zero repeats")
            << QStringList{"--vary", "threads=1", "--repeats", "0"} << "--repeats";
    }

    void refusesBadVaryFormsBeforeRunning()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, expected);
        const CliRun run = whatif(database("refused.sqlite"), options);
        QVERIFY2(run.exitCode == kExitBadInput, qPrintable(describe(run)));
        QVERIFY2(run.err.contains(expected), qPrintable(describe(run)));
        QVERIFY2(!run.out.contains("ms/step") && !run.err.contains("loss "),
                 qPrintable(describe(run)));
    }

    void refusesScriptFormsForAConfig()
    {
        const CliRun run = runCli({"whatif", "--preset", "quick-demo", "--vary",
                                   "arg:--batch-size=32", "--db", database("refused.sqlite")});
        QCOMPARE(run.exitCode, kExitBadInput);
        QVERIFY2(run.err.contains("--vary: arg:--batch-size=32 varies a Python script's run"),
                 qPrintable(describe(run)));
    }

    void aVariantTheScriptRejectsIsFailed()
    {
        // argparse refuses the flag added to the command: exit status 2 from the script.
        const CliRun run =
            whatif(database("failing.sqlite"),
                   windowOptions() + QStringList{"--json", "--vary", "arg:--no-such-flag=1"});
        QVERIFY2(run.exitCode == kExitRunFailed, qPrintable(describe(run)));
        QVERIFY2(run.err.contains("unrecognized arguments: --no-such-flag=1"), qPrintable(run.err));
        const nlohmann::json document =
            nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(document.is_object(), qPrintable(run.out));
        QCOMPARE(document["variants"][0]["runs_measured"], nlohmann::json(kRepeats));
        const nlohmann::json& failed = document["variants"][1];
        QCOMPARE(failed["error"], nlohmann::json("SystemExit: 2"));
        QCOMPARE(failed["runs"].size(), std::size_t(1));  // no more runs after the failure
        QVERIFY(failed["measured"].is_null());
        QVERIFY(failed["speedup"].is_null());
    }

    void aFailingBaselineEndsTheExperiment()
    {
        const CliRun run = whatif(database("baseline.sqlite"),
                                  windowOptions() + QStringList{"--vary", "threads=1"},
                                  {"--sleep-ms", "not-a-number"});
        QVERIFY2(run.exitCode == kExitRunFailed, qPrintable(describe(run)));
        QVERIFY2(run.out.contains("[1/4] baseline repeat 1/2: failed"), qPrintable(run.out));
        QVERIFY2(!run.out.contains("[2/4]"), qPrintable(run.out));
        QVERIFY2(run.err.contains("the baseline run failed, so there is nothing to compare "
                                  "against: SystemExit: 2"),
                 qPrintable(run.err));
    }

    /// Ctrl+C stops the script in its run and the experiment, prints the table of what was
    /// measured and exits 130; the stopped run is kept, and not counted.
    void interruptKeepsWhatWasMeasured()
    {
        const QString db = database("interrupted.sqlite");
        QProcess process;
        const QByteArray started = startUntilOutput(
            process,
            QStringList{"whatif", "--db", db, "--vary", "threads=1", "--warmup-steps", "2",
                        "--measured-steps", "5000", "--repeats", "2", "--", kPython, m_script},
            "loss ");
        QVERIFY2(started.contains("loss "), started.constData());
        const CliRun run = interruptRun(process, started);
        QVERIFY2(run.exitCode == kExitInterrupted, qPrintable(describe(run)));
        QVERIFY2(run.err.contains("stopping the experiment"), qPrintable(run.err));
        QVERIFY2(run.out.contains("[1/4] baseline repeat 1/2: "), qPrintable(run.out));
        QVERIFY2(run.out.contains("stopped: not counted"), qPrintable(run.out));
        QVERIFY2(!run.out.contains("[2/4]"), qPrintable(run.out));
        QVERIFY2(run.out.contains("Stopped before the end: "), qPrintable(run.out));

        es::RunStore store(db.toStdString(), es::StoreAccess::ReadOnly);
        const std::optional<es::StoredExperiment> stored = store.loadExperiment(1);
        QVERIFY(stored.has_value());
        QCOMPARE(stored->runs.size(), std::size_t(1));
        QCOMPARE(stored->runs[0].status, es::RunStatus::Stopped);
        QVERIFY(stored->runs[0].batches.size() < std::size_t(5002));
    }

    void measuresAScriptRunFromTheDatabase()
    {
        const QString db = database("fromrun.sqlite");
        const CliRun profiled = runCli(
            {"profile", "--db", db, "--", kPython, m_script, "--sleep-ms", "2", "--steps", "10"},
            kTrainTimeoutMs);
        QVERIFY2(profiled.exitCode == kExitFinished, qPrintable(describe(profiled)));
        // `profile` set no variable of its own for the script: its run records none and shows
        // the command alone.
        {
            es::RunStore store(db.toStdString(), es::StoreAccess::ReadOnly);
            const std::optional<es::StoredRun> stored = store.loadRun(1);
            QVERIFY(stored.has_value());
            QVERIFY2(!stored->config.at("script").contains("env"), stored->config.dump().c_str());
        }
        const CliRun shown = runCli({"runs", "show", "1", "--db", db});
        QVERIFY2(shown.out.contains("\n  script: " + QString(kPython) + " " + m_script +
                                    " --sleep-ms 2 --steps 10\n"),
                 qPrintable(describe(shown)));
        // From another folder: the runs go where the script ran.
        QTemporaryDir elsewhere;
        QProcessEnvironment environment = isolatedEnvironment();
        QProcess process;
        process.setProcessEnvironment(environment);
        process.setWorkingDirectory(elsewhere.path());
        process.start(es::test::cliPath(),
                      QStringList{"whatif", "--from-run", "1", "--vary", "arg:--sleep-ms=12",
                                  "--warmup-steps", "1", "--measured-steps", "3", "--repeats", "1",
                                  "--db", db});
        QVERIFY(process.waitForFinished(kTrainTimeoutMs));
        const QString out = QString::fromUtf8(process.readAllStandardOutput());
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(process.exitCode() == kExitFinished, qPrintable(out + err));
        QVERIFY2(out.contains("  arg:--sleep-ms=12: /usr/bin/python3 " + m_script +
                              " --sleep-ms 12 --steps 10"),
                 qPrintable(out));
        QVERIFY2(out.contains(QRegularExpression("\narg:--sleep-ms=12 +1/1 ")), qPrintable(out));

        const CliRun noVary = runCli({"whatif", "--from-run", "1", "--db", db});
        QCOMPARE(noVary.exitCode, kExitBadInput);
        QVERIFY2(noVary.err.contains("--vary: a script's what-if needs"),
                 qPrintable(describe(noVary)));
    }

    /// Regression: `whatif --from-run` of a what-if variant's run started the run's command
    /// without the variables the run was started with, so its baseline was not the run named.
    /// Now the baseline and every variant start with them, a variant of one of them replaces its
    /// value, and the run's own value is the baseline's, no variant.
    void startsFromARunWithTheVariablesItWasStartedWith()
    {
        const QString db = database("fromvariant.sqlite");
        const QStringList shortWindow = {
            "--warmup-steps", "1", "--measured-steps", "2", "--repeats", "1", "--json"};
        const CliRun first = whatif(
            db, shortWindow + QStringList{"--vary", "env:EXTRA_SLEEP_MS=15"}, {"--sleep-ms", "2"});
        QVERIFY2(first.exitCode == kExitFinished, qPrintable(describe(first)));
        std::int64_t variantRun = 0;
        {
            es::RunStore store(db.toStdString(), es::StoreAccess::ReadOnly);
            const std::optional<es::StoredExperiment> stored = store.loadExperiment(1);
            QVERIFY(stored.has_value());
            for (const es::StoredExperimentRun& each : stored->runs) {
                if (each.variantIndex == 1)
                    variantRun = each.runId;
            }
        }
        QVERIFY(variantRun > 0);

        const CliRun run = runCli(
            QStringList{"whatif", "--from-run", QString::number(variantRun), "--vary",
                        "arg:--sleep-ms=4", "--vary", "env:EXTRA_SLEEP_MS=0,15", "--db", db} +
                shortWindow,
            kTrainTimeoutMs);
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        // The plan, on standard error with --json: the run's variable in front of every
        // configuration's command, a variant's own value of it in its place.
        const QString command = QString(kPython) + " " + m_script;
        QVERIFY2(run.err.contains("\n  baseline: EXTRA_SLEEP_MS=15 " + command + " --sleep-ms 2\n"),
                 qPrintable(run.err));
        QVERIFY2(run.err.contains("\n  arg:--sleep-ms=4: EXTRA_SLEEP_MS=15 " + command +
                                  " --sleep-ms 4\n"),
                 qPrintable(run.err));
        QVERIFY2(run.err.contains("\n  env:EXTRA_SLEEP_MS=0: EXTRA_SLEEP_MS=0 " + command +
                                  " --sleep-ms 2\n"),
                 qPrintable(run.err));
        const nlohmann::json document =
            nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(document.is_object(), qPrintable(run.out));
        QCOMPARE(whatifVariantLabels(document),
                 (QStringList{"baseline", "arg:--sleep-ms=4", "env:EXTRA_SLEEP_MS=0"}));
        // The variable reached the script: the baseline's forward sleeps 2 + 15 ms a step.
        QVERIFY2(medianMs(document["variants"][0]) >= 17.0, document["variants"].dump().c_str());

        // The experiment keeps its baseline's variables, and each run those it was started with.
        const nlohmann::json fromRun = nlohmann::json::parse(R"({"EXTRA_SLEEP_MS":"15"})");
        es::RunStore store(db.toStdString(), es::StoreAccess::ReadOnly);
        const std::optional<es::StoredExperiment> stored =
            store.loadExperiment(document["experiment"].get<std::int64_t>());
        QVERIFY(stored.has_value());
        QCOMPARE(stored->settings["script"]["env"], fromRun);
        QCOMPARE(stored->runs.size(), std::size_t(3));
        for (const es::StoredExperimentRun& each : stored->runs) {
            const nlohmann::json expected = each.variantIndex == 2
                                                ? nlohmann::json::parse(R"({"EXTRA_SLEEP_MS":"0"})")
                                                : fromRun;
            QCOMPARE(each.config["script"].value("env", nlohmann::json()), expected);
        }
    }
};

QTEST_GUILESS_MAIN(TestScriptWhatifCli)
#include "tst_scriptwhatifcli.moc"
