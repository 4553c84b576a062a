#pragma once

#include "config/runconfig.h"

#include <string>
#include <vector>

namespace es {

/// A built-in preset: resources/presets/<name>.json, compiled into the engine so that the
/// CLI and the app find them wherever they are installed.
struct PresetInfo {
    std::string name;
    std::string description;  ///< the preset's "description" line, shown by `presets`
};

std::vector<PresetInfo> builtinPresets();

/// The preset's config; throws ConfigError (path "preset") naming the known presets when
/// `name` is not one of them.
RunConfig loadPreset(const std::string& name);

}  // namespace es
