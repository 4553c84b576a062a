// A run's tokenizer as JSON (engine/data/tokenizerfile.h): what is written reads back the same,
// and a file from elsewhere is refused, naming the field, in every way it can be wrong; the
// file beside a checkpoint is found, or its absence reported as none.
#include "engine/config/configerror.h"
#include "engine/data/tokenizerfile.h"
#include "engine/text/texttokenizer.h"

#include <QtCore/QFile>
#include <QtCore/QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace {

using Strings = std::vector<std::string>;

es::TextTokenizer sampleTokenizer()
{
    es::TextTokenizer tokenizer;
    tokenizer.vectorizer.standardize = es::TextStandardize::Lower;
    tokenizer.vectorizer.stripHtml = true;
    tokenizer.vectorizer.split = es::TextSplit::Whitespace;
    tokenizer.vectorizer.maxTokens = 10;
    tokenizer.vectorizer.outputSequenceLength = 7;
    tokenizer.padding = es::SequenceEnd::Pre;
    tokenizer.truncating = es::SequenceEnd::Post;
    // A token with a NUL byte: a text may hold U+0000, and the file must keep it.
    tokenizer.vocabulary =
        es::TextVocabulary::fromTokens({"", "[UNK]", "great", "film", "caf\xC3\xA9", {"a\0b", 3}});
    tokenizer.classes = {"neg", "pos"};
    return tokenizer;
}

/// The first issue of what `text` throws, as `path: message`; empty when it reads.
QString errorOf(const std::string& text)
{
    try {
        es::parseTokenizerJson(text, "t.json");
    } catch (const es::ConfigError& error) {
        return QString::fromStdString(error.issues().front().path + ": " +
                                      error.issues().front().message);
    }
    return {};
}

}  // namespace

class TestTokenizerFile : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void roundTrip()
    {
        const es::TextTokenizer written = sampleTokenizer();
        const es::TextTokenizer read =
            es::parseTokenizerJson(es::tokenizerJsonText(written), "t.json");
        QVERIFY(read.vectorizer == written.vectorizer);
        QCOMPARE(read.padding, written.padding);
        QCOMPARE(read.truncating, written.truncating);
        QCOMPARE(read.vocabulary.tokens(), written.vocabulary.tokens());
        QCOMPARE(read.classes, written.classes);
        // The same ids for the same text.
        const char* text = "Great <b>FILM</b>, caf\xC3\xA9 noir";
        QCOMPARE(es::tokenizeText(read, text).ids, es::tokenizeText(written, text).ids);
        // great film "," café noir: lowered, tags stripped, punctuation kept; padded before.
        QCOMPARE(es::tokenizeText(read, text).ids,
                 (std::vector<std::int64_t>{0, 0, 2, 3, 1, 4, 1}));
    }

    void tokenizeCountsUnknownAndCut()
    {
        es::TextTokenizer tokenizer = sampleTokenizer();
        tokenizer.vectorizer.outputSequenceLength = 2;
        const es::TokenizedText tokenized = es::tokenizeText(tokenizer, "film noir great");
        QCOMPARE(tokenized.tokens, (Strings{"film", "noir", "great"}));
        QCOMPARE(tokenized.tokenIds, (std::vector<std::int64_t>{3, 1, 2}));
        QCOMPARE(tokenized.unknown, std::int64_t{1});
        QVERIFY(tokenized.cut);
        QCOMPARE(tokenized.ids, (std::vector<std::int64_t>{3, 1}));  // truncating post
    }

    void badFiles_data()
    {
        QTest::addColumn<QString>("change");  // a JSON merge patch on the sample, or raw text
        QTest::addColumn<QString>("expected");
        const auto row = [](const char* name, const char* change, const char* expected) {
            QTest::newRow(name) << QString(change) << QString(expected);
        };
        row("not JSON", "raw:{\"format\": ", "t.json@byte");
        row("not an object", "raw:[1, 2]", "t.json");
        row("another format", R"({"format": "keras"})", "t.json.format");
        row("a later version", R"({"version": 2})", "t.json.version");
        row("a key missing", R"({"split": null})", "t.json");
        row("an unknown key", R"({"lowercase": true})", "t.json");
        row("an unknown standardize", R"({"standardize": "upper"})", "t.json.standardize");
        row("strip_html not a boolean", R"({"strip_html": "yes"})", "t.json.strip_html");
        row("sequence length 0", R"({"sequence_length": 0})", "t.json.sequence_length");
        row("sequence length huge", R"({"sequence_length": 99999999})", "t.json.sequence_length");
        row("max_tokens negative", R"({"max_tokens": -1})", "t.json.max_tokens");
        row("padding sideways", R"({"padding": "middle"})", "t.json.padding");
        row("vocabulary not an array", R"({"vocabulary": "a b"})", "t.json.vocabulary");
        row("vocabulary without padding first", R"({"vocabulary": ["[UNK]", "a"]})",
            "t.json.vocabulary");
        row("vocabulary with a number", R"({"vocabulary": ["", "[UNK]", 3]})",
            "t.json.vocabulary[2]");
        row("vocabulary repeats a token", R"({"vocabulary": ["", "[UNK]", "a", "a"]})",
            "t.json.vocabulary");
        row("vocabulary with an empty token", R"({"vocabulary": ["", "[UNK]", ""]})",
            "t.json.vocabulary");
        row("vocabulary beyond max_tokens", R"({"max_tokens": 3})", "t.json.vocabulary");
        row("classes unsorted", R"({"classes": ["pos", "neg"]})", "t.json.classes");
        row("a single class", R"({"classes": ["pos"]})", "t.json.classes");
        row("a class repeated", R"({"classes": ["a", "a"]})", "t.json.classes");
        row("an empty class", R"({"classes": ["", "a"]})", "t.json.classes");
        row("classes not strings", R"({"classes": [1, 2]})", "t.json.classes[0]");
    }

    void badFiles()
    {
        QFETCH(QString, change);
        QFETCH(QString, expected);
        std::string text;
        if (change.startsWith("raw:")) {
            text = change.mid(4).toStdString();
        } else {
            nlohmann::json document =
                nlohmann::json::parse(es::tokenizerJsonText(sampleTokenizer()));
            document.merge_patch(nlohmann::json::parse(change.toStdString()));
            text = document.dump();
        }
        const QString error = errorOf(text);
        QVERIFY2(!error.isEmpty(), "accepted");
        QVERIFY2(error.startsWith(expected), qPrintable(error));
    }

    void fileBesideCheckpoint()
    {
        QTemporaryDir dir;
        const std::string checkpoint = (dir.path() + "/best.pt").toStdString();
        QCOMPARE(es::tokenizerPathBeside(checkpoint), checkpoint + ".tokenizer.json");
        QVERIFY(!es::readTokenizerBeside(checkpoint));
        const std::int64_t bytes = es::writeTokenizerBeside(checkpoint, sampleTokenizer());
        QCOMPARE(bytes, QFileInfo(QString::fromStdString(checkpoint + ".tokenizer.json")).size());
        const std::optional<es::TextTokenizer> read = es::readTokenizerBeside(checkpoint);
        QVERIFY(read);
        QCOMPARE(read->vocabulary.tokens(), sampleTokenizer().vocabulary.tokens());

        // A damaged file is an error naming it, not a tokenizer taken as missing.
        QFile file(QString::fromStdString(checkpoint + ".tokenizer.json"));
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("{\"format\": \"epochscope-text-tokenizer\", \"vers");
        file.close();
        try {
            es::readTokenizerBeside(checkpoint);
            QFAIL("a truncated tokenizer file was read");
        } catch (const es::ConfigError& error) {
            QVERIFY(error.issues().front().path.find("best.pt.tokenizer.json") !=
                    std::string::npos);
        }
    }
};

QTEST_GUILESS_MAIN(TestTokenizerFile)
#include "tst_tokenizerfile.moc"
