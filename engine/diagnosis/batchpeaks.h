#pragma once

// The tensor memory a step needs, as a straight line in the batch size: fitted to runs of one
// model measured at two or more batch sizes, it is what memory-headroom projects the largest
// batch that fits from. Activations saved for backward, the fused kernels' workspaces and the
// gradients of the inputs grow with the batch; the weights, their gradients and the
// optimizer's state do not.

#include "engine/core/records.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <vector>

namespace es {

/// One run's tensor peak at its batch size.
struct BatchPeak {
    std::int64_t batchSize = 0;
    std::int64_t peakBytes = 0;  ///< steadyTensorPeakBytes() of the run
    std::int64_t runId = 0;      ///< the run it was measured in (the run store's id)
    /// Whether that run validated. Validation batches keep the fused kernels' buffers for their
    /// shapes through the epochs after, and those grow with the batch too: a what-if's runs,
    /// which leave validation out, grow less per sample than a run that validates.
    bool validated = false;
};

/// The highest tensor peak of the warm steps (steadyStepIndices): the step that decides
/// whether the run fits. nullopt without warm steps, or when one of them was not counted (a run
/// recorded before memory was, an allocator EpochScope could not wrap).
std::optional<std::int64_t> steadyTensorPeakBytes(const std::vector<BatchRecord>& batches);

/// peak(batch) = interceptBytes + bytesPerSample x batch.
struct TensorPeakLine {
    double interceptBytes = 0.0;
    double bytesPerSample = 0.0;

    double at(std::int64_t batch) const
    {
        return interceptBytes + bytesPerSample * static_cast<double>(batch);
    }
    /// The largest batch whose projected peak is at most `bytes`; 0 when not even one sample's.
    std::int64_t largestBatchWithin(double bytes) const;
};

/// Least squares through `peaks`; nullopt with fewer than two batch sizes, or a peak that does
/// not grow with the batch (then the line cannot say which batch would fit).
std::optional<TensorPeakLine> fitTensorPeakLine(const std::vector<BatchPeak>& peaks);

/// `line` moved to pass through `anchor`, its slope kept. Runs a what-if measured are
/// shortened (one epoch, no validation); a full run also holds the fused kernels' buffers for
/// its short last batch and its validation batches, so its own peak sets the level and the
/// measured runs the growth per sample.
TensorPeakLine anchoredAt(TensorPeakLine line, const BatchPeak& anchor);

/// What the diagnosis saves beside its findings ("batch_peaks"), so that they can be made
/// again in another language with the same figures; and read back, leaving out entries that
/// cannot be peaks (a database may come from someone else).
nlohmann::json batchPeaksJson(const std::vector<BatchPeak>& peaks);
std::vector<BatchPeak> batchPeaksFromJson(const nlohmann::json& json);

}  // namespace es
