#pragma once

#include "config/configerror.h"
#include "config/runconfig.h"

#include <vector>

namespace es {

/// The cross-field rules of docs/config.md ("How the fields fit together") for a config
/// whose fields are each valid on their own: appends one issue, at the JSON path to change,
/// for every rule it breaks.
void checkRunConfig(const RunConfig& config, std::vector<ConfigIssue>& issues);

}  // namespace es
