#pragma once

// Text to token ids as Keras' TextVectorization layer makes them (output_mode "int"), with its
// defaults, so that a model trained here on raw text sees the ids a Keras user's model would:
//
//   standardize  lower_and_strip_punctuation (default): ASCII letters lowered, then every
//                character of Keras' punctuation set removed (DEFAULT_STRIP_REGEX:
//                !"#$%&()*+,-./:;<=>?@[\]^_`{|}~ and the apostrophe); `lower`,
//                `strip_punctuation` or `none`. Lowering is ASCII only, as tf.strings.lower
//                with its default encoding: "Été" stays "Été".
//                EpochScope adds `strip_html` (off by default): each tag, `<` to the next `>`
//                (IMDB's `<br />`), becomes a space before the rest.
//   split        `whitespace` (default): runs of ASCII whitespace separate tokens, empty ones
//                dropped; `character`: one token per Unicode code point of the UTF-8 text,
//                an ill-formed part read as one U+FFFD (tf.strings.unicode_split's
//                "replace", which ICU decodes by the Unicode Standard's maximal subparts: a
//                sequence cut short is one U+FFFD, a stray byte one each).
//   vocabulary   learned from training texts only: index 0 is padding (""), 1 is "[UNK]", then
//                tokens by count, most frequent first, ties broken as Keras' np.lexsort does:
//                the token whose bytes sort later comes first. `max_tokens` counts padding and
//                "[UNK]" (so max_tokens 20000 keeps 19998 learned tokens); 0 keeps all.
//   output_sequence_length  each text's ids cut to that many (the first ones) or padded with 0
//                after them, as the layer does; 0 leaves each text its own length.
//
// pad_sequences() is Keras' keras.utils.pad_sequences for people who come from
// imdb.load_data(): padding and truncating `pre` (its default) or `post`.
//
// LibTorch-free; the engine's data sources turn the ids into tensors.

#include "engine/text/textoptions.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace es {

/// `text` standardized as `options` say (tags stripped first when asked).
std::string standardizeText(std::string_view text, const TextVectorizerOptions& options);

/// The tokens of an already standardized text.
std::vector<std::string> splitText(std::string_view standardized, TextSplit split);

/// The padding token's index and the unknown token's, as Keras numbers them.
constexpr std::int64_t kPaddingId = 0;
constexpr std::int64_t kUnknownId = 1;

/// A vocabulary: tokens by index, padding ("") and "[UNK]" first.
class TextVocabulary {
public:
    /// Learns the vocabulary of `texts` (raw, standardized and split here) as Keras' adapt()
    /// does. Throws std::invalid_argument for a max_tokens of 1 or 2 (no room for a token).
    static TextVocabulary learn(const std::vector<std::string>& texts,
                                const TextVectorizerOptions& options);
    /// A vocabulary given in full, one token per entry from index 2 on, as a vocabulary file
    /// lists them (the padding and "[UNK]" lines, when the list starts with them, are taken as
    /// those). Throws std::invalid_argument naming the first repeated or empty token.
    static TextVocabulary fromTokens(const std::vector<std::string>& tokens);

    /// Every token by its index: "" (padding), "[UNK]", then the learned ones.
    const std::vector<std::string>& tokens() const { return m_tokens; }
    std::int64_t size() const { return static_cast<std::int64_t>(m_tokens.size()); }
    /// The index of `token`, kUnknownId when the vocabulary does not have it.
    std::int64_t idOf(std::string_view token) const;

private:
    void add(std::string token);

    std::vector<std::string> m_tokens;
    std::unordered_map<std::string, std::int64_t> m_ids;
};

/// `text`'s ids: standardized, split, looked up, then cut or padded to
/// options.outputSequenceLength when that is not 0.
std::vector<std::int64_t> vectorizeText(std::string_view text, const TextVocabulary& vocabulary,
                                        const TextVectorizerOptions& options);

/// `ids` made exactly `length` long as keras.utils.pad_sequences makes them: zeros added at the
/// `padding` end, ids cut from the `truncating` end.
std::vector<std::int64_t> padSequence(const std::vector<std::int64_t>& ids, std::int64_t length,
                                      SequenceEnd padding, SequenceEnd truncating);

}  // namespace es
