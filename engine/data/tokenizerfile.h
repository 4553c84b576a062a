#pragma once

// A run's tokenizer (engine/text/texttokenizer.h) as JSON: in the run database
// (runs.tokenizer_json) and in a file beside each checkpoint the run writes
// (`<checkpoint>.tokenizer.json`), so that whoever has the checkpoint has the ids it was trained
// on. Such a file may come from anyone: it is read to a bounded size and every field is checked
// before it is used. LibTorch-free.

#include "engine/text/texttokenizer.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace es {

/// The JSON text of `tokenizer`: {"format": "epochscope-text-tokenizer", "version": 1,
/// "standardize", "strip_html", "split", "max_tokens", "sequence_length", "padding",
/// "truncating", "classes": [...], "vocabulary": ["", "[UNK]", ...]} (docs/text.md).
std::string tokenizerJsonText(const TextTokenizer& tokenizer);

/// Reads tokenizerJsonText()'s format. Throws ConfigError at `origin` (a file, or "run N") for
/// text that is not that JSON, with every field that is wrong listed: an unknown format or a
/// later version, a setting outside data.text's choices, a sequence length outside
/// 1..1048576, a vocabulary that does not start with "" and "[UNK]" or repeats a token, more
/// entries than max_tokens, repeated or empty class names.
TextTokenizer parseTokenizerJson(std::string_view text, const std::string& origin);

/// Where the tokenizer of a checkpoint at `checkpoint` is kept: `<checkpoint>.tokenizer.json`.
std::string tokenizerPathBeside(const std::string& checkpoint);

/// Writes `tokenizer` beside `checkpoint` atomically; returns the bytes written. Throws
/// std::runtime_error naming the file when it cannot be written.
std::int64_t writeTokenizerBeside(const std::string& checkpoint, const TextTokenizer& tokenizer);

/// The tokenizer kept beside `checkpoint`; nullopt when there is no such file. Throws
/// ConfigError as parseTokenizerJson() does, and at the file for one that cannot be read or is
/// larger than a tokenizer can be.
std::optional<TextTokenizer> readTokenizerBeside(const std::string& checkpoint);

}  // namespace es
