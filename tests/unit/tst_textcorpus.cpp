// Raw text sources (issue 35): the CSV/TSV reader (RFC 4180 quoting, byte order mark, header
// rule, delimiter), the folder-per-class reader (Keras' class order, ignore list, links), each
// bad input of the issue as a table of variants, and the text source's arrays: the seeded
// split, the vocabulary from the training share only, targets for each loss, and the config
// keys that choose all of it.
#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/data/sourcearrays.h"
#include "engine/data/textcorpus.h"
#include "engine/text/texttokenizer.h"
#include "tests/support/smallconfigs.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

using Strings = std::vector<std::string>;

/// Writes `bytes` to `path`, making its folders.
void writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY2(file.open(QIODevice::WriteOnly), qPrintable(path));
    file.write(bytes);
}

es::TextCsvOptions byPosition(int text, int label)
{
    es::TextCsvOptions options;
    options.textColumn = es::ColumnRef::byIndex(text);
    options.labelColumn = es::ColumnRef::byIndex(label);
    return options;
}

es::TextCsvOptions byName(const std::string& text, const std::string& label)
{
    es::TextCsvOptions options;
    options.textColumn = es::ColumnRef::byName(text);
    options.labelColumn = es::ColumnRef::byName(label);
    return options;
}

/// The error's first issue as `path: message`, or "" when `read` succeeds.
template <typename Read>
QString errorOf(Read read)
{
    try {
        read();
    } catch (const es::ConfigError& error) {
        return QString::fromStdString(error.issues().front().path + ": " +
                                      error.issues().front().message);
    }
    return {};
}

/// A run config of the small sentiment model over `source` (JSON), with `text` as data.text.
es::RunConfig textConfig(const nlohmann::json& source, const nlohmann::json& text = {},
                         const char* loss = "binary_crossentropy", int units = 1)
{
    nlohmann::json json = es::test::smallSentimentJson();
    json["data"]["source"] = source;
    if (!text.is_null())
        json["data"]["text"] = text;
    json["training"]["loss"] = loss;
    if (std::string(loss) != "binary_crossentropy") {
        json["model"]["layers"][2]["units"] = units;
        json["model"]["layers"][2]["activation"] = units > 1 ? "softmax" : "linear";
        json["training"]["metrics"] = nlohmann::json::array();
    }
    return es::parseRunConfig(json);
}

/// A folder of `perClass` texts for each class: each text holds its class's word, a word of
/// its own (`only<class><i>`) and shared words.
void writeCorpus(const QString& root, const Strings& classes, int perClass)
{
    for (const std::string& name : classes)
        for (int i = 0; i < perClass; ++i)
            writeFile(
                QStringLiteral("%1/%2/%3.txt").arg(root).arg(QString::fromStdString(name)).arg(i),
                QByteArray("the film was ") + name.c_str() + " only" + name.c_str() +
                    QByteArray::number(i) + " indeed");
}

/// Makes `path` the current folder for the scope, so that errors name files as a config would.
class CurrentDirectory {
public:
    explicit CurrentDirectory(const QString& path) : m_previous(QDir::currentPath())
    {
        QDir::setCurrent(path);
    }
    ~CurrentDirectory() { QDir::setCurrent(m_previous); }
    CurrentDirectory(const CurrentDirectory&) = delete;
    CurrentDirectory& operator=(const CurrentDirectory&) = delete;

private:
    QString m_previous;
};

}  // namespace

class TestTextCorpus : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void csvQuotingHeaderAndByteOrderMark()
    {
        const QByteArray text =
            "\xEF\xBB\xBFid,review,sentiment\r\n"
            "1,\"Great, \"\"really\"\" great\nsecond line\",pos\r\n"
            "2,Dull.,neg\r\n";
        const es::TextCorpus corpus =
            es::readTextCsvText(text.toStdString(), byName("review", "sentiment"), "r.csv");
        QCOMPARE(corpus.texts, (Strings{"Great, \"really\" great\nsecond line", "Dull."}));
        QCOMPARE(corpus.labels, (Strings{"pos", "neg"}));
        QCOMPARE(corpus.origins, (Strings{"r.csv:row 2", "r.csv:row 3"}));
    }

    void csvHeaderRule_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("header");  // es::CsvHeader
        QTest::addColumn<int>("rows");
        const int automatic = static_cast<int>(es::CsvHeader::Auto);
        QTest::newRow("label names no class: a header")
            << QByteArray("text,label\na,x\nb,y\n") << automatic << 2;
        QTest::newRow("label of a later row: data")
            << QByteArray("a,x\nb,y\nc,x\n") << automatic << 3;
        QTest::newRow("absent") << QByteArray("text,label\na,x\n")
                                << static_cast<int>(es::CsvHeader::Absent) << 2;
        QTest::newRow("present") << QByteArray("a,x\nb,x\n")
                                 << static_cast<int>(es::CsvHeader::Present) << 1;
    }

    void csvHeaderRule()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, header);
        QFETCH(int, rows);
        es::TextCsvOptions options = byPosition(0, 1);
        options.header = static_cast<es::CsvHeader>(header);
        QCOMPARE(es::readTextCsvText(text.toStdString(), options, "f.csv").size(), rows);
    }

    void tsvAndSemicolonDetected()
    {
        const es::TextCorpus tabs =
            es::readTextCsvText("good, fine, nice\tpos\nbad, poor\tneg\nok, so so, meh\tpos\n",
                                byPosition(0, 1), "f.tsv");
        QCOMPARE(tabs.texts.front(), std::string("good, fine, nice"));
        const es::TextCorpus semicolons =
            es::readTextCsvText("good;pos\nbad;neg\nfine;pos\n", byPosition(0, 1), "f.csv");
        QCOMPARE(semicolons.labels, (Strings{"pos", "neg", "pos"}));
    }

    void emptyTextsSkippedAndCounted()
    {
        const es::TextCorpus corpus = es::readTextCsvText(
            "text,label\nfine,pos\n  ,neg\n\nok,neg\n", byName("text", "label"), "f.csv");
        QCOMPARE(corpus.texts, (Strings{"fine", "ok"}));
        QCOMPARE(corpus.emptyTexts, std::int64_t{2});  // the blank text and the blank line
    }

    void csvBadInputs_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("byName");
        QTest::addColumn<bool>("refuseEmpty");
        QTest::addColumn<QString>("expected");  // in the first issue's "path: message"
        QTest::newRow("not UTF-8") << QByteArray("text,label\ncaf\xE9,pos\n") << true << false
                                   << "f.csv@byte 14: byte 0xE9 is not UTF-8";
        QTest::newRow("overlong UTF-8")
            << QByteArray("a,x\n\xC0\xAF,y\n") << false << false << "f.csv@byte 4:";
        QTest::newRow("missing column") << QByteArray("text,stars\nfine,5\n") << true << false
                                        << "data.source.label_column: f.csv has no column named "
                                           "\"label\"";
        QTest::newRow("short row") << QByteArray("a,x\nb\nc,x\n") << false << false
                                   << "f.csv:row 2: the row has 1 field, but the label column";
        QTest::newRow("empty label")
            << QByteArray("a,x\nb,\n") << false << false << "f.csv:row 2: the label is empty";
        QTest::newRow("unterminated quote")
            << QByteArray("a,x\n\"b,x\n") << false << false << "f.csv:row 2:";
        QTest::newRow("header only")
            << QByteArray("text,label\n") << true << false << "f.csv: the file has no data rows";
        QTest::newRow("empty text refused") << QByteArray("text,label\n,x\nb,y\n") << true << true
                                            << "f.csv:row 2: the text is empty";
        QTest::newRow("text over the limit")
            << (QByteArray("a,x\n") + QByteArray(int(es::kMaxTextBytes) + 1, 'w') + ",x\n") << false
            << false << "f.csv:row 2: field longer than";
    }

    void csvBadInputs()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, byName);
        QFETCH(bool, refuseEmpty);
        QFETCH(QString, expected);
        es::TextCsvOptions options = byName ? ::byName("text", "label") : byPosition(0, 1);
        if (refuseEmpty)
            options.emptyTexts = es::EmptyTexts::Refuse;
        const QString error =
            errorOf([&] { es::readTextCsvText(text.toStdString(), options, "f.csv"); });
        QVERIFY2(error.startsWith(expected), qPrintable(error));
    }

    void emptyFileEveryHeaderMode()
    {
        // An empty file with the header said to be present once read past its end
        // (fuzz_textcsv's first finding).
        for (const es::CsvHeader header : es::kAllCsvHeaders) {
            es::TextCsvOptions options = byPosition(0, 1);
            options.header = header;
            const QString error = errorOf([&] { es::readTextCsvText("", options, "f.csv"); });
            QCOMPARE(error, QString("f.csv: the file has no data rows; each row needs a text and "
                                    "a label"));
        }
    }

    void folderClassesOrderAndIgnored()
    {
        QTemporaryDir dir;
        const QString root = dir.path();
        writeFile(root + "/pos/b.txt", "\xEF\xBB\xBFgreat");
        writeFile(root + "/pos/a.txt", "fine");
        writeFile(root + "/neg/sub/c.TXT", "bad");
        writeFile(root + "/neg/notes.md", "not a review");
        writeFile(root + "/unsup/u.txt", "unlabelled");
        writeFile(root + "/README", "about");
        es::TextFolderOptions options;
        options.ignore = {"unsup"};
        const es::TextCorpus corpus = es::readTextFolder(root.toStdString(), options);
        QCOMPARE(corpus.labels, (Strings{"neg", "pos", "pos"}));
        QCOMPARE(corpus.texts, (Strings{"bad", "fine", "great"}));  // the mark dropped
        QCOMPARE(corpus.origins, (Strings{"neg/sub/c.TXT", "pos/a.txt", "pos/b.txt"}));
        std::set<std::string> ignored(corpus.ignored.begin(), corpus.ignored.end());
        QCOMPARE(ignored, (std::set<std::string>{"README", "neg/notes.md", "unsup"}));
    }

    void folderBadInputs_data()
    {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QString>("expected");  // "%1" is the root
        QTest::newRow("missing") << "missing"
                                 << "%1/nothing: cannot open the folder";
        QTest::newRow("a file") << "file"
                                << "%1/file.txt: not a folder";
        QTest::newRow("no class folder") << "flat"
                                         << "%1: the folder has no class folders";
        QTest::newRow("class without texts") << "empty class"
                                             << "%1/neg: the class folder has "
                                                "no .txt files";
        QTest::newRow("not UTF-8") << "latin1"
                                   << "%1/pos/a.txt@byte 3: byte 0xE9 is not UTF-8";
        QTest::newRow("link loop") << "loop"
                                   << "%1/pos/loop: the link leads to a folder "
                                      "already read";
        QTest::newRow("too large") << "large"
                                   << "%1/pos/a.txt: the file has 1048577 bytes";
        QTest::newRow("empty refused") << "empty"
                                       << "%1/pos/a.txt: the text is empty";
    }

    void folderBadInputs()
    {
        QFETCH(QString, layout);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString root = dir.path();
        QString path = root;
        es::TextFolderOptions options;
        if (layout == "missing") {
            path = root + "/nothing";
        } else if (layout == "file") {
            writeFile(root + "/file.txt", "text");
            path = root + "/file.txt";
        } else if (layout == "flat") {
            writeFile(root + "/a.txt", "text");
        } else if (layout == "empty class") {
            writeFile(root + "/neg/a.md", "text");
        } else if (layout == "latin1") {
            writeFile(root + "/pos/a.txt", "caf\xE9");
        } else if (layout == "loop") {
            writeFile(root + "/pos/a.txt", "fine");
            QVERIFY(::symlink("..", qPrintable(root + "/pos/loop")) == 0);
        } else if (layout == "large") {
            writeFile(root + "/pos/a.txt", QByteArray(int(es::kMaxTextBytes) + 1, 'w'));
        } else if (layout == "empty") {
            writeFile(root + "/pos/a.txt", " \n");
            options.emptyTexts = es::EmptyTexts::Refuse;
        }
        const QString error = errorOf([&] { es::readTextFolder(path.toStdString(), options); });
        QVERIFY2(error.startsWith(expected.arg(root)), qPrintable(error));
    }

    void configKeysRoundTrip()
    {
        const es::RunConfig config = textConfig({{"type", "text_csv"},
                                                 {"path", "r.tsv"},
                                                 {"text_column", 2},
                                                 {"label_column", "y"},
                                                 {"header", "present"},
                                                 {"delimiter", "tab"},
                                                 {"validation_path", "v.tsv"}},
                                                {{"max_tokens", 100},
                                                 {"output_sequence_length", 8},
                                                 {"standardize", "lower"},
                                                 {"split", "character"},
                                                 {"strip_html", true},
                                                 {"padding", "pre"},
                                                 {"truncating", "pre"},
                                                 {"vocabulary", "vocab.txt"},
                                                 {"empty_texts", "refuse"}});
        QCOMPARE(config.data.source.textColumn.index, 1);  // 1-based in the file
        QCOMPARE(config.data.text.vectorizer.split, es::TextSplit::Character);
        QCOMPARE(config.data.text.padding, es::SequenceEnd::Pre);
        const nlohmann::json written = es::toJson(config);
        QCOMPARE(written["data"]["source"]["text_column"], nlohmann::json(2));
        QCOMPARE(es::parseRunConfig(written), config);
    }

    void configKeysRefused_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QString>("expected");
        QTest::newRow("position 0") << QByteArray(R"({"source": {"type": "text_csv", "path": "a",
            "text_column": 0, "label_column": 2}})")
                                    << "data.source.text_column: expected";
        QTest::newRow("same column") << QByteArray(R"({"source": {"type": "text_csv", "path": "a",
            "text_column": 1, "label_column": 1}})")
                                     << "data.source.label_column: is the same";
        QTest::newRow("max_tokens 2") << QByteArray(R"({"source": {"type": "text_folder",
            "path": "a"}, "text": {"max_tokens": 2}})")
                                      << "data.text.max_tokens: expected 0";
        QTest::newRow("text for arrays") << QByteArray(R"({"source": {"type": "npy", "x": "x.npy",
            "y": "y.npy"}, "text": {}})") << "data.text: applies to the text sources";
        QTest::newRow("ignore a path") << QByteArray(R"({"source": {"type": "text_folder",
            "path": "a", "ignore": ["a/b"]}})")
                                       << "data.source.ignore[0]: expected the name";
    }

    void configKeysRefused()
    {
        QFETCH(QByteArray, data);
        QFETCH(QString, expected);
        nlohmann::json json = es::test::smallSentimentJson();
        json["data"] = nlohmann::json::parse(data.toStdString());
        const QString error = errorOf([&] { es::parseRunConfig(json); });
        QVERIFY2(error.startsWith(expected), qPrintable(error));
    }

    void arraysFromFolder()
    {
        QTemporaryDir dir;
        writeCorpus(dir.path(), {"pos", "neg"}, 20);
        es::RunConfig config =
            textConfig({{"type", "text_folder"}, {"path", dir.path().toStdString()}},
                       {{"output_sequence_length", 6}});
        config.data.validationSplit = 0.25;
        const es::SourceArrays arrays = es::loadSourceArrays(config);
        QCOMPARE(arrays.classes, (Strings{"neg", "pos"}));
        QCOMPARE(arrays.x.array.shape, (std::vector<std::int64_t>{40, 6}));
        QCOMPARE(arrays.y.array.shape, (std::vector<std::int64_t>{40}));
        // The vocabulary holds the own words of the 30 training texts and none of the 10 that
        // validate: learned from the training share only.
        QVERIFY(arrays.tokenizer);
        const Strings& vocabulary = arrays.tokenizer->vocabulary.tokens();
        QCOMPARE(arrays.tokenizer->sequenceLength(), std::int64_t{6});
        QCOMPARE(std::count_if(vocabulary.begin(), vocabulary.end(),
                               [](const std::string& t) { return t.rfind("only", 0) == 0; }),
                 std::ptrdiff_t{30});
        QCOMPARE(vocabulary[0], std::string());
        QCOMPARE(vocabulary[1], std::string("[UNK]"));
        // Every sample's class word agrees with its target; the validation share has both.
        std::set<float> validationClasses;
        for (std::int64_t i = 0; i < 40; ++i) {
            const std::int64_t classWord = arrays.x.array.ints[static_cast<std::size_t>(i * 6 + 3)];
            const float target = arrays.y.array.floats[static_cast<std::size_t>(i)];
            QCOMPARE(vocabulary[static_cast<std::size_t>(classWord)],
                     arrays.classes[static_cast<std::size_t>(target)]);
            if (i >= 30)
                validationClasses.insert(target);
        }
        QCOMPARE(validationClasses.size(), std::size_t{2});
        // The seed decides the order: the same seed the same, another seed another.
        QCOMPARE(es::loadSourceArrays(config).y.array.floats, arrays.y.array.floats);
        config.seed += 1;
        QVERIFY(es::loadSourceArrays(config).x.array.ints != arrays.x.array.ints);
    }

    void arraysFromCsvWithLengthsAndVocabularyFile()
    {
        QTemporaryDir dir;
        writeFile(dir.path() + "/r.csv", "text,label\nb a a,2.5\nc,-1\n");
        writeFile(dir.path() + "/vocab.txt", "a\nb\n");
        const nlohmann::json source = {{"type", "text_csv"},
                                       {"path", (dir.path() + "/r.csv").toStdString()},
                                       {"text_column", "text"},
                                       {"label_column", "label"}};
        es::RunConfig config = textConfig(
            source, {{"padding", "pre"}, {"vocabulary", (dir.path() + "/vocab.txt").toStdString()}},
            "mse");
        config.data.validationSplit = 0.0;
        const es::SourceArrays arrays = es::loadSourceArrays(config);
        QVERIFY(arrays.classes.empty());
        QCOMPARE(arrays.x.array.shape, (std::vector<std::int64_t>{2, 3}));  // the longest text
        std::vector<std::int64_t> rowOfB;
        std::vector<std::int64_t> rowOfC;
        const std::vector<std::int64_t>& ids = arrays.x.array.ints;
        for (std::size_t i = 0; i < 2; ++i) {
            const std::vector<std::int64_t> row(ids.begin() + i * 3, ids.begin() + i * 3 + 3);
            (arrays.y.array.floats[i] == 2.5F ? rowOfB : rowOfC) = row;
        }
        QCOMPARE(rowOfB, (std::vector<std::int64_t>{3, 2, 2}));
        QCOMPARE(rowOfC, (std::vector<std::int64_t>{0, 0, 1}));  // padded before, [UNK]
    }

    void textSourceBadInputs_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QByteArray>("validation");  // empty: none
        QTest::addColumn<QString>("loss");
        QTest::addColumn<int>("inputDim");
        QTest::addColumn<QString>("expected");
        QTest::newRow("one class")
            << QByteArray("t,l\na,x\nb,x\n") << QByteArray() << "binary_crossentropy" << 200
            << "data.source.path: every training text has the label \"x\"";
        QTest::newRow("three classes, binary")
            << QByteArray("t,l\na,x\nb,y\nc,z\n") << QByteArray() << "binary_crossentropy" << 200
            << "training.loss: \"binary_crossentropy\" needs two classes, but the texts have 3";
        QTest::newRow("label outside the classes")
            << QByteArray("t,l\na,x\nb,y\n") << QByteArray("t,l\nc,z\n") << "binary_crossentropy"
            << 200 << "v.csv:row 2: the label \"z\" is not one of the training texts' classes";
        QTest::newRow("not a number") << QByteArray("t,l\na,1.5\nb,lots\n") << QByteArray() << "mse"
                                      << 200 << "r.csv:row 3: the label \"lots\" is not a number";
        QTest::newRow("vocabulary beyond input_dim")
            << QByteArray("t,l\na b c d e,x\nf,y\n") << QByteArray() << "binary_crossentropy" << 4
            << "data.text.max_tokens: the vocabulary has 8 entries";
    }

    void textSourceBadInputs()
    {
        QFETCH(QByteArray, csv);
        QFETCH(QByteArray, validation);
        QFETCH(QString, loss);
        QFETCH(int, inputDim);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const CurrentDirectory inDir(dir.path());
        writeFile("r.csv", csv);
        nlohmann::json source = {
            {"type", "text_csv"}, {"path", "r.csv"}, {"text_column", 1}, {"label_column", 2}};
        if (!validation.isEmpty()) {
            writeFile("v.csv", validation);
            source["validation_path"] = "v.csv";
        }
        es::RunConfig config = textConfig(source, {}, qPrintable(loss));
        config.model.layers.front().inputDim = inputDim;
        config.data.validationSplit = 0.0;
        const QString error = errorOf([&] { es::loadSourceArrays(config); });
        QVERIFY2(error.startsWith(expected), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestTextCorpus)
#include "tst_textcorpus.moc"
