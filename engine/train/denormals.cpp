// Compiled with OpenMP (engine/CMakeLists.txt): the parallel region below has to run on the
// same OpenMP runtime, and so on the same worker threads, as LibTorch's and oneDNN's parallel
// loops. Debian's libtorch-dev and libdnnl2 both use the system's libgomp.so.1.

#include "engine/train/denormals.h"

#include <torch/torch.h>

#include <mutex>
#include <set>
#include <thread>

#if defined(_OPENMP)
#include <omp.h>
#endif
#if defined(__SSE__) || defined(__x86_64__)
#include <xmmintrin.h>
#endif

namespace es {

namespace {

#if defined(__SSE__) || defined(__x86_64__)
// MXCSR bits: flush-to-zero (results) and denormals-are-zero (inputs).
constexpr unsigned kMxcsrFlushToZero = 1U << 15;
constexpr unsigned kMxcsrDenormalsAreZero = 1U << 6;
#endif

}  // namespace

bool flushingDenormals()
{
#if defined(__SSE__) || defined(__x86_64__)
    const unsigned flags = kMxcsrFlushToZero | kMxcsrDenormalsAreZero;
    return (_mm_getcsr() & flags) == flags;
#else
    return false;
#endif
}

AppliedDenormals applyFlushDenormals(bool flush)
{
    AppliedDenormals applied;
    applied.supported = at::globalContext().setFlushDenormal(flush);
    applied.flushing = flushingDenormals();
    if (!applied.supported)
        return applied;

    // Every thread of the calling thread's team runs the setting once: LibTorch set the
    // team's size (omp_set_num_threads) for this thread, and OpenMP reuses the same workers
    // for this thread's later parallel regions. Counted by thread id.
    std::mutex mutex;
    std::set<std::thread::id> threads;
    std::set<std::thread::id> asAsked;
    const auto applyHere = [&] {
        at::globalContext().setFlushDenormal(flush);
        const bool asked = flushingDenormals() == flush;
        std::lock_guard<std::mutex> lock(mutex);
        threads.insert(std::this_thread::get_id());
        if (asked)
            asAsked.insert(std::this_thread::get_id());
    };
#if defined(_OPENMP)
#pragma omp parallel
    applyHere();
#else
    applyHere();  // without OpenMP only the caller; new threads still copy its switches
#endif
    applied.threads = static_cast<int>(threads.size());
    applied.threadsAsAsked = static_cast<int>(asAsked.size());
    return applied;
}

}  // namespace es
