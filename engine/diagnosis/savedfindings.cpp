#include "engine/diagnosis/savedfindings.h"

#include "engine/diagnosis/diagnosis.h"
#include "engine/diagnosis/doctorfindings.h"
#include "engine/diagnosis/efficiencypeak.h"
#include "engine/diagnosis/runevidence.h"
#include "engine/store/runstore.h"

namespace es {

namespace {

bool sameFinding(const Finding& a, const Finding& b)
{
    return a.id == b.id && a.patch == b.patch && a.firstStep == b.firstStep &&
           a.lastStep == b.lastStep;
}

}  // namespace

std::vector<Finding> savedFindingsInLanguage(const StoredRun& run)
{
    std::vector<Finding> shown = run.findings;
    if (shown.empty())
        return shown;
    RunEvidence evidence = evidenceFromStoredRun(run);
    // The peak the diagnosis measured, so that low-efficiency is made again with its numbers.
    if (const std::optional<EfficiencyPeak> peak = efficiencyPeakFromJson(run.diagnosis))
        useEfficiencyPeak(evidence, *peak);
    // And the batch sizes memory-headroom projected from, as they were then.
    if (run.diagnosis.is_object())
        evidence.batchPeaks =
            batchPeaksFromJson(run.diagnosis.value("batch_peaks", nlohmann::json()));
    std::vector<Finding> remade = diagnoseRun(evidence);
    // The doctor's findings, from the numbers it measured then (not this machine's now).
    if (run.diagnosis.is_object() && run.diagnosis.contains("doctor")) {
        if (const std::optional<DoctorReport> doctor =
                doctorReportFromJson(run.diagnosis["doctor"]))
            remade.insert(remade.end(), doctor->findings.begin(), doctor->findings.end());
    }
    std::vector<bool> used(remade.size(), false);
    for (Finding& saved : shown) {
        for (std::size_t i = 0; i < remade.size(); ++i) {
            if (used[i] || !sameFinding(saved, remade[i]))
                continue;
            used[i] = true;
            saved.title = remade[i].title;
            saved.evidence = remade[i].evidence;
            saved.recommendation = remade[i].recommendation;
            break;
        }
    }
    return shown;
}

}  // namespace es
