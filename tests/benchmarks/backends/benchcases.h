#pragma once

// The cases of the backends benchmark: the two reference presets and a sweep of one-layer LSTM
// regression models over hidden units, sequence length and batch size (issue 8 item 5).

#include "engine/config/runconfig.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bench {

struct BenchCase {
    std::string id;     ///< "keras-lstm-regression", "h256-t50-b64"; what --cases matches
    std::string group;  ///< "preset" or "sweep"
    std::string shape;  ///< "LSTM(256) T50 B64 F128", for the table
    /// A valid engine config: the preset's (or the sweep's) model, optimizer, loss and batch
    /// size, with a synthetic source of a few batches.
    es::RunConfig config;
    std::int64_t units = 0;   ///< the widest LSTM layer
    std::int64_t steps = 0;   ///< time steps per sample
    std::int64_t batch = 0;   ///< samples per step
    std::int64_t inputs = 0;  ///< features entering the first LSTM (the embedding width)
    /// The engine's count (model/modelsummary.h): 3 x forward FLOPs of one batch.
    double trainingFlopsPerStep = 0.0;
};

/// Input features of every sweep model: the reference shape (B64/T50/I128/H256),
/// and as wide as the imdb preset's embedding.
inline constexpr std::int64_t kSweepFeatures = 128;

/// Distinct batches each variant cycles through, so that a step does not find its input in
/// the cache from the step before. The engine's data pipeline is not timed here (the work
/// compared is forward, loss, backward and optimizer step).
inline constexpr std::int64_t kDataBatches = 4;

/// Every case, or with `quick` the small subset (both presets, H 64 and 256, T 50, B 64),
/// keeping those whose id contains one of the comma-separated words of `filter` (all when
/// empty). May be empty: the filter may keep only recurrent kernel cases (kernelcases.h).
std::vector<BenchCase> benchmarkCases(bool quick, const std::string& filter);

/// Whether --cases keeps the case `id`: `filter` is empty, or one of its comma-separated words
/// is part of `id`. Shared with the kernel cases (kernelcases.h).
bool caseKept(const std::string& id, const std::string& filter);

/// A tiny model for warming the process up (thread pools, lazy initialisation, first
/// allocations) before the first case, so that its first step is a model's, not the process's.
BenchCase startupCase();

}  // namespace bench
