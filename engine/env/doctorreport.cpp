// The doctor's rules, its JSON document and its text: pure functions of a DoctorReport,
// documented with their thresholds in docs/env.md.

#include "env/doctor.h"

#include "diagnosis/evidencetext.h"
#include "i18n/recordedtext.h"
#include "i18n/severityname.h"
#include "i18n/textwidth.h"
#include "i18n/translate.h"

#include <algorithm>
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
        return engineText("DoctorReport", "no BLAS library loaded in this process");
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
            missing += fillText(engineText("DoctorReport", "; %1: %2"),
                                {key, recordedText(availability.detail)});
    }
    return fillText(engineText("DoctorReport", "%1 (%2); available: %3"),
                    {allocatorKey(report.autoAllocator.allocator),
                     recordedText(report.autoAllocator.reason), available}) +
           missing;
}

/// The columns the report's labels take ("CPU       "), so its values line up.
constexpr std::size_t kLabelColumns = 10;

/// A line of the report: `label` in its column (at least one space after a long
/// translation), then `body`.
std::string reportLine(const char* label, const std::string& body)
{
    return paddedText(label, std::max(kLabelColumns, displayWidth(label) + 1)) + body;
}

std::string onOff(bool on)
{
    return on ? engineText("DoctorReport", "on") : engineText("DoctorReport", "off");
}

/// What the FTZ/DAZ bits are here and what a CPU LSTM run does about denormals.
std::string denormalsText(const DoctorReport& report)
{
    const std::string here = onOff(report.flushToZero);
    const std::string zero = onOff(report.denormalsAreZero);
    if (!report.canFlushDenormals)
        return fillText(engineText("DoctorReport",
                                   "flush-to-zero %1, denormals-are-zero %2 "
                                   "here; this CPU cannot flush them (no DAZ)"),
                        {here, zero});
    const std::string reason = recordedText(report.cpuLstmDenormals.reason);
    return report.cpuLstmDenormals.flush
               ? fillText(engineText("DoctorReport",
                                     "flush-to-zero %1, denormals-are-zero %2 "
                                     "here; CPU LSTM runs flush them (%3)"),
                          {here, zero, reason})
               : fillText(engineText("DoctorReport",
                                     "flush-to-zero %1, denormals-are-zero %2 "
                                     "here; CPU LSTM runs keep them (%3)"),
                          {here, zero, reason});
}

/// Whether this LibTorch has CUDA, its devices, cuDNN and the copy rates measured.
std::string cudaText(const DoctorReport& report)
{
    if (!report.cudaBuilt)
        return engineText("DoctorReport", "not in this LibTorch build");
    if (!report.cudaAvailable)
        return engineText("DoctorReport", "built in, but no device is available");
    std::string cuda =
        fillText(engineText("DoctorReport", "%1, cuDNN %2"),
                 {counted(report.cudaDevices, engineText("DoctorReport", "%1 device"),
                          engineText("DoctorReport", "%1 devices")),
                  report.cudnnAvailable ? std::to_string(report.cudnnVersion) : onOff(false)});
    if (report.pageableCopyGBs && report.pinnedCopyGBs)
        cuda += fillText(
            engineText("DoctorReport", "; host-to-device %1 GB/s pageable, %2 GB/s pinned"),
            {formatText("%.1f", *report.pageableCopyGBs),
             formatText("%.1f", *report.pinnedCopyGBs)});
    return cuda;
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

namespace {

BlasKind blasKindFromKey(const std::string& key)
{
    for (BlasKind kind : {BlasKind::Reference, BlasKind::OpenBlas, BlasKind::Blis, BlasKind::Mkl,
                          BlasKind::NotLoaded})
        if (blasKindKey(kind) == key)
            return kind;
    return BlasKind::Unknown;
}

GemmMeasurement gemmFromJson(const Json& stored)
{
    GemmMeasurement measurement;
    measurement.n = stored.value("n", 0);
    measurement.repeats = stored.value("repeats", 0);
    measurement.bestS = stored.value("best_s", 0.0);
    const Json& gflops = stored.value("gflops", Json());
    measurement.gflops = gflops.is_number() ? gflops.get<double>() : 0.0;
    const Json& error = stored.value("error", Json());
    measurement.error = error.is_string() ? error.get<std::string>() : std::string();
    return measurement;
}

std::optional<double> optionalNumberFromJson(const Json& value)
{
    return value.is_number() ? std::optional<double>(value.get<double>()) : std::nullopt;
}

}  // namespace

std::optional<DoctorReport> doctorReportFromJson(const nlohmann::json& document)
{
    if (!document.is_object() || document.value("format", std::string()) != "epochscope-env")
        return std::nullopt;
    try {
        DoctorReport report;
        const Json none = Json::object();
        report.epochscopeVersion = document.value("epochscope_version", std::string());
        const Json& libtorch = document.value("libtorch", none);
        report.libtorchVersion = libtorch.value("version", std::string());
        report.cpuCapability = libtorch.value("cpu_capability", std::string());
        const Json& cpu = document.value("cpu", none);
        report.cpuModel = cpu.value("model", std::string());
        report.physicalCores = cpu.value("physical_cores", 0);
        report.logicalCores = cpu.value("logical_cores", 0);
        report.isaFlags = cpu.value("isa_flags", std::vector<std::string>());
        report.flushToZero = cpu.value("flush_to_zero", false);
        report.denormalsAreZero = cpu.value("denormals_are_zero", false);
        report.canFlushDenormals = cpu.value("can_flush_denormals", false);
        const Json& threads = document.value("threads", none);
        report.intraOpThreads = threads.value("intra_op", 0);
        report.interOpThreads = threads.value("inter_op", 0);
        const Json variables = threads.value("environment", none);
        for (const auto& [name, value] : variables.items())
            report.threadVariables.emplace_back(name, value.get<std::string>());
        const Json& blas = document.value("blas", none);
        report.blas.kind = blasKindFromKey(blas.value("kind", std::string()));
        report.blas.threading = blas.value("threading", std::string());
        report.blas.loadedPath = blas.value("loaded_path", std::string());
        report.blas.resolvedPath = blas.value("resolved_path", std::string());
        const Json& sgemm = document.value("sgemm", none);
        report.libtorchSgemm = gemmFromJson(sgemm.value("libtorch", none));
        report.onednnSgemm = gemmFromJson(sgemm.value("onednn", none));
        const Json& onednn = document.value("onednn", none);
        report.onednn.version = onednn.value("version", std::string());
        report.onednn.isa = onednn.value("isa", std::string());
        const Json& cuda = document.value("cuda", none);
        report.cudaBuilt = cuda.value("built", false);
        report.cudaAvailable = cuda.value("available", false);
        report.cudaDevices = cuda.value("device_count", 0);
        report.cudnnAvailable = cuda.value("cudnn_available", false);
        report.cudnnVersion = cuda.value("cudnn_version", 0L);
        report.pageableCopyGBs =
            optionalNumberFromJson(cuda.value("pageable_copy_gb_per_s", Json()));
        report.pinnedCopyGBs = optionalNumberFromJson(cuda.value("pinned_copy_gb_per_s", Json()));
        const Json& gpu = document.value("gpu", none);
        report.nvmlStatus = gpu.value("nvml", std::string());
        report.driverVersion = gpu.value("driver_version", std::string());
        for (const Json& device : gpu.value("devices", Json::array()))
            report.gpus.push_back({device.value("index", 0), device.value("name", std::string()),
                                   device.value("memory_total_mb", 0.0)});
        report.findings = doctorFindings(report);
        return report;
    } catch (const Json::exception&) {
        return std::nullopt;  // a value of the wrong type: not a document doctorJson() wrote
    }
}

std::vector<std::string> formatDoctorReport(const DoctorReport& report)
{
    std::vector<std::string> lines;
    lines.push_back(
        report.cpuCapability.empty()
            ? fillText(engineText("DoctorReport", "EpochScope %1, LibTorch %2"),
                       {report.epochscopeVersion, report.libtorchVersion})
            : fillText(engineText("DoctorReport", "EpochScope %1, LibTorch %2 (CPU kernels %3)"),
                       {report.epochscopeVersion, report.libtorchVersion, report.cpuCapability}));
    std::string flags;
    for (const std::string& flag : report.isaFlags)
        flags += " " + flag;
    lines.push_back(reportLine(
        engineText("DoctorReport", "CPU"),
        fillText(engineText("DoctorReport", "%1, %2, %3;%4"),
                 {report.cpuModel,
                  counted(report.physicalCores, engineText("DoctorRule", "%1 physical core"),
                          engineText("DoctorRule", "%1 physical cores")),
                  counted(report.logicalCores, engineText("DoctorRule", "%1 logical core"),
                          engineText("DoctorRule", "%1 logical cores")),
                  flags})));
    std::string threads =
        fillText(engineText("DoctorReport", "%1 intra-op, %2 inter-op"),
                 {std::to_string(report.intraOpThreads), std::to_string(report.interOpThreads)});
    for (const auto& [name, value] : report.threadVariables)
        threads += "; " + name + "=" + value;
    lines.push_back(reportLine(engineText("DoctorReport", "Threads"), threads));
    lines.push_back(reportLine(engineText("DoctorReport", "BLAS"), blasText(report.blas)));
    const auto gemmLine = [](const GemmMeasurement& measurement) {
        if (!measurement.error.empty())
            return measurement.error;
        return fillText(engineText("DoctorReport", "%1 (best of %2)"),
                        {gflopsText(measurement), std::to_string(measurement.repeats)});
    };
    lines.push_back(reportLine(
        engineText("DoctorReport", "SGEMM"),
        fillText(engineText("DoctorReport", "%1^3: LibTorch %2, oneDNN %3 (%4) %5"),
                 {std::to_string(report.libtorchSgemm.n), gemmLine(report.libtorchSgemm),
                  report.onednn.version, report.onednn.isa, gemmLine(report.onednnSgemm)})));
    lines.push_back(reportLine(engineText("DoctorReport", "LSTM"),
                               fillText(engineText("DoctorReport", "on the CPU: %1 (%2)"),
                                        {backendKey(report.cpuLstmBackend.backend),
                                         recordedText(report.cpuLstmBackend.reason)})));
    lines.push_back(reportLine(engineText("DoctorReport", "Denormals"), denormalsText(report)));
    if (!report.allocators.empty())
        lines.push_back(
            reportLine(engineText("DoctorReport", "Allocator"), allocatorsText(report)));
    lines.push_back(reportLine(engineText("DoctorReport", "CUDA"), cudaText(report)));
    std::string gpu = report.nvmlStatus;
    for (const GpuDescription& device : report.gpus)
        gpu += "; " + fillText(engineText("DoctorReport", "%1: %2, %3 MB"),
                               {std::to_string(device.index), device.name,
                                formatText("%.0f", device.memoryTotalMb)});
    lines.push_back(reportLine(engineText("DoctorReport", "GPU"), gpu));
    if (report.findings.empty()) {
        lines.push_back(
            reportLine(engineText("DoctorReport", "Findings"),
                       engineText("DoctorReport", "none: nothing here slows training down")));
        return lines;
    }
    lines.push_back(engineText("DoctorReport", "Findings"));
    for (const Finding& finding : report.findings) {
        lines.push_back(fillText(engineText("DoctorReport", "  [%1] %2"),
                                 {severityName(finding.severity), finding.title}));
        lines.push_back(
            fillText(engineText("DoctorReport", "      evidence: %1"), {finding.evidence}));
        lines.push_back(
            fillText(engineText("DoctorReport", "      fix:      %1"), {finding.recommendation}));
    }
    return lines;
}

}  // namespace es
