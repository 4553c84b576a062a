#include "console/diagnosecommand.h"

#include "console/exitstatus.h"
#include "console/messages.h"
#include "console/storeaccess.h"
#include "diagnosis/evidencetext.h"
#include "diagnosis/storeddiagnosis.h"

#include <cstdio>

namespace es {

namespace {

constexpr int kJsonIndent = 2;

std::string stepRange(const Finding& finding)
{
    if (!finding.firstStep)
        return {};
    return stepRangeText(*finding.firstStep, finding.lastStep.value_or(*finding.firstStep));
}

void printFinding(const Finding& finding)
{
    std::printf("[%s] %s: %s\n", std::string(severityKey(finding.severity)).c_str(),
                finding.id.c_str(), finding.title.c_str());
    if (!finding.evidence.empty())
        std::printf("  evidence: %s\n", finding.evidence.c_str());
    const std::string steps = stepRange(finding);
    if (!steps.empty())
        std::printf("  where:    %s\n", steps.c_str());
    if (!finding.recommendation.empty())
        std::printf("  fix:      %s\n", finding.recommendation.c_str());
    if (!finding.patch.is_null())
        std::printf("  patch:    %s\n", finding.patch.dump().c_str());
}

}  // namespace

int runDiagnoseCommand(const DiagnoseOptions& options)
{
    return withStore(options.database, [&options](RunStore& store) {
        const std::optional<StoredRun> run = loadOrComplain(store, options.runId);
        if (!run)
            return kExitBadInput;
        const StoredRunDiagnosis diagnosis = diagnoseStoredRun(*run, !options.withoutDoctor);
        const std::vector<Finding>& findings = diagnosis.findings;
        store.setFindings(options.runId, findings);

        if (options.json) {
            nlohmann::json list = nlohmann::json::array();
            for (const Finding& finding : findings)
                list.push_back(findingJson(finding));
            const nlohmann::json document = {
                {"run", options.runId},
                {"name", run->header.name},
                {"steps", run->batches.size()},
                {"peak_gflops", diagnosis.peakGflops ? nlohmann::json(*diagnosis.peakGflops)
                                                     : nlohmann::json(nullptr)},
                {"peak_source", diagnosis.peakSource},
                {"doctor_left_out",
                 options.withoutDoctor ? "--no-doctor" : diagnosis.doctorLeftOut},
                {"findings", list}};
            std::printf("%s\n", document.dump(kJsonIndent).c_str());
            return kExitFinished;
        }
        std::printf("Run %lld: %s, %zu steps, %zu finding%s\n",
                    static_cast<long long>(options.runId), run->header.name.c_str(),
                    run->batches.size(), findings.size(), findings.size() == 1 ? "" : "s");
        if (!diagnosis.doctorLeftOut.empty())
            std::printf("(machine findings left out: %s)\n", diagnosis.doctorLeftOut.c_str());
        for (const Finding& finding : findings) {
            std::printf("\n");
            printFinding(finding);
        }
        if (findings.empty())
            std::printf("Nothing found: no rule's cause shows in this run (docs/diagnosis.md).\n");
        return kExitFinished;
    });
}

}  // namespace es
