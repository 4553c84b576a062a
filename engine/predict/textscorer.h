#pragma once

// A model trained on text kept loaded to score one text at a time, as a person types it (the
// Predict view's text box): the text tokenized as training did, run through the model in
// inference mode, and what the model saw (its tokens, the ones read as [UNK], a cut) given
// back with the outputs. LibTorch-free header; the model lives behind it.

#include "engine/config/runconfigfwd.h"
#include "engine/text/texttokenizer.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// One text scored.
struct TextScore {
    TokenizedText text;
    /// The model's outputs for it: one value per unit of its last layer (empty for a model
    /// that outputs a sequence per sample).
    std::vector<float> outputs;
    /// The predicted class's name (empty for numbers as targets): for one sigmoid unit the
    /// second class at 0.5 or above, else the unit with the highest output.
    std::string className;
};

class TextScorer {
public:
    /// Builds `config`'s model on its device and backend and loads the checkpoint into it as
    /// predict does (loadCheckpointWeights()). `tokenizer`: the one kept with the run or the
    /// checkpoint (trainedTokenizer()); null learns it again from the config's texts, as
    /// training learned it. Throws ConfigError as predictCheckpoint() does, and at
    /// "data.source" for a config that does not train on text.
    TextScorer(const RunConfig& config, const std::string& checkpoint,
               std::shared_ptr<const TextTokenizer> tokenizer);
    ~TextScorer();
    TextScorer(const TextScorer&) = delete;
    TextScorer& operator=(const TextScorer&) = delete;

    /// `text` through the model; one call at a time.
    TextScore score(std::string_view text) const;

    const TextTokenizer& tokenizer() const;
    /// What the file holds besides the weights ("weights only", ...).
    const std::string& checkpointKind() const;

private:
    struct Model;
    std::unique_ptr<Model> m_model;
    std::shared_ptr<const TextTokenizer> m_tokenizer;
    std::string m_checkpointKind;
};

}  // namespace es
