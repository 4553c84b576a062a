#pragma once

#include "engine/config/runconfigfwd.h"

#include <memory>
#include <string>

namespace es {

struct TextTokenizer;

/// `epochscope-cli export --checkpoint FILE (--config FILE | --preset NAME) --format pytorch
/// --out DIR [--force]`: writes the checkpoint's model for PyTorch into DIR (model.py,
/// weights.pt, README.txt; engine/export/pytorchexport.h) and says what it wrote. Returns the
/// exit status: 2 for a format other than pytorch; a ConfigError (an unfitting or unreadable
/// checkpoint, an output directory that is not empty without --force) propagates.
int runExportCommand(const RunConfig& config, const std::string& checkpointPath,
                     const std::shared_ptr<const TextTokenizer>& tokenizer,
                     const std::string& format, const std::string& directory, bool force);

}  // namespace es
