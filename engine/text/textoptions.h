#pragma once

// The choices of text vectorization (engine/text/textvectorizer.h explains each), apart from
// the vectorizer itself, so that a run's config can hold them without its containers.

#include <cstdint>

namespace es {

enum class TextStandardize { LowerAndStripPunctuation, Lower, StripPunctuation, None };
enum class TextSplit { Whitespace, Character };
/// Where pad_sequences() adds padding or cuts: before the ids (`pre`) or after them (`post`).
enum class SequenceEnd { Pre, Post };

struct TextVectorizerOptions {
    TextStandardize standardize = TextStandardize::LowerAndStripPunctuation;
    bool stripHtml = false;
    TextSplit split = TextSplit::Whitespace;
    std::int64_t maxTokens = 0;             ///< 0: no limit; else at least 3
    std::int64_t outputSequenceLength = 0;  ///< 0: each text its own length

    bool operator==(const TextVectorizerOptions& other) const
    {
        return standardize == other.standardize && stripHtml == other.stripHtml &&
               split == other.split && maxTokens == other.maxTokens &&
               outputSequenceLength == other.outputSequenceLength;
    }
};

}  // namespace es
