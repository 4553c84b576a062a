#pragma once

// The `profiling` section of a run's config (RunConfig in runconfig.h holds every section).

namespace es {

/// How the run is measured (docs/config.md#profiling).
struct ProfilingConfig {
    /// "sample_interval_ms": how often the system sampler reads CPU, memory and GPU state.
    int sampleIntervalMs = 100;
    /// "precise_gpu_timing": on CUDA devices, synchronise at the end of each phase so that
    /// its time is exact, at the cost of the overlap the GPU would otherwise have. Labelled as
    /// such in the run. Without it, GPU phases are timed with CUDA events and not synchronised.
    bool preciseGpuTiming = false;

    bool operator==(const ProfilingConfig&) const;
};

}  // namespace es
