#pragma once

// Independent pieces of work run at once on LibTorch's and oneDNN's OpenMP worker threads,
// each piece single-threaded inside.

#include <cstddef>
#include <functional>

namespace es {

/// Runs `run(i)` for every i in [0, count), each on its own thread of an OpenMP parallel region
/// of `count` threads (the calling thread is one of them); count 1 runs on the calling thread.
/// Inside, oneDNN and LibTorch see a parallel region and run their own loops single-threaded.
/// The first exception a piece throws is rethrown here once every piece has finished.
void runInParallel(std::size_t count, const std::function<void(std::size_t)>& run);

}  // namespace es
