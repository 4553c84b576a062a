#pragma once

#include <string>

namespace es {

/// `epochscope-cli presets [NAME]`: one line per built-in preset, its name and description; with
/// a name, that preset's full config as JSON. Returns the exit status; an unknown name throws
/// ConfigError.
int runPresetsCommand(const std::string& name);

}  // namespace es
