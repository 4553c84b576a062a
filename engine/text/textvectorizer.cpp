#include "engine/text/textvectorizer.h"

#include "engine/core/utf8.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace es {

namespace {

/// Keras' DEFAULT_STRIP_REGEX, character by character: Python's string.punctuation.
constexpr std::string_view kKerasPunctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
/// What tf.strings.split() with no separator splits on.
constexpr std::string_view kAsciiWhitespace = " \t\n\v\f\r";
constexpr std::string_view kUnknownToken = "[UNK]";

bool lowers(TextStandardize standardize)
{
    return standardize == TextStandardize::Lower ||
           standardize == TextStandardize::LowerAndStripPunctuation;
}

bool stripsPunctuation(TextStandardize standardize)
{
    return standardize == TextStandardize::StripPunctuation ||
           standardize == TextStandardize::LowerAndStripPunctuation;
}

/// Each tag, from `<` to the next `>`, replaced by a space; a `<` with no `>` after it stays.
std::string withoutTags(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t open = text.find('<', at);
        const std::size_t close =
            open == std::string_view::npos ? std::string_view::npos : text.find('>', open);
        if (close == std::string_view::npos) {
            out.append(text.substr(at));
            break;
        }
        out.append(text.substr(at, open - at));
        out.push_back(' ');
        at = close + 1;
    }
    return out;
}

}  // namespace

std::string standardizeText(std::string_view text, const TextVectorizerOptions& options)
{
    std::string source = options.stripHtml ? withoutTags(text) : std::string(text);
    std::string out;
    out.reserve(source.size());
    for (char c : source) {
        if (stripsPunctuation(options.standardize) &&
            kKerasPunctuation.find(c) != std::string_view::npos)
            continue;
        if (lowers(options.standardize) && c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
        out.push_back(c);
    }
    return out;
}

std::vector<std::string> splitText(std::string_view standardized, TextSplit split)
{
    std::vector<std::string> tokens;
    if (split == TextSplit::Character) {
        std::size_t at = 0;
        while (at < standardized.size()) {
            const std::size_t length = utf8SequenceLength(standardized, at);
            if (length == 0) {
                tokens.emplace_back(kReplacementCharacter);
                at += utf8MaximalSubpartLength(standardized, at);
            } else {
                tokens.emplace_back(standardized.substr(at, length));
                at += length;
            }
        }
        return tokens;
    }
    std::size_t at = standardized.find_first_not_of(kAsciiWhitespace);
    while (at != std::string_view::npos) {
        const std::size_t end = standardized.find_first_of(kAsciiWhitespace, at);
        tokens.emplace_back(
            standardized.substr(at, end == std::string_view::npos ? end : end - at));
        if (end == std::string_view::npos)
            break;
        at = standardized.find_first_not_of(kAsciiWhitespace, end);
    }
    return tokens;
}

TextVocabulary TextVocabulary::learn(const std::vector<std::string>& texts,
                                     const TextVectorizerOptions& options)
{
    if (options.maxTokens == 1 || options.maxTokens == 2 || options.maxTokens < 0)
        throw std::invalid_argument(
            fillText(engineText("TextVectorizer",
                                "max_tokens must be 0 (no limit) or at least 3: it "
                                "counts the padding and [UNK] entries, got %1"),
                     {std::to_string(options.maxTokens)}));
    std::unordered_map<std::string, std::int64_t> counts;
    for (const std::string& text : texts)
        for (std::string& token : splitText(standardizeText(text, options), options.split))
            ++counts[std::move(token)];
    // Keras' adapt() never learns its own special tokens as words.
    counts.erase("");
    counts.erase(std::string(kUnknownToken));

    std::vector<std::pair<std::string, std::int64_t>> ranked(counts.begin(), counts.end());
    // np.lexsort((tokens, counts))[::-1]: counts descending, then tokens descending by bytes.
    std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
        if (a.second != b.second)
            return a.second > b.second;
        return a.first > b.first;
    });
    if (options.maxTokens > 0 && static_cast<std::int64_t>(ranked.size()) > options.maxTokens - 2)
        ranked.resize(static_cast<std::size_t>(options.maxTokens - 2));

    TextVocabulary vocabulary;
    vocabulary.add("");
    vocabulary.add(std::string(kUnknownToken));
    for (auto& [token, count] : ranked)
        vocabulary.add(std::move(token));
    return vocabulary;
}

TextVocabulary TextVocabulary::fromTokens(const std::vector<std::string>& tokens)
{
    TextVocabulary vocabulary;
    vocabulary.add("");
    vocabulary.add(std::string(kUnknownToken));
    std::size_t first = 0;
    if (tokens.size() >= 2 && tokens[0].empty() && tokens[1] == kUnknownToken)
        first = 2;
    for (std::size_t i = first; i < tokens.size(); ++i) {
        if (tokens[i].empty())
            throw std::invalid_argument(
                fillText(engineText("TextVectorizer",
                                    "vocabulary entry %1 is empty: only the padding entry may be"),
                         {std::to_string(i + 1)}));
        if (vocabulary.m_ids.count(tokens[i]) != 0)
            throw std::invalid_argument(
                fillText(engineText("TextVectorizer",
                                    "vocabulary entry %1 (\"%2\") is listed more than once"),
                         {std::to_string(i + 1), tokens[i]}));
        vocabulary.add(tokens[i]);
    }
    return vocabulary;
}

void TextVocabulary::add(std::string token)
{
    m_ids.emplace(token, static_cast<std::int64_t>(m_tokens.size()));
    m_tokens.push_back(std::move(token));
}

std::int64_t TextVocabulary::idOf(std::string_view token) const
{
    const auto found = m_ids.find(std::string(token));
    return found == m_ids.end() || found->second == kPaddingId ? kUnknownId : found->second;
}

std::vector<std::int64_t> vectorizeText(std::string_view text, const TextVocabulary& vocabulary,
                                        const TextVectorizerOptions& options)
{
    std::vector<std::int64_t> ids;
    for (const std::string& token : splitText(standardizeText(text, options), options.split))
        ids.push_back(vocabulary.idOf(token));
    if (options.outputSequenceLength > 0)
        ids.resize(static_cast<std::size_t>(options.outputSequenceLength), kPaddingId);
    return ids;
}

std::vector<std::int64_t> padSequence(const std::vector<std::int64_t>& ids, std::int64_t length,
                                      SequenceEnd padding, SequenceEnd truncating)
{
    const auto wanted = static_cast<std::size_t>(std::max<std::int64_t>(length, 0));
    if (ids.size() >= wanted) {
        const auto first = truncating == SequenceEnd::Pre
                               ? ids.end() - static_cast<std::ptrdiff_t>(wanted)
                               : ids.begin();
        return {first, first + static_cast<std::ptrdiff_t>(wanted)};
    }
    std::vector<std::int64_t> out;
    out.reserve(wanted);
    if (padding == SequenceEnd::Pre)
        out.assign(wanted - ids.size(), kPaddingId);
    out.insert(out.end(), ids.begin(), ids.end());
    out.resize(wanted, kPaddingId);
    return out;
}

}  // namespace es
