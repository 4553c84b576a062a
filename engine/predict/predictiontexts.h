#pragma once

// The raw texts a model trained on text is asked to predict (`predict --text`, a folder of
// class folders, or a CSV/TSV file), read with the text readers' checks. LibTorch-free.

#include "engine/config/runconfigfwd.h"
#include "engine/data/textcorpus.h"

#include <cstdint>
#include <string>
#include <vector>

namespace es {

struct PredictRequest;

struct PredictionTexts {
    TextCorpus corpus;  ///< labels empty when the texts came without them
    /// `3 texts given with --text`, `text_folder: test/ (2 classes, 500 texts)`.
    std::string description;
    std::string field;   ///< where issues point: "--text" or "--x"
    std::string origin;  ///< the file or folder, or "--text"
};

/// request.texts when given; else request.x: a folder is read as text_folder reads one (its
/// sub-folders the classes, data.source.ignore left out), a file as a CSV/TSV file with the
/// request's columns or else the config's text_csv ones (a text column without a label column
/// reads texts only). Empty texts in files are skipped and counted as data.text.empty_texts
/// says; a --text may be empty. Throws ConfigError at "--x" or the file: every reader error,
/// a CSV file for a model trained on a folder without --text-column, no text at all.
PredictionTexts readPredictionTexts(const RunConfig& config, const PredictRequest& request);

struct PredictionResult;

/// The class that a sample's `units` outputs predict: for one sigmoid unit the second class at
/// 0.5 or above, for several the one with the highest output. Empty without classes.
std::string classNameOf(const std::vector<std::string>& classes, const float* outputs,
                        std::int64_t units);

/// The class sample `sample` of `result` is predicted to be (classNameOf()). Empty without
/// classes (numbers as targets), for an output of a sequence per sample, or a sample out of
/// range.
std::string predictedClassName(const PredictionResult& result, std::int64_t sample);

}  // namespace es
