#include "cli/diagnosecommand.h"

#include "cli/exitstatus.h"
#include "cli/messages.h"
#include "cli/storeaccess.h"
#include "engine/config/jsondocument.h"
#include "engine/core/text.h"
#include "engine/diagnosis/rulename.h"
#include "engine/diagnosis/storeddiagnosis.h"
#include "engine/i18n/evidencetext.h"
#include "engine/i18n/severityname.h"
#include "engine/i18n/translate.h"

#include <cstdio>

namespace es {

namespace {

std::string stepRange(const Finding& finding)
{
    if (!finding.firstStep)
        return {};
    return stepRangeText(*finding.firstStep, finding.lastStep.value_or(*finding.firstStep));
}

/// `pattern` filled with `value`, on a line of its own; `value` may hold what a run recorded,
/// so its controls are shown escaped.
void printLine(const char* pattern, const std::string& value)
{
    std::printf("%s\n", fillText(pattern, {escapeControls(value)}).c_str());
}

void printFinding(const Finding& finding)
{
    std::printf("%s\n", fillText(engineText("DiagnoseCommand", "[%1] %2: %3"),
                                 {severityName(finding.severity), ruleName(finding.id),
                                  escapeControls(finding.title)})
                            .c_str());
    // The labels line up in each language as its translation pads them.
    if (!finding.evidence.empty())
        printLine(engineText("DiagnoseCommand", "  evidence: %1"), finding.evidence);
    const std::string steps = stepRange(finding);
    if (!steps.empty())
        printLine(engineText("DiagnoseCommand", "  where:    %1"), steps);
    if (!finding.recommendation.empty()) {
        const RecommendationParts fix = splitRecommendation(finding.recommendation);
        printLine(engineText("DiagnoseCommand", "  fix:      %1"), fix.text);
        for (const std::string& line : fix.code)
            printLine("            %1", line);
    }
    if (!finding.patch.is_null())
        printLine(engineText("DiagnoseCommand", "  patch:    %1"), finding.patch.dump());
}

}  // namespace

int runDiagnoseCommand(const DiagnoseOptions& options)
{
    return withStore(options.database, [&options](RunStore& store) {
        const std::optional<StoredRun> run = loadOrComplain(store, options.runId);
        if (!run)
            return kExitBadInput;
        const StoredRunDiagnosis diagnosis =
            diagnoseStoredRun(*run, !options.withoutDoctor, &store);
        const std::vector<Finding>& findings = diagnosis.findings;
        store.setFindings(options.runId, findings, savedDiagnosisJson(diagnosis));

        if (options.json) {
            nlohmann::json list = nlohmann::json::array();
            for (const Finding& finding : findings)
                list.push_back(findingJson(finding));
            const nlohmann::json document = {
                {"run", options.runId},
                {"name", run->header.name},
                {"steps", run->batches.size()},
                {"peak_gflops",
                 diagnosis.peak ? nlohmann::json(diagnosis.peak->gflops) : nlohmann::json(nullptr)},
                {"peak_source",
                 diagnosis.peak ? efficiencyPeakSource(*diagnosis.peak) : std::string()},
                {"doctor_left_out",
                 options.withoutDoctor ? "--no-doctor" : diagnosis.doctorLeftOut},
                {"findings", list}};
            std::printf("%s\n", document.dump(kJsonIndent).c_str());
            return kExitFinished;
        }
        std::printf(
            "%s\n",
            fillText(findings.size() == 1
                         ? engineText("DiagnoseCommand", "Run %1: %2, %3 steps, %4 finding")
                         : engineText("DiagnoseCommand", "Run %1: %2, %3 steps, %4 findings"),
                     {std::to_string(options.runId), escapeControls(run->header.name),
                      std::to_string(run->batches.size()), std::to_string(findings.size())})
                .c_str());
        if (!diagnosis.doctorLeftOut.empty())
            printLine(engineText("DiagnoseCommand", "(machine findings left out: %1)"),
                      diagnosis.doctorLeftOut);
        for (const Finding& finding : findings) {
            std::printf("\n");
            printFinding(finding);
        }
        if (findings.empty())
            std::printf("%s\n", engineText("DiagnoseCommand",
                                           "Nothing found: no rule's cause shows in this run "
                                           "(docs/diagnosis.md)."));
        return kExitFinished;
    });
}

}  // namespace es
