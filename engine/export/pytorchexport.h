#pragma once

// `epochscope-cli export --format pytorch`: a checkpoint and its run config as a PyTorch
// module, its weights and a note on loading them (docs/predict.md). LibTorch-free.

#include "engine/config/runconfigfwd.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace es {

struct TextTokenizer;

/// What an export wrote.
struct PyTorchExport {
    std::string directory;
    /// In the directory: model.py, weights.pt, README.txt, and tokenizer.json for text.
    std::vector<std::string> files;
    std::string checkpointKind;  ///< as loadCheckpointWeights() names it
    std::vector<std::int64_t> sampleShape;
    std::int64_t parameters = 0;  ///< numbers in weights.pt
};

/// Builds the config's model, loads the checkpoint or backup at `checkpointPath` into it as
/// `evaluate` does, and writes into `directory` model.py and README.txt
/// (engine/export/pytorchsource.h) and weights.pt, the model's state_dict as Python's
/// torch.save writes one (engine/export/statedictfile_torch.h), all at once or not at all
/// (writeExportDirectory()). An existing directory that is not empty is refused unless
/// `replace`.
///
/// Throws ConfigError naming the field: "--out" for a directory that cannot take the export
/// (checked first, before anything is read), "--checkpoint" for a missing, unreadable or
/// unfitting file, a data field when the config's data files cannot be read; a
/// std::system_error when writing fails.
///
/// A model trained on text also gets tokenizer.json and tokenize() in model.py: `tokenizer`
/// when given, else the one kept beside the checkpoint, else the one reading the config's texts
/// learns again.
PyTorchExport exportForPyTorch(const RunConfig& config, const std::string& checkpointPath,
                               const std::string& directory, bool replace,
                               std::shared_ptr<const TextTokenizer> tokenizer = nullptr);

}  // namespace es
