// Text to ids as Keras' TextVectorization makes them (engine/text/textvectorizer.h): each rule
// in a table of cases worked out from Keras' own definitions (DEFAULT_STRIP_REGEX, ASCII-only
// tf.strings.lower, tf.strings.split, IndexLookup's lexsort of counts and tokens), and
// keras.utils.pad_sequences' four combinations.
#include "engine/text/textvectorizer.h"

#include <QtTest>

#include <stdexcept>
#include <string>
#include <vector>

namespace {

using Ids = std::vector<std::int64_t>;
using Tokens = std::vector<std::string>;

es::TextVectorizerOptions withStandardize(es::TextStandardize standardize, bool stripHtml = false)
{
    es::TextVectorizerOptions options;
    options.standardize = standardize;
    options.stripHtml = stripHtml;
    return options;
}

}  // namespace

Q_DECLARE_METATYPE(es::TextStandardize)

class TestTextVectorizer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void standardize_data()
    {
        using S = es::TextStandardize;
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<es::TextStandardize>("standardize");
        QTest::addColumn<bool>("stripHtml");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("default") << QByteArray("Hello, World!") << S::LowerAndStripPunctuation
                                 << false << QByteArray("hello world");
        QTest::newRow("every punctuation character")
            << QByteArray("a!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~b") << S::LowerAndStripPunctuation
            << false << QByteArray("ab");
        QTest::newRow("hyphens join words")
            << QByteArray("State-of-the-art") << S::LowerAndStripPunctuation << false
            << QByteArray("stateoftheart");
        QTest::newRow("IMDB's tag kept as br")
            << QByteArray("It's <br />GREAT") << S::LowerAndStripPunctuation << false
            << QByteArray("its br great");
        QTest::newRow("strip_html") << QByteArray("It's <br />GREAT") << S::LowerAndStripPunctuation
                                    << true << QByteArray("its  great");
        QTest::newRow("strip_html, a < with no >")
            << QByteArray("1 < 2") << S::None << true << QByteArray("1 < 2");
        QTest::newRow("lowering is ASCII only") << QByteArray("\xC3\x89T\xC3\x89") << S::Lower
                                                << false << QByteArray("\xC3\x89t\xC3\x89");
        QTest::newRow("lower keeps punctuation")
            << QByteArray("A-B.") << S::Lower << false << QByteArray("a-b.");
        QTest::newRow("strip_punctuation keeps case")
            << QByteArray("A-B.") << S::StripPunctuation << false << QByteArray("AB");
        QTest::newRow("none") << QByteArray("A-B.") << S::None << false << QByteArray("A-B.");
    }

    void standardize()
    {
        QFETCH(QByteArray, text);
        QFETCH(es::TextStandardize, standardize);
        QFETCH(bool, stripHtml);
        QFETCH(QByteArray, expected);
        const std::string result =
            es::standardizeText(text.toStdString(), withStandardize(standardize, stripHtml));
        QCOMPARE(QByteArray::fromStdString(result), expected);
    }

    void splitOnWhitespace()
    {
        QCOMPARE(es::splitText("  a\tb\n\nc \v\f\rd  ", es::TextSplit::Whitespace),
                 (Tokens{"a", "b", "c", "d"}));
        QCOMPARE(es::splitText("", es::TextSplit::Whitespace), Tokens{});
        QCOMPARE(es::splitText(" \t ", es::TextSplit::Whitespace), Tokens{});
        QCOMPARE(es::splitText("one", es::TextSplit::Whitespace), Tokens{"one"});
    }

    void splitIntoCharacters()
    {
        const std::string replacement = "\xEF\xBF\xBD";
        QCOMPARE(es::splitText("a\xC3\xB1 b", es::TextSplit::Character),
                 (Tokens{"a", "\xC3\xB1", " ", "b"}));
        QCOMPARE(es::splitText("\xF0\x9F\x98\x80", es::TextSplit::Character),
                 Tokens{"\xF0\x9F\x98\x80"});
        QCOMPARE(es::splitText("a\xFF"
                               "b",
                               es::TextSplit::Character),
                 (Tokens{"a", replacement, "b"}));
        QCOMPARE(es::splitText("\xC3", es::TextSplit::Character), Tokens{replacement});
        // An overlong "/" and a surrogate are not characters: each byte is replaced.
        QCOMPARE(es::splitText("\xC0\xAF", es::TextSplit::Character),
                 (Tokens{replacement, replacement}));
        QCOMPARE(es::splitText("\xED\xA0\x80", es::TextSplit::Character),
                 (Tokens{replacement, replacement, replacement}));
        // The start of a character cut short is one: the Unicode Standard's maximal subpart.
        QCOMPARE(es::splitText("\xE2\x82"
                               "a",
                               es::TextSplit::Character),
                 (Tokens{replacement, "a"}));
        QCOMPARE(es::splitText("x\xF0\x9F\x98", es::TextSplit::Character),
                 (Tokens{"x", replacement}));
    }

    void vocabularyByCountThenLaterBytesFirst()
    {
        const es::TextVectorizerOptions options;
        // a, b and c twice each, d once: ties go to the token whose bytes sort later.
        const auto vocabulary = es::TextVocabulary::learn({"b a c a", "C, b d."}, options);
        QCOMPARE(vocabulary.tokens(), (Tokens{"", "[UNK]", "c", "b", "a", "d"}));
        QCOMPARE(vocabulary.idOf("c"), std::int64_t(2));
        QCOMPARE(vocabulary.idOf("d"), std::int64_t(5));
        QCOMPARE(vocabulary.idOf("never seen"), es::kUnknownId);
        QCOMPARE(vocabulary.idOf(""), es::kUnknownId);
    }

    void maxTokensCountsPaddingAndUnknown()
    {
        es::TextVectorizerOptions options;
        options.maxTokens = 4;
        const auto vocabulary = es::TextVocabulary::learn({"b a c a", "c b d"}, options);
        QCOMPARE(vocabulary.tokens(), (Tokens{"", "[UNK]", "c", "b"}));
        QCOMPARE(vocabulary.idOf("a"), es::kUnknownId);
        for (std::int64_t bad : {std::int64_t(-1), std::int64_t(1), std::int64_t(2)}) {
            options.maxTokens = bad;
            QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                     es::TextVocabulary::learn({"a"}, options));
        }
    }

    void specialTokensAreNotLearned()
    {
        es::TextVectorizerOptions options;
        options.standardize = es::TextStandardize::None;
        const auto vocabulary = es::TextVocabulary::learn({"[UNK] [UNK] x"}, options);
        QCOMPARE(vocabulary.tokens(), (Tokens{"", "[UNK]", "x"}));
    }

    void vectorizeAndOutputSequenceLength()
    {
        es::TextVectorizerOptions options;
        const auto vocabulary = es::TextVocabulary::learn({"b a c a", "c b d"}, options);
        QCOMPARE(es::vectorizeText("A d e!", vocabulary, options), (Ids{4, 5, 1}));
        options.outputSequenceLength = 5;
        QCOMPARE(es::vectorizeText("A d e!", vocabulary, options), (Ids{4, 5, 1, 0, 0}));
        options.outputSequenceLength = 2;
        QCOMPARE(es::vectorizeText("A d e!", vocabulary, options), (Ids{4, 5}));
        QCOMPARE(es::vectorizeText("", vocabulary, options), (Ids{0, 0}));
    }

    void vocabularyFromTokens()
    {
        QCOMPARE(es::TextVocabulary::fromTokens({"x", "y"}).tokens(),
                 (Tokens{"", "[UNK]", "x", "y"}));
        QCOMPARE(es::TextVocabulary::fromTokens({"", "[UNK]", "x"}).tokens(),
                 (Tokens{"", "[UNK]", "x"}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 es::TextVocabulary::fromTokens({"x", "y", "x"}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, es::TextVocabulary::fromTokens({"x", ""}));
        try {
            es::TextVocabulary::fromTokens({"x", "y", "x"});
        } catch (const std::invalid_argument& error) {
            QVERIFY2(std::string(error.what()).find("entry 3") != std::string::npos, error.what());
        }
    }

    void padSequencesAsKeras()
    {
        using E = es::SequenceEnd;
        const Ids ids{1, 2, 3};
        QCOMPARE(es::padSequence(ids, 5, E::Pre, E::Pre), (Ids{0, 0, 1, 2, 3}));
        QCOMPARE(es::padSequence(ids, 5, E::Post, E::Pre), (Ids{1, 2, 3, 0, 0}));
        QCOMPARE(es::padSequence(ids, 2, E::Pre, E::Pre), (Ids{2, 3}));
        QCOMPARE(es::padSequence(ids, 2, E::Pre, E::Post), (Ids{1, 2}));
        QCOMPARE(es::padSequence(ids, 3, E::Post, E::Post), ids);
        QCOMPARE(es::padSequence(ids, 0, E::Pre, E::Pre), Ids{});
        QCOMPARE(es::padSequence({}, 2, E::Pre, E::Pre), (Ids{0, 0}));
    }
};

QTEST_APPLESS_MAIN(TestTextVectorizer)
#include "tst_textvectorizer.moc"
