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
/// `name` is not one of them. A preset that trains from a corpus EpochScope generates
/// (text-sentiment-demo) writes it on first use, into corpora/<name> of userDataDirectory()
/// (engine/io/datahome.h), and its source reads it there; a corpus that cannot be written is a
/// ConfigError (path "preset") naming the folder and why.
RunConfig loadPreset(const std::string& name);

}  // namespace es
