#pragma once

// The process's CPU tensor memory, as the counting allocators (tensormemory_torch.h) see it:
// LibTorch-free, so that the step clock and the UI's records can read it.
//
// Counted process-wide rather than per thread: a tensor is often freed on another thread than
// the one that made it (a batch made by the loader thread, a prediction the UI lets go of), and
// intra-op threads allocate for the engine thread's work. Every block a counting allocator
// hands out is counted when made and when freed, whichever thread frees it; blocks made before
// one was installed are never counted, made or freed, so the figures start at 0 and never go
// below it.

#include <cstdint>

namespace es {

/// The counting allocators' figures at one moment.
struct TensorMemoryCounts {
    std::int64_t liveBytes = 0;    ///< held by tensors now (their blocks' usable size)
    std::int64_t allocations = 0;  ///< blocks handed out since the process started counting
};

/// One stretch of time between two calls of endTensorMemorySpan().
struct MemorySpan {
    std::int64_t peakBytes = 0;    ///< the most bytes held at once during it
    std::int64_t endBytes = 0;     ///< held at its end
    std::int64_t allocations = 0;  ///< blocks handed out during it
};

TensorMemoryCounts tensorMemoryCounts();

/// Ends the current stretch and begins the next, whose peak starts from the bytes held now.
/// One reader at a time (the engine thread's step clock): two would cut each other's stretches.
MemorySpan endTensorMemorySpan();

}  // namespace es
