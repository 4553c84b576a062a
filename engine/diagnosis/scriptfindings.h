#pragma once

// The findings of a profiled Python script's run (docs/profile.md) in the script's terms. The
// rules read a script's steps as they read any run's, but their fixes name the engine's config
// (data.prefetch, device.intra_op_threads), which a script does not have: here each finding
// that fits a script gets its fix as code, a short before/after snippet, or as environment
// variables, and loses its config patch. A finding about the engine's own machinery is left
// out, since nothing in a script can act on it.

#include "engine/core/finding.h"
#include "engine/diagnosis/runevidence.h"

#include <string>
#include <vector>

namespace es {

/// `findings` of a script's run (evidence.facts.script set), rewritten for the script; other
/// runs' findings are returned as they are.
std::vector<Finding> findingsForScript(std::vector<Finding> findings, const RunEvidence& evidence);

}  // namespace es
