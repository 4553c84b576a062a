#pragma once

// The training phases' names as the app shows them (legends, tooltips, what-if rows): the
// engine's es::phaseLabel() is English for the CLI and the reports; these go through the
// translator.

#include "core/phase.h"

#include <QtCore/QString>

namespace es::ui {

/// A translated, readable phase name ("Data wait", "Host→device"), one per value of
/// es::kAllPhases.
QString phaseDisplayName(Phase phase);

}  // namespace es::ui
