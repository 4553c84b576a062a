#pragma once

// Page-fault counters from getrusage(2), about a microsecond per read: cheap enough to take
// around every training step. Minor faults are the allocator story (docs/diagnosis.md
// #allocator-churn): a block glibc maps fresh costs one per 4 kB page it touches.

#include <cstdint>

namespace es {

struct PageFaults {
    std::int64_t minor = 0;
    std::int64_t major = 0;

    /// The calling thread's faults so far (RUSAGE_THREAD): what a step records, since the
    /// engine thread is the one that allocates the step's tensors.
    static PageFaults ofThisThread();
    /// The whole process's so far (RUSAGE_SELF): every thread, the OpenMP workers included,
    /// which is also what Python's resource.getrusage reports.
    static PageFaults ofProcess();

    PageFaults operator-(const PageFaults& earlier) const
    {
        return {minor - earlier.minor, major - earlier.major};
    }
};

}  // namespace es
