#pragma once

// Where memory-headroom's second batch size comes from: other runs in the run database that
// trained the same model on the same data and device at another batch size (a what-if of
// `data.batch_size` records them).

#include "engine/diagnosis/batchpeaks.h"

#include <vector>

namespace es {

class RunStore;
struct StoredRun;

/// The tensor peaks of one group of runs measured alike (configs equal but for the batch size:
/// the runs of one what-if, or full runs) that trained `run`'s model, data, device, backend,
/// allocator and optimizer, at two batch sizes or more; `run` is among them when it belongs to
/// such a group. The group with `run` in it first, else the newest. Empty when no group has two
/// batch sizes. Reads at most the newest kMostPeakRuns matching runs' records.
std::vector<BatchPeak> peaksAtOtherBatchSizes(const RunStore& store, const StoredRun& run);

inline constexpr int kMostPeakRuns = 32;

}  // namespace es
