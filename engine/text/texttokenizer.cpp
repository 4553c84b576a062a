#include "engine/text/texttokenizer.h"

namespace es {

TokenizedText tokenizeText(const TextTokenizer& tokenizer, std::string_view text)
{
    TokenizedText result;
    result.tokens =
        splitText(standardizeText(text, tokenizer.vectorizer), tokenizer.vectorizer.split);
    result.tokenIds.reserve(result.tokens.size());
    for (const std::string& token : result.tokens) {
        const std::int64_t id = tokenizer.vocabulary.idOf(token);
        result.unknown += id == kUnknownId ? 1 : 0;
        result.tokenIds.push_back(id);
    }
    const std::int64_t length = tokenizer.sequenceLength();
    result.cut = static_cast<std::int64_t>(result.tokenIds.size()) > length;
    result.ids = padSequence(result.tokenIds, length, tokenizer.padding, tokenizer.truncating);
    return result;
}

}  // namespace es
