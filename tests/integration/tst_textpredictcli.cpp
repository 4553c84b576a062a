// End to end, a model trained on raw text through the CLI (issue 35, point 4). The run keeps
// its tokenizer in the run database and beside its checkpoint; `predict` reads raw text
// (--text, a CSV file's column, a folder of class folders) exactly as training tokenized it, so
// it predicts what the same model predicts on the token ids; `evaluate` scores the validation
// texts with the kept vocabulary even after the training texts changed; and the PyTorch
// export's tokenize() gives the engine's ids on tricky texts, with the same predictions.

#include "engine/data/tokenizerfile.h"
#include "engine/text/sentimentcorpus.h"
#include "engine/text/texttokenizer.h"
#include "tests/support/clirunner.h"
#include "tests/support/npybytes.h"
#include "tests/support/numpyscript.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest/QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// The same model on the same ids: the outputs may differ only by float32 rounding in another
// batch order (docs/predict.md).
constexpr double kOutputTolerance = 1e-5;

/// Texts a tokenizer could get wrong: case, punctuation and apostrophes, letters beyond ASCII,
/// whitespace that is not ASCII's, tags, emoji, nothing at all.
const std::vector<std::string> kTrickyTexts = {
    "It's GREAT!! <br /><br />Loved it, brilliant.",
    "na\xC3\xAFve caf\xC3\xA9, \xC3\x89T\xC3\x89 was dull",
    "tabs\tand\nnewlines\r\nand\x0bvertical\x0c feeds",
    "a\xC2\xA0"
    "b\xE3\x80\x80"
    "c wonderful",
    "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E the worst",
    "emoji \xF0\x9F\x98\x80 funny",
    "rock'n'roll \xE2\x80\x94 well\xE2\x80\xA6 <a href='x'>a mess</a>",
    "",
    "   ",
    "the the the the the the the the the the the the the the the the the the the the the the "
    "the the the the the the the the the the the the the the the the the boring",
};

/// Imports the export's model.py (DIR), tokenizes the texts of the JSON file TEXTS with its
/// tokenize(), runs Model() on tokenize_batch() of them and prints both as JSON.
const char* const kExportScript = R"PY(
import json, sys
sys.path.insert(0, sys.argv[1])
import torch
import model as exported
with open(sys.argv[2], encoding="utf-8") as f:
    texts = json.load(f)
m = exported.Model()
m.load_state_dict(torch.load(sys.argv[1] + "/weights.pt"))
m.eval()
with torch.no_grad():
    outputs = m(exported.tokenize_batch(texts)).reshape(len(texts), -1).tolist()
print(json.dumps({"ids": [exported.tokenize(t) for t in texts], "outputs": outputs,
                  "classes": exported.class_names()}))
)PY";

nlohmann::json parsed(const CliRun& run)
{
    return nlohmann::json::parse(run.out.toStdString(), nullptr, false);
}

/// The predictions of a `predict --json --out FILE.npy` run, read back from its float32 file.
std::vector<float> readPredictions(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    const int headerLength =
        10 + (static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8));
    std::vector<float> values(static_cast<std::size_t>(bytes.size() - headerLength) /
                              sizeof(float));
    std::memcpy(values.data(), bytes.constData() + headerLength, values.size() * sizeof(float));
    return values;
}

}  // namespace

class TestTextPredictCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString checkpoint() const { return path("text.pt"); }
    QString database() const { return path("runs.db"); }

    nlohmann::json config() const
    {
        return {
            {"name", "text-predict"},
            {"seed", 5},
            {"model",
             {{"layers",
               {{{"type", "embedding"},
                 {"input_dim", 2000},
                 {"output_dim", 8},
                 {"mask_zero", true}},
                {{"type", "lstm"}, {"units", 8}},
                {{"type", "dense"}, {"units", 1}, {"activation", "sigmoid"}}}}}},
            {"data",
             {{"source", {{"type", "text_folder"}, {"path", path("corpus/train").toStdString()}}},
              {"text", {{"max_tokens", 2000}, {"output_sequence_length", 24}}},
              {"validation_split", 0.25},
              {"batch_size", 16}}},
            {"training",
             {{"epochs", 2},
              {"optimizer", {{"type", "adam"}, {"learning_rate", 0.01}}},
              {"loss", "binary_crossentropy"},
              {"metrics", {"accuracy"}}}},
            {"callbacks",
             {{{"type", "model_checkpoint"}, {"filepath", checkpoint().toStdString()}}}},
            {"device", {{"name", "cpu"}, {"intra_op_threads", 2}}},
        };
    }

    es::TextTokenizer keptTokenizer() const
    {
        const std::optional<es::TextTokenizer> tokenizer =
            es::readTokenizerBeside(checkpoint().toStdString());
        if (!tokenizer)
            throw std::runtime_error("no tokenizer beside the checkpoint");
        return *tokenizer;
    }

    /// predict --run 1 with `extra`, as JSON.
    CliRun predictRun(const QStringList& extra) const
    {
        return runCli(QStringList{"predict", "--run", "1", "--db", database(), "--json"} + extra);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        es::ensureSentimentCorpus(path("corpus").toStdString(), {80, 11});
        QVERIFY(writeJson(path("text.json"), config()));
        const CliRun run =
            runCli({"train", "--config", path("text.json"), "--db", database()}, kTrainTimeoutMs);
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        QVERIFY(QFile::exists(checkpoint()));
    }

    void theTokenizerIsKeptBesideTheCheckpoint()
    {
        const es::TextTokenizer tokenizer = keptTokenizer();
        QCOMPARE(tokenizer.sequenceLength(), std::int64_t{24});
        QCOMPARE(tokenizer.classes, (std::vector<std::string>{"neg", "pos"}));
        QVERIFY(tokenizer.vocabulary.size() <= 2000);
        QCOMPARE(tokenizer.vocabulary.tokens()[1], std::string("[UNK]"));
    }

    void predictOnTextEqualsPredictOnTheIds()
    {
        // The tricky texts as a CSV column, and as the ids the kept tokenizer makes of them.
        const es::TextTokenizer tokenizer = keptTokenizer();
        QByteArray csv = "review\n";
        std::vector<std::int64_t> ids;
        for (const std::string& text : kTrickyTexts) {
            if (text.find_first_not_of(" \t\n\v\f\r") == std::string::npos)
                continue;  // a CSV file's empty texts are skipped; --text's are not
            QByteArray cell = QByteArray::fromStdString(text);
            cell.replace("\"", "\"\"");
            csv += "\"" + cell + "\"\n";
            const std::vector<std::int64_t> row = es::tokenizeText(tokenizer, text).ids;
            ids.insert(ids.end(), row.begin(), row.end());
        }
        QFile csvFile(path("reviews.csv"));
        QVERIFY(csvFile.open(QIODevice::WriteOnly) && csvFile.write(csv) == csv.size());
        csvFile.close();
        const auto rows = static_cast<int>(ids.size() / 24);
        QFile npy(path("ids.npy"));
        const QByteArray bytes =
            es::test::npyHeader("<i8", QByteArray("(") + QByteArray::number(rows) + ", 24)") +
            es::test::bytesOf(ids);
        QVERIFY(npy.open(QIODevice::WriteOnly) && npy.write(bytes) == bytes.size());
        npy.close();

        const CliRun onText = predictRun({"--x", path("reviews.csv"), "--text-column", "review",
                                          "--out", path("from_text.npy")});
        QVERIFY2(onText.exitCode == kExitFinished, qPrintable(describe(onText)));
        const CliRun onIds = predictRun({"--x", path("ids.npy"), "--out", path("from_ids.npy")});
        QVERIFY2(onIds.exitCode == kExitFinished, qPrintable(describe(onIds)));
        const std::vector<float> fromText = readPredictions(path("from_text.npy"));
        const std::vector<float> fromIds = readPredictions(path("from_ids.npy"));
        QCOMPARE(fromText.size(), static_cast<std::size_t>(rows));
        QCOMPARE(fromText, fromIds);
        const nlohmann::json document = parsed(onText);
        QCOMPARE(document["texts"].size(), static_cast<std::size_t>(rows));
        QCOMPARE(document["classes"], nlohmann::json({"neg", "pos"}));
    }

    void predictTextsGivenOnTheCommandLine()
    {
        const CliRun run = predictRun({"--text", "a wonderful brilliant film", "--text",
                                       "zzzunknownword qqqalso", "--text", ""});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        const nlohmann::json document = parsed(run);
        QCOMPARE(document["samples"], 3);
        const nlohmann::json& texts = document["texts"];
        QCOMPARE(texts[0]["origin"], "--text 1");
        QCOMPARE(texts[0]["tokens"], 4);
        QCOMPARE(texts[1]["unknown"], 2);
        QCOMPARE(texts[2]["tokens"], 0);
        QVERIFY(texts[0]["class"] == "pos" || texts[0]["class"] == "neg");
        // A person reads the same: each text, its score, its class and its tokens.
        const CliRun lines =
            runCli({"predict", "--run", "1", "--db", database(), "--text", "zzzunknownword great"});
        QVERIFY2(lines.exitCode == kExitFinished, qPrintable(describe(lines)));
        QVERIFY2(lines.out.contains("--text 1: ") && lines.out.contains("(2 tokens, 1 [UNK])"),
                 qPrintable(lines.out));
    }

    void predictAFolderScoresItsClasses()
    {
        es::ensureSentimentCorpus(path("heldout").toStdString(), {20, 99});
        const CliRun run = predictRun({"--x", path("heldout/train")});
        QVERIFY2(run.exitCode == kExitFinished, qPrintable(describe(run)));
        const nlohmann::json document = parsed(run);
        QCOMPARE(document["samples"], 40);
        QVERIFY(document["metrics"].is_object());
        QVERIFY(document["metrics"]["accuracy"].is_number());
        // A folder with a class the model was not trained on is refused, naming the text.
        QVERIFY(QDir().mkpath(path("heldout/train/meh")));
        QFile other(path("heldout/train/meh/1.txt"));
        QVERIFY(other.open(QIODevice::WriteOnly) && other.write("so so") > 0);
        other.close();
        const CliRun refused = predictRun({"--x", path("heldout/train")});
        QCOMPARE(refused.exitCode, kExitBadInput);
        QVERIFY2(refused.err.contains("meh") && refused.err.contains("not one of"),
                 qPrintable(refused.err));
    }

    void theKeptTokenizerOutlivesTheTrainingTexts()
    {
        // A new word in every training text makes another vocabulary when it is learned again;
        // the kept one reads the texts as the model was trained.
        QDirIterator files(path("corpus/train"), {"*.txt"}, QDir::Files,
                           QDirIterator::Subdirectories);
        QStringList names;
        while (files.hasNext())
            names << files.next();
        for (int i = 0; i < names.size(); ++i) {
            QFile file(names[i]);
            QVERIFY(file.open(QIODevice::Append));
            file.write(QByteArray(" newword") + QByteArray::number(i % 3));
        }
        const auto evaluate = [this](const QStringList& model) {
            const CliRun run = runCli(QStringList{"evaluate", "--json"} + model);
            return run.exitCode == kExitFinished ? parsed(run)["val_loss"] : nlohmann::json();
        };
        const QStringList fromFiles = {"--config", path("text.json"), "--checkpoint", checkpoint()};
        const nlohmann::json fromRun = evaluate({"--run", "1", "--db", database()});
        QVERIFY(fromRun.is_number());
        // The run database's tokenizer and the file beside the checkpoint are the same one.
        QCOMPARE(evaluate(fromFiles), fromRun);
        const QString kept = checkpoint() + ".tokenizer.json";
        QVERIFY(QFile::rename(kept, kept + ".away"));
        const nlohmann::json learnedAgain = evaluate(fromFiles);
        QVERIFY(QFile::rename(kept + ".away", kept));
        QVERIFY(learnedAgain.is_number());
        QVERIFY2(learnedAgain != fromRun, "learning the vocabulary again changed nothing");
        QVERIFY(keptTokenizer().vocabulary.idOf("newword0") == es::kUnknownId);
    }

    void theExportTokenizesAsTheEngine()
    {
        const CliRun exported = runCli({"export", "--run", "1", "--db", database(), "--format",
                                        "pytorch", "--out", path("export")});
        QVERIFY2(exported.exitCode == kExitFinished, qPrintable(describe(exported)));
        QVERIFY(QFile::exists(path("export/tokenizer.json")));
        nlohmann::json texts = nlohmann::json::array();
        for (const std::string& text : kTrickyTexts)
            texts.push_back(text);
        QVERIFY(writeJson(path("texts.json"), texts));
        const QString script = path("check.py");
        QFile scriptFile(script);
        QVERIFY(scriptFile.open(QIODevice::WriteOnly));
        scriptFile.write(kExportScript);
        scriptFile.close();
        QProcess python;
        python.start("/usr/bin/python3", {script, path("export"), path("texts.json")});
        QVERIFY2(python.waitForFinished(kQuickTimeoutMs), "python3 did not finish");
        const QString errors = QString::fromUtf8(python.readAllStandardError());
        QVERIFY2(python.exitCode() == 0, qPrintable("model.py failed (PyTorch for "
                                                    "/usr/bin/python3: run "
                                                    "scripts/bootstrap-debian.sh):\n" +
                                                    errors));
        const nlohmann::json result =
            nlohmann::json::parse(python.readAllStandardOutput().toStdString());

        const es::TextTokenizer tokenizer = keptTokenizer();
        for (std::size_t i = 0; i < kTrickyTexts.size(); ++i)
            QCOMPARE(result["ids"][i].get<std::vector<std::int64_t>>(),
                     es::tokenizeText(tokenizer, kTrickyTexts[i]).ids);
        QCOMPARE(result["classes"], nlohmann::json({"neg", "pos"}));

        // The same texts through the engine: the exported model predicts what it predicts.
        QStringList arguments;
        for (const std::string& text : kTrickyTexts)
            arguments << "--text" << QString::fromStdString(text);
        const CliRun engine = predictRun(arguments + QStringList{"--out", path("tricky.npy")});
        QVERIFY2(engine.exitCode == kExitFinished, qPrintable(describe(engine)));
        const std::vector<float> predicted = readPredictions(path("tricky.npy"));
        QCOMPARE(predicted.size(), kTrickyTexts.size());
        for (std::size_t i = 0; i < predicted.size(); ++i)
            QVERIFY2(
                std::abs(result["outputs"][i][0].get<double>() - predicted[i]) <= kOutputTolerance,
                qPrintable(QString("text %1: PyTorch %2, EpochScope %3")
                               .arg(i)
                               .arg(result["outputs"][i][0].get<double>())
                               .arg(predicted[i])));
    }

    void textIsRefusedForAModelOfArrays()
    {
        const CliRun run = runCli(
            {"predict", "--preset", "quick-demo", "--checkpoint", checkpoint(), "--text", "hello"});
        QCOMPARE(run.exitCode, kExitBadInput);
        QVERIFY2(run.err.contains("--text is for a model trained on text"), qPrintable(run.err));
    }
};

QTEST_GUILESS_MAIN(TestTextPredictCli)
#include "tst_textpredictcli.moc"
