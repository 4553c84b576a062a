#pragma once

// data.text: how the texts of a text source (text_csv, text_folder) become token ids, with
// Keras' names (docs/text.md).

#include "engine/text/textoptions.h"

#include <array>
#include <string>
#include <string_view>

namespace es {

/// What a text with no token in it (empty, or only ASCII whitespace) does.
enum class EmptyTexts {
    Skip,    ///< "skip": left out and counted in the run's notes
    Refuse,  ///< "refuse": an error naming the row or file
};

struct TextConfig {
    /// standardize, strip_html, split, max_tokens, output_sequence_length. An
    /// output_sequence_length of 0 makes every sample as long as the longest training text.
    TextVectorizerOptions vectorizer;
    /// pad_sequences' ends for making each text output_sequence_length long. Both `post` by
    /// default, which is what TextVectorization does; `pre` is imdb.load_data()'s habit.
    SequenceEnd padding = SequenceEnd::Post;
    SequenceEnd truncating = SequenceEnd::Post;
    /// A file of one token per line to use as the vocabulary; empty learns it from the
    /// training texts.
    std::string vocabulary;
    EmptyTexts emptyTexts = EmptyTexts::Skip;

    bool operator==(const TextConfig& other) const
    {
        return vectorizer == other.vectorizer && padding == other.padding &&
               truncating == other.truncating && vocabulary == other.vocabulary &&
               emptyTexts == other.emptyTexts;
    }
};

inline constexpr std::array<TextStandardize, 4> kAllTextStandardizes = {
    TextStandardize::LowerAndStripPunctuation, TextStandardize::Lower,
    TextStandardize::StripPunctuation, TextStandardize::None};
inline constexpr std::array<TextSplit, 2> kAllTextSplits = {TextSplit::Whitespace,
                                                            TextSplit::Character};
inline constexpr std::array<SequenceEnd, 2> kAllSequenceEnds = {SequenceEnd::Pre,
                                                                SequenceEnd::Post};
inline constexpr std::array<EmptyTexts, 2> kAllEmptyTexts = {EmptyTexts::Skip, EmptyTexts::Refuse};

std::string_view textStandardizeKey(TextStandardize standardize);
std::string_view textSplitKey(TextSplit split);
std::string_view sequenceEndKey(SequenceEnd end);
std::string_view emptyTextsKey(EmptyTexts emptyTexts);

}  // namespace es
