// The doctor's rules, its JSON document and its text: pure functions of a DoctorReport,
// documented with their thresholds in docs/env.md.

#include "env/doctor.h"

#include "diagnosis/evidencetext.h"
#include "i18n/translate.h"

#include <cstdio>

namespace es {

namespace {

using Json = nlohmann::json;

// LibTorch's SGEMM below this share of oneDNN's on the same matrices means its BLAS is
// leaving most of the machine unused (an optimised BLAS reaches 60-100% of oneDNN here).
constexpr double kSlowBlasShare = 0.5;

std::string gflopsText(const GemmMeasurement& measurement)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GFLOP/s", measurement.gflops);
    return text;
}

std::string plural(int count, const char* noun)
{
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

/// `count` in the pattern for one or for more, both already translated (engineText()).
std::string counted(int count, const char* one, const char* many)
{
    return fillText(count == 1 ? one : many, {std::to_string(count)});
}

std::string intraOpThreadsText(int count)
{
    return counted(count, engineText("DoctorRule", "%1 intra-op thread"),
                   engineText("DoctorRule", "%1 intra-op threads"));
}

std::string blasText(const BlasLibrary& blas)
{
    if (blas.kind == BlasKind::NotLoaded)
        return "no BLAS library loaded in this process";
    std::string text = std::string(blasKindKey(blas.kind));
    if (!blas.threading.empty())
        text += " (" + blas.threading + ")";
    text += " - " + blas.loadedPath;
    if (blas.resolvedPath != blas.loadedPath)
        text += " -> " + blas.resolvedPath;
    return text;
}

bool measured(const GemmMeasurement& measurement)
{
    return measurement.error.empty() && measurement.gflops > 0.0;
}

void addBlasFindings(const DoctorReport& report, std::vector<Finding>& findings)
{
    const bool bothMeasured = measured(report.libtorchSgemm) && measured(report.onednnSgemm);
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
        finding.title =
            fillText(engineText("DoctorRule", "%1 on a machine with %2"),
                     {intraOpThreadsText(report.intraOpThreads),
                      counted(report.physicalCores, engineText("DoctorRule", "%1 physical core"),
                              engineText("DoctorRule", "%1 physical cores"))});
        finding.evidence = fillText(
            engineText("DoctorRule", "LibTorch runs each operation on %1; the other cores idle"),
            {counted(report.intraOpThreads, engineText("DoctorRule", "%1 thread"),
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
                      counted(report.logicalCores, engineText("DoctorRule", "%1 logical core"),
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
            {counted(static_cast<int>(report.gpus.size()), engineText("DoctorRule", "%1 GPU"),
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

Json gemmJson(const GemmMeasurement& measurement)
{
    return {{"n", measurement.n},
            {"repeats", measurement.repeats},
            {"best_s", measurement.bestS},
            {"gflops", measured(measurement) ? Json(measurement.gflops) : Json()},
            {"error", measurement.error.empty() ? Json() : Json(measurement.error)}};
}

Json optionalNumber(const std::optional<double>& value)
{
    return value ? Json(*value) : Json();
}

/// {"auto": "tcmalloc", "auto_reason": ..., "available": {"system": {...}, ...}}.
Json allocatorsJson(const DoctorReport& report)
{
    Json available = Json::object();
    for (const auto& [allocator, availability] : report.allocators)
        available[std::string(allocatorKey(allocator))] = {{"available", availability.available},
                                                           {"detail", availability.detail}};
    return {{"auto", std::string(allocatorKey(report.autoAllocator.allocator))},
            {"auto_reason", report.autoAllocator.reason},
            {"available", std::move(available)}};
}

/// "tcmalloc (auto: ...); available: system, glibc-tuned, tcmalloc; jemalloc: <why not>".
std::string allocatorsText(const DoctorReport& report)
{
    std::string available;
    std::string missing;
    for (const auto& [allocator, availability] : report.allocators) {
        const std::string key(allocatorKey(allocator));
        if (availability.available)
            available += (available.empty() ? "" : ", ") + key;
        else
            missing += "; " + key + ": " + availability.detail;
    }
    return std::string(allocatorKey(report.autoAllocator.allocator)) + " (" +
           report.autoAllocator.reason + "); available: " + available + missing;
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

nlohmann::json doctorJson(const DoctorReport& report)
{
    Json variables = Json::object();
    for (const auto& [name, value] : report.threadVariables)
        variables[name] = value;
    Json gpus = Json::array();
    for (const GpuDescription& gpu : report.gpus)
        gpus.push_back(
            {{"index", gpu.index}, {"name", gpu.name}, {"memory_total_mb", gpu.memoryTotalMb}});
    Json findings = Json::array();
    for (const Finding& finding : report.findings)
        findings.push_back(findingJson(finding));
    return {
        {"format", "epochscope-env"},
        {"format_version", 1},
        {"epochscope_version", report.epochscopeVersion},
        {"libtorch",
         {{"version", report.libtorchVersion},
          {"cpu_capability", report.cpuCapability},
          {"build_config", report.libtorchConfig}}},
        {"cpu",
         {{"model", report.cpuModel},
          {"physical_cores", report.physicalCores},
          {"logical_cores", report.logicalCores},
          {"isa_flags", report.isaFlags},
          {"flush_to_zero", report.flushToZero},
          {"denormals_are_zero", report.denormalsAreZero},
          {"can_flush_denormals", report.canFlushDenormals}}},
        {"threads",
         {{"intra_op", report.intraOpThreads},
          {"inter_op", report.interOpThreads},
          {"environment", std::move(variables)}}},
        {"blas",
         {{"kind", std::string(blasKindKey(report.blas.kind))},
          {"threading", report.blas.threading},
          {"loaded_path", report.blas.loadedPath},
          {"resolved_path", report.blas.resolvedPath}}},
        {"sgemm",
         {{"libtorch", gemmJson(report.libtorchSgemm)}, {"onednn", gemmJson(report.onednnSgemm)}}},
        {"onednn", {{"version", report.onednn.version}, {"isa", report.onednn.isa}}},
        {"cpu_lstm",
         {{"backend", std::string(backendKey(report.cpuLstmBackend.backend))},
          {"backend_reason", report.cpuLstmBackend.reason},
          {"flush_denormals", report.cpuLstmDenormals.flush},
          {"flush_denormals_reason", report.cpuLstmDenormals.reason}}},
        {"allocators", allocatorsJson(report)},
        {"cuda",
         {{"built", report.cudaBuilt},
          {"available", report.cudaAvailable},
          {"device_count", report.cudaDevices},
          {"cudnn_available", report.cudnnAvailable},
          {"cudnn_version", report.cudnnVersion},
          {"pageable_copy_gb_per_s", optionalNumber(report.pageableCopyGBs)},
          {"pinned_copy_gb_per_s", optionalNumber(report.pinnedCopyGBs)}}},
        {"gpu",
         {{"nvml", report.nvmlStatus},
          {"driver_version", report.driverVersion},
          {"devices", std::move(gpus)}}},
        {"findings", std::move(findings)},
    };
}

std::vector<std::string> formatDoctorReport(const DoctorReport& report)
{
    std::vector<std::string> lines;
    lines.push_back(
        "EpochScope " + report.epochscopeVersion + ", LibTorch " + report.libtorchVersion +
        (report.cpuCapability.empty() ? "" : " (CPU kernels " + report.cpuCapability + ")"));
    std::string flags;
    for (const std::string& flag : report.isaFlags)
        flags += " " + flag;
    lines.push_back("CPU       " + report.cpuModel + ", " +
                    plural(report.physicalCores, "physical core") + ", " +
                    plural(report.logicalCores, "logical core") + ";" + flags);
    std::string threads = "Threads   " + std::to_string(report.intraOpThreads) + " intra-op, " +
                          std::to_string(report.interOpThreads) + " inter-op";
    for (const auto& [name, value] : report.threadVariables)
        threads += "; " + name + "=" + value;
    lines.push_back(threads);
    lines.push_back("BLAS      " + blasText(report.blas));
    const auto gemmLine = [](const GemmMeasurement& measurement) {
        if (!measurement.error.empty())
            return measurement.error;
        return gflopsText(measurement) + " (best of " + std::to_string(measurement.repeats) + ")";
    };
    lines.push_back("SGEMM     " + std::to_string(report.libtorchSgemm.n) + "^3: LibTorch " +
                    gemmLine(report.libtorchSgemm) + ", oneDNN " + report.onednn.version + " (" +
                    report.onednn.isa + ") " + gemmLine(report.onednnSgemm));
    lines.push_back(
        "LSTM      on the CPU: " + std::string(backendKey(report.cpuLstmBackend.backend)) + " (" +
        report.cpuLstmBackend.reason + ")");
    std::string denormals = std::string("Denormals flush-to-zero ") +
                            (report.flushToZero ? "on" : "off") + ", denormals-are-zero " +
                            (report.denormalsAreZero ? "on" : "off") + " here; ";
    if (!report.canFlushDenormals)
        denormals += "this CPU cannot flush them (no DAZ)";
    else
        denormals += std::string("CPU LSTM runs ") +
                     (report.cpuLstmDenormals.flush ? "flush them" : "keep them") + " (" +
                     report.cpuLstmDenormals.reason + ")";
    lines.push_back(denormals);
    if (!report.allocators.empty())
        lines.push_back("Allocator " + allocatorsText(report));
    std::string cuda = "CUDA      ";
    if (!report.cudaBuilt) {
        cuda += "not in this LibTorch build";
    } else if (!report.cudaAvailable) {
        cuda += "built in, but no device is available";
    } else {
        cuda += plural(report.cudaDevices, "device") + ", cuDNN " +
                (report.cudnnAvailable ? std::to_string(report.cudnnVersion) : std::string("off"));
        if (report.pageableCopyGBs && report.pinnedCopyGBs) {
            char copies[96];
            std::snprintf(copies, sizeof copies,
                          "; host-to-device %.1f GB/s pageable, %.1f GB/s pinned",
                          *report.pageableCopyGBs, *report.pinnedCopyGBs);
            cuda += copies;
        }
    }
    lines.push_back(cuda);
    std::string gpu = "GPU       " + report.nvmlStatus;
    for (const GpuDescription& device : report.gpus) {
        char memory[32];
        std::snprintf(memory, sizeof memory, "%.0f MB", device.memoryTotalMb);
        gpu += "; " + std::to_string(device.index) + ": " + device.name + ", " + memory;
    }
    lines.push_back(gpu);
    if (report.findings.empty()) {
        lines.push_back("Findings  none: nothing here slows training down");
        return lines;
    }
    lines.push_back("Findings");
    for (const Finding& finding : report.findings) {
        lines.push_back("  [" + std::string(severityKey(finding.severity)) + "] " + finding.title);
        lines.push_back("      evidence: " + finding.evidence);
        lines.push_back("      fix:      " + finding.recommendation);
    }
    return lines;
}

}  // namespace es
