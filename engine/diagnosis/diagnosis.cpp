#include "engine/diagnosis/diagnosis.h"

#include "engine/diagnosis/rules.h"
#include "engine/diagnosis/scriptfindings.h"

#include <algorithm>

namespace es {

const std::vector<DiagnosisRuleInfo>& diagnosisRules()
{
    static const std::vector<DiagnosisRuleInfo> kRules = {
        {"warm-up", diagnoseWarmup},
        {"input-bound", diagnoseInputBound},
        {"transfer-bound", diagnoseTransferBound},
        {"callback-heavy", diagnoseCallbackHeavy},
        {"unfused-lstm", diagnoseUnfusedLstm},
        {"unfused-recurrent", diagnoseUnfusedRecurrent},
        {"threads", diagnoseThreads},
        {"stragglers", diagnoseStragglers},
        {"low-efficiency", diagnoseLowEfficiency},
        {"allocator-churn", diagnoseAllocatorChurn},
        {"communication-bound", diagnoseCommunicationBound},
        {"straggler-rank", diagnoseStragglerRank},
        {"padding-waste", diagnosePaddingWaste},
        {"memory-growth", diagnoseMemoryGrowth},
        {"memory-headroom", diagnoseMemoryHeadroom},
    };
    return kRules;
}

std::vector<Finding> diagnoseRun(const RunEvidence& evidence)
{
    std::vector<Finding> findings;
    for (const DiagnosisRuleInfo& rule : diagnosisRules()) {
        std::vector<Finding> found = rule.rule(evidence);
        findings.insert(findings.end(), std::make_move_iterator(found.begin()),
                        std::make_move_iterator(found.end()));
    }
    // A script's run: the fixes in the script's terms (code, not config patches).
    findings = findingsForScript(std::move(findings), evidence);
    std::stable_sort(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) {
        return static_cast<int>(a.severity) > static_cast<int>(b.severity);
    });
    return findings;
}

}  // namespace es
