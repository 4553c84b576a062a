#pragma once

#include <string>

namespace es {

/// `epochscope-cli keras import FILE [--out run.json]`: imports a Keras model (the JSON of
/// model.to_json(), or a .keras archive; engine/keras/kerasimport.h) as a run config. Without
/// `out` the config goes to stdout and what the import says to stderr, so that
/// `keras import m.json > run.json` leaves a clean file; with it, the config is written
/// atomically there and the rest goes to stdout. Returns the exit status; a model that cannot
/// be imported throws ConfigError (exit 2).
int runKerasImport(const std::string& file, const std::string& out);

}  // namespace es
