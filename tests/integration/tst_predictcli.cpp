// End to end: `epochscope-cli predict` on models trained for one epoch through the CLI (a
// regression with dropout and L2, a token classifier, a softmax over class ids and over one-hot
// rows). Its loss equals `evaluate`'s on the same data, its metrics equal NumPy's on the
// predictions it saved, its .npy and CSV hold the same numbers, a backup predicts as the
// checkpoint of the same epoch, and bad inputs and checkpoints exit 2 naming the file and the
// index or parameter, leaving nothing behind; a stop signal leaves nothing either.

#include "tests/support/clirunner.h"
#include "tests/support/numpyscript.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtCore/QThread>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <array>
#include <cmath>

#include <signal.h>

namespace {

// The loss of one data set by two commands that sum the same batches: float32 sums in another
// order at most (docs/predict.md).
constexpr double kLossTolerance = 1e-5;
// NumPy's metrics from the saved float32 predictions, in float64 like the engine's.
constexpr double kMetricTolerance = 1e-9;
constexpr int kSignalBase = 128;

/// The data of the four models, and files each bad in one way, in DIR.
const char* const kData = R"PY(
import sys
import numpy as np
d = sys.argv[1]
rng = np.random.default_rng(7)

def features(n):
    return rng.normal(size=(n, 10, 3)).astype(np.float32)

def regression(n):
    x = features(n)
    y = x[:, :, 0].mean(axis=1) + 0.5 * x[:, -1, 1] + 0.05 * rng.normal(size=n)
    return x, y.astype(np.float32)

def tokens(n):
    x = rng.integers(1, 50, size=(n, 12)).astype(np.int32)
    return x, (np.mean(x < 20, axis=1) > 0.35).astype(np.uint8)

def classes(n):
    x = features(n)
    return x, np.argmax(x.mean(axis=1), axis=1).astype(np.uint8)

for name, make in (("reg", regression), ("tok", tokens), ("cls", classes)):
    x, y = make(256)
    xv, yv = make(80)
    np.save(f"{d}/{name}_x.npy", x); np.save(f"{d}/{name}_y.npy", y)
    np.save(f"{d}/{name}_xval.npy", xv); np.save(f"{d}/{name}_yval.npy", yv)
    if name == "cls":
        np.save(f"{d}/hot_y.npy", np.eye(3, dtype=np.float32)[y])
        np.save(f"{d}/hot_yval.npy", np.eye(3, dtype=np.float32)[yv])
        np.save(f"{d}/hot_x.npy", x); np.save(f"{d}/hot_xval.npy", xv)
    if name == "reg":
        np.savez(f"{d}/reg.npz", x_val=xv, y_val=yv)
        np.save(f"{d}/reg_yshort.npy", yv[:40])
        with open(f"{d}/reg_xval.npy", "rb") as f:
            whole = f.read()
        with open(f"{d}/reg_trunc.npy", "wb") as f:
            f.write(whole[:-7])

np.save(f"{d}/reg_wrongfeatures.npy", rng.normal(size=(8, 10, 4)).astype(np.float32))
nan = features(8); nan[2, 4, 1] = np.nan
np.save(f"{d}/reg_nan.npy", nan)
bad = rng.integers(1, 50, size=(8, 12)); bad[3, 5] = 50
np.save(f"{d}/tok_bad.npy", bad)
with open(f"{d}/prices.csv", "w") as f:
    f.write("a,b\n" + "".join(f"{i},{i * 2}\n" for i in range(30)))
# A series for a csv source: c follows a and b one row later.
for name, rows in (("series", 60), ("series_new", 40)):
    a, b = rng.normal(size=rows), rng.normal(size=rows)
    c = np.concatenate([[0.0], 0.5 * a[:-1] - b[:-1]])
    with open(f"{d}/{name}.csv", "w") as f:
        f.write("a,b,c\n" + "".join(f"{x:.6f},{y:.6f},{z:.6f}\n" for x, y, z in zip(a, b, c)))
)PY";

/// The usual metrics of TASK from the saved predictions and the targets, computed from their
/// definitions (ROC AUC over all positive-negative pairs), into OUT as JSON; with SAME, also
/// checks that the CSV CSV holds exactly the .npy's numbers.
const char* const kMetrics = R"PY(
import json, sys
import numpy as np
task, preds, targets, out = sys.argv[1:5]
p = np.load(preds)
assert p.dtype == np.float32, p.dtype
if len(sys.argv) > 5:
    table = np.loadtxt(sys.argv[5], delimiter=",", skiprows=1, ndmin=2).astype(np.float32)
    assert np.array_equal(table, p.reshape(p.shape[0], -1)), "the CSV differs from the .npy"
p = p.astype(np.float64)
t = np.load(targets).astype(np.float64)
r = {}
if task == "regression":
    e = p - t.reshape(p.shape)
    tt = t.reshape(p.shape)
    r = {"mae": np.mean(np.abs(e)), "rmse": np.sqrt(np.mean(e ** 2)),
         "r2": 1 - np.sum(e ** 2) / np.sum((tt - tt.mean()) ** 2)}
elif task == "binary":
    p = p.ravel(); truth = t.ravel() > 0.5; guess = p > 0.5
    tp = np.sum(guess & truth); fp = np.sum(guess & ~truth); fn = np.sum(~guess & truth)
    pos, neg = p[truth], p[~truth]
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    r = {"accuracy": np.mean(guess == truth), "precision": precision, "recall": recall,
         "f1": 2 * precision * recall / (precision + recall) if precision + recall else 0.0,
         "roc_auc": np.mean((pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])),
         "true_positives": int(tp), "false_positives": int(fp), "false_negatives": int(fn)}
else:
    labels = t.astype(int).ravel() if t.ndim == 1 else np.argmax(t, axis=1)
    guess = np.argmax(p, axis=1)
    ps, rs, fs = [], [], []
    for c in sorted(set(labels.tolist()) | set(guess.tolist())):
        tp = np.sum((guess == c) & (labels == c))
        pc = tp / np.sum(guess == c) if np.sum(guess == c) else 0.0
        rc = tp / np.sum(labels == c) if np.sum(labels == c) else 0.0
        ps.append(pc); rs.append(rc); fs.append(2 * pc * rc / (pc + rc) if pc + rc else 0.0)
    r = {"accuracy": np.mean(guess == labels), "macro_precision": np.mean(ps),
         "macro_recall": np.mean(rs), "macro_f1": np.mean(fs)}
json.dump({k: float(v) for k, v in r.items()}, open(out, "w"))
)PY";

/// Whether the .npy files A and B hold the same shape and values within TOLERANCE.
const char* const kSameArrays = R"PY(
import sys
import numpy as np
a, b = np.load(sys.argv[1]), np.load(sys.argv[2])
assert a.shape == b.shape, (a.shape, b.shape)
assert np.max(np.abs(a - b)) <= float(sys.argv[3]), np.max(np.abs(a - b))
)PY";

/// One of the four models: what it is named by in its files, and its task in predict's words.
struct Model {
    const char* name;
    const char* task;
    nlohmann::json layers;
    const char* loss;
};

nlohmann::json modelConfig(const QString& dir, const Model& model, bool backup)
{
    const auto file = [&dir, &model](const char* suffix) {
        return QDir(dir).filePath(QString(model.name) + suffix).toStdString();
    };
    nlohmann::json callbacks = {
        {{"type", "model_checkpoint"}, {"filepath", file(".pt")}},
    };
    if (backup)
        callbacks.push_back({{"type", "backup_and_restore"},
                             {"backup_dir", file("-backup")},
                             {"delete_checkpoint", false}});
    return {
        {"name", std::string("predict-") + model.name},
        {"seed", 3},
        {"model", {{"layers", model.layers}}},
        {"data",
         {{"source",
           {{"type", "npy"},
            {"x", file("_x.npy")},
            {"y", file("_y.npy")},
            {"x_val", file("_xval.npy")},
            {"y_val", file("_yval.npy")}}},
          {"batch_size", 32}}},
        {"training",
         {{"epochs", 1},
          {"optimizer", {{"type", "adam"}, {"learning_rate", 0.01}}},
          {"loss", model.loss},
          {"metrics",
           std::string(model.loss) == "mse" ? nlohmann::json{"mae"} : nlohmann::json{"accuracy"}}}},
        {"device", {{"name", "cpu"}, {"intra_op_threads", 2}}},
        {"callbacks", callbacks},
    };
}

const Model kRegression{"reg",
                        "regression",
                        {{{"type", "lstm"}, {"units", 8}, {"kernel_l2", 1e-3}},
                         {{"type", "dropout"}, {"rate", 0.4}},
                         {{"type", "dense"}, {"units", 1}}},
                        "mse"};
const Model kTokens{"tok",
                    "binary",
                    {{{"type", "embedding"}, {"input_dim", 50}, {"output_dim", 8}},
                     {{"type", "lstm"}, {"units", 8}},
                     {{"type", "dense"}, {"units", 1}, {"activation", "sigmoid"}}},
                    "binary_crossentropy"};
const Model kClassIds{"cls",
                      "multiclass",
                      {{{"type", "lstm"}, {"units", 8}},
                       {{"type", "dense"}, {"units", 3}, {"activation", "softmax"}}},
                      "sparse_categorical_crossentropy"};
const Model kOneHot{"hot",
                    "multiclass",
                    {{{"type", "lstm"}, {"units", 8}},
                     {{"type", "dense"}, {"units", 3}, {"activation", "softmax"}}},
                    "categorical_crossentropy"};

bool close(double actual, double expected, double relative)
{
    return std::abs(actual - expected) <= relative * std::max(1.0, std::abs(expected));
}

nlohmann::json parsed(const CliRun& run)
{
    return nlohmann::json::parse(run.out.toStdString(), nullptr, false);
}

/// Whether process `pid` has a handler for `signal` (/proc/PID/status, SigCgt).
bool catches(qint64 pid, int signal)
{
    QFile status(QString("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return false;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (!line.startsWith("SigCgt:"))
            continue;
        bool ok = false;
        const qulonglong mask = line.mid(7).trimmed().toULongLong(&ok, 16);
        return ok && (mask & (1ULL << (signal - 1))) != 0;
    }
    return false;
}

}  // namespace

class TestPredictCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString config(const Model& model) const { return path(QString(model.name) + ".json"); }
    QString checkpoint(const Model& model) const { return path(QString(model.name) + ".pt"); }

    /// predict on the model's validation data with the given extra arguments.
    CliRun predict(const Model& model, const QStringList& extra) const
    {
        const QString name(model.name);
        return runCli(QStringList{"predict", "--checkpoint", checkpoint(model), "--config",
                                  config(model), "--x", path(name + "_xval.npy")} +
                      extra);
    }

    void train(const Model& model, bool backup)
    {
        QVERIFY(writeJson(config(model), modelConfig(m_dir.path(), model, backup)));
        const CliRun run =
            runCli({"train", "--config", config(model), "--no-record"}, kTrainTimeoutMs);
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        QVERIFY(QFile::exists(checkpoint(model)));
    }

    /// Nothing a failed or stopped predict could have left: no --out file, no temporary file.
    void verifyNothingLeft(const QString& out) const
    {
        QVERIFY2(!QFile::exists(out), qPrintable(out));
        QVERIFY2(temporaryFilesUnder(m_dir.path()).isEmpty(),
                 qPrintable(temporaryFilesUnder(m_dir.path()).join(", ")));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString problem = es::test::runNumPyScript(kData, {m_dir.path()});
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        train(kRegression, true);
        train(kTokens, false);
        train(kClassIds, false);
        train(kOneHot, false);
    }

    void lossEqualsEvaluateAndMetricsEqualNumPy_data()
    {
        QTest::addColumn<int>("model");
        QTest::newRow("regression, dropout and L2") << 0;
        QTest::newRow("tokens, binary") << 1;
        QTest::newRow("softmax, class ids") << 2;
        QTest::newRow("softmax, one-hot rows") << 3;
    }

    void lossEqualsEvaluateAndMetricsEqualNumPy()
    {
        QFETCH(int, model);
        const Model& chosen = *std::array<const Model*, 4>{
            &kRegression, &kTokens, &kClassIds, &kOneHot}[static_cast<std::size_t>(model)];
        const QString name(chosen.name);
        // evaluate scores the config's validation data, which is what predict gets here.
        const CliRun evaluate = runCli(
            {"evaluate", "--checkpoint", checkpoint(chosen), "--config", config(chosen), "--json"});
        QVERIFY2(evaluate.exitCode == kExitFinished, qPrintable(describe(evaluate)));
        const nlohmann::json evaluated = parsed(evaluate);

        const QString npy = path(name + "-predictions.npy");
        const QString csv = path(name + "-predictions.csv");
        const QString targets = path(name + "_yval.npy");
        const CliRun run = predict(chosen, {"--y", targets, "--out", npy, "--json"});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        const nlohmann::json result = parsed(run);
        QVERIFY2(result.is_object(), qPrintable(run.out));
        QCOMPARE(result["task"], nlohmann::json(chosen.task));
        QCOMPARE(result["samples"], nlohmann::json(80));
        QCOMPARE(result["batch_size"], nlohmann::json(32));
        QCOMPARE(result["batches"], nlohmann::json(3));
        QCOMPARE(result["out"], nlohmann::json(npy.toStdString()));
        QCOMPARE(result["output_shape"][0], nlohmann::json(80));
        // The backend the config's training runs use: onednn where this build has it.
        QVERIFY2(result["backend"] == "onednn" || result["backend"] == "libtorch",
                 qPrintable(run.out));
        const double loss = result["loss"].get<double>();
        const double validationLoss = evaluated["val_loss"].get<double>();
        QVERIFY2(close(loss, validationLoss, kLossTolerance),
                 qPrintable(QString("predict %1, evaluate %2").arg(loss).arg(validationLoss)));
        const std::string metric = std::string(chosen.loss) == "mse" ? "mae" : "accuracy";
        QVERIFY2(close(result["metrics"][metric].get<double>(),
                       evaluated["val_" + metric].get<double>(), kLossTolerance),
                 qPrintable(run.out));

        // The CSV of the same predictions, then NumPy's metrics from both files.
        const CliRun csvRun = predict(chosen, {"--out", csv});
        QVERIFY2(csvRun.exitCode == kExitFinished, qPrintable(describe(csvRun)));
        const QString reference = path(name + "-numpy.json");
        const QString problem =
            es::test::runNumPyScript(kMetrics, {chosen.task, npy, targets, reference, csv});
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const nlohmann::json numpy = readJson(reference);
        for (const auto& [key, value] : numpy.items()) {
            const nlohmann::json& ours =
                result["metrics"].contains(key) ? result["metrics"][key] : result["confusion"][key];
            QVERIFY2(ours.is_number(), qPrintable(QString::fromStdString(key)));
            // The config's accuracy comes from the engine's float32 sums, the rest from doubles.
            const double tolerance = key == metric ? kLossTolerance : kMetricTolerance;
            QVERIFY2(close(ours.get<double>(), value.get<double>(), tolerance),
                     qPrintable(QString("%1: %2, NumPy %3")
                                    .arg(QString::fromStdString(key))
                                    .arg(ours.get<double>())
                                    .arg(value.get<double>())));
        }
        QVERIFY(temporaryFilesUnder(m_dir.path()).isEmpty());
    }

    void validationPredictsWhatEvaluateScores_data()
    {
        lossEqualsEvaluateAndMetricsEqualNumPy_data();
    }

    void validationPredictsWhatEvaluateScores()
    {
        QFETCH(int, model);
        const Model& chosen = *std::array<const Model*, 4>{
            &kRegression, &kTokens, &kClassIds, &kOneHot}[static_cast<std::size_t>(model)];
        const CliRun evaluate = runCli(
            {"evaluate", "--checkpoint", checkpoint(chosen), "--config", config(chosen), "--json"});
        QVERIFY2(evaluate.exitCode == kExitFinished, qPrintable(describe(evaluate)));
        const nlohmann::json evaluated = parsed(evaluate);
        // No file: the config's own validation samples, with their targets.
        const CliRun run = runCli({"predict", "--checkpoint", checkpoint(chosen), "--config",
                                   config(chosen), "--validation", "--json"});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        const nlohmann::json result = parsed(run);
        QCOMPARE(result["samples"], nlohmann::json(80));
        QVERIFY(result["x"].is_null());
        QVERIFY2(
            result["data"].get<std::string>().find("80 validation samples") != std::string::npos,
            qPrintable(run.out));
        const double loss = result["loss"].get<double>();
        const double validationLoss = evaluated["val_loss"].get<double>();
        QVERIFY2(close(loss, validationLoss, kLossTolerance),
                 qPrintable(QString("predict %1, evaluate %2").arg(loss).arg(validationLoss)));
    }

    void batchSizeDoesNotChangeThePredictions()
    {
        const QString whole = path("reg-batch-default.npy");
        const QString small = path("reg-batch-7.npy");
        QCOMPARE(predict(kRegression, {"--out", whole}).exitCode, kExitFinished);
        const CliRun run = predict(kRegression, {"--out", small, "--batch", "7", "--json"});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        QCOMPARE(parsed(run)["batches"], nlohmann::json(12));
        const QString problem = es::test::runNumPyScript(kSameArrays, {whole, small, "1e-6"});
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void readsArchiveMembers()
    {
        const CliRun unscored = predict(kRegression, {"--json"});
        const CliRun archive = runCli(
            {"predict", "--checkpoint", checkpoint(kRegression), "--config", config(kRegression),
             "--x", path("reg.npz") + ":x_val", "--y", path("reg.npz") + ":y_val", "--json"});
        QVERIFY2(archive.exitCode == kExitFinished, qPrintable(describe(archive)));
        const CliRun files = predict(kRegression, {"--y", path("reg_yval.npy"), "--json"});
        QVERIFY2(files.exitCode == kExitFinished, qPrintable(describe(files)));
        QCOMPARE(parsed(archive)["loss"], parsed(files)["loss"]);
        QVERIFY(parsed(unscored)["loss"].is_null());
        QVERIFY(parsed(unscored)["metrics"].is_null());
    }

    void aBackupPredictsAsTheCheckpointOfItsEpoch()
    {
        const QString backup = path("reg-backup/epochscope-backup.pt");
        QVERIFY2(QFile::exists(backup), qPrintable(backup));
        const QString fromBackup = path("reg-from-backup.npy");
        const QString fromCheckpoint = path("reg-from-checkpoint.npy");
        const CliRun run =
            runCli({"predict", "--checkpoint", backup, "--config", config(kRegression), "--x",
                    path("reg_xval.npy"), "--out", fromBackup});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        QVERIFY2(run.out.contains("(BackupAndRestore backup)"), qPrintable(run.out));
        QCOMPARE(predict(kRegression, {"--out", fromCheckpoint}).exitCode, kExitFinished);
        const QString problem =
            es::test::runNumPyScript(kSameArrays, {fromBackup, fromCheckpoint, "0"});
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void summaryWithoutOut()
    {
        const CliRun run = predict(kTokens, {"--y", path("tok_yval.npy")});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        QVERIFY2(run.out.contains("Predicted 80 samples on cpu ("), qPrintable(run.out));
        QVERIFY2(run.out.contains("loss: ") && run.out.contains(" - roc_auc: "),
                 qPrintable(run.out));
        QVERIFY2(run.out.contains("At threshold 0.5: "), qPrintable(run.out));
        QVERIFY2(run.out.contains("Predictions [80, 1]: min "), qPrintable(run.out));
    }

    void badInputsExitWithTwoAndLeaveNothing_data()
    {
        QTest::addColumn<int>("model");
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QStringList>("expected");
        const QString dir = m_dir.path() + "/";
        QTest::newRow("wrong feature count")
            << 0 << QStringList{"--x", dir + "reg_wrongfeatures.npy"}
            << QStringList{"--x: " + dir +
                           "reg_wrongfeatures.npy has 4 features per time step, "
                           "but the model was trained on 3"};
        QTest::newRow("NaN") << 0 << QStringList{"--x", dir + "reg_nan.npy"}
                             << QStringList{"--x: " + dir + "reg_nan.npy holds NaN at [2, 4, 1]"};
        QTest::newRow("token id beyond input_dim")
            << 1 << QStringList{"--x", dir + "tok_bad.npy"}
            << QStringList{"--x: " + dir +
                           "tok_bad.npy holds token id 50 at [3, 5], not below "
                           "model.layers[0].input_dim 50"};
        QTest::newRow("truncated npy")
            << 0 << QStringList{"--x", dir + "reg_trunc.npy"} << QStringList{dir + "reg_trunc.npy"};
        QTest::newRow("targets of another count")
            << 0 << QStringList{"--x", dir + "reg_xval.npy", "--y", dir + "reg_yshort.npy"}
            << QStringList{"--y: " + dir + "reg_yshort.npy has 40 samples, but x"};
        QTest::newRow("targets that are not class ids")
            << 2 << QStringList{"--x", dir + "cls_xval.npy", "--y", dir + "reg_yval.npy"}
            << QStringList{"--y: " + dir + "reg_yval.npy holds ",
                           " at [0], but training.loss \"sparse_categorical_crossentropy\" needs "
                           "class ids"};
        QTest::newRow("an archive of several arrays, no member")
            << 0 << QStringList{"--x", dir + "reg.npz"}
            << QStringList{"reg.npz holds the arrays", "name the one to use as"};
        QTest::newRow("a CSV for an npy config")
            << 0 << QStringList{"--x", dir + "prices.csv"}
            << QStringList{"--x: " + dir +
                           "prices.csv is a CSV file, but the config's "
                           "data.source is \"npy\""};
        QTest::newRow("an unknown output format")
            << 0 << QStringList{"--x", dir + "reg_xval.npy", "--out", dir + "failed.json"}
            << QStringList{"expected a .npy or .csv file name"};
        QTest::newRow("an output directory that is not there")
            << 0 << QStringList{"--x", dir + "reg_xval.npy", "--out", dir + "none/failed.npy"}
            << QStringList{"--out "};
        QTest::newRow("batch 0") << 0 << QStringList{"--x", dir + "reg_xval.npy", "--batch", "0"}
                                 << QStringList{"--batch"};
        QTest::newRow("no inputs")
            << 0 << QStringList{} << QStringList{"--x FILE, --text TEXT, or --validation"};
        QTest::newRow("inputs and --validation")
            << 0 << QStringList{"--x", dir + "reg_xval.npy", "--validation"}
            << QStringList{"--validation"};
        QTest::newRow("targets and --validation")
            << 0 << QStringList{"--y", dir + "reg_yval.npy", "--validation"}
            << QStringList{"--validation"};
    }

    void badInputsExitWithTwoAndLeaveNothing()
    {
        QFETCH(int, model);
        QFETCH(QStringList, arguments);
        QFETCH(QStringList, expected);
        const Model& chosen = model == 0 ? kRegression : model == 1 ? kTokens : kClassIds;
        QStringList all{"predict", "--checkpoint", checkpoint(chosen), "--config", config(chosen)};
        all += arguments;
        const QString out = path("failed.npy");
        if (!arguments.contains("--out"))
            all << "--out" << out;
        const CliRun run = runCli(all);
        QVERIFY2(run.exitCode == kExitBadInput, qPrintable(describe(run)));
        for (const QString& text : expected)
            QVERIFY2(run.err.contains(text), qPrintable(describe(run)));
        verifyNothingLeft(out);
    }

    void checkpointsThatDoNotFitExitWithTwo()
    {
        // The same model with other widths: its LSTM's weights in the file are [32, 3] ...
        Model wider = kRegression;
        wider.layers[0]["units"] = 12;
        nlohmann::json document = modelConfig(m_dir.path(), wider, false);
        const QString widerConfig = path("reg-wider.json");
        QVERIFY(writeJson(widerConfig, document));
        const QString out = path("failed.npy");
        const CliRun mismatched =
            runCli({"predict", "--checkpoint", checkpoint(kRegression), "--config", widerConfig,
                    "--x", path("reg_xval.npy"), "--out", out});
        QVERIFY2(mismatched.exitCode == kExitBadInput, qPrintable(describe(mismatched)));
        QVERIFY2(mismatched.err.contains("--checkpoint: " + checkpoint(kRegression) +
                                         " does not fit the config's model: lstm_1.weight_ih_l0: "
                                         "[32, 3] in the file, [48, 3] in the model"),
                 qPrintable(describe(mismatched)));
        verifyNothingLeft(out);

        // ... and a checkpoint cut short is no archive at all.
        QFile whole(checkpoint(kRegression));
        QVERIFY(whole.open(QIODevice::ReadOnly));
        const QByteArray bytes = whole.readAll();
        const QString truncated = path("reg-truncated.pt");
        QFile cut(truncated);
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write(bytes.left(bytes.size() / 2));
        cut.close();
        const CliRun corrupt =
            runCli({"predict", "--checkpoint", truncated, "--config", config(kRegression), "--x",
                    path("reg_xval.npy"), "--out", out});
        QVERIFY2(corrupt.exitCode == kExitBadInput, qPrintable(describe(corrupt)));
        QVERIFY2(corrupt.err.contains("--checkpoint: " + truncated + ": not a LibTorch archive"),
                 qPrintable(describe(corrupt)));
        verifyNothingLeft(out);
    }

    void aStopSignalWritesNothing()
    {
        const QString out = path("stopped.npy");
        QProcess process;
        process.setProcessEnvironment(isolatedEnvironment());
        process.start(es::test::cliPath(),
                      {"predict", "--checkpoint", checkpoint(kRegression), "--config",
                       config(kRegression), "--x", path("reg_xval.npy"), "--out", out});
        QVERIFY(process.waitForStarted());
        // Once the CLI has its handler (before LibTorch has started), the signal is deferred
        // and predict finds it before its first batch.
        QDeadlineTimer deadline(kQuickTimeoutMs);
        while (!catches(process.processId(), SIGINT) && process.state() == QProcess::Running &&
               !deadline.hasExpired())
            QThread::usleep(500);
        QCOMPARE(::kill(static_cast<pid_t>(process.processId()), SIGINT), 0);
        QVERIFY(process.waitForFinished(kQuickTimeoutMs));
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QVERIFY2(process.exitCode() == kSignalBase + SIGINT, qPrintable(err));
        QVERIFY2(err.contains("SIGINT received: stopped after 0 batches; no predictions written"),
                 qPrintable(err));
        verifyNothingLeft(out);
    }

    void cutsACsvAsTheConfigSays()
    {
        const nlohmann::json document = {
            {"name", "predict-csv"},
            {"model",
             {{"layers", {{{"type", "lstm"}, {"units", 4}}, {{"type", "dense"}, {"units", 1}}}}}},
            {"data",
             {{"source",
               {{"type", "csv"},
                {"path", path("series.csv").toStdString()},
                {"features", {"a", "b"}},
                {"target", "c"},
                {"window", 5}}},
              {"batch_size", 16}}},
            {"training", {{"epochs", 1}, {"loss", "mse"}}},
            {"device", {{"intra_op_threads", 2}}},
            {"callbacks",
             {{{"type", "model_checkpoint"}, {"filepath", path("series.pt").toStdString()}}}},
        };
        const QString csvConfig = path("series.json");
        QVERIFY(writeJson(csvConfig, document));
        const CliRun train =
            runCli({"train", "--config", csvConfig, "--no-record"}, kTrainTimeoutMs);
        QVERIFY2(train.exitCode == kExitFinished, qPrintable(describe(train)));
        const QStringList common{"predict", "--checkpoint", path("series.pt"),     "--config",
                                 csvConfig, "--x",          path("series_new.csv")};
        // 40 rows give 40 - 5 - 1 + 1 windows, each scored against its row of c.
        const CliRun run = runCli(common + QStringList{"--json"});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        const nlohmann::json result = parsed(run);
        QCOMPARE(result["samples"], nlohmann::json(35));
        QVERIFY2(result["loss"].is_number() && result["metrics"]["rmse"].is_number(),
                 qPrintable(run.out));
        const CliRun twice = runCli(common + QStringList{"--y", path("reg_yval.npy")});
        QVERIFY2(twice.exitCode == kExitBadInput, qPrintable(describe(twice)));
        QVERIFY2(twice.err.contains("data.source.target column; leave --y out"),
                 qPrintable(describe(twice)));
    }

    void helpListsTheCommand()
    {
        const CliRun top = runCli({"--help"});
        QVERIFY2(top.out.contains("predict"), qPrintable(top.out));
        const CliRun help = runCli({"predict", "--help"});
        QCOMPARE(help.exitCode, kExitFinished);
        for (const char* option :
             {"--checkpoint", "--x", "--y", "--out", "--batch", "--device", "--json"})
            QVERIFY2(help.out.contains(option), option);
    }
};

QTEST_GUILESS_MAIN(TestPredictCli)
#include "tst_predictcli.moc"
