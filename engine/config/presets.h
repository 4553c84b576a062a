#pragma once

#include "engine/config/runconfigfwd.h"

#include <string>
#include <vector>

namespace es {

/// A built-in preset: resources/presets/<name>.json, compiled into the engine so that the
/// CLI and the app find them wherever they are installed.
struct PresetInfo {
    std::string name;
    /// The preset's "description" line in engineLanguage(), shown by `presets` and the app.
    std::string description;
};

std::vector<PresetInfo> builtinPresets();

/// The preset's config; throws ConfigError (path "preset") naming the known presets when
/// `name` is not one of them.
RunConfig loadPreset(const std::string& name);

}  // namespace es
