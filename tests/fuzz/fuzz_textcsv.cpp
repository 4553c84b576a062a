// libFuzzer target for the reader of texts in a CSV or TSV file and the tokenizer behind it
// (issue 35): the first two bytes choose the reader's options (delimiter, header mode,
// columns by position or name, empty texts) and the tokenizer's (standardize, split, tags,
// max_tokens, output length, padding ends); the rest is the file. Only es::ConfigError may
// come out of the reader, and nothing out of the tokenizer; broken invariants trap.

#include "engine/config/configerror.h"
#include "engine/core/utf8.h"
#include "engine/data/textcorpus.h"
#include "engine/text/textvectorizer.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

constexpr std::size_t kOptionBytes = 2;

es::TextCsvOptions readerOptions(std::uint8_t byte)
{
    static constexpr char kDelimiters[] = {es::CsvOptions::kAutoDelimiter, ',', ';', '\t'};
    static constexpr es::CsvHeader kHeaders[] = {es::CsvHeader::Auto, es::CsvHeader::Present,
                                                 es::CsvHeader::Absent, es::CsvHeader::Auto};
    es::TextCsvOptions options;
    options.delimiter = kDelimiters[byte & 3];
    options.header = kHeaders[(byte >> 2) & 3];
    if ((byte & 0x10) != 0) {
        options.textColumn = es::ColumnRef::byName("text");
        options.labelColumn = es::ColumnRef::byName("label");
    } else {
        options.textColumn = es::ColumnRef::byIndex((byte >> 5) & 1);
        options.labelColumn = es::ColumnRef::byIndex(1 - ((byte >> 5) & 1) + ((byte >> 6) & 1));
    }
    options.emptyTexts = (byte & 0x80) != 0 ? es::EmptyTexts::Refuse : es::EmptyTexts::Skip;
    return options;
}

es::TextVectorizerOptions tokenizerOptions(std::uint8_t byte)
{
    static constexpr es::TextStandardize kStandardizes[] = {
        es::TextStandardize::LowerAndStripPunctuation, es::TextStandardize::Lower,
        es::TextStandardize::StripPunctuation, es::TextStandardize::None};
    es::TextVectorizerOptions options;
    options.standardize = kStandardizes[byte & 3];
    options.split = (byte & 4) != 0 ? es::TextSplit::Character : es::TextSplit::Whitespace;
    options.stripHtml = (byte & 8) != 0;
    options.maxTokens = (byte & 0x10) != 0 ? 3 + (byte >> 5) : 0;
    return options;
}

void checkCorpus(const es::TextCorpus& corpus)
{
    if (corpus.texts.size() != corpus.labels.size() || corpus.texts.size() != corpus.origins.size())
        __builtin_trap();
    for (std::size_t i = 0; i < corpus.texts.size(); ++i) {
        if (corpus.labels[i].empty() || corpus.texts[i].size() > es::kMaxTextBytes ||
            es::firstInvalidUtf8(corpus.texts[i]) != std::string_view::npos)
            __builtin_trap();
    }
}

void tokenize(const es::TextCorpus& corpus, std::uint8_t byte)
{
    const es::TextVectorizerOptions options = tokenizerOptions(byte);
    const es::TextVocabulary vocabulary = es::TextVocabulary::learn(corpus.texts, options);
    if (options.maxTokens > 0 && vocabulary.size() > options.maxTokens)
        __builtin_trap();
    const std::int64_t length = 1 + (byte >> 5);
    const auto end = (byte & 0x80) != 0 ? es::SequenceEnd::Pre : es::SequenceEnd::Post;
    for (const std::string& text : corpus.texts) {
        const std::vector<std::int64_t> ids = es::vectorizeText(text, vocabulary, options);
        const std::vector<std::string> tokens =
            es::splitText(es::standardizeText(text, options), options.split);
        if (ids.size() != tokens.size())
            __builtin_trap();
        for (std::size_t i = 0; i < ids.size(); ++i) {
            // Every token of a training text is learned, unless max_tokens cut it off or it is
            // the [UNK] token itself, which adapt() never learns.
            const bool learned = options.maxTokens == 0 && tokens[i] != "[UNK]";
            if (ids[i] != vocabulary.idOf(tokens[i]) || ids[i] < 0 || ids[i] >= vocabulary.size() ||
                ids[i] == es::kPaddingId || (learned && ids[i] == es::kUnknownId))
                __builtin_trap();
        }
        if (static_cast<std::int64_t>(es::padSequence(ids, length, end, end).size()) != length)
            __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < kOptionBytes)
        return 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + kOptionBytes,
                                size - kOptionBytes);
    es::TextCorpus corpus;
    try {
        corpus = es::readTextCsvText(text, readerOptions(data[0]), "fuzz");
    } catch (const es::ConfigError&) {
        return 0;  // rejected with a message: the expected outcome for most inputs
    }
    checkCorpus(corpus);
    tokenize(corpus, data[1]);
    return 0;
}
