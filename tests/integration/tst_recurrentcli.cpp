// End to end: a model with Keras' recurrent layers and options (a masked embedding, a
// bidirectional GRU off the fused kernel, a fused LSTM) trains through epochscope-cli,
// records each layer's kernel and forward time, checkpoints, resumes from a backup, is
// evaluated, is diagnosed with the unfused-recurrent finding, and what-if measures that
// finding's patch with the loss beside the speed. A fused LSTM after a masked embedding records
// how many training batches its padding on the left put on the step loop, and is diagnosed.

#include "tests/support/clirunner.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <cmath>

namespace {

/// Token sentiment with every kind of new layer; the GRU's reset_after false keeps the
/// bidirectional layer on the step loop, the LSTM after it runs fused.
nlohmann::json kerasLayersConfig(const QString& dir)
{
    return {
        {"name", "keras-layers"},
        {"seed", 7},
        {"model",
         {{"layers",
           {{{"type", "embedding"}, {"input_dim", 60}, {"output_dim", 8}, {"mask_zero", true}},
            {{"type", "bidirectional"},
             {"merge_mode", "concat"},
             {"layer",
              {{"type", "gru"},
               {"units", 12},
               {"return_sequences", true},
               {"reset_after", false},
               {"recurrent_dropout", 0.1}}}},
            {{"type", "dropout"}, {"rate", 0.2}},
            {{"type", "lstm"}, {"units", 10}, {"kernel_initializer", "he_uniform"}},
            {{"type", "dense"}, {"units", 1}, {"activation", "sigmoid"}}}}}},
        {"data",
         {{"source",
           {{"type", "synthetic_tokens"}, {"samples", 640}, {"timesteps", 20}, {"vocab_size", 60}}},
          {"validation_split", 0.25},
          {"batch_size", 32}}},
        {"training", {{"epochs", 2}, {"loss", "binary_crossentropy"}, {"metrics", {"accuracy"}}}},
        {"device", {{"intra_op_threads", 1}}},
        {"callbacks",
         {{{"type", "model_checkpoint"},
           {"filepath", QDir(dir).filePath("ckpt/model-{epoch}.pt").toStdString()}},
          {{"type", "backup_and_restore"},
           {"backup_dir", QDir(dir).filePath("backup").toStdString()},
           {"delete_checkpoint", false}}}},
    };
}

/// A masked embedding before a fused LSTM, on synthetic reviews padded as `padding` says
/// ("pre", Keras' default, when empty): 256 training samples, 8 steps of 32.
nlohmann::json maskedTokensConfig(const std::string& padding)
{
    nlohmann::json source = {
        {"type", "synthetic_tokens"}, {"samples", 320}, {"timesteps", 16}, {"vocab_size", 40}};
    if (!padding.empty())
        source["padding"] = padding;
    return {
        {"name", "masked-tokens"},
        {"seed", 3},
        {"model",
         {{"layers",
           {{{"type", "embedding"}, {"input_dim", 40}, {"output_dim", 8}, {"mask_zero", true}},
            {{"type", "lstm"}, {"units", 8}},
            {{"type", "dense"}, {"units", 1}, {"activation", "sigmoid"}}}}}},
        {"data", {{"source", source}, {"validation_split", 0.2}, {"batch_size", 32}}},
        {"training", {{"epochs", 1}, {"loss", "binary_crossentropy"}}},
        {"device", {{"intra_op_threads", 1}}},
    };
}

QString writeConfig(const QString& path, const nlohmann::json& config)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(QByteArray::fromStdString(config.dump(2)));
    return path;
}

}  // namespace

class TestRecurrentCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void kerasLayersTrainRecordTheirKernelsAndAreDiagnosed()
    {
        const QString config =
            writeConfig(m_dir.filePath("keras.json"), kerasLayersConfig(m_dir.path()));
        QVERIFY(!config.isEmpty());
        const QString db = m_dir.filePath("runs.sqlite");
        const QString summaryPath = m_dir.filePath("summary.json");
        const CliRun train = runCli(
            {"train", "--config", config, "--db", db, "--json-out", summaryPath}, kTrainTimeoutMs);
        QVERIFY2(train.exitCode == kExitFinished, qPrintable(describe(train)));
        // The banner names each recurrent layer's kernel, since one is on the step loop.
        QVERIFY2(train.out.contains("bidirectional_1: step loop: recurrent_dropout 0.1 is not "
                                    "fused"),
                 qPrintable(train.out));
        QVERIFY2(train.out.contains("lstm_1: fused: oneDNN's LSTM on the CPU"),
                 qPrintable(train.out));

        const nlohmann::json summary = readJson(summaryPath);
        QVERIFY2(summary.is_object(), qPrintable(summaryPath));
        const nlohmann::json& layers = summary["run"]["recurrent_layers"];
        QCOMPARE(layers.size(), std::size_t(2));
        QCOMPARE(layers[0]["layer"], nlohmann::json("bidirectional_1"));
        QCOMPARE(layers[0]["kernel"], nlohmann::json("step_loop"));
        QCOMPARE(layers[0]["option"]["key"], nlohmann::json("recurrent_dropout"));
        QCOMPARE(layers[1]["kernel"], nlohmann::json("fused"));
        // Every training step timed every layer: 480 samples in batches of 32, 2 epochs.
        const nlohmann::json& forward = summary["layer_forward"];
        QCOMPARE(forward["steps"], nlohmann::json(30));
        for (const char* name :
             {"embedding_1", "bidirectional_1", "dropout_1", "lstm_1", "dense_1"}) {
            QVERIFY2(forward["seconds"].contains(name), name);
            QVERIFY(forward["seconds"][name].get<double>() >= 0.0);
        }
        QVERIFY(forward["seconds"]["bidirectional_1"].get<double>() > 0.0);
        QCOMPARE(summary["run"]["total_params"].get<std::int64_t>(),
                 std::int64_t(60 * 8 + 2 * (3 * 12 * (8 + 12) + 6 * 12) + 4 * 10 * (24 + 10) +
                              8 * 10 + 10 + 1));

        // The checkpoint of the last epoch evaluates with the same config.
        const QString checkpoint = m_dir.filePath("ckpt/model-2.pt");
        QVERIFY2(QFile::exists(checkpoint), qPrintable(checkpoint));
        const CliRun evaluate =
            runCli({"evaluate", "--checkpoint", checkpoint, "--config", config, "--json"});
        QVERIFY2(evaluate.exitCode == kExitFinished, qPrintable(describe(evaluate)));
        const nlohmann::json evaluated = nlohmann::json::parse(evaluate.out.toStdString());
        const double validationLoss = summary["epochs"][1]["val_loss"].get<double>();
        QVERIFY2(std::abs(evaluated["val_loss"].get<double>() - validationLoss) <=
                     1e-5 * std::abs(validationLoss),
                 qPrintable(evaluate.out));

        // The diagnosis names the layer, the option and its measured share, with a patch.
        const CliRun diagnose = runCli({"diagnose", "1", "--json", "--no-doctor", "--db", db});
        QVERIFY2(diagnose.exitCode == kExitFinished, qPrintable(describe(diagnose)));
        const nlohmann::json document = nlohmann::json::parse(diagnose.out.toStdString());
        // (The LSTM's own finding, for its padding on the left, is leftPaddingIsRecorded...'s.)
        nlohmann::json unfused;
        for (const nlohmann::json& finding : document["findings"])
            if (finding["id"] == "unfused-recurrent" &&
                finding["title"].get<std::string>().find("bidirectional_1") != std::string::npos)
                unfused = finding;
        QVERIFY2(unfused.is_object(), qPrintable(diagnose.out));
        QVERIFY(unfused["evidence"].get<std::string>().find("of the forward time over 30 "
                                                            "training steps") != std::string::npos);
        const nlohmann::json& wrapped = unfused["patch"]["model"]["layers"][1]["layer"];
        QCOMPARE(wrapped["recurrent_dropout"], nlohmann::json(0.0));
        QCOMPARE(wrapped["reset_after"], nlohmann::json(true));
    }

    void leftPaddingIsRecordedAndDiagnosed_data()
    {
        QTest::addColumn<QString>("padding");
        QTest::addColumn<bool>("onTheLeft");
        QTest::newRow("Keras' default, before each review") << "" << true;
        QTest::newRow("post, after each review") << "post" << false;
    }

    void leftPaddingIsRecordedAndDiagnosed()
    {
        QFETCH(QString, padding);
        QFETCH(bool, onTheLeft);
        const QString name = padding.isEmpty() ? QStringLiteral("pre") : padding;
        const QString config = writeConfig(m_dir.filePath("masked-" + name + ".json"),
                                           maskedTokensConfig(padding.toStdString()));
        QVERIFY(!config.isEmpty());
        const QString db = m_dir.filePath("masked-" + name + ".sqlite");
        const QString summaryPath = m_dir.filePath("masked-" + name + "-summary.json");
        const CliRun train = runCli(
            {"train", "--config", config, "--db", db, "--json-out", summaryPath}, kTrainTimeoutMs);
        QVERIFY2(train.exitCode == kExitFinished, qPrintable(describe(train)));
        const nlohmann::json summary = readJson(summaryPath);
        QVERIFY2(summary.is_object(), qPrintable(summaryPath));
        QCOMPARE(summary["run"]["recurrent_layers"][0]["kernel"], nlohmann::json("fused"));

        // Every training step is counted; a review shorter than the window (most are) puts
        // its batch on the step loop when it is padded before its words.
        const nlohmann::json& fallbacks = summary["mask_fallbacks"];
        QVERIFY2(fallbacks.is_object(), qPrintable(QString::fromStdString(summary.dump())));
        QCOMPARE(fallbacks["batches"], nlohmann::json(8));
        const std::int64_t lstm = fallbacks["layers"]["lstm_1"].get<std::int64_t>();
        const QString log = train.out + train.err;
        if (onTheLeft) {
            QVERIFY2(lstm > 0 && lstm <= 8, qPrintable(QString::number(lstm)));
            QVERIFY2(log.contains(QStringLiteral("lstm_1 ran %1 of 8 training batches on the "
                                                 "step loop")
                                      .arg(lstm)),
                     qPrintable(log));
        } else {
            QCOMPARE(lstm, std::int64_t(0));
            QVERIFY2(!log.contains("training batches on the step loop"), qPrintable(log));
        }

        const CliRun diagnose = runCli({"diagnose", "1", "--json", "--no-doctor", "--db", db});
        QVERIFY2(diagnose.exitCode == kExitFinished, qPrintable(describe(diagnose)));
        const nlohmann::json document = nlohmann::json::parse(diagnose.out.toStdString());
        nlohmann::json padded;
        for (const nlohmann::json& finding : document["findings"])
            if (finding["id"] == "unfused-recurrent")
                padded = finding;
        if (!onTheLeft) {
            QVERIFY2(padded.is_null(), qPrintable(diagnose.out));
            return;
        }
        QVERIFY2(padded.is_object(), qPrintable(diagnose.out));
        const std::string counted = std::to_string(lstm) + " of 8 training batches";
        QVERIFY2(
            padded["title"].get<std::string>().find("lstm_1 ran " + counted) != std::string::npos,
            qPrintable(diagnose.out));
        QVERIFY2(padded["evidence"].get<std::string>().find("fell back to the step loop for " +
                                                            counted) != std::string::npos,
                 qPrintable(diagnose.out));
        QCOMPARE(padded["patch"],
                 nlohmann::json::parse(R"({"data": {"source": {"padding": "post"}}})"));
    }

    void resumesFromTheBackupWithTheSameLosses()
    {
        // The backup of the run above was kept (delete_checkpoint false) after its last epoch;
        // a 3-epoch run of the same config resumes there and trains only epoch 3.
        nlohmann::json config = kerasLayersConfig(m_dir.path());
        config["training"]["epochs"] = 3;
        const QString path = writeConfig(m_dir.filePath("keras3.json"), config);
        const QString summaryPath = m_dir.filePath("resumed.json");
        const CliRun resumed = runCli(
            {"train", "--config", path, "--json-out", summaryPath, "--no-record"}, kTrainTimeoutMs);
        QVERIFY2(resumed.exitCode == kExitFinished, qPrintable(describe(resumed)));
        const nlohmann::json summary = readJson(summaryPath);
        QVERIFY2(!summary["resumed_from"].is_null(), qPrintable(resumed.out));
        QCOMPARE(summary["epochs"].size(), std::size_t(1));
        QCOMPARE(summary["epochs"][0]["epoch"], nlohmann::json(3));
    }

    void whatIfMeasuresTheFindingsPatch()
    {
        const QString db = m_dir.filePath("runs.sqlite");
        const CliRun run = runCli({"whatif", "--from-run", "1", "--warmup-steps", "1",
                                   "--measured-steps", "4", "--repeats", "1", "--json", "--db", db},
                                  kTrainTimeoutMs);
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        const nlohmann::json document =
            nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(document.is_object(), qPrintable(run.out));
        // Two unfused-recurrent findings: the bidirectional layer's option, and the fused LSTM
        // after it whose batches were padded on the left (the source's default).
        const nlohmann::json paddingPatch = {{"data", {{"source", {{"padding", "post"}}}}}};
        bool measuredTheOptionPatch = false;
        bool measuredThePaddingPatch = false;
        for (const nlohmann::json& variant : document["variants"]) {
            QVERIFY(variant["measured"]["mean_loss"].is_number());
            if (variant["label"] != "unfused-recurrent")
                continue;
            const bool measured = variant["measured"]["step_ms"]["median"].get<double>() > 0.0;
            (variant["patch"] == paddingPatch ? measuredThePaddingPatch : measuredTheOptionPatch) =
                measured;
        }
        QVERIFY2(measuredTheOptionPatch, qPrintable(run.out));
        QVERIFY2(measuredThePaddingPatch, qPrintable(run.out));
    }
};

QTEST_GUILESS_MAIN(TestRecurrentCli)
#include "tst_recurrentcli.moc"
