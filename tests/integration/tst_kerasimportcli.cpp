// `epochscope-cli keras import` end to end: a Keras model's JSON (and a .keras archive) imported
// by the built CLI, written atomically with --out or printed, refused with status 2 naming the
// layer, and the imported config trained for one epoch by `train`.
#include "tests/support/clirunner.h"
#include "tests/support/numpyscript.h"
#include "tests/support/testpaths.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

namespace {

// Batches enough for the loss to be computed and logged, few enough for a quick test.
constexpr int kMaxBatches = 3;

const char* const kArchiveWriter = R"PY(
import json, sys, zipfile
out, config_path = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, 'w') as z:
    z.writestr('metadata.json', json.dumps({"keras_version": "3.5.0",
                                            "date_saved": "2024-09-02@10:14:03"}))
    z.writestr('config.json', open(config_path).read())
    z.writestr('model.weights.h5', b'\x89HDF\r\n\x1a\n' + bytes(64))
)PY";

QString fixture(const char* name)
{
    return es::test::testDataPath(QString("keras/") + name);
}

}  // namespace

class TestKerasImportCli : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    /// Imports `model` to a file with --out and trains that config for one short epoch.
    void importAndTrain(const QString& model, const QString& runFile)
    {
        const CliRun imported = runCli({"keras", "import", model, "--out", runFile});
        QVERIFY2(imported.exitCode == kExitFinished, qPrintable(describe(imported)));
        QVERIFY2(imported.out.contains("Imported "), qPrintable(imported.out));
        QVERIFY2(imported.out.contains("Wrote " + runFile), qPrintable(imported.out));
        QVERIFY2(imported.err.isEmpty(), qPrintable(imported.err));
        QVERIFY(temporaryFilesUnder(m_dir.path()).isEmpty());
        const nlohmann::json config = readJson(runFile);
        QVERIFY2(config.is_object(), qPrintable(runFile));

        const CliRun trained =
            runCli({"train", "--config", runFile, "--epochs", "1", "--max-batches",
                    QString::number(kMaxBatches), "--threads", "1", "--no-record"},
                   kTrainTimeoutMs);
        QVERIFY2(trained.exitCode == kExitFinished, qPrintable(describe(trained)));
        QVERIFY2(trained.out.contains("Epoch 1/1"), qPrintable(trained.out));
        QVERIFY2(trained.out.contains("loss: "), qPrintable(trained.out));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // A tf.keras classifier: the output layer made one unit, and the run trains.
    void importsAndTrains()
    {
        importAndTrain(fixture("keras212_lstm_classifier.json"), m_dir.filePath("classifier.json"));
    }

    // A .keras archive written as Keras writes it: its weights noted, the model trained.
    void importsAnArchiveAndTrains()
    {
        const QString archive = m_dir.filePath("sentiment.keras");
        const QString error = es::test::runNumPyScript(
            kArchiveWriter, {archive, fixture("keras35_lstm_sentiment_config.json")});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const CliRun notes =
            runCli({"keras", "import", archive, "--out", m_dir.filePath("sentiment-notes.json")});
        QVERIFY2(notes.out.contains("note: the archive holds weights (model.weights.h5)"),
                 qPrintable(describe(notes)));
        QVERIFY2(notes.out.contains("(Keras 3.5.0)"), qPrintable(notes.out));
        importAndTrain(archive, m_dir.filePath("sentiment.json"));
    }

    // Without --out: the config alone on stdout (a clean `> run.json`), the rest on stderr.
    void printsTheConfig()
    {
        const QString model = fixture("keras224_stacked_lstm_regression.json");
        const CliRun printed = runCli({"keras", "import", model});
        QVERIFY2(printed.exitCode == kExitFinished, qPrintable(describe(printed)));
        const nlohmann::json config =
            nlohmann::json::parse(printed.out.toStdString(), nullptr, false);
        QVERIFY2(config.is_object(), qPrintable(printed.out));
        QCOMPARE(QString::fromStdString(config["name"].get<std::string>()),
                 QString("keras224_stacked_lstm_regression"));
        QCOMPARE(config["model"]["layers"].size(), std::size_t{3});
        QVERIFY2(printed.err.contains("Imported " + model +
                                      " (Keras 2.2.4): lstm_1 > lstm_2 > "
                                      "dense_1"),
                 qPrintable(printed.err));
        QVERIFY2(printed.err.contains("  note: "), qPrintable(printed.err));
        // The same config as --out writes.
        const QString out = m_dir.filePath("printed.json");
        QCOMPARE(runCli({"keras", "import", model, "--out", out}).exitCode, kExitFinished);
        QVERIFY(readJson(out) == config);
    }

    // Refusals exit with 2, one error line per issue, naming the layer and the option.
    void refuses_data()
    {
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("expected");
        QTest::newRow("a layer type EpochScope does not have")
            << R"([{"op": "add", "path": "/config/layers/1",
                    "value": {"class_name": "Conv1D", "config": {"name": "conv1d_1"}}}])"
            << "epochscope-cli: error: %1: conv1d_1 (Conv1D): layer type not supported; "
               "supported: InputLayer, Embedding, LSTM, GRU, Bidirectional, Dropout, Dense";
        QTest::newRow("stateful")
            << R"([{"op": "replace", "path": "/config/layers/1/config/stateful", "value": true}])"
            << "epochscope-cli: error: %1: lstm_2 (LSTM): option \"stateful\" true is not "
               "supported";
    }

    void refuses()
    {
        QFETCH(QString, patch);
        QFETCH(QString, expected);
        QFile source(fixture("keras224_stacked_lstm_regression.json"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const nlohmann::json model = nlohmann::json::parse(source.readAll().toStdString())
                                         .patch(nlohmann::json::parse(patch.toStdString()));
        const QString path = m_dir.filePath("refused.json");
        QVERIFY(writeJson(path, model));
        const QString out = m_dir.filePath("refused-run.json");
        const CliRun run = runCli({"keras", "import", path, "--out", out});
        QCOMPARE(run.exitCode, kExitBadInput);
        QVERIFY2(run.err.contains(expected.arg(path)), qPrintable(describe(run)));
        QVERIFY(!QFile::exists(out));
    }

    void refusesBadFiles()
    {
        const CliRun missing = runCli({"keras", "import", m_dir.filePath("missing.json")});
        QCOMPARE(missing.exitCode, kExitBadInput);
        QVERIFY2(missing.err.contains("cannot open the file"), qPrintable(describe(missing)));
        const CliRun noFolder = runCli({"keras", "import", fixture("keras212_lstm_classifier.json"),
                                        "--out", m_dir.filePath("no such folder/run.json")});
        QCOMPARE(noFolder.exitCode, kExitBadInput);
        QVERIFY2(noFolder.err.contains("--out "), qPrintable(describe(noFolder)));
        const CliRun noCommand = runCli({"keras"});
        QCOMPARE(noCommand.exitCode, kExitBadInput);
    }
};

QTEST_GUILESS_MAIN(TestKerasImportCli)
#include "tst_kerasimportcli.moc"
