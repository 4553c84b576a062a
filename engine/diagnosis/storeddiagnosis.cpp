#include "engine/diagnosis/storeddiagnosis.h"

#include "engine/diagnosis/diagnosis.h"
#include "engine/diagnosis/doctorfindings.h"
#include "engine/diagnosis/storedbatchpeaks.h"
#include "engine/doctor/doctorjson.h"
#include "engine/env/cpuinfo.h"
#include "engine/i18n/translate.h"
#include "engine/store/runstore.h"

#include <algorithm>

namespace es {

namespace {

/// The CPU the run recorded (its summary's environment), empty when it did not get that far.
std::string runCpuModel(const StoredRun& run)
{
    if (!run.summary.is_object())
        return {};
    const nlohmann::json environment = run.summary.value("environment", nlohmann::json::object());
    return environment.is_object() ? environment.value("cpu_model", std::string()) : std::string();
}

/// Adds the doctor's view of this machine when the run trained here: its findings, and the
/// faster of the SGEMM rates it measures as the peak (into `evidence` and the diagnosis, with
/// the doctor's report).
/// Returns why it was left out, if it was.
std::string addDoctor(const StoredRun& run, RunEvidence& evidence, std::vector<Finding>& findings,
                      StoredRunDiagnosis& diagnosis)
{
    const std::string recorded = runCpuModel(run);
    const std::string here = readCpuTopology().model;
    if (!recorded.empty() && recorded != here)
        return fillText(engineText("StoredDiagnosis",
                                   "the run trained on another machine (%1); this machine's "
                                   "doctor findings and SGEMM peak would not apply"),
                        {recorded});
    DoctorOptions options;
    options.intraOpThreads = evidence.facts.intraOpThreads;
    const DoctorReport report = runDoctor(options);
    const GemmMeasurement& libtorch = report.libtorchSgemm;
    const GemmMeasurement& onednn = report.onednnSgemm;
    const bool onednnFaster = onednn.error.empty() && onednn.gflops > libtorch.gflops;
    const GemmMeasurement& best = onednnFaster ? onednn : libtorch;
    if (best.error.empty() && best.gflops > 0.0) {
        const EfficiencyPeak peak{best.gflops, best.n, onednnFaster ? "oneDNN" : "LibTorch",
                                  report.intraOpThreads};
        useEfficiencyPeak(evidence, peak);
        diagnosis.peak = peak;
    }
    diagnosis.doctor = doctorJson(report);
    findings.insert(findings.end(), report.findings.begin(), report.findings.end());
    return {};
}

}  // namespace

StoredRunDiagnosis diagnoseStoredRun(const StoredRun& run, bool withDoctor, const RunStore* store)
{
    StoredRunDiagnosis diagnosis;
    RunEvidence evidence = evidenceFromStoredRun(run);
    if (store != nullptr) {
        evidence.batchPeaks = peaksAtOtherBatchSizes(*store, run);
        diagnosis.batchPeaks = evidence.batchPeaks;
    }
    std::vector<Finding> machine;
    if (withDoctor)
        diagnosis.doctorLeftOut = addDoctor(run, evidence, machine, diagnosis);
    diagnosis.findings = diagnoseRun(evidence);
    // The doctor and the rules can reach the same fix from two sides (too few threads); the
    // rule's finding has the run's evidence, so the doctor's copy goes.
    for (Finding& finding : machine) {
        const bool sameFix =
            !finding.patch.is_null() &&
            std::any_of(diagnosis.findings.begin(), diagnosis.findings.end(),
                        [&finding](const Finding& rule) { return rule.patch == finding.patch; });
        if (!sameFix)
            diagnosis.findings.push_back(std::move(finding));
    }
    return diagnosis;
}

nlohmann::json savedDiagnosisJson(const StoredRunDiagnosis& diagnosis)
{
    nlohmann::json saved = efficiencyPeakJson(diagnosis.peak);
    if (diagnosis.doctor.is_object()) {
        nlohmann::json doctor = diagnosis.doctor;
        doctor.erase("findings");
        if (doctor.contains("libtorch") && doctor["libtorch"].is_object())
            doctor["libtorch"].erase("build_config");  // kilobytes no rule reads
        saved["doctor"] = std::move(doctor);
    }
    if (!diagnosis.batchPeaks.empty())
        saved["batch_peaks"] = batchPeaksJson(diagnosis.batchPeaks);
    return saved;
}

}  // namespace es
