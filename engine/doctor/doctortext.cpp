#include "engine/doctor/doctortext.h"

#include "engine/core/siunits.h"

#include "engine/i18n/evidencetext.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/severityname.h"
#include "engine/i18n/textwidth.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cstdio>

namespace es {

namespace {

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

/// What the oneDNN RNN guard (model/onednnrnnguard.h) found before the program started.
std::string rnnCheckText(const OneDnnInfo& onednn)
{
    const std::string& check = onednn.rnnCheck;
    const std::string error = formatThreeDigits(onednn.rnnError);
    if (check == "right")
        return fillText(engineText("DoctorReport",
                                   "LSTM and GRU inference checked against a "
                                   "reference (oneDNN on %1): right"),
                        {onednn.rnnIsa});
    if (check == "capped-to-avx2")
        return fillText(engineText("DoctorReport",
                                   "LSTM and GRU inference on %1 was off by up to %2 on this CPU; "
                                   "oneDNN is capped at AVX2 here, where it is right (set "
                                   "ONEDNN_MAX_CPU_ISA to choose yourself)"),
                        {onednn.rnnIsa, error});
    if (check == "wrong-when-capped")
        return fillText(engineText("DoctorReport",
                                   "warning: LSTM and GRU inference is off by up to %1 on this "
                                   "CPU, on %2 and at AVX2; evaluation and predictions through "
                                   "oneDNN are wrong here"),
                        {error, onednn.rnnIsa});
    if (check == "probe-failed")
        return fillText(engineText("DoctorReport", "LSTM and GRU inference not checked: %1"),
                        {onednn.rnnDetail});
    if (check == "user-choice")
        return fillText(engineText("DoctorReport",
                                   "LSTM and GRU inference not checked: ONEDNN_MAX_CPU_ISA=%1 "
                                   "is set"),
                        {onednn.rnnDetail});
    return engineText("DoctorReport", "LSTM and GRU inference not checked: no oneDNN here");
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
                 {countedText(report.cudaDevices, engineText("DoctorReport", "%1 device"),
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

std::string gflopsText(const GemmMeasurement& measurement)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GFLOP/s", measurement.gflops);
    return text;
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
                  countedText(report.physicalCores, engineText("DoctorRule", "%1 physical core"),
                              engineText("DoctorRule", "%1 physical cores")),
                  countedText(report.logicalCores, engineText("DoctorRule", "%1 logical core"),
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
    if (!report.onednn.rnnCheck.empty())
        lines.push_back(
            reportLine(engineText("DoctorReport", "RNN check"), rnnCheckText(report.onednn)));
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
