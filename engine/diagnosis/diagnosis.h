#pragma once

// Diagnosis of a run: every rule in engine/diagnosis/rules.h over its evidence, the findings
// most severe first (docs/diagnosis.md).

#include "engine/core/finding.h"
#include "engine/diagnosis/runevidence.h"

#include <string_view>
#include <vector>

namespace es {

using DiagnosisRule = std::vector<Finding> (*)(const RunEvidence&);

struct DiagnosisRuleInfo {
    std::string_view id;  ///< the findings' id ("warm-up")
    DiagnosisRule rule;
};

/// Every rule, in the order docs/diagnosis.md lists them.
const std::vector<DiagnosisRuleInfo>& diagnosisRules();

/// Every rule's findings: critical first, then warnings, then the rest; rule order within a
/// severity.
std::vector<Finding> diagnoseRun(const RunEvidence& evidence);

}  // namespace es
