// File data sources end to end: NumPy and CSV files written by NumPy itself, loaded for a
// run, checked against the model before training, and trained on.

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/data/sourcearrays.h"
#include "tests/support/numpyscript.h"
#include "tests/support/runtoend.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace {

using Json = nlohmann::json;

// Every file the tests read, written by NumPy. Windows of the CSV series are also computed
// here with NumPy slicing, so the CSV windowing is compared with an independent version.
const char* const kWriter = R"PY(
import os, sys
import numpy as np

out = sys.argv[1]
def path(name):
    return os.path.join(out, name)

rng = np.random.default_rng(0)
x = rng.normal(size=(96, 6, 3))                  # float64, as NumPy makes it
y = np.tanh(x[:, -1, 0] + 0.5 * x[:, -2, 1])     # (96,)
np.save(path('reg_x.npy'), x)
np.save(path('reg_y.npy'), y)
np.savez(path('reg.npz'), x_train=x, y_train=y)
np.save(path('reg_xval.npy'), rng.normal(size=(24, 6, 3)).astype(np.float32))
np.save(path('reg_yval.npy'), rng.normal(size=(24, 1)).astype(np.float32))

tokens = rng.integers(0, 50, size=(100, 10)).astype(np.int32)
labels = (tokens[:, -1] % 2).astype(np.uint8)
np.savez_compressed(path('tokens.npz'), x_train=tokens[:80], y_train=labels[:80],
                    x_val=tokens[80:], y_val=labels[80:])

series = np.cumsum(rng.normal(size=(60, 3)), axis=0)
with open(path('series.csv'), 'w') as f:
    f.write('time,a,b,price\n')
    for i, row in enumerate(series):
        f.write('%d,%r,%r,%r\n' % (i, float(row[0]), float(row[1]), float(row[2])))
window, horizon, stride = 5, 2, 3
cols = series[:, [0, 2]].astype(np.float32)          # features a, price
starts = range(0, 60 - window - horizon + 1, stride)
np.save(path('win_x.npy'), np.stack([cols[s:s + window] for s in starts]))
np.save(path('win_y.npy'), np.array([series[s + window - 1 + horizon, 2] for s in starts],
                                    dtype=np.float32))
with open(path('series_bad.csv'), 'w') as f:
    f.write('time,a,b,price\n1,0.5,0.1,3\n2,0.7,0.2,n/a\n3,0.1,0.3,4\n')
with open(path('series_short.csv'), 'w') as f:
    f.write('a,price\n1,2\n3,4\n5,6\n')

classes = (x[:, -1, 0] > 0).astype(np.int64) + (x[:, -1, 1] > 0)   # ids 0..2
np.save(path('cls_y.npy'), classes)
np.save(path('cls_onehot.npy'), np.eye(3, dtype=np.float32)[classes])

# Bad files, one problem each.
np.save(path('y_short.npy'), y[:95])
np.save(path('x_rank2.npy'), x[:, :, 0])
np.save(path('y_wide.npy'), np.stack([y, y, y], axis=1))
bad = x.copy(); bad[3, 1, 0] = np.nan; bad[5, 0, 2] = np.inf; bad[9, 2, 1] = np.nan
np.save(path('x_nan.npy'), bad)
bad = y.copy(); bad[7] = -np.inf
np.save(path('y_inf.npy'), bad)
np.save(path('x_empty.npy'), np.zeros((0, 6, 3)))
np.save(path('x_one.npy'), x[:1])
np.save(path('y_one.npy'), y[:1])
np.save(path('xval_f4.npy'), np.zeros((24, 6, 4), dtype=np.float32))
bad = np.where(y > 0, 1.0, 0.0); bad[5] = 2.0
np.save(path('y_bce.npy'), bad)
bad = classes.copy(); bad[11] = 3
np.save(path('cls_big.npy'), bad)
bad = classes.astype(np.float32); bad[6] = 0.5
np.save(path('cls_frac.npy'), bad)
np.save(path('tok_x.npy'), tokens[:80])
np.save(path('tok_y.npy'), labels[:80].astype(np.float32))
bad = tokens[:80].copy(); bad[4, 7] = 50; bad[9, 2] = 57
np.save(path('tok_big.npy'), bad)
bad = tokens[:80].copy(); bad[2, 3] = -1
np.save(path('tok_neg.npy'), bad)
np.save(path('tok_rank3.npy'), tokens[:80, :, None])
bad = tokens[:80].astype(np.float64); bad[0, 1] = 1.5
np.save(path('tok_frac.npy'), bad)
np.save(path('object.npy'), np.array([{'a': 1}, None], dtype=object), allow_pickle=True)
np.savez(path('no_defaults.npz'), inputs=x, targets=y)
with open(path('truncated.npy'), 'wb') as f:
    np.save(f, x)
with open(path('truncated.npy'), 'r+b') as f:
    f.truncate(1000)
)PY";

/// A small run on file data; `model` picks the model the data must fit.
Json fileConfig(const Json& source, const QString& model)
{
    Json config = Json::parse(R"({
      "name": "file-data", "seed": 5,
      "data": {"validation_split": 0.25, "batch_size": 16},
      "training": {"epochs": 2, "optimizer": {"type": "adam", "learning_rate": 0.01},
                   "loss": "mse"},
      "device": {"name": "cpu", "intra_op_threads": 1}
    })");
    config["data"]["source"] = source;
    if (model.startsWith("tokens")) {
        config["model"]["layers"] = Json::parse(R"([
            {"type": "embedding", "input_dim": 50, "output_dim": 8},
            {"type": "lstm", "units": 8},
            {"type": "dense", "units": 1, "activation": "sigmoid"}])");
        config["training"]["loss"] = "binary_crossentropy";
    } else {
        config["model"]["layers"] = Json::parse(R"([
            {"type": "lstm", "units": 8}, {"type": "dense", "units": 1}])");
    }
    if (model == "features-bce")
        config["training"]["loss"] = "binary_crossentropy";
    if (model == "features-sparse" || model == "features-categorical") {
        config["model"]["layers"].back() = {
            {"type", "dense"}, {"units", 3}, {"activation", "softmax"}};
        config["training"]["loss"] = model == "features-sparse" ? "sparse_categorical_crossentropy"
                                                                : "categorical_crossentropy";
        config["training"]["metrics"] = {"accuracy"};
    }
    if (model == "features-shape")
        config["model"]["input_shape"] = {6, 4};
    return config;
}

std::vector<double> epochLosses(const es::RunResult& result)
{
    std::vector<double> losses;
    for (const es::EpochRecord& epoch : result.epochs) {
        losses.push_back(epoch.trainLoss);
        losses.push_back(epoch.valLoss.value_or(-1.0));
    }
    return losses;
}

bool hasNote(const es::RunInfo& info, const std::string& fragment)
{
    return std::any_of(info.dataNotes.begin(), info.dataNotes.end(), [&](const std::string& note) {
        return note.find(fragment) != std::string::npos;
    });
}

}  // namespace

class TestDataSource : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::string file(const char* name) const { return m_dir.filePath(name).toStdString(); }

    /// Replaces `{dir}` in a source written in a test table by the directory of the files.
    Json sourceFromRow(const QString& text) const
    {
        QString resolved = text;
        resolved.replace("{dir}", m_dir.path());
        return Json::parse(resolved.toStdString());
    }

    es::RunResult train(const Json& source, const QString& model)
    {
        return es::test::runToEnd(es::parseRunConfig(fileConfig(source, model)));
    }

    static QString describe(const es::RunResult& result)
    {
        return QString::fromStdString("state " + std::to_string(static_cast<int>(result.state)) +
                                      ", error: " + result.error);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString problem = es::test::runNumPyScript(kWriter, {m_dir.path()});
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void npyAndNpzTrainAlike()
    {
        const es::RunResult npy = train(
            {{"type", "npy"}, {"x", file("reg_x.npy")}, {"y", file("reg_y.npy")}}, "features");
        const es::RunResult npz = train({{"type", "npz"}, {"path", file("reg.npz")}}, "features");
        QVERIFY2(npy.state == es::RunState::Finished, qPrintable(describe(npy)));
        QVERIFY2(npz.state == es::RunState::Finished, qPrintable(describe(npz)));
        QCOMPARE(npy.info.trainSamples, std::int64_t(72));  // 96 * (1 - 0.25)
        QCOMPARE(npy.info.validationSamples, std::int64_t(24));
        QCOMPARE(epochLosses(npy), epochLosses(npz));
        QVERIFY(std::isfinite(npy.epochs.back().trainLoss));
        QVERIFY(hasNote(npy.info, "x: float64 converted to float32 once at load"));
        QVERIFY(hasNote(npz.info, "y: float64 converted to float32 once at load"));
        QVERIFY2(npy.info.dataSource.find("reg_x.npy (96, 6, 3) float64") != std::string::npos,
                 npy.info.dataSource.c_str());
        QVERIFY2(npz.info.dataSource.find("reg.npz:x_train") != std::string::npos,
                 npz.info.dataSource.c_str());
        QCOMPARE(npy.info.model.inputShape, (std::vector<std::int64_t>{6, 3}));
    }

    void explicitValidationArraysReplaceTheSplit()
    {
        const es::RunResult result = train({{"type", "npy"},
                                            {"x", file("reg_x.npy")},
                                            {"y", file("reg_y.npy")},
                                            {"x_val", file("reg_xval.npy")},
                                            {"y_val", file("reg_yval.npy")}},
                                           "features");
        QVERIFY2(result.state == es::RunState::Finished, qPrintable(describe(result)));
        QCOMPARE(result.info.trainSamples, std::int64_t(96));
        QCOMPARE(result.info.validationSamples, std::int64_t(24));
        QVERIFY(hasNote(result.info, "data.validation_split 0.25 ignored"));
        QVERIFY(!hasNote(result.info, "x_val:"));  // float32 as stored: nothing to say
    }

    void tokensFromACompressedArchive()
    {
        const es::RunResult result =
            train({{"type", "npz"}, {"path", file("tokens.npz")}}, "tokens");
        QVERIFY2(result.state == es::RunState::Finished, qPrintable(describe(result)));
        // x_val/y_val are picked by name, so validation_split does not apply.
        QCOMPARE(result.info.trainSamples, std::int64_t(80));
        QCOMPARE(result.info.validationSamples, std::int64_t(20));
        QVERIFY(hasNote(result.info, "x: int32 converted to int64 once at load"));
        QVERIFY(hasNote(result.info, "y: uint8 converted to float32 once at load"));
        QVERIFY(std::isfinite(result.epochs.back().valLoss.value_or(NAN)));
        QCOMPARE(result.info.model.inputShape, (std::vector<std::int64_t>{10}));
    }

    void csvWindowsTrainLikeNumPyWindows()
    {
        const Json csv = {{"type", "csv"},        {"path", file("series.csv")},
                          {"features", {"a", 3}}, {"target", "price"},
                          {"window", 5},          {"horizon", 2},
                          {"stride", 3}};
        const es::RunResult fromCsv = train(csv, "features");
        const es::RunResult fromNumPy = train(
            {{"type", "npy"}, {"x", file("win_x.npy")}, {"y", file("win_y.npy")}}, "features");
        QVERIFY2(fromCsv.state == es::RunState::Finished, qPrintable(describe(fromCsv)));
        QVERIFY2(fromNumPy.state == es::RunState::Finished, qPrintable(describe(fromNumPy)));
        // floor((60 - 5 - 2) / 3) + 1 = 18 windows, 13 of them train.
        QCOMPARE(fromCsv.info.trainSamples + fromCsv.info.validationSamples, std::int64_t(18));
        QCOMPARE(fromCsv.info.trainSamples, fromNumPy.info.trainSamples);
        QCOMPARE(epochLosses(fromCsv), epochLosses(fromNumPy));
    }

    void classIdsAndOneHotRowsTrainAlike()
    {
        const Json ids = {{"type", "npy"}, {"x", file("reg_x.npy")}, {"y", file("cls_y.npy")}};
        const Json rows = {
            {"type", "npy"}, {"x", file("reg_x.npy")}, {"y", file("cls_onehot.npy")}};
        const es::RunResult sparse = train(ids, "features-sparse");
        const es::RunResult categorical = train(rows, "features-categorical");
        QVERIFY2(sparse.state == es::RunState::Finished, qPrintable(describe(sparse)));
        QVERIFY2(categorical.state == es::RunState::Finished, qPrintable(describe(categorical)));
        const std::vector<double> a = epochLosses(sparse);
        const std::vector<double> b = epochLosses(categorical);
        QCOMPARE(a.size(), b.size());
        for (std::size_t i = 0; i < a.size(); ++i)
            QVERIFY2(std::abs(a[i] - b[i]) < 1e-5,
                     qPrintable(QString("%1 vs %2").arg(a[i]).arg(b[i])));
        QVERIFY(sparse.epochs.back().metrics.count("val_accuracy") == 1);
    }

    void badDataIsRefusedBeforeTraining_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("phrase");

        const auto npy = [](const char* x, const char* y) {
            return QString(R"({"type":"npy","x":"{dir}/%1","y":"{dir}/%2"})").arg(x, y);
        };
        QTest::newRow("x and y counts differ")
            << npy("reg_x.npy", "y_short.npy") << "features"
            << "data.source.y"
            << "y_short.npy has 95 samples, but x ({dir}/reg_x.npy) has 96";
        QTest::newRow("2-d features for an lstm")
            << npy("x_rank2.npy", "reg_y.npy") << "features"
            << "data.source.x"
            << "has shape (96, 6), but the first layer (\"lstm\") reads float features shaped "
               "(samples, timesteps, features); for one feature per time step save x[..., "
               "np.newaxis]";
        QTest::newRow("3-d token ids")
            << npy("tok_rank3.npy", "tok_y.npy") << "tokens"
            << "data.source.x"
            << "has shape (80, 10, 1), but the first layer (\"embedding\") reads token ids";
        QTest::newRow("several targets per sample")
            << npy("reg_x.npy", "y_wide.npy") << "features"
            << "data.source.y"
            << "has shape (96, 3), but the model outputs one value or one class id per sample";
        QTest::newRow("NaN in x")
            << npy("x_nan.npy", "reg_y.npy") << "features"
            << "data.source.x"
            << "x_nan.npy holds NaN at [3, 1, 0] (the first of 2 NaN and 1 infinite values)";
        QTest::newRow("infinity in y")
            << npy("reg_x.npy", "y_inf.npy") << "features"
            << "data.source.y"
            << "holds an infinity at [7] (the first of 0 NaN and 1 infinite values)";
        QTest::newRow("token id beyond the vocabulary")
            << npy("tok_big.npy", "tok_y.npy") << "tokens"
            << "data.source.x"
            << "holds token id 50 at [4, 7], not below model.layers[0].input_dim 50 (the largest "
               "id is 57; input_dim 58 would cover them all)";
        QTest::newRow("negative token id")
            << npy("tok_neg.npy", "tok_y.npy") << "tokens"
            << "data.source.x"
            << "holds token id -1 at [2, 3]; ids index the embedding and must be >= 0";
        QTest::newRow("fractional token id")
            << npy("tok_frac.npy", "tok_y.npy") << "tokens"
            << "{dir}/tok_frac.npy@byte 136"
            << "element 1 (float64) is 1.5: expected a whole number";
        QTest::newRow("targets outside [0, 1] for binary cross-entropy")
            << npy("reg_x.npy", "y_bce.npy") << "features-bce"
            << "data.source.y"
            << "holds 2 at [5], but training.loss \"binary_crossentropy\" needs targets in [0, 1]";
        QTest::newRow("class id beyond the softmax")
            << npy("reg_x.npy", "cls_big.npy") << "features-sparse"
            << "data.source.y"
            << "cls_big.npy holds 3 at [11], but training.loss "
               "\"sparse_categorical_crossentropy\" needs class ids: whole numbers from 0 to 2 "
               "(the last layer has 3 units)";
        QTest::newRow("fractional class id")
            << npy("reg_x.npy", "cls_frac.npy") << "features-sparse"
            << "data.source.y"
            << "cls_frac.npy holds 0.5 at [6]";
        QTest::newRow("one-hot rows for class ids")
            << npy("reg_x.npy", "cls_onehot.npy") << "features-sparse"
            << "data.source.y"
            << "has shape (96, 3), but the model outputs one value or one class id per sample";
        QTest::newRow("class ids for one-hot rows")
            << npy("reg_x.npy", "cls_y.npy") << "features-categorical"
            << "data.source.y"
            << "has shape (96,), but training.loss \"categorical_crossentropy\" compares each "
               "sample's 3 class probabilities with a one-hot row, so targets must be shaped "
               "(samples, 3)";
        QTest::newRow("input_shape differs")
            << npy("reg_x.npy", "reg_y.npy") << "features-shape"
            << "model.input_shape"
            << "the model expects samples shaped [6, 4], but {dir}/reg_x.npy holds samples "
               "shaped (6, 3)";
        QTest::newRow("validation features differ")
            << R"({"type":"npy","x":"{dir}/reg_x.npy","y":"{dir}/reg_y.npy","x_val":"{dir}/xval_f4.npy","y_val":"{dir}/reg_yval.npy"})"
            << "features"
            << "data.source.x_val"
            << "has 4 features per time step, but x ({dir}/reg_x.npy) has 3";
        QTest::newRow("no samples") << npy("x_empty.npy", "reg_y.npy") << "features"
                                    << "data.source.x"
                                    << "holds no samples (shape (0, 6, 3))";
        QTest::newRow("split leaves nothing to train")
            << npy("x_one.npy", "y_one.npy") << "features"
            << "data.validation_split"
            << "0.25 leaves 0 of the 1 samples for training";
        QTest::newRow("missing file") << npy("absent.npy", "reg_y.npy") << "features"
                                      << "{dir}/absent.npy"
                                      << "No such file or directory";
        QTest::newRow("pickled objects")
            << npy("object.npy", "reg_y.npy") << "features"
            << "{dir}/object.npy@byte 20"
            << "its elements are pickled Python objects; pickled data is never loaded";
        QTest::newRow("truncated file")
            << npy("truncated.npy", "reg_y.npy") << "features"
            << "{dir}/truncated.npy@byte 1000"
            << "truncated data: shape (96, 6, 3) of float64 needs 13824 bytes after the 128-byte "
               "header, found 872";
        QTest::newRow("archive without default names")
            << R"({"type":"npz","path":"{dir}/no_defaults.npz"})"
            << "features"
            << "data.source.x"
            << "no_defaults.npz holds the arrays inputs, targets but none named x_train; name "
               "the array to use";
        QTest::newRow("archive member missing")
            << R"({"type":"npz","path":"{dir}/no_defaults.npz","x":"inputs","y":"labels"})"
            << "features"
            << "{dir}/no_defaults.npz"
            << "labels";
        QTest::newRow("csv cell not a number")
            << R"({"type":"csv","path":"{dir}/series_bad.csv","features":["a"],"target":"price","window":1})"
            << "features"
            << "{dir}/series_bad.csv:row 3, column 4 (\"price\")"
            << "n/a";
        QTest::newRow("csv too short for the window")
            << R"({"type":"csv","path":"{dir}/series_short.csv","features":["a"],"target":"price","window":3})"
            << "features"
            << "{dir}/series_short.csv"
            << "needs at least 4";
        QTest::newRow("csv column unknown")
            << R"({"type":"csv","path":"{dir}/series.csv","features":["volume"],"target":"price","window":3})"
            << "features"
            << "{dir}/series.csv"
            << "no column named \"volume\"; the header has \"time\", \"a\", \"b\", \"price\"";
    }

    void badDataIsRefusedBeforeTraining()
    {
        QFETCH(QString, source);
        QFETCH(QString, model);
        QFETCH(QString, path);
        QFETCH(QString, phrase);
        path.replace("{dir}", m_dir.path());
        phrase.replace("{dir}", m_dir.path());
        const es::RunConfig config = es::parseRunConfig(fileConfig(sourceFromRow(source), model));
        try {
            es::loadSourceArrays(config);
            QFAIL("the data was accepted");
        } catch (const es::ConfigError& error) {
            const auto& issues = error.issues();
            const bool found = std::any_of(issues.begin(), issues.end(), [&](const auto& issue) {
                return issue.path == path.toStdString() &&
                       issue.message.find(phrase.toStdString()) != std::string::npos;
            });
            QVERIFY2(found, error.what());
        }
    }

    void badDataFailsTheRunAsBadInput()
    {
        const es::RunResult result = train(
            {{"type", "npy"}, {"x", file("x_nan.npy")}, {"y", file("reg_y.npy")}}, "features");
        QCOMPARE(result.state, es::RunState::Failed);
        QVERIFY(result.badInput);
        QVERIFY(result.batches.empty());
        QVERIFY2(result.error.find("data.source.x: ") != std::string::npos, result.error.c_str());
    }

    void elementIndexIsCOrder()
    {
        QCOMPARE(es::elementIndexText({4, 3, 2}, 0), std::string("[0, 0, 0]"));
        QCOMPARE(es::elementIndexText({4, 3, 2}, 7), std::string("[1, 0, 1]"));
        QCOMPARE(es::elementIndexText({4, 3, 2}, 23), std::string("[3, 2, 1]"));
        QCOMPARE(es::elementIndexText({5}, 4), std::string("[4]"));
    }
};

QTEST_GUILESS_MAIN(TestDataSource)
#include "tst_datasource.moc"
