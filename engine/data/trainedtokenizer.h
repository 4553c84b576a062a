#pragma once

// The tokenizer a saved text model was trained with, found where a run keeps it: in the run
// database (a model named by --run) or in the file beside its checkpoint. LibTorch-free.

#include "engine/config/runconfigfwd.h"

#include <memory>
#include <string>

namespace es {

struct TextTokenizer;

/// For a config whose data.source is a text source: the tokenizer in `recordedJson` (the run
/// database's runs.tokenizer_json, read as coming from `recordedOrigin`, "run 12") when it is
/// not empty, else the file beside `checkpoint` (tokenizerPathBeside()); null when neither
/// exists or the source is not text. Throws ConfigError for a recorded tokenizer or a file
/// that is malformed, and for one whose vocabulary does not fit the model's Embedding.
std::shared_ptr<const TextTokenizer> trainedTokenizer(const RunConfig& config,
                                                      const std::string& checkpoint,
                                                      const std::string& recordedJson = {},
                                                      const std::string& recordedOrigin = {});

}  // namespace es
