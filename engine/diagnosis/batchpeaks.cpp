#include "engine/diagnosis/batchpeaks.h"

#include "engine/diagnosis/leastsquares.h"
#include "engine/diagnosis/recordedvalue.h"
#include "engine/summary/runsummary.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace es {

std::optional<std::int64_t> steadyTensorPeakBytes(const std::vector<BatchRecord>& batches)
{
    const std::vector<std::size_t> steady = steadyStepIndices(batches);
    if (steady.empty())
        return std::nullopt;
    std::int64_t most = 0;
    for (std::size_t i : steady) {
        const StepMemory& memory = batches[i].memory;
        if (!memory.counted())
            return std::nullopt;
        most = std::max(most, memory.stepPeakBytes());
    }
    return most;
}

std::int64_t TensorPeakLine::largestBatchWithin(double bytes) const
{
    if (!(bytesPerSample > 0.0))
        return 0;
    const double batch = std::floor((bytes - interceptBytes) / bytesPerSample);
    if (!(batch >= 1.0))
        return 0;
    // A line fitted to a few hundred MB a sample never reaches this; a hostile one might.
    constexpr double kMostBatch = 1e12;
    return static_cast<std::int64_t>(std::min(batch, kMostBatch));
}

std::optional<TensorPeakLine> fitTensorPeakLine(const std::vector<BatchPeak>& peaks)
{
    std::vector<double> batches;
    std::vector<double> bytes;
    for (const BatchPeak& peak : peaks) {
        batches.push_back(static_cast<double>(peak.batchSize));
        bytes.push_back(static_cast<double>(peak.peakBytes));
    }
    const std::optional<StraightLine> line = leastSquaresLine(batches, bytes);
    if (!line || !(line->slope > 0.0) || !std::isfinite(line->slope) ||
        !std::isfinite(line->intercept))
        return std::nullopt;
    return TensorPeakLine{line->intercept, line->slope};
}

TensorPeakLine anchoredAt(TensorPeakLine line, const BatchPeak& anchor)
{
    line.interceptBytes = static_cast<double>(anchor.peakBytes) -
                          line.bytesPerSample * static_cast<double>(anchor.batchSize);
    return line;
}

nlohmann::json batchPeaksJson(const std::vector<BatchPeak>& peaks)
{
    nlohmann::json list = nlohmann::json::array();
    for (const BatchPeak& peak : peaks)
        list.push_back({{"batch_size", peak.batchSize},
                        {"peak_bytes", peak.peakBytes},
                        {"run", peak.runId},
                        {"validated", peak.validated}});
    return list;
}

std::vector<BatchPeak> batchPeaksFromJson(const nlohmann::json& json)
{
    std::vector<BatchPeak> peaks;
    if (!json.is_array())
        return peaks;
    for (const nlohmann::json& entry : json) {
        BatchPeak peak;
        peak.batchSize = recordedValueOr<std::int64_t>(entry, "batch_size", 0);
        peak.peakBytes = recordedValueOr<std::int64_t>(entry, "peak_bytes", 0);
        peak.runId = recordedValueOr<std::int64_t>(entry, "run", 0);
        peak.validated = recordedValueOr<bool>(entry, "validated", false);
        if (peak.batchSize > 0 && peak.peakBytes > 0 && peak.runId >= 0)
            peaks.push_back(peak);
    }
    return peaks;
}

}  // namespace es
