#include "console/runbanner.h"

#include "core/phase.h"
#include "summary/runsummary.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace es {

namespace {

constexpr double kMsPerS = 1000.0;

std::string plural(std::int64_t count, const std::string& noun)
{
    return formatCount(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string fixed(const char* pattern, double value)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, pattern, value);
    return buffer;
}

/// Three significant digits without switching to exponents (values below 1000 here).
std::string threeDigits(double value)
{
    const double magnitude = std::fabs(value);
    const char* pattern = magnitude < 9.995 ? "%.2f" : magnitude < 99.95 ? "%.1f" : "%.0f";
    return fixed(pattern, value);
}

std::string endedHow(const RunResult& result)
{
    const int done = static_cast<int>(result.epochs.size());
    const std::string ofPlanned = " of " + std::to_string(result.info.epochs) + " epochs";
    switch (result.state) {
        case RunState::Finished:
            if (!result.stoppedBy.empty())
                return "Finished " + plural(done, "epoch") + ofPlanned + ", ended by " +
                       result.stoppedBy + ",";
            return "Finished " + plural(done, "epoch");
        case RunState::Stopped: return "Stopped after " + std::to_string(done) + ofPlanned;
        case RunState::Failed:
            if (!hasRunInfo(result.info))
                return "Failed before training started";
            return "Failed after " + std::to_string(done) + ofPlanned;
        default: return "Ended (" + std::string(runStateName(result.state)) + ")";
    }
}

}  // namespace

std::string formatCount(std::int64_t value)
{
    std::string digits = std::to_string(std::llabs(value));
    for (std::ptrdiff_t at = static_cast<std::ptrdiff_t>(digits.size()) - 3; at > 0; at -= 3)
        digits.insert(static_cast<std::size_t>(at), ",");
    return value < 0 ? "-" + digits : digits;
}

std::string formatSi(double value, const std::string& unit)
{
    static constexpr std::array<const char*, 6> kPrefixes = {"", "k", "M", "G", "T", "P"};
    std::size_t prefix = 0;
    // 999.5 and up would print as "1000" after rounding to three digits.
    while (std::fabs(value) >= 999.5 && prefix + 1 < kPrefixes.size()) {
        value /= 1000.0;
        ++prefix;
    }
    return threeDigits(value) + " " + kPrefixes[prefix] + unit;
}

std::vector<std::string> formatRunHeader(const RunInfo& info)
{
    std::vector<std::string> lines;
    lines.push_back("Model:   " + plural(info.model.totalParams, "parameter") + " - " +
                    formatSi(info.model.trainingFlopsPerBatch(info.batchSize), "FLOP") +
                    " per training step of " + plural(info.batchSize, "sample"));
    std::string data = "Data:    " + formatCount(info.trainSamples) + " training";
    if (info.validationSamples > 0)
        data += " + " + formatCount(info.validationSamples) + " validation";
    data += " samples - " + plural(info.batchesPerEpoch, "step") + " per epoch - " +
            plural(info.epochs, "epoch") + " - " + info.placement + " placement, " +
            (info.prefetch > 0 ? "prefetch " + std::to_string(info.prefetch) : "no prefetch");
    lines.push_back(data);
    if (!info.dataSource.empty())
        lines.push_back("Source:  " + info.dataSource);
    for (const std::string& note : info.dataNotes)
        lines.push_back("         " + note);
    std::string device = "Device:  " + info.device + " - " +
                         plural(info.intraOpThreads, "intra-op thread") + ", " +
                         plural(info.interOpThreads, "inter-op thread");
    // Only when on: leaving denormals alone is LibTorch's default and needs no mention.
    if (info.flushDenormals)
        device += " - denormals flushed to zero (" + info.flushDenormalsReason + ")";
    lines.push_back(device);
    std::string backend = "Backend: " + info.backend;
    if (!info.backendReason.empty())
        backend += " (" + info.backendReason + ")";
    if (!info.cudnn.empty())
        backend += " - cuDNN " + info.cudnn;
    lines.push_back(backend);
    if (!info.allocator.empty())
        lines.push_back("Memory:  " + info.allocator + " allocator (" + info.allocatorReason + ")");
    return lines;
}

std::string formatRunFooter(const RunResult& result)
{
    std::string line = endedHow(result) + " in " + fixed("%.1fs", result.totalS);
    if (const auto stepMs = steadyStateStepMs(result.batches))
        line += " - steady state " + threeDigits(*stepMs) + "ms/step";
    if (const auto ratio = firstEpochRatio(result.epochs))
        line += " - first epoch " + fixed("%.2f", *ratio) + "x the later ones";
    double warmUpMs = 0.0;
    for (const BatchRecord& batch : result.batches)
        warmUpMs += batch.phaseMs[phaseIndex(Phase::WarmUp)];
    if (warmUpMs >= kMsPerS)
        line += " - warm-up " + fixed("%.2fs", warmUpMs / kMsPerS);
    else if (warmUpMs > 0.0)
        line += " - warm-up " + threeDigits(warmUpMs) + "ms";
    const Throughput throughput = trainingThroughput(result);
    if (throughput.samplesPerS)
        line += " - " + formatCount(std::llround(*throughput.samplesPerS)) + " samples/s";
    if (throughput.achievedGflops)
        line += " - " + formatSi(*throughput.achievedGflops * 1e9, "FLOP/s");
    return line;
}

}  // namespace es
