#pragma once

// The tokenizer's half of the PyTorch export of a model trained on text: tokenizer.json (the
// run's tokenizer, engine/data/tokenizerfile.h) and the Python functions model.py gets to
// read it, which give exactly the ids EpochScope gives (docs/text.md). LibTorch-free.

#include <string>

namespace es {

/// The Python source appended to model.py: load_tokenizer(), standardize(), split(),
/// tokenize(text) (one text's ids, made the trained sequence length long), tokenize_batch()
/// (a (texts, length) torch.long tensor for Model()) and class_names().
std::string pythonTokenizerSource();

}  // namespace es
