#pragma once

// A finding's severity in the engine's language (i18n/language.h): "warning", "警告".
// severityKey() (core/finding.h) stays the key that files keep.

#include "core/finding.h"

#include <string>

namespace es {

/// severityKey(severity) in engineLanguage(), the GUI's terms in Chinese (ui/findings).
std::string severityName(Severity severity);

}  // namespace es
