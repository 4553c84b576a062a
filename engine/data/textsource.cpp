#include "engine/data/textsource.h"

#include "engine/config/configerror.h"
#include "engine/config/inputfile.h"
#include "engine/config/runconfig.h"
#include "engine/core/splitmix64.h"
#include "engine/core/text.h"
#include "engine/core/utf8.h"
#include "engine/data/hostmemory.h"
#include "engine/data/sourcearrays.h"
#include "engine/data/textcorpus.h"
#include "engine/data/textpreview.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"
#include "engine/text/texttokenizer.h"
#include "engine/text/textvectorizer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <utility>

namespace es {

namespace {

/// The nearest-rank percentile of sorted `values`.
std::int64_t sortedPercentile(const std::vector<std::int64_t>& sorted, double percent)
{
    const auto rank =
        static_cast<std::size_t>(std::ceil(percent / 100.0 * static_cast<double>(sorted.size())));
    return sorted[std::min(sorted.size(), std::max<std::size_t>(rank, 1)) - 1];
}

/// The lengths of `lengths` (not empty) as TextLengths.
TextLengths lengthsOf(std::vector<std::int64_t> lengths)
{
    std::sort(lengths.begin(), lengths.end());
    return {sortedPercentile(lengths, 50.0), sortedPercentile(lengths, 95.0), lengths.back()};
}

/// A vocabulary file of one token per line: a few hundred thousand short tokens at most.
constexpr std::uint64_t kMaxVocabularyFileBytes = std::uint64_t{64} << 20;
/// How many ignored entries a note names before it only counts the rest.
constexpr std::size_t kListedIgnored = 5;

TextCorpus readCorpus(const DataConfig& data, const std::string& path)
{
    const DataSourceConfig& source = data.source;
    const EmptyTexts emptyTexts = data.text.emptyTexts;
    if (source.type == DataSourceType::TextCsv)
        return readTextCsvFile(path, {source.delimiter, source.header, source.textColumn,
                                      source.labelColumn, emptyTexts});
    return readTextFolder(path, {source.ignore, emptyTexts});
}

/// `corpus` in an order shuffled by `seed` (Fisher-Yates on SplitMix64 rather than std::shuffle,
/// whose use of its engine differs between libraries), so that a seed picks the same
/// validation texts everywhere.
void shuffleCorpus(TextCorpus& corpus, std::uint64_t seed)
{
    const std::size_t count = corpus.texts.size();
    std::uint64_t state = seed;
    for (std::size_t i = count; i > 1; --i) {
        const std::size_t j = static_cast<std::size_t>(nextSplitMix64(state) % i);
        std::swap(corpus.texts[i - 1], corpus.texts[j]);
        std::swap(corpus.labels[i - 1], corpus.labels[j]);
        std::swap(corpus.origins[i - 1], corpus.origins[j]);
    }
}

bool regressionLoss(LossType loss)
{
    return loss == LossType::Mse || loss == LossType::Mae;
}

/// The classes of the training labels, sorted by their bytes; at least two.
std::vector<std::string> classesOf(const TextCorpus& corpus, std::int64_t training,
                                   const RunConfig& config)
{
    std::vector<std::string> classes(corpus.labels.begin(), corpus.labels.begin() + training);
    std::sort(classes.begin(), classes.end());
    classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
    if (classes.size() < 2)
        throw ConfigError("data.source.path",
                          fillText(engineText("TextSource",
                                              "every training text has the label \"%1\"; a "
                                              "classifier needs texts of at least two classes "
                                              "(for numbers as targets, use the loss \"mse\")"),
                                   {classes.empty() ? std::string() : classes.front()}));
    if (config.training.loss == LossType::BinaryCrossentropy && classes.size() > 2) {
        std::vector<std::string> quoted;
        for (const std::string& name : classes)
            quoted.push_back("\"" + name + "\"");
        throw ConfigError("training.loss",
                          fillText(engineText("TextSource",
                                              "\"binary_crossentropy\" needs two classes, but the "
                                              "texts have %1: %2; use "
                                              "\"sparse_categorical_crossentropy\" with a last "
                                              "Dense layer of %1 units"),
                                   {std::to_string(classes.size()), listText(quoted)}));
    }
    return classes;
}

float numberLabel(const std::string& label, const std::string& origin, LossType loss)
{
    double value = 0.0;
    const char* end = label.data() + label.size();
    const auto [stop, error] = std::from_chars(label.data(), end, value);
    if (error != std::errc() || stop != end || !std::isfinite(value))
        throw ConfigError(origin, fillText(engineText("TextSource",
                                                      "the label \"%1\" is not a number, but the "
                                                      "loss \"%2\" needs numbers as targets; for "
                                                      "classes use a cross-entropy loss"),
                                           {label, std::string(lossKey(loss))}));
    return static_cast<float>(value);
}

/// The targets of `corpus`'s texts: numbers for a regression `loss` (no `classes`), else
/// class ids, or one-hot rows.
std::vector<float> targetsOf(const TextCorpus& corpus, const std::vector<std::string>& classes,
                             bool oneHot, LossType loss)
{
    std::vector<float> targets;
    if (classes.empty()) {
        for (std::size_t i = 0; i < corpus.texts.size(); ++i)
            targets.push_back(numberLabel(corpus.labels[i], corpus.origins[i], loss));
        return targets;
    }
    for (std::size_t i = 0; i < corpus.texts.size(); ++i) {
        const auto found = std::lower_bound(classes.begin(), classes.end(), corpus.labels[i]);
        if (found == classes.end() || *found != corpus.labels[i]) {
            std::vector<std::string> quoted;
            for (const std::string& name : classes)
                quoted.push_back("\"" + name + "\"");
            throw ConfigError(corpus.origins[i],
                              fillText(engineText("TextSource",
                                                  "the label \"%1\" is not one of the training "
                                                  "texts' classes (%2)"),
                                       {corpus.labels[i], listText(quoted)}));
        }
        const auto id = static_cast<std::size_t>(found - classes.begin());
        if (oneHot) {
            std::vector<float> row(classes.size(), 0.0F);
            row[id] = 1.0F;
            targets.insert(targets.end(), row.begin(), row.end());
        } else {
            targets.push_back(static_cast<float>(id));
        }
    }
    return targets;
}

TextVocabulary readVocabularyFile(const TextConfig& text)
{
    const InputFile file(text.vocabulary,
                         engineText("TextSource", "cannot open the vocabulary file: %1"));
    if (file.size() > kMaxVocabularyFileBytes)
        throw ConfigError("data.text.vocabulary",
                          fillText(engineText("TextSource",
                                              "%1 has %2 bytes, more than the %3 a vocabulary "
                                              "file may have"),
                                   {text.vocabulary, std::to_string(file.size()),
                                    std::to_string(kMaxVocabularyFileBytes)}));
    std::string content = file.readAll();
    const std::size_t bad = firstInvalidUtf8(content);
    if (bad != std::string::npos)
        throw ConfigError(text.vocabulary + "@byte " + std::to_string(bad),
                          engineText("TextSource", "the vocabulary file is not UTF-8"));
    std::string_view rest = content;
    if (rest.substr(0, 3) == "\xEF\xBB\xBF")
        rest.remove_prefix(3);
    std::vector<std::string> tokens;
    while (!rest.empty()) {
        const std::size_t end = rest.find('\n');
        std::string_view line = rest.substr(0, end);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        tokens.emplace_back(line);
        rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
    }
    try {
        TextVocabulary vocabulary = TextVocabulary::fromTokens(tokens);
        const std::int64_t maxTokens = text.vectorizer.maxTokens;
        if (maxTokens > 0 && vocabulary.size() > maxTokens)
            throw ConfigError("data.text.max_tokens",
                              fillText(engineText("TextSource",
                                                  "%1 holds %2 entries (padding and [UNK] "
                                                  "counted), more than max_tokens %3"),
                                       {text.vocabulary, std::to_string(vocabulary.size()),
                                        std::to_string(maxTokens)}));
        return vocabulary;
    } catch (const std::invalid_argument& error) {
        throw ConfigError(text.vocabulary, error.what());
    }
}

/// The vocabulary must fit the Embedding that reads its ids.
void requireEmbeddingFits(const TextVocabulary& vocabulary, const RunConfig& config)
{
    const std::vector<LayerConfig>& layers = config.model.layers;
    if (layers.empty() || layers.front().type != LayerType::Embedding)
        return;  // the config check reports a text source without an Embedding
    const std::int64_t inputDim = layers.front().inputDim;
    if (vocabulary.size() <= inputDim)
        return;
    throw ConfigError("data.text.max_tokens",
                      fillText(engineText("TextSource",
                                          "the vocabulary has %1 entries (padding and [UNK] "
                                          "counted), but the Embedding layer reads ids below its "
                                          "input_dim %2; set max_tokens to %2, or input_dim to "
                                          "%1"),
                               {std::to_string(vocabulary.size()), std::to_string(inputDim)}));
}

/// The ids of every text, each made the tokenizer's sequence length long.
SourceArray tokenArray(const std::vector<std::vector<std::int64_t>>& ids,
                       const TextTokenizer& tokenizer)
{
    SourceArray array;
    const auto samples = static_cast<std::int64_t>(ids.size());
    const std::int64_t length = tokenizer.sequenceLength();
    array.array.kind = ElementKind::Int64;
    array.array.shape = {samples, length};
    const std::uint64_t bytes =
        static_cast<std::uint64_t>(samples) * static_cast<std::uint64_t>(length) * 8;
    if (bytes >= kMemoryCheckBytes)
        requireAvailableMemory(bytes, "data.text.output_sequence_length",
                               engineText("TextSource", "holding the token ids"));
    array.array.ints.reserve(static_cast<std::size_t>(samples * length));
    for (const std::vector<std::int64_t>& one : ids) {
        const std::vector<std::int64_t> padded =
            padSequence(one, length, tokenizer.padding, tokenizer.truncating);
        array.array.ints.insert(array.array.ints.end(), padded.begin(), padded.end());
    }
    return array;
}

/// The ids of every text of `corpus`, each its own length.
std::vector<std::vector<std::int64_t>> vectorizeAll(const TextCorpus& corpus,
                                                    const TextVocabulary& vocabulary,
                                                    const TextVectorizerOptions& vectorizer)
{
    TextVectorizerOptions ownLength = vectorizer;
    ownLength.outputSequenceLength = 0;  // padSequence() applies the configured ends
    std::vector<std::vector<std::int64_t>> ids;
    ids.reserve(corpus.texts.size());
    for (const std::string& one : corpus.texts)
        ids.push_back(vectorizeText(one, vocabulary, ownLength));
    return ids;
}

std::string ignoredNote(const TextCorpus& corpus)
{
    std::vector<std::string> named(
        corpus.ignored.begin(),
        corpus.ignored.begin() +
            static_cast<std::ptrdiff_t>(std::min(kListedIgnored, corpus.ignored.size())));
    std::string list = listText(named);
    if (corpus.ignored.size() > kListedIgnored)
        list = fillText(engineText("TextSource", "%1 and %2 more"),
                        {list, std::to_string(corpus.ignored.size() - kListedIgnored)});
    return fillText(markedText("RunRecord",
                               "%1 entries of the folder left out (not .txt, or in "
                               "data.source.ignore): %2"),
                    {std::to_string(corpus.ignored.size()), list});
}

/// Notes on what reading left out: empty texts and ignored folder entries.
void addReadingNotes(const TextCorpus& corpus, std::vector<std::string>& notes)
{
    if (corpus.emptyTexts > 0)
        notes.push_back(fillText(markedText("RunRecord", "%1 empty texts skipped"),
                                 {formatCount(corpus.emptyTexts)}));
    if (!corpus.ignored.empty())
        notes.push_back(ignoredNote(corpus));
}

/// The tokenizer data.text makes of the training share of `corpus` (texts [0, training)): the
/// vocabulary learned from them or read from data.text.vocabulary, and the classes of their
/// labels. The sequence length is left to the caller, which knows the texts' lengths.
TextTokenizer learnTokenizer(const RunConfig& config, const TextCorpus& corpus,
                             std::int64_t training)
{
    const TextConfig& text = config.data.text;
    TextTokenizer tokenizer;
    tokenizer.vectorizer = text.vectorizer;
    tokenizer.padding = text.padding;
    tokenizer.truncating = text.truncating;
    if (!regressionLoss(config.training.loss))
        tokenizer.classes = classesOf(corpus, training, config);
    if (!text.vocabulary.empty()) {
        tokenizer.vocabulary = readVocabularyFile(text);
        return tokenizer;
    }
    const std::vector<std::string> trainingTexts(corpus.texts.begin(),
                                                 corpus.texts.begin() + training);
    try {
        tokenizer.vocabulary = TextVocabulary::learn(trainingTexts, text.vectorizer);
    } catch (const std::invalid_argument& error) {
        throw ConfigError("data.text.max_tokens", error.what());
    }
    return tokenizer;
}

/// `y` of `corpus`'s labels as the source's targets, at `field`.
SourceArray targetArray(const TextCorpus& corpus, const TextTokenizer& tokenizer,
                        const RunConfig& config, const std::string& field,
                        const std::string& origin)
{
    const bool oneHot = config.training.loss == LossType::CategoricalCrossentropy;
    SourceArray y;
    y.field = field;
    y.origin = origin;
    y.array.floats = targetsOf(corpus, tokenizer.classes, oneHot, config.training.loss);
    y.array.shape = {corpus.size()};
    if (oneHot)
        y.array.shape.push_back(static_cast<std::int64_t>(tokenizer.classes.size()));
    return y;
}

}  // namespace

void loadTextSource(const RunConfig& config, SourceArrays& arrays, const TextTokenizer* trained)
{
    const DataSourceConfig& source = config.data.source;
    TextCorpus corpus = readCorpus(config.data, source.path);
    if (corpus.texts.empty())
        throw ConfigError(
            "data.source.path",
            fillText(engineText("TextSource", "%1 holds no text to train on"), {source.path}));
    shuffleCorpus(corpus, config.seed);
    addReadingNotes(corpus, arrays.notes);

    const bool separateValidation = !source.validationPath.empty();
    TextCorpus validation;
    if (separateValidation) {
        validation = readCorpus(config.data, source.validationPath);
        addReadingNotes(validation, arrays.notes);
    }
    const std::int64_t training =
        separateValidation ? corpus.size()
                           : splitSamples(corpus.size(), config.data.validationSplit).training;
    const auto trainingEnd = static_cast<std::size_t>(training);

    auto tokenizer = std::make_shared<TextTokenizer>(
        trained != nullptr ? *trained : learnTokenizer(config, corpus, training));
    requireEmbeddingFits(tokenizer->vocabulary, config);

    const std::vector<std::vector<std::int64_t>> ids =
        vectorizeAll(corpus, tokenizer->vocabulary, tokenizer->vectorizer);
    std::vector<std::int64_t> trainingLengths;
    for (std::size_t i = 0; i < trainingEnd; ++i)
        trainingLengths.push_back(static_cast<std::int64_t>(ids[i].size()));
    if (!trainingLengths.empty())
        arrays.textLengths = lengthsOf(std::move(trainingLengths));
    if (tokenizer->sequenceLength() == 0) {
        tokenizer->vectorizer.outputSequenceLength =
            std::max<std::int64_t>(arrays.textLengths.longest, 1);
        arrays.notes.push_back(
            fillText(markedText("RunRecord",
                                "data.text.output_sequence_length 0: every text made %1 tokens "
                                "long, the longest training text's length"),
                     {formatCount(tokenizer->sequenceLength())}));
    }
    const std::int64_t length = tokenizer->sequenceLength();
    const auto cut = std::count_if(ids.begin(), ids.end(), [&](const auto& one) {
        return static_cast<std::int64_t>(one.size()) > length;
    });
    if (cut > 0)
        arrays.notes.push_back(
            fillText(markedText("RunRecord", "%1 of %2 texts cut to %3 tokens"),
                     {formatCount(cut), formatCount(corpus.size()), formatCount(length)}));

    arrays.x = tokenArray(ids, *tokenizer);
    arrays.x.field = "data.source.path";
    arrays.x.origin = source.path;
    arrays.y = targetArray(corpus, *tokenizer, config, "data.source.path", source.path);
    if (separateValidation) {
        arrays.xVal = tokenArray(
            vectorizeAll(validation, tokenizer->vocabulary, tokenizer->vectorizer), *tokenizer);
        arrays.xVal.field = "data.source.validation_path";
        arrays.xVal.origin = source.validationPath;
        arrays.yVal = targetArray(validation, *tokenizer, config, "data.source.validation_path",
                                  source.validationPath);
    }
    const std::int64_t entries = tokenizer->vocabulary.size();
    if (trained != nullptr)
        arrays.notes.push_back(
            fillText(markedText("RunRecord",
                                "tokenized as the model was trained: %1 vocabulary entries, "
                                "%2 tokens per text"),
                     {formatCount(entries), formatCount(length)}));
    else
        arrays.notes.push_back(
            fillText(config.data.text.vocabulary.empty()
                         ? markedText("RunRecord",
                                      "vocabulary of %1 entries learned from the %2 training texts")
                         : markedText("RunRecord", "vocabulary of %1 entries read from %3"),
                     {formatCount(entries), formatCount(training), config.data.text.vocabulary}));
    const bool regression = tokenizer->classes.empty();
    arrays.description = fillText(
        markedText("RunRecord", "%1: %2, %3 texts of %4 tokens, %5"),
        {dataSourceKey(source.type), source.path, formatCount(corpus.size()), formatCount(length),
         regression ? std::string(markedText("RunRecord", "numbers as targets"))
                    : fillText(markedText("RunRecord", "%1 classes"),
                               {std::to_string(tokenizer->classes.size())})});
    arrays.classes = tokenizer->classes;
    arrays.tokenizer = std::move(tokenizer);
}

SourceArrays tokenizedCorpus(const TextCorpus& corpus, const TextTokenizer& tokenizer,
                             const RunConfig& config, const std::string& field,
                             const std::string& origin)
{
    SourceArrays arrays;
    arrays.x =
        tokenArray(vectorizeAll(corpus, tokenizer.vocabulary, tokenizer.vectorizer), tokenizer);
    arrays.x.field = field;
    arrays.x.origin = origin;
    // The readers give every text a label or none at all.
    const bool labelled = !corpus.labels.empty() && !corpus.labels.front().empty();
    if (labelled)
        arrays.y = targetArray(corpus, tokenizer, config, field, origin);
    arrays.classes = tokenizer.classes;
    return arrays;
}

namespace {

/// How many texts the preview shows as tokens, and how many tokens of each.
constexpr std::size_t kPreviewTexts = 3;
constexpr std::size_t kPreviewTokens = 12;

std::string percentText(double share)
{
    char text[16];
    std::snprintf(text, sizeof text, "%.1f%%", 100.0 * share);
    return text;
}

std::string classCounts(const TextCorpus& corpus)
{
    std::map<std::string, std::int64_t> counts;
    for (const std::string& label : corpus.labels)
        ++counts[label];
    std::vector<std::string> parts;
    for (const auto& [name, count] : counts)
        parts.push_back(fillText(engineText("TextSource", "%1 %2"), {name, formatCount(count)}));
    return fillText(engineText("TextSource", "%1 labels: %2"),
                    {formatCount(static_cast<std::int64_t>(counts.size())), listText(parts)});
}

std::string tokensText(const std::vector<std::string>& tokens)
{
    std::string text;
    for (std::size_t i = 0; i < tokens.size() && i < kPreviewTokens; ++i)
        text += (i == 0 ? "" : " ") + ("\"" + escapeControls(tokens[i]) + "\"");
    if (tokens.size() > kPreviewTokens)
        text += fillText(engineText("TextSource", " ... (%1 tokens)"),
                         {formatCount(static_cast<std::int64_t>(tokens.size()))});
    return "[" + text + "]";
}

}  // namespace

TextPreview describeTextSource(const DataConfig& data)
{
    const TextConfig& text = data.text;
    const TextCorpus corpus = readCorpus(data, data.source.path);
    TextPreview preview;
    std::vector<std::string>& lines = preview.lines;
    lines.push_back(fillText(engineText("TextSource", "%1: %2 texts"),
                             {data.source.path, formatCount(corpus.size())}));
    if (corpus.texts.empty())
        return preview;
    lines.push_back(classCounts(corpus));
    std::vector<std::string> notes;
    addReadingNotes(corpus, notes);
    for (const std::string& note : notes)
        lines.push_back(recordedText(note));

    std::vector<std::int64_t>& lengths = preview.lengths;
    std::vector<std::vector<std::string>> examples;
    for (const std::string& one : corpus.texts) {
        std::vector<std::string> tokens =
            splitText(standardizeText(one, text.vectorizer), text.vectorizer.split);
        lengths.push_back(static_cast<std::int64_t>(tokens.size()));
        if (examples.size() < kPreviewTexts)
            examples.push_back(std::move(tokens));
    }
    const TextLengths spread = lengthsOf(lengths);
    lines.push_back(fillText(
        engineText("TextSource",
                   "lengths in tokens: median %1, 95th percentile %2, "
                   "longest %3"),
        {formatCount(spread.median), formatCount(spread.p95), formatCount(spread.longest)}));
    const std::int64_t length = text.vectorizer.outputSequenceLength > 0
                                    ? text.vectorizer.outputSequenceLength
                                    : spread.longest;
    preview.sequenceLength = length;
    // The same count as the histogram's share of texts cut (textsLongerThan).
    const std::int64_t cut = textsLongerThan(lengths, length);
    double kept = 0.0;
    for (const std::int64_t one : lengths)
        kept += static_cast<double>(std::min(one, length));
    const double steps = static_cast<double>(length) * static_cast<double>(lengths.size());
    lines.push_back(fillText(
        engineText("TextSource",
                   "at %1 tokens per sample: %2 of the texts cut, %3 of the time steps padding"),
        {formatCount(length),
         percentText(static_cast<double>(cut) / static_cast<double>(lengths.size())),
         percentText(steps > 0.0 ? 1.0 - kept / steps : 0.0)}));
    TextVectorizerOptions everyToken = text.vectorizer;
    everyToken.maxTokens = 0;
    const std::int64_t distinct = TextVocabulary::learn(corpus.texts, everyToken).size() - 2;
    lines.push_back(fillText(engineText("TextSource", "%1 distinct tokens in all the texts"),
                             {formatCount(distinct)}));
    for (std::size_t i = 0; i < examples.size(); ++i)
        lines.push_back(fillText(engineText("TextSource", "%1 (%2): %3"),
                                 {corpus.origins[i], corpus.labels[i], tokensText(examples[i])}));
    return preview;
}

}  // namespace es
