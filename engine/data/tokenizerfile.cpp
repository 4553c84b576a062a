#include "engine/data/tokenizerfile.h"

#include "engine/config/configerror.h"
#include "engine/config/inputfile.h"
#include "engine/config/jsondocument.h"
#include "engine/config/jsonreader.h"
#include "engine/config/textconfig.h"
#include "engine/i18n/translate.h"
#include "engine/io/atomicfile.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace es {

namespace {

constexpr std::string_view kFormat = "epochscope-text-tokenizer";
constexpr std::int64_t kVersion = 1;
/// A vocabulary of data.text's largest max_tokens, each token a long word, with JSON's
/// escapes: far more than any tokenizer file this engine writes.
constexpr std::uint64_t kMaxTokenizerFileBytes = std::uint64_t{256} << 20;
/// data.text's own bounds (runconfigparse.cpp) on a stored max_tokens and a resolved
/// output_sequence_length, which is at least 1.
constexpr IntRange kStoredMaxTokensRange{0, 1 << 24};
constexpr IntRange kStoredSequenceLengthRange{1, 1 << 20};
constexpr std::size_t kMaxClasses = 1 << 16;

/// The strings of the array at `key`, each checked to be one; every other element is an issue.
std::vector<std::string> stringArray(JsonReader& reader, std::string_view key)
{
    std::vector<std::string> values;
    const nlohmann::json* array = reader.array(key, Need::Required);
    if (array == nullptr)
        return values;
    values.reserve(array->size());
    for (std::size_t i = 0; i < array->size(); ++i) {
        const nlohmann::json& element = (*array)[i];
        if (!element.is_string()) {
            reader.addIssueAt(JsonReader::elementPath(reader.pathOf(key), i),
                              fillText(engineText("TokenizerFile", "expected a string, got %1"),
                                       {JsonReader::describe(element)}));
            continue;
        }
        values.push_back(element.get<std::string>());
    }
    return values;
}

void readClasses(JsonReader& reader, TextTokenizer& tokenizer)
{
    std::vector<std::string> classes = stringArray(reader, "classes");
    if (classes.size() > kMaxClasses) {
        reader.addIssue("classes", fillText(engineText("TokenizerFile", "more than %1 classes"),
                                            {std::to_string(kMaxClasses)}));
        return;
    }
    std::vector<std::string> sorted = classes;
    std::sort(sorted.begin(), sorted.end());
    // Training numbers the classes in the byte order of their names; any other list would
    // name the model's outputs wrongly.
    const bool unique = std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
    const bool named = std::none_of(classes.begin(), classes.end(),
                                    [](const std::string& name) { return name.empty(); });
    if (classes.size() == 1 || !unique || !named || sorted != classes) {
        reader.addIssue("classes", engineText("TokenizerFile",
                                              "expected no classes, or two or more distinct, "
                                              "non-empty names in byte order"));
        return;
    }
    tokenizer.classes = std::move(classes);
}

/// The vocabulary, read from the document itself rather than through JsonReader, which refuses
/// strings holding a NUL byte: a text may hold U+0000, and so may a token learned from it.
void readVocabulary(const nlohmann::json& document, JsonReader& reader, TextTokenizer& tokenizer)
{
    const std::string path = reader.pathOf("vocabulary");
    const auto found = document.find("vocabulary");
    if (found == document.end() || !found->is_array()) {
        reader.addIssue("vocabulary", engineText("TokenizerFile", "expected an array of tokens"));
        return;
    }
    std::vector<std::string> tokens;
    tokens.reserve(found->size());
    for (std::size_t i = 0; i < found->size(); ++i) {
        const nlohmann::json& element = (*found)[i];
        if (!element.is_string()) {
            reader.addIssueAt(JsonReader::elementPath(path, i),
                              fillText(engineText("TokenizerFile", "expected a string, got %1"),
                                       {JsonReader::describe(element)}));
            return;
        }
        tokens.push_back(element.get<std::string>());
    }
    if (tokens.size() < 2 || tokens[0] != "" || tokens[1] != "[UNK]") {
        reader.addIssue("vocabulary", engineText("TokenizerFile",
                                                 "expected the padding entry \"\" and \"[UNK]\" "
                                                 "first"));
        return;
    }
    const std::int64_t maxTokens = tokenizer.vectorizer.maxTokens;
    if (maxTokens > 0 && static_cast<std::int64_t>(tokens.size()) > maxTokens) {
        reader.addIssue("vocabulary",
                        fillText(engineText("TokenizerFile", "%1 entries, more than max_tokens %2"),
                                 {std::to_string(tokens.size()), std::to_string(maxTokens)}));
        return;
    }
    try {
        tokenizer.vocabulary = TextVocabulary::fromTokens(tokens);
    } catch (const std::invalid_argument& error) {
        reader.addIssue("vocabulary", error.what());
    }
}

}  // namespace

std::string tokenizerJsonText(const TextTokenizer& tokenizer)
{
    const TextVectorizerOptions& vectorizer = tokenizer.vectorizer;
    const nlohmann::json json = {
        {"format", kFormat},
        {"version", kVersion},
        {"standardize", textStandardizeKey(vectorizer.standardize)},
        {"strip_html", vectorizer.stripHtml},
        {"split", textSplitKey(vectorizer.split)},
        {"max_tokens", vectorizer.maxTokens},
        {"sequence_length", vectorizer.outputSequenceLength},
        {"padding", sequenceEndKey(tokenizer.padding)},
        {"truncating", sequenceEndKey(tokenizer.truncating)},
        {"classes", tokenizer.classes},
        {"vocabulary", tokenizer.vocabulary.tokens()},
    };
    return json.dump(kJsonIndent) + "\n";
}

TextTokenizer parseTokenizerJson(std::string_view text, const std::string& origin)
{
    const nlohmann::json document = parseJsonDocument(text, origin);
    // Everything but the vocabulary through JsonReader, which lists every problem at its path.
    nlohmann::json settings = document;
    if (settings.is_object())
        settings.erase("vocabulary");
    std::vector<ConfigIssue> issues;
    JsonReader reader(settings, origin, issues);
    std::string format;
    reader.string("format", format, Need::Required);
    std::int64_t version = 0;
    reader.integer("version", {1, kVersion}, version, Need::Required);
    if (!format.empty() && format != kFormat)
        reader.addIssue(
            "format", fillText(engineText("TokenizerFile", "expected \"%1\": not a tokenizer file"),
                               {std::string(kFormat)}));
    TextTokenizer tokenizer;
    TextVectorizerOptions& vectorizer = tokenizer.vectorizer;
    reader.choice("standardize", kAllTextStandardizes, textStandardizeKey, vectorizer.standardize,
                  Need::Required);
    reader.boolean("strip_html", vectorizer.stripHtml, Need::Required);
    reader.choice("split", kAllTextSplits, textSplitKey, vectorizer.split, Need::Required);
    reader.integer("max_tokens", kStoredMaxTokensRange, vectorizer.maxTokens, Need::Required);
    reader.integer("sequence_length", kStoredSequenceLengthRange, vectorizer.outputSequenceLength,
                   Need::Required);
    reader.choice("padding", kAllSequenceEnds, sequenceEndKey, tokenizer.padding, Need::Required);
    reader.choice("truncating", kAllSequenceEnds, sequenceEndKey, tokenizer.truncating,
                  Need::Required);
    readClasses(reader, tokenizer);
    reader.finish();
    if (reader.isObject())
        readVocabulary(document, reader, tokenizer);
    if (!issues.empty())
        throw ConfigError(std::move(issues));
    return tokenizer;
}

std::string tokenizerPathBeside(const std::string& checkpoint)
{
    return checkpoint + ".tokenizer.json";
}

std::int64_t writeTokenizerBeside(const std::string& checkpoint, const TextTokenizer& tokenizer)
{
    const std::string path = tokenizerPathBeside(checkpoint);
    const std::string text = tokenizerJsonText(tokenizer);
    writeFileAtomically(path, text);
    return static_cast<std::int64_t>(text.size());
}

std::optional<TextTokenizer> readTokenizerBeside(const std::string& checkpoint)
{
    const std::string path = tokenizerPathBeside(checkpoint);
    std::error_code error;
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, error)))
        return std::nullopt;
    const InputFile file(path, engineText("TokenizerFile", "cannot open the tokenizer file: %1"));
    if (file.size() > kMaxTokenizerFileBytes)
        throw ConfigError(
            path, fillText(engineText("TokenizerFile",
                                      "%1 bytes, more than the %2 a tokenizer "
                                      "file may have"),
                           {std::to_string(file.size()), std::to_string(kMaxTokenizerFileBytes)}));
    return parseTokenizerJson(file.readAll(), path);
}

}  // namespace es
