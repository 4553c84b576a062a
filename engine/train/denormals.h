#pragma once

// Flushing denormal floats to zero for the threads that train. The x86 switches (MXCSR FTZ
// and DAZ) belong to each thread, so setting them on the engine thread alone would leave the
// OpenMP workers that run LibTorch's and oneDNN's parallel loops for it unchanged.

namespace es {

/// What applyFlushDenormals() did.
struct AppliedDenormals {
    bool supported = false;  ///< the CPU has the switches (LibTorch's setFlushDenormal)
    bool flushing = false;   ///< the calling thread flushes now
    int threads = 0;         ///< distinct threads that ran the setting: the caller and its pool
    int threadsAsAsked = 0;  ///< of them, those whose switches now read as asked
};

/// Sets flush-to-zero and denormals-are-zero on or off for the calling thread and for the
/// intra-op (OpenMP) threads its parallel regions use, with the thread count already applied.
/// OpenMP keeps a pool per calling thread, so call it on the thread that trains, after
/// applyThreadSettings(). Threads the pool starts later copy the caller's switches.
AppliedDenormals applyFlushDenormals(bool flush);

/// Whether the calling thread flushes denormals (FTZ and DAZ both set).
bool flushingDenormals();

}  // namespace es
