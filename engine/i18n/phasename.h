#pragma once

// A phase's name in the engine's language (i18n/language.h): "Forward", "前向". phaseLabel()
// (core/phase.h) stays the English one that file formats and the CLI's columns keep.

#include "engine/core/phase.h"

#include <string>

namespace es {

/// phaseLabel(phase) in engineLanguage(): the name the app's legends show too.
std::string phaseName(Phase phase);

}  // namespace es
