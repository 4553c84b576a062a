// libFuzzer target for a tokenizer file from elsewhere (engine/data/tokenizerfile.h, issue 35):
// the bytes are the file. Only es::ConfigError may come out of reading it; what is accepted
// must write back to text that reads as the same tokenizer, and tokenize a text without
// failing, every id inside its vocabulary and as many as its sequence length.

#include "engine/config/configerror.h"
#include "engine/data/tokenizerfile.h"
#include "engine/text/texttokenizer.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    es::TextTokenizer tokenizer;
    try {
        tokenizer = es::parseTokenizerJson(text, "fuzz.tokenizer.json");
    } catch (const es::ConfigError&) {
        return 0;
    }
    const es::TextTokenizer again =
        es::parseTokenizerJson(es::tokenizerJsonText(tokenizer), "written");
    if (!(again.vectorizer == tokenizer.vectorizer) ||
        again.vocabulary.tokens() != tokenizer.vocabulary.tokens() ||
        again.classes != tokenizer.classes || again.padding != tokenizer.padding ||
        again.truncating != tokenizer.truncating)
        std::abort();
    // A sequence length of a million would make every probe a megabyte of ids: the reader
    // accepts it, the probe keeps to short ones.
    if (tokenizer.sequenceLength() > 4096)
        return 0;
    const es::TokenizedText tokenized = es::tokenizeText(tokenizer, "It's a <b>GREAT</b> film!");
    if (static_cast<std::int64_t>(tokenized.ids.size()) != tokenizer.sequenceLength())
        std::abort();
    for (const std::int64_t id : tokenized.ids)
        if (id < 0 || id >= tokenizer.vocabulary.size())
            std::abort();
    return 0;
}
