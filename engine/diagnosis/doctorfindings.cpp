#include "engine/diagnosis/doctorfindings.h"

#include "engine/doctor/doctorjson.h"
#include "engine/doctor/doctortext.h"
#include "engine/i18n/evidencetext.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"

namespace es {

namespace {

// LibTorch's SGEMM below this share of oneDNN's on the same matrices means its BLAS is
// leaving most of the machine unused (an optimised BLAS reaches 60-100% of oneDNN here).
constexpr double kSlowBlasShare = 0.5;

void addBlasFindings(const DoctorReport& report, std::vector<Finding>& findings)
{
    const bool bothMeasured =
        gemmMeasured(report.libtorchSgemm) && gemmMeasured(report.onednnSgemm);
    const std::string comparison =
        bothMeasured ? fillText(engineText("DoctorRule",
                                           "%1 measured through LibTorch vs %2 through oneDNN "
                                           "(SGEMM %3^3)"),
                                {gflopsText(report.libtorchSgemm), gflopsText(report.onednnSgemm),
                                 std::to_string(report.libtorchSgemm.n)})
                     : std::string();
    if (report.blas.kind == BlasKind::Reference) {
        Finding finding;
        finding.id = "reference-blas";
        finding.severity = Severity::Critical;
        finding.title =
            fillText(engineText("DoctorRule", "LibTorch is using the reference BLAS (%1)"),
                     {report.blas.resolvedPath});
        finding.evidence = comparison.empty() ? blasText(report.blas) : comparison;
        finding.recommendation =
            engineText("DoctorRule",
                       "Install an optimised BLAS: apt-get install libopenblas0-openmp (Debian's "
                       "alternatives then point libblas.so.3 at it); every LSTM step gets faster");
        findings.push_back(finding);
        return;
    }
    if (bothMeasured && report.libtorchSgemm.gflops < kSlowBlasShare * report.onednnSgemm.gflops) {
        Finding finding;
        finding.id = "slow-blas";
        finding.severity = Severity::Warning;
        finding.title = engineText(
            "DoctorRule", "LibTorch's matrix products reach less than half of what this CPU does");
        finding.evidence =
            fillText(engineText("DoctorRule", "%1; BLAS: %2"), {comparison, blasText(report.blas)});
        finding.recommendation =
            engineText("DoctorRule",
                       "Check that the BLAS uses all cores (OPENBLAS_NUM_THREADS, "
                       "OMP_NUM_THREADS) and is an optimised build (libopenblas0-openmp)");
        findings.push_back(finding);
    }
}

void addThreadFindings(const DoctorReport& report, std::vector<Finding>& findings)
{
    if (report.physicalCores > 1 && report.intraOpThreads < report.physicalCores) {
        Finding finding;
        finding.id = "too-few-threads";
        finding.severity = Severity::Warning;
        finding.title = fillText(
            engineText("DoctorRule", "%1 on a machine with %2"),
            {intraOpThreadsText(report.intraOpThreads),
             countedText(report.physicalCores, engineText("DoctorRule", "%1 physical core"),
                         engineText("DoctorRule", "%1 physical cores"))});
        finding.evidence = fillText(
            engineText("DoctorRule", "LibTorch runs each operation on %1; the other cores idle"),
            {countedText(report.intraOpThreads, engineText("DoctorRule", "%1 thread"),
                         engineText("DoctorRule", "%1 threads"))});
        finding.recommendation = engineText(
            "DoctorRule",
            "Set device.intra_op_threads to 0 (one per physical core) or to the core count");
        finding.patch = {{"device", {{"intra_op_threads", 0}}}};
        findings.push_back(finding);
    }
    if (report.logicalCores > 0 && report.intraOpThreads > report.logicalCores) {
        Finding finding;
        finding.id = "oversubscribed-threads";
        finding.severity = Severity::Warning;
        finding.title =
            fillText(engineText("DoctorRule", "%1 on %2"),
                     {intraOpThreadsText(report.intraOpThreads),
                      countedText(report.logicalCores, engineText("DoctorRule", "%1 logical core"),
                                  engineText("DoctorRule", "%1 logical cores"))});
        finding.evidence = engineText("DoctorRule",
                                      "more threads than cores: they take turns and wait for each "
                                      "other at every parallel region");
        finding.recommendation =
            engineText("DoctorRule", "Set device.intra_op_threads to 0 (one per physical core)");
        finding.patch = {{"device", {{"intra_op_threads", 0}}}};
        findings.push_back(finding);
    }
    for (const auto& [name, value] : report.threadVariables) {
        if (name != "OMP_NUM_THREADS" || value == std::to_string(report.intraOpThreads))
            continue;
        Finding finding;
        finding.id = "omp-num-threads";
        finding.severity = Severity::Info;
        finding.title = fillText(engineText("DoctorRule", "OMP_NUM_THREADS=%1 is set"), {value});
        finding.evidence = fillText(
            engineText("DoctorRule",
                       "EpochScope sets LibTorch's threads from the config (%1 here), but OpenMP "
                       "libraries it does not control, such as an OpenMP OpenBLAS, follow the "
                       "variable"),
            {intraOpThreadsText(report.intraOpThreads)});
        finding.recommendation =
            engineText("DoctorRule", "Unset OMP_NUM_THREADS, or set it to the same number");
        findings.push_back(finding);
    }
}

void addGpuFindings(const DoctorReport& report, std::vector<Finding>& findings)
{
    if (!report.gpus.empty() && !report.cudaBuilt) {
        Finding finding;
        finding.id = "gpu-unused";
        finding.severity = Severity::Warning;
        finding.title = fillText(
            engineText("DoctorRule", "This machine has %1 but this LibTorch build has no CUDA"),
            {countedText(static_cast<int>(report.gpus.size()), engineText("DoctorRule", "%1 GPU"),
                         engineText("DoctorRule", "%1 GPUs"))});
        finding.evidence =
            fillText(engineText("DoctorRule", "NVML: %1; LibTorch %2 was built for the CPU only"),
                     {report.nvmlStatus, report.libtorchVersion});
        finding.recommendation =
            engineText("DoctorRule",
                       "Build EpochScope against a CUDA LibTorch (CMAKE_PREFIX_PATH, see "
                       "scripts/gpu-check.sh) to train on the GPU");
        findings.push_back(finding);
    }
    if (report.pageableCopyGBs && report.pinnedCopyGBs &&
        *report.pinnedCopyGBs > 2.0 * *report.pageableCopyGBs) {
        Finding finding;
        finding.id = "pageable-copies";
        finding.severity = Severity::Info;
        finding.title =
            engineText("DoctorRule", "Pinned memory copies to the GPU much faster here");
        finding.evidence = fillText(
            engineText("DoctorRule",
                       "host-to-device copies: %1 GB/s from pageable memory, %2 GB/s pinned"),
            {formatText("%.1f", *report.pageableCopyGBs),
             formatText("%.1f", *report.pinnedCopyGBs)});
        finding.recommendation = engineText(
            "DoctorRule",
            "For GPU runs use data.placement \"pinned\", or \"device\" when the data fits");
        finding.patch = {{"data", {{"placement", "pinned"}}}};
        findings.push_back(finding);
    }
}

}  // namespace

std::vector<Finding> doctorFindings(const DoctorReport& report)
{
    std::vector<Finding> findings;
    addBlasFindings(report, findings);
    addThreadFindings(report, findings);
    addGpuFindings(report, findings);
    return findings;
}

DoctorReport runDoctor(const DoctorOptions& options)
{
    DoctorReport report = measureMachine(options);
    report.findings = doctorFindings(report);
    return report;
}

std::optional<DoctorReport> doctorReportFromJson(const nlohmann::json& document)
{
    std::optional<DoctorReport> report = parseDoctorJson(document);
    if (report)
        report->findings = doctorFindings(*report);
    return report;
}

}  // namespace es
