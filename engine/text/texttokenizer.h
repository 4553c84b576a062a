#pragma once

// Everything that turns a raw text into the ids a trained model reads, as its run made them:
// data.text's rules, the sequence length the run's samples had, the vocabulary, and the
// classes the model's outputs stand for. A run keeps it in its record and beside each
// checkpoint (engine/data/tokenizerfile.h), so that evaluate, predict and export tokenize
// exactly as training did, whatever became of the training texts since. LibTorch-free.

#include "engine/text/textvectorizer.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace es {

struct TextTokenizer {
    /// data.text's standardize, strip_html, split and max_tokens; outputSequenceLength is the
    /// length every sample had in training (output_sequence_length 0 resolved to the longest
    /// training text), never 0.
    TextVectorizerOptions vectorizer;
    SequenceEnd padding = SequenceEnd::Post;
    SequenceEnd truncating = SequenceEnd::Post;
    TextVocabulary vocabulary;
    /// The class names by the ids the model predicts; empty for numbers as targets.
    std::vector<std::string> classes;

    std::int64_t sequenceLength() const { return vectorizer.outputSequenceLength; }
};

/// One text as the model sees it.
struct TokenizedText {
    /// The text's tokens after standardizing and splitting, in order, before any cut.
    std::vector<std::string> tokens;
    /// Each token's id (kUnknownId for a token the vocabulary lacks), in the same order.
    std::vector<std::int64_t> tokenIds;
    /// The ids made sequenceLength() long with the padding and truncating ends: the model's
    /// input.
    std::vector<std::int64_t> ids;
    std::int64_t unknown = 0;  ///< tokens read as [UNK]
    bool cut = false;          ///< more tokens than the sequence length
};

/// `text` tokenized as the run that made `tokenizer` tokenized its training texts.
TokenizedText tokenizeText(const TextTokenizer& tokenizer, std::string_view text);

}  // namespace es
