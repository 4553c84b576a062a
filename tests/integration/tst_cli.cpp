// End to end: runs the built epochscope-cli as a user or a CI script would.
#include "engine/env/cpuinfo.h"
#include "engine/i18n/textwidth.h"
#include "engine/store/runstore.h"
#include "tests/support/clirunner.h"
#include "tests/support/numpyscript.h"
#include "tests/support/testpaths.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QProcess>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <signal.h>

#include <cmath>

namespace {

// docs/summary.md: phases add up to the training time; 1% leaves room for rounding and the
// time between steps that no step owns.
constexpr double kPhaseSumTolerance = 0.01;

// Small data files for `inspect` and `train --x/--y`, written by NumPy.
const char* const kDataWriter = R"PY(
import os, sys
import numpy as np
out = sys.argv[1]
rng = np.random.default_rng(3)
x = rng.normal(size=(40, 5, 3))
np.save(os.path.join(out, 'x.npy'), x)
np.save(os.path.join(out, 'y.npy'), x[:, -1, 0])
x[1, 2, 0] = np.nan; x[7, 0, 1] = np.nan
np.save(os.path.join(out, 'x_nan.npy'), x)
tokens = rng.integers(0, 100, size=(40, 5)).astype(np.int16); tokens[0, 0] = 99
np.savez(os.path.join(out, 'd.npz'), x_train=tokens, y_train=tokens[:, 0] % 2 == 0,
         notes=np.zeros((2, 2, 2, 2)))
with open(os.path.join(out, 'prices.csv'), 'w') as f:
    f.write('day;open;close\n' + ''.join('mon%d;%d;%d\n' % (i, 10 + i, 11 + i) for i in range(12)))
)PY";

QStringList epochHeads(const QString& out)
{
    QStringList heads;
    for (const QString& line : out.split('\n')) {
        if (line.startsWith("Epoch "))
            heads << line.section(" - ", 0, 0);
    }
    return heads;
}

/// quick-demo's own config as the CLI prints it, for the tests that break one field.
nlohmann::json quickDemoConfig()
{
    const CliRun run = runCli({"presets", "quick-demo"});
    return nlohmann::json::parse(run.out.toStdString(), nullptr, false);
}

void verifyKeys(const nlohmann::json& object, std::initializer_list<const char*> keys,
                const char* where)
{
    for (const char* key : keys) {
        const QByteArray message = QByteArray(where) + " lacks " + key;
        QVERIFY2(object.contains(key), message.constData());
    }
}

/// Every field docs/summary.md documents.
void verifySummaryFields(const nlohmann::json& summary)
{
    verifyKeys(summary,
               {"format", "format_version", "epochscope_version", "status", "error", "stopped_by",
                "resumed_from", "config", "environment", "run", "epochs", "batch_latency_ms",
                "steady_state_step_ms", "first_epoch_ratio", "samples_per_s", "achieved_gflops",
                "total_s"},
               "summary");
    verifyKeys(summary["environment"],
               {"libtorch_version", "intra_op_threads", "inter_op_threads", "cpu_model",
                "physical_cores", "logical_cores", "cuda_available", "cuda_device_count"},
               "environment");
    if (summary["run"].is_null())  // the run failed before it started
        return;
    verifyKeys(summary["run"],
               {"device", "backend", "backend_reason", "intra_op_threads", "inter_op_threads",
                "batch_size", "batches_per_epoch", "data_source", "data_notes", "placement",
                "prefetch", "epochs_planned", "train_samples", "validation_samples", "total_params",
                "training_flops_per_batch"},
               "run");
    verifyKeys(summary["batch_latency_ms"], {"p50", "p95", "p99"}, "batch_latency_ms");
    for (const nlohmann::json& epoch : summary["epochs"]) {
        verifyKeys(epoch,
                   {"epoch", "batches", "wall_s", "train_s", "validation_s", "phase_s",
                    "callback_s", "callback_writes", "samples", "loss", "val_loss", "metrics"},
                   "epoch");
        verifyKeys(epoch["phase_s"],
                   {"data_wait", "host_to_device", "forward", "backward", "optimizer", "callbacks",
                    "warm_up", "communication", "other"},
                   "phase_s");
    }
}

}  // namespace

namespace {

/// Steps of the first run committed so far, read through a separate read-only connection;
/// 0 while the database or its tables do not exist yet.
int countCommittedBatches(const QString& db, int fromEpoch = 1)
{
    try {
        SQLite::Database database(db.toStdString(), SQLite::OPEN_READONLY);
        database.setBusyTimeout(2000);
        SQLite::Statement query(database, "SELECT COUNT(*) FROM batches WHERE epoch >= ?");
        query.bind(1, fromEpoch);
        return query.executeStep() ? query.getColumn(0).getInt() : 0;
    } catch (const SQLite::Exception&) {
        return 0;
    }
}

/// Polls until steps of `epoch` or later are committed; returns how many steps (of any
/// epoch) were committed then, or 0 after a generous deadline.
int waitForCommittedBatches(const QString& db, int epoch)
{
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 120000) {
        if (countCommittedBatches(db, epoch) > 0) {
            return countCommittedBatches(db);
        }
        QTest::qWait(50);
    }
    return 0;
}

/// Polls until more than `seen` steps are committed; returns the new count (or `seen`).
int waitForMoreBatches(const QString& db, int seen)
{
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 120000) {
        const int now = countCommittedBatches(db);
        if (now > seen) {
            return now;
        }
        QTest::qWait(50);
    }
    return seen;
}

}  // namespace

class TestCli : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void version()
    {
        const CliRun run = runCli({"--version"});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        QVERIFY2(
            QRegularExpression("^epochscope-cli \\d+\\.\\d+\\.\\d+\\n").match(run.out).hasMatch(),
            qPrintable(run.out));
        QVERIFY2(run.out.contains("LibTorch "), qPrintable(run.out));
    }

    void presetsListsTheBuiltins_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("quick-demo") << "quick-demo";
        QTest::newRow("keras-lstm-regression") << "keras-lstm-regression";
        QTest::newRow("imdb-lstm-sentiment") << "imdb-lstm-sentiment";
        QTest::newRow("text-sentiment-demo") << "text-sentiment-demo";
    }

    void presetsListsTheBuiltins()
    {
        QFETCH(QString, name);
        const CliRun run = runCli({"presets"});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        // One line per preset: its name, then its description.
        const QRegularExpression line("^" + QRegularExpression::escape(name) + " +\\S",
                                      QRegularExpression::MultilineOption);
        QVERIFY2(line.match(run.out).hasMatch(), qPrintable(run.out));
    }

    void presetPrintsItsConfig()
    {
        const nlohmann::json config = quickDemoConfig();
        QVERIFY(config.is_object());
        QCOMPARE(config["name"].get<std::string>(), std::string("quick-demo"));
        QVERIFY(config["model"]["layers"].is_array());
    }

    void textDemoPresetWritesItsReviewsIntoTheDataFolder()
    {
        // The reviews text-sentiment-demo trains from are written on the preset's first use,
        // into XDG_DATA_HOME, and its config names them.
        QTemporaryDir dataHome;
        QProcessEnvironment environment = isolatedEnvironment();
        environment.insert("XDG_DATA_HOME", dataHome.path());
        const CliRun run =
            runCli({"presets", "text-sentiment-demo"}, kQuickTimeoutMs, {}, environment);
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        const nlohmann::json config = nlohmann::json::parse(run.out.toStdString());
        const QString texts = dataHome.filePath("epochscope/corpora/text-sentiment-demo/train");
        QCOMPARE(QString::fromStdString(config["data"]["source"]["path"].get<std::string>()),
                 texts);
        QCOMPARE(QDir(texts).entryList(QDir::Dirs | QDir::NoDotAndDotDot),
                 QStringList({"neg", "pos"}));

        // A data folder that cannot be made: bad input, naming the folder.
        QFile file(dataHome.filePath("file"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        environment.insert("XDG_DATA_HOME", dataHome.filePath("file"));
        const CliRun refused =
            runCli({"train", "--preset", "text-sentiment-demo"}, kQuickTimeoutMs, {}, environment);
        QVERIFY2(refused.exitCode == kExitBadInput, qPrintable(describe(refused)));
        QVERIFY2(
            refused.err.contains(dataHome.filePath("file/epochscope/corpora/text-sentiment-demo")),
            qPrintable(refused.err));
    }

    void trainWritesTheSummary()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString summaryPath = dir.filePath("run.json");
        const CliRun run = runCli({"train", "--preset", "quick-demo", "--epochs", "2",
                                   "--max-batches", "5", "--json-out", summaryPath},
                                  kTrainTimeoutMs);
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        QCOMPARE(epochHeads(run.out), QStringList({"Epoch 1/2", "Epoch 2/2"}));
        QVERIFY2(!run.out.contains('\r'), "a pipe gets no progress line");
        QVERIFY2(!QFile::exists(summaryPath + ".tmp"), "the temporary file is renamed away");

        const nlohmann::json summary = readJson(summaryPath);
        QVERIFY(summary.is_object());
        verifySummaryFields(summary);
        QCOMPARE(summary["status"].get<std::string>(), std::string("finished"));
        QVERIFY(summary["error"].is_null());
        QCOMPARE(summary["config"]["training"]["epochs"].get<int>(), 2);
        QCOMPARE(summary["run"]["batches_per_epoch"].get<int>(), 5);
        QCOMPARE(summary["epochs"].size(), std::size_t{2});
        QVERIFY(summary["first_epoch_ratio"].is_number());
        QVERIFY(summary["achieved_gflops"].get<double>() > 0.0);
        for (const nlohmann::json& epoch : summary["epochs"]) {
            QCOMPARE(epoch["batches"].get<int>(), 5);
            double phaseSum = 0.0;
            for (const auto& [phase, seconds] : epoch["phase_s"].items())
                phaseSum += seconds.get<double>();
            const double trainS = epoch["train_s"].get<double>();
            QVERIFY2(std::fabs(phaseSum - trainS) <= kPhaseSumTolerance * trainS,
                     qPrintable(QString("phases %1 s, train %2 s").arg(phaseSum).arg(trainS)));
        }
    }

    /// Also: --allocator reaches device.allocator, and the run records what it used.
    void quietPrintsNothing()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString summaryPath = dir.filePath("quiet.json");
        const CliRun run =
            runCli({"train", "--preset", "quick-demo", "--epochs", "1", "--max-batches", "2",
                    "--allocator", "system", "--quiet", "--json-out", summaryPath},
                   kTrainTimeoutMs);
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        QVERIFY2(run.out.isEmpty(), qPrintable(describe(run)));
        const nlohmann::json summary = readJson(summaryPath);
        QCOMPARE(summary["config"]["device"]["allocator"].get<std::string>(),
                 std::string("system"));
        QCOMPARE(summary["run"]["allocator"].get<std::string>(), std::string("system"));
    }

    void badInputExitsWithTwo_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("configText");  // written to {config} when not empty
        QTest::addColumn<QString>("expectedInStderr");

        const QStringList withConfig = {"train", "--config", "{config}"};
        QTest::newRow("malformed JSON names the byte offset")
            << withConfig << QByteArray(R"({"name": "x",, })") << "@byte 14";

        nlohmann::json negativeUnits = quickDemoConfig();
        negativeUnits["model"]["layers"][0]["units"] = -3;
        QTest::newRow("negative units name the layer field")
            << withConfig << QByteArray::fromStdString(negativeUnits.dump())
            << "model.layers[0].units";

        QTest::newRow("missing config file names the file")
            << QStringList{"train", "--config", "/nonexistent/epochscope/missing.json"}
            << QByteArray() << "/nonexistent/epochscope/missing.json";
        QTest::newRow("unknown preset") << QStringList{"train", "--preset", "no-such-preset"}
                                        << QByteArray() << "no-such-preset";
        QTest::newRow("zero epochs names training.epochs")
            << QStringList{"train", "--preset", "quick-demo", "--epochs", "0"} << QByteArray()
            << "training.epochs";
        QTest::newRow("negative max batches names training.steps_per_epoch")
            << QStringList{"train", "--preset", "quick-demo", "--max-batches", "-1"} << QByteArray()
            << "training.steps_per_epoch";
        QTest::newRow("too many warm-up steps name training.warmup_steps")
            << QStringList{"train", "--preset", "quick-demo", "--warmup-steps", "100000"}
            << QByteArray() << "training.warmup_steps";
        QTest::newRow("negative threads name device.intra_op_threads")
            << QStringList{"train", "--preset", "quick-demo", "--threads", "-2"} << QByteArray()
            << "device.intra_op_threads";
        QTest::newRow("unknown allocator names device.allocator")
            << QStringList{"train", "--preset", "quick-demo", "--allocator", "tcmallocc"}
            << QByteArray() << "device.allocator";
        QTest::newRow("unknown device names device.name")
            << QStringList{"train", "--preset", "quick-demo", "--device", "tpu"} << QByteArray()
            << "device.name";
        QTest::newRow("config and preset together")
            << QStringList{"train", "--preset", "quick-demo", "--config", "x.json"} << QByteArray()
            << "excludes";
        QTest::newRow("neither config nor preset")
            << QStringList{"train", "--epochs", "2"} << QByteArray() << "--preset";
        QTest::newRow("epochs not a number")
            << QStringList{"train", "--preset", "quick-demo", "--epochs", "many"} << QByteArray()
            << "--epochs";
        QTest::newRow("summary into a missing directory")
            << QStringList{"train", "--preset", "quick-demo", "--json-out",
                           "/nonexistent/epochscope/run.json"}
            << QByteArray() << "/nonexistent/epochscope";
        QTest::newRow("--x without --y")
            << QStringList{"train", "--preset", "quick-demo", "--x", "x.npy"} << QByteArray()
            << "--x requires --y";
        QTest::newRow("--x-val without --x")
            << QStringList{"train", "--preset", "quick-demo", "--x-val",
                           "a.npy", "--y-val",  "b.npy"}
            << QByteArray() << "--x-val requires --x";
        QTest::newRow("inspect without files") << QStringList{"inspect"} << QByteArray() << "files";
        QTest::newRow("no subcommand") << QStringList{} << QByteArray() << "subcommand";
        QTest::newRow("unknown subcommand") << QStringList{"fly"} << QByteArray() << "fly";
    }

    void badInputExitsWithTwo()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, configText);
        QFETCH(QString, expectedInStderr);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        if (!configText.isEmpty()) {
            QFile config(dir.filePath("config.json"));
            QVERIFY(config.open(QIODevice::WriteOnly));
            config.write(configText);
            config.close();
            arguments.replaceInStrings("{config}", config.fileName());
            expectedInStderr.replace("{config}", config.fileName());
        }
        const CliRun run = runCli(arguments, kTrainTimeoutMs);
        QVERIFY2(run.exitCode == kExitBadInput, qPrintable(describe(run)));
        QVERIFY2(run.err.contains(expectedInStderr), qPrintable(describe(run)));
        QVERIFY2(epochHeads(run.out).isEmpty(), "nothing trained");
    }

    void inspectDescribesDataFiles()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString problem = es::test::runNumPyScript(kDataWriter, {dir.path()});
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const CliRun run =
            runCli({"inspect", dir.filePath("x.npy"), dir.filePath("x_nan.npy"),
                    dir.filePath("d.npz"), dir.filePath("prices.csv"), dir.filePath("absent.npy")});
        // The missing file fails the command, and the others are still described.
        QVERIFY2(run.exitCode == kExitBadInput, qPrintable(describe(run)));
        QVERIFY2(run.err.contains("absent.npy: no such file"), qPrintable(describe(run)));
        const QStringList expected = {
            "x.npy: NumPy .npy, format 1.0",
            "array    (40, 5, 3) float64, little-endian, C order",
            "as x     float features for an LSTM: 40 samples of (5, 3); float64 converted to "
            "float32 once at load",
            "2 NaN and 0 infinite values, the first at [1, 2, 0]",
            "d.npz: NumPy .npz archive, 3 arrays",
            "x_train  (40, 5) int16, little-endian, C order",
            "the Embedding's input_dim must be at least 100",
            "as y     40 targets, all in [0, 1] (fit for binary_crossentropy); bool converted to "
            "float32 once at load",
            "training x = x_train, y = y_train, validation from data.validation_split",
            "layout   delimiter ';', header row, 12 data rows",
            "column   1 \"open\": min 10, max 21",
            "skipped  \"day\": text in the first data row",
            "(5 for T = 7, H = 1, S = 1)"};
        for (const QString& fragment : expected)
            QVERIFY2(run.out.contains(fragment), qPrintable(fragment + "\n" + describe(run)));
    }

    /// --lang zh_CN reaches every command's own lines, the error prefix and the help (built
    /// before the arguments are parsed), while the values stay as they are.
    void otherCommandsSpeakChinese()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString problem = es::test::runNumPyScript(kDataWriter, {dir.path()});
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const CliRun inspect = runCli(
            {"--lang", "zh_CN", "inspect", dir.filePath("x.npy"), dir.filePath("absent.npy")});
        QVERIFY2(inspect.exitCode == kExitBadInput &&
                     inspect.out.contains(QString::fromUtf8(
                         "  作为 x   LSTM 的浮点特征：40 个样本，每个为 (5, 3)")) &&
                     inspect.err.contains(QString::fromUtf8("epochscope-cli：错误：")) &&
                     inspect.err.contains(QString::fromUtf8("文件不存在")),
                 qPrintable(describe(inspect)));

        const QString db = dir.filePath("runs.sqlite");
        const CliRun train = runCli({"train", "--preset", "quick-demo", "--epochs", "1",
                                     "--max-batches", "2", "--db", db, "--lang=zh_CN"},
                                    kTrainTimeoutMs);
        QVERIFY2(train.exitCode == kExitFinished &&
                     train.out.contains(QString::fromUtf8("第 1/1 轮 - ")) &&
                     train.out.contains(QString::fromUtf8("已记录为 ") + db +
                                        QString::fromUtf8(" 中的运行 1")) &&
                     !train.out.contains("Epoch ") && train.out.contains("loss: "),
                 qPrintable(describe(train)));

        const CliRun help = runCli({"train", "--help", "--lang", "zh_CN"});
        QVERIFY2(help.exitCode == kExitFinished &&
                     help.out.contains(QString::fromUtf8("每轮在 N 个批次后结束")) &&
                     help.out.contains(QString::fromUtf8("用法:")),
                 qPrintable(describe(help)));
        const CliRun englishHelp = runCli({"train", "--help"});
        QVERIFY2(englishHelp.out.contains("Usage: epochscope-cli train [OPTIONS]") &&
                     englishHelp.out.contains("Stop each epoch after N batches"),
                 qPrintable(describe(englishHelp)));
    }

    void trainsOnNpyFilesGivenAsFlags()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString problem = es::test::runNumPyScript(kDataWriter, {dir.path()});
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const QString summaryPath = dir.filePath("run.json");
        const CliRun run =
            runCli({"train", "--preset", "quick-demo", "--epochs", "1", "--x",
                    dir.filePath("x.npy"), "--y", dir.filePath("y.npy"), "--json-out", summaryPath},
                   kTrainTimeoutMs);
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        QVERIFY2(run.out.contains("x: float64 converted to float32 once at load"),
                 qPrintable(describe(run)));
        const nlohmann::json summary = readJson(summaryPath);
        QVERIFY(summary.is_object());
        verifySummaryFields(summary);
        const nlohmann::json& info = summary["run"];
        QCOMPARE(info["train_samples"].get<int>() + info["validation_samples"].get<int>(), 40);
        QVERIFY(info["data_source"].get<std::string>().find("x.npy (40, 5, 3) float64") !=
                std::string::npos);
        QCOMPARE(summary["config"]["data"]["source"]["type"].get<std::string>(),
                 std::string("npy"));

        // Data that cannot train is the input's fault: exit 2 before any epoch, naming it.
        const CliRun bad = runCli({"train", "--preset", "quick-demo", "--x",
                                   dir.filePath("x_nan.npy"), "--y", dir.filePath("y.npy")},
                                  kTrainTimeoutMs);
        QVERIFY2(bad.exitCode == kExitBadInput, qPrintable(describe(bad)));
        QVERIFY2(bad.err.contains("data.source.x: ") && bad.err.contains("holds NaN at [1, 2, 0]"),
                 qPrintable(describe(bad)));
        QVERIFY2(epochHeads(bad.out).isEmpty(), "nothing trained");
    }

    void unrunnableDeviceIsBadInput()
    {
        // No machine has 128 GPUs: the engine refuses the config before its first epoch, which
        // is the input's fault (exit 2), and the summary still records the failed run.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString summaryPath = dir.filePath("failed.json");
        const CliRun run = runCli(
            {"train", "--preset", "quick-demo", "--device", "cuda:127", "--json-out", summaryPath},
            kTrainTimeoutMs);
        QVERIFY2(run.exitCode == kExitBadInput, qPrintable(describe(run)));
        QVERIFY2(run.err.contains("cuda:127"), qPrintable(describe(run)));
        const nlohmann::json summary = readJson(summaryPath);
        QVERIFY(summary.is_object());
        verifySummaryFields(summary);
        QCOMPARE(summary["status"].get<std::string>(), std::string("failed"));
        QVERIFY(summary["error"].get<std::string>().find("cuda:127") != std::string::npos);
    }

    void interruptStopsTheRunAndKeepsTheSummary()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString summaryPath = dir.filePath("stopped.json");
        QProcess process;
        const QByteArray started =
            startUntilOutput(process,
                             {"train", "--preset", "quick-demo", "--epochs", "1000",
                              "--max-batches", "5", "--json-out", summaryPath},
                             "Epoch 1/");
        QVERIFY2(started.contains("Epoch 1/1000"), started.constData());
        const CliRun run = interruptRun(process, started);
        QVERIFY2(run.exitCode == kExitInterrupted, qPrintable(describe(run)));
        QVERIFY2(run.err.contains("stopping after the current batch"), qPrintable(run.err));

        const nlohmann::json summary = readJson(summaryPath);
        QVERIFY(summary.is_object());
        verifySummaryFields(summary);
        QCOMPARE(summary["status"].get<std::string>(), std::string("stopped"));
        QVERIFY(!summary["epochs"].empty());
        QVERIFY(summary["epochs"].size() < 1000);
    }

    /// `diagnose` finds a cause the run was given (one thread on a 2-core machine is only a
    /// cause where there is more than one core), prints its fix as a patch, saves the findings
    /// with the run, and refuses an id that is not there.
    void diagnoseFindsCausesAndSavesThem()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath("runs.sqlite");
        const CliRun train = runCli({"train", "--preset", "quick-demo", "--epochs", "2",
                                     "--max-batches", "6", "--threads", "1", "--db", db},
                                    kTrainTimeoutMs);
        QVERIFY2(train.exitCode == kExitFinished, qPrintable(describe(train)));

        const CliRun diagnose = runCli({"diagnose", "1", "--json", "--no-doctor", "--db", db});
        QVERIFY2(diagnose.exitCode == kExitFinished, qPrintable(describe(diagnose)));
        const nlohmann::json document = nlohmann::json::parse(diagnose.out.toStdString());
        QCOMPARE(document["run"].get<int>(), 1);
        QCOMPARE(document["steps"].get<int>(), 12);
        QVERIFY(document["peak_gflops"].is_null());  // --no-doctor: nothing measured
        const bool severalCores = es::readCpuTopology().physicalCores > 1;
        bool threadsFound = false;
        for (const nlohmann::json& finding : document["findings"]) {
            QVERIFY(finding.contains("evidence") && finding.contains("first_step"));
            if (finding["id"] == "threads" &&
                finding["patch"] == nlohmann::json{{"device", {{"intra_op_threads", 0}}}})
                threadsFound = true;
        }
        QCOMPARE(threadsFound, severalCores);

        es::RunStore store(db.toStdString());
        QCOMPARE(store.loadRun(1)->findings.size(), document["findings"].size());

        const CliRun text = runCli({"diagnose", "1", "--no-doctor", "--db", db});
        QVERIFY2(
            text.exitCode == kExitFinished && text.out.startsWith("Run 1: quick-demo, 12 steps"),
            qPrintable(describe(text)));
        const CliRun missing = runCli({"diagnose", "7", "--db", db});
        QVERIFY2(missing.exitCode == kExitBadInput && missing.err.contains("no run 7"),
                 qPrintable(describe(missing)));

        // --lang zh_CN, after the subcommand too: the findings and the lines around them.
        const CliRun chinese =
            runCli({"diagnose", "1", "--no-doctor", "--db", db, "--lang", "zh_CN"});
        QVERIFY2(chinese.exitCode == kExitFinished &&
                     chinese.out.startsWith(QString::fromUtf8("运行 1：quick-demo，12 步")),
                 qPrintable(describe(chinese)));
        if (severalCores)
            QVERIFY2(chinese.out.contains(QString::fromUtf8("[警告] 线程数：1 个算子内线程")) &&
                         chinese.out.contains(QString::fromUtf8("  配置补丁：")),
                     qPrintable(chinese.out));
        QVERIFY(!chinese.out.contains("evidence:"));
        const CliRun chineseMissing = runCli({"--lang", "zh_CN", "diagnose", "7", "--db", db});
        QVERIFY2(chineseMissing.exitCode == kExitBadInput &&
                     chineseMissing.err.contains(QString::fromUtf8("中没有运行 7")),
                 qPrintable(describe(chineseMissing)));
        const CliRun unknown = runCli({"diagnose", "1", "--db", db, "--lang", "xx"});
        QVERIFY2(unknown.exitCode == kExitBadInput, qPrintable(describe(unknown)));
    }

    // Run names are user text: an ESC sequence or a newline in one reached the terminal raw
    // in `runs list`. Every command that prints what a run recorded shows it escaped.
    void hostileRunNamesAreShownEscaped()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath("runs.sqlite");
        nlohmann::json config = quickDemoConfig();
        config["name"] =
            "\x1b[2J\x1b[31mred\nforged line \xe2\x80\xae"
            "exe";
        const QString configPath = dir.filePath("hostile.json");
        QFile file(configPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(config.dump()));
        file.close();
        for (int run = 0; run < 2; ++run) {
            const CliRun train = runCli({"train", "--config", configPath, "--epochs", "1",
                                         "--max-batches", "3", "--db", db},
                                        kTrainTimeoutMs);
            QVERIFY2(train.exitCode == kExitFinished, qPrintable(describe(train)));
            QVERIFY2(!train.out.contains("\x1b[2J"), qPrintable(describe(train)));
        }
        const QString shown =
            "\\x1b[2J\\x1b[31mred\\nforged line \\u202e"
            "exe";
        const QList<QStringList> commands = {{"runs", "list", "--db", db},
                                             {"runs", "show", "1", "--db", db},
                                             {"diagnose", "1", "--no-doctor", "--db", db},
                                             {"compare", "1", "2", "--db", db}};
        for (const QStringList& command : commands) {
            const CliRun run = runCli(command);
            const QString what = command.join(' ') + ": " + describe(run);
            QVERIFY2(run.exitCode == kExitFinished, qPrintable(what));
            QVERIFY2(!run.out.contains(QChar(0x1b)) && !run.err.contains(QChar(0x1b)),
                     qPrintable(what));
            QVERIFY2(!run.out.contains(QChar(0x202e)), qPrintable(what));
            QVERIFY2(!run.out.contains("\nforged line"), qPrintable(what));
            if (command.first() == "compare")  // Markdown escapes its backslashes too
                QVERIFY2(run.out.contains("\\\\x1b\\[2J\\\\x1b\\[31mred\\\\nforged line"),
                         qPrintable(what));
            else
                QVERIFY2(run.out.contains(shown), qPrintable(what));
        }
        const CliRun list = runCli({"runs", "list", "--db", db});
        QCOMPARE(list.out.split('\n', Qt::SkipEmptyParts).size(), 3);  // heads and two runs
    }

    // A csv_logger that could not write its file printed an error and exited 0.
    void csvLoggerThatCannotWriteFailsTheRun()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        nlohmann::json config = quickDemoConfig();
        config["callbacks"] = {{{"type", "csv_logger"}, {"filename", dir.path().toStdString()}}};
        const QString configPath = dir.filePath("csv.json");
        QFile file(configPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(config.dump()));
        file.close();
        const CliRun train = runCli(
            {"train", "--config", configPath, "--epochs", "1", "--max-batches", "3", "--no-record"},
            kTrainTimeoutMs);
        QVERIFY2(train.exitCode == kExitBadInput, qPrintable(describe(train)));
        QVERIFY2(
            train.err.contains("callbacks[0].filename") && train.err.contains("is a directory"),
            qPrintable(describe(train)));
    }

    void runsAreRecordedListedExportedAndDeleted()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath("runs.sqlite");
        const CliRun train = runCli(
            {"train", "--preset", "quick-demo", "--epochs", "2", "--max-batches", "4", "--db", db},
            kTrainTimeoutMs);
        QVERIFY2(train.exitCode == kExitFinished, qPrintable(describe(train)));
        QVERIFY2(train.out.contains("Recorded as run 1 in " + db), qPrintable(describe(train)));

        const CliRun list = runCli({"runs", "list", "--db", db});
        QVERIFY2(list.exitCode == kExitFinished, qPrintable(describe(list)));
        QVERIFY2(list.out.contains("completed") && list.out.contains("quick-demo") &&
                     list.out.contains(" 8  cpu"),  // 2 epochs x 4 steps
                 qPrintable(describe(list)));

        const CliRun show = runCli({"runs", "--db", db, "show", "1"});
        QVERIFY2(
            show.exitCode == kExitFinished && show.out.contains("Run 1: quick-demo - completed"),
            qPrintable(describe(show)));
        // A share per phase under its head, Communication's 0.0 in a run of one process.
        QVERIFY2(show.out.contains("  warm   comm  other\n"), qPrintable(describe(show)));
        const QStringList epochRows =
            show.out.split('\n').filter(QRegularExpression("^\\s+[12]\\s+\\d+\\.\\d\\d\\s"));
        QVERIFY2(epochRows.size() == 2, qPrintable(describe(show)));
        for (const QString& row : epochRows) {
            const QStringList cells = row.split(' ', Qt::SkipEmptyParts);
            // epoch, train s, val s, loss, val_loss, then the phases in kAllPhases order.
            QVERIFY2(cells.size() == 5 + 9, qPrintable(row));
            QCOMPARE(cells[5 + 7], QString("0.0"));  // communication
        }

        // In Chinese the heads, states and labels are translated and the columns still line
        // up: the device column starts at the same screen column in the head and the row.
        const CliRun chineseList = runCli({"--lang", "zh_CN", "runs", "list", "--db", db});
        const QStringList rows = chineseList.out.split('\n', Qt::SkipEmptyParts);
        QVERIFY2(rows.size() == 2 && rows[0].contains(QString::fromUtf8("状态")) &&
                     rows[1].contains(QString::fromUtf8("已完成")),
                 qPrintable(describe(chineseList)));
        const auto column = [](const QString& line, const QString& part) {
            return es::displayWidth(line.left(line.indexOf(part)).toStdString());
        };
        QCOMPARE(column(rows[0], QString::fromUtf8("设备")), column(rows[1], "cpu"));
        const CliRun chineseShow = runCli({"runs", "show", "1", "--db", db, "--lang", "zh_CN"});
        QVERIFY2(chineseShow.out.contains(QString::fromUtf8("运行 1：quick-demo - 已完成")) &&
                     chineseShow.out.contains(QString::fromUtf8("占训练时间的 %：")) &&
                     chineseShow.out.contains(QString::fromUtf8("预热   通信")) &&
                     !chineseShow.out.contains("placement") &&
                     // the data source, recorded in English, shown in the reader's language
                     chineseShow.out.contains(QString::fromUtf8("个形状为 (64, 8) 的样本")) &&
                     !chineseShow.out.contains("samples of"),
                 qPrintable(describe(chineseShow)));

        const QString tracePath = dir.filePath("trace.json");
        const CliRun trace =
            runCli({"runs", "export", "1", "--format", "trace", "--out", tracePath, "--db", db});
        QVERIFY2(trace.exitCode == kExitFinished, qPrintable(describe(trace)));
        const nlohmann::json document = readJson(tracePath);
        QVERIFY(document.is_object() && document["traceEvents"].is_array());
        int steps = 0;
        for (const nlohmann::json& event : document["traceEvents"])
            steps += event["ph"] == "X" && event["tid"] == 2 ? 1 : 0;  // the "steps" track
        QCOMPARE(steps, 8);

        const QString csvPath = dir.filePath("steps.csv");
        QCOMPARE(runCli({"runs", "export", "1", "--format", "csv", "--out", csvPath, "--db", db})
                     .exitCode,
                 kExitFinished);
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll().trimmed().split('\n').size(), 9);

        const CliRun badFormat =
            runCli({"runs", "export", "1", "--format", "xml", "--out", csvPath, "--db", db});
        QVERIFY2(badFormat.exitCode == kExitBadInput && badFormat.err.contains("--format"),
                 qPrintable(describe(badFormat)));
        const CliRun missing = runCli({"runs", "show", "99", "--db", db});
        QVERIFY2(missing.exitCode == kExitBadInput && missing.err.contains("no run 99"),
                 qPrintable(describe(missing)));

        QCOMPARE(runCli({"runs", "delete", "1", "--db", db}).exitCode, kExitFinished);
        QVERIFY(runCli({"runs", "list", "--db", db}).out.contains("No runs recorded"));
    }

    void compareWritesPdfAndHtmlWithCharts()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath("runs.sqlite");
        for (const char* threads : {"2", "1"}) {
            const CliRun train = runCli({"train", "--preset", "quick-demo", "--epochs", "2",
                                         "--max-batches", "4", "--threads", threads, "--db", db},
                                        kTrainTimeoutMs);
            QVERIFY2(train.exitCode == kExitFinished, qPrintable(describe(train)));
        }
        const QString pdfPath = dir.filePath("report.pdf");
        const CliRun pdf = runCli({"compare", "1", "2", "--out", pdfPath, "--db", db});
        QFile pdfFile(pdfPath);
        if (pdf.exitCode == kExitBadInput && pdf.err.contains("EPOCHSCOPE_WITH_CAIRO=OFF")) {
            QVERIFY(!pdfFile.exists());  // a build without cairo refuses, and says why
        } else {
            QVERIFY2(pdf.exitCode == kExitFinished &&
                         pdf.out.startsWith("Wrote " + pdfPath + " (pdf, 2 runs)\nB is "),
                     qPrintable(describe(pdf)));
            QVERIFY(pdfFile.open(QIODevice::ReadOnly));
            QVERIFY(pdfFile.read(5) == "%PDF-");
            QVERIFY(!QFile::exists(pdfPath + ".tmp"));
        }

        const QString htmlPath = dir.filePath("report.html");
        const CliRun html = runCli({"compare", "1", "2", "--out", htmlPath, "--db", db});
        QVERIFY2(html.exitCode == kExitFinished, qPrintable(describe(html)));
        QFile htmlFile(htmlPath);
        QVERIFY(htmlFile.open(QIODevice::ReadOnly));
        const QByteArray page = htmlFile.readAll();
        // Epoch times, phases and the step time distribution: three charts, or a note.
        QVERIFY2(page.count("src=\"data:image/png;base64,") == 3 ||
                     page.contains("EPOCHSCOPE_WITH_CAIRO=OFF"),
                 page.left(2000).constData());
    }

    void envNamesTheBlasAndMeasuresIt()
    {
        const CliRun run = runCli({"env", "--json"});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        const nlohmann::json report = nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(report.is_object(), qPrintable(run.out));
        QVERIFY(report["blas"]["kind"].get<std::string>() != "not-loaded");
        QVERIFY(report["sgemm"]["libtorch"]["gflops"].get<double>() > 0.0);
        QVERIFY(report["sgemm"]["onednn"]["gflops"].get<double>() > 0.0);

        // The reference BLAS, put first on the library path, is named and called out.
        const QString reference = "/usr/lib/x86_64-linux-gnu/blas";
        if (!QFileInfo::exists(reference + "/libblas.so.3"))
            return;  // libblas3 not installed: nothing to switch to
        QProcess process;
        QProcessEnvironment environment = isolatedEnvironment();
        environment.insert("LD_LIBRARY_PATH", reference);
        process.setProcessEnvironment(environment);
        process.start(es::test::cliPath(), {"env"});
        QVERIFY(process.waitForFinished(kQuickTimeoutMs));
        const QString text = QString::fromUtf8(process.readAllStandardOutput());
        QVERIFY2(text.contains("BLAS      reference - ") &&
                     text.contains("[critical] LibTorch is using the reference BLAS") &&
                     text.contains("apt-get install libopenblas0-openmp"),
                 qPrintable(text));
    }

    void killedRunLeavesAnIntactDatabase()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString db = dir.filePath("runs.sqlite");
        QProcess process;
        const QByteArray out = startUntilOutput(
            process, {"train", "--preset", "quick-demo", "--epochs", "1000", "--db", db},
            "Epoch 1/");
        QVERIFY2(out.contains("Epoch 1/1000"), out.constData());
        // Watch the database from outside, as a crash would leave it: wait until steps of
        // epoch 2 are committed and then until one more flush lands, so the kill falls in
        // the middle of a run that is writing. Whatever was seen committed must survive.
        const int seenBeforeKill = waitForCommittedBatches(db, 2);
        QVERIFY2(seenBeforeKill > 0, "no step of epoch 2 was committed in time");
        QVERIFY(waitForMoreBatches(db, seenBeforeKill) > seenBeforeKill);
        const int committedAtKill = countCommittedBatches(db);
        QCOMPARE(::kill(static_cast<pid_t>(process.processId()), SIGKILL), 0);
        QVERIFY(process.waitForFinished(kQuickTimeoutMs));

        {
            SQLite::Database database(db.toStdString());
            QCOMPARE(database.execAndGet("PRAGMA integrity_check").getString(), std::string("ok"));
        }
        // The next open finds the run's process gone.
        const CliRun list = runCli({"runs", "list", "--db", db});
        QVERIFY2(list.out.contains("interrupted"), qPrintable(describe(list)));
        es::RunStore store(db.toStdString());
        const es::StoredRun run = *store.loadRun(1);
        QCOMPARE(run.header.status, es::RunStatus::Interrupted);
        QVERIFY(!run.epochs.empty());
        // Every step that was committed before the kill is still there, in order.
        QVERIFY2(static_cast<int>(run.batches.size()) >= committedAtKill,
                 qPrintable(QString("%1 steps stored, %2 were committed before the kill")
                                .arg(run.batches.size())
                                .arg(committedAtKill)));
        for (std::size_t i = 1; i < run.batches.size(); ++i) {
            QVERIFY(run.batches[i - 1].endS <= run.batches[i].endS);
        }
        QVERIFY(run.batches.back().epoch >= 2);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
