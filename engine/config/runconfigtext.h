#pragma once

// A run config file's text as loadRunConfigFile() (engine/config/runconfig.h) reads it, for
// those that show the text before parsing it (the app's config editor).

#include <string>

namespace es {

/// The text of the run config file at `path`, unparsed: a regular file of at most 16 MiB
/// (engine/config/inputfile.h). Throws ConfigError naming the file.
std::string readRunConfigFile(const std::string& path);

}  // namespace es
