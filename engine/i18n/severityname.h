#pragma once

// A finding's severity in the engine's language (i18n/language.h): "warning", "警告".
// severityKey() (core/finding.h) stays the key that files keep.

#include "engine/core/finding.h"

#include <string>

namespace es {

/// severityKey(severity) in engineLanguage(): the name the app's findings table shows too.
std::string severityName(Severity severity);

}  // namespace es
