#pragma once

// The Python side of `export --format pytorch`: model.py and README.txt, written from the run
// config alone. LibTorch-free. The files are Python and a programmer's note, so they are
// English whatever the engine's language.

#include "engine/config/runconfigfwd.h"

#include <cstdint>
#include <string>
#include <vector>

namespace es {

/// What the generated files describe besides the config.
struct PyTorchSourceContext {
    /// One sample's shape: [T, F] float features or [T] token ids (declaredInputShape()).
    std::vector<std::int64_t> sampleShape;
    /// The checkpoint the weights came from, as the user named it, and its kind.
    std::string checkpoint;
    std::string checkpointKind;
    /// Whether the export holds tokenizer.json: model.py then gets tokenize()
    /// (engine/export/pytorchtokenizer.h).
    bool tokenizer = false;
};

/// model.py: `class Model(torch.nn.Module)` computing what EpochScope's SequentialModel
/// computes in inference (engine/model/sequentialmodel_torch.h), with its layers as attributes
/// named like EpochScope's (layerNames(): "lstm_1"), so that its state_dict has the same keys
/// and layouts as the engine's parameters. Embedding, Dropout and Dense are nn.Embedding,
/// nn.Dropout and nn.Linear with the activation applied; a recurrent layer is nn.LSTM or
/// nn.GRU (batch_first) wherever they compute it exactly (runsOnTorchRecurrent()), with
/// go_backwards, return_sequences and the bidirectional merge around them, and the file's
/// KerasRecurrent step loop otherwise. The docstring names the input, the output, the loss
/// and what acts in training only.
std::string pytorchModelSource(const RunConfig& config, const PyTorchSourceContext& context);

/// README.txt: what the files are and the three lines that load the model and predict.
std::string pytorchReadme(const RunConfig& config, const PyTorchSourceContext& context);

}  // namespace es
