#pragma once

// A text source (text_csv, text_folder) turned into what the engine trains on: token ids made
// as data.text says (engine/text/textvectorizer.h), targets from the labels, and the split
// between training and validation. LibTorch-free.

#include "engine/config/runconfigfwd.h"

#include <string>
#include <vector>

namespace es {

struct SourceArrays;
struct TextCorpus;
struct TextTokenizer;
struct TextPreview;

/// Reads data.source's texts (and validation_path's, when given) and fills `arrays`:
/// - the texts in an order shuffled by the run's seed, so that validation_split, which takes
///   the last samples, takes a random share of every class (Keras' text_dataset_from_directory
///   shuffles too);
/// - the tokenizer: the vocabulary learned from the training share only (or read from
///   data.text.vocabulary), the classes and the sequence length, in arrays.tokenizer;
/// - x: (samples, length) int64 ids, each text made output_sequence_length long (or as long as
///   the longest training text) with data.text's padding and truncating ends;
/// - y: for mse and mae each label read as a number; otherwise the labels are classes, sorted
///   by their bytes and numbered from 0 (arrays.classes): one id per sample, or a one-hot row
///   for categorical_crossentropy;
/// - notes on what was skipped, cut and learned.
/// Throws ConfigError at the file, row or field to change: every reader error
/// (engine/data/textcorpus.h), a single class, binary_crossentropy with more than two, a
/// validation label the training texts do not have, a label that is not a number for a
/// regression loss, a vocabulary larger than the Embedding's input_dim, an unreadable or
/// malformed vocabulary file.
/// With `trained` (the tokenizer a run stored), its vocabulary, sequence length, ends and
/// classes are used instead of learning them: the texts become the ids that run's model read.
void loadTextSource(const RunConfig& config, SourceArrays& arrays,
                    const TextTokenizer* trained = nullptr);

/// `corpus`'s texts as a model trained with `tokenizer` reads them (x: (texts, sequence length)
/// int64 ids) and, when the corpus has labels, its targets (y) as training made them: class
/// ids or one-hot rows of the tokenizer's classes, or numbers. Issues name `field` and the
/// text's origin: a label that is not one of the classes, or not a number.
SourceArrays tokenizedCorpus(const TextCorpus& corpus, const TextTokenizer& tokenizer,
                             const RunConfig& config, const std::string& field,
                             const std::string& origin);

/// What a text source holds and what data.text would make of it, as the Data tab's preview
/// shows it (engine/data/textpreview.h): as lines, the texts and their classes with counts,
/// what reading left out, the texts' lengths in tokens (median, 95th percentile, longest) and,
/// at output_sequence_length, the share of texts cut and the share of time steps that would be
/// padding, the vocabulary's size, and the first texts as tokens; and each text's length in
/// tokens with the sequence length, for the histogram. Reads data.source.path only (not
/// validation_path). Throws ConfigError as the readers do.
TextPreview describeTextSource(const DataConfig& data);

}  // namespace es
