#pragma once

#include "engine/core/records.h"
#include "engine/core/runclock.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>

namespace es {

/// Samples a process (this one, or a profiled script) and the machine on its own thread:
/// process and machine CPU %, the CPU of each thread of the process (so that idle intra-op
/// threads show), RSS, and every GPU's state through NVML when a driver is there. Each sample
/// is stamped on the run's clock and handed to the sink on the sampler's thread. Once the
/// process has ended (a zombie counts as ended) the samples lack its figures: processCpuPct
/// and rssMb are NaN and there are no threads; the machine's figures go on.
class SystemSampler {
public:
    using Sink = std::function<void(const SystemSample&)>;

    static constexpr std::chrono::milliseconds kMinInterval{10};
    static constexpr std::chrono::milliseconds kMaxInterval{1000};
    static constexpr std::chrono::milliseconds kDefaultInterval{100};
    /// The pid that stands for the sampler's own process.
    static constexpr int kThisProcess = 0;

    /// Loads NVML (see Nvml) once here, not on the sampler thread. `interval` is clamped to
    /// [kMinInterval, kMaxInterval]; configs are validated before they get here. `pid` is the
    /// process sampled; it is told apart from a later process given the same pid by its start
    /// time, read here, so it must be running (or this process) when the sampler is made.
    SystemSampler(RunClock clock, std::chrono::milliseconds interval, Sink sink,
                  int pid = kThisProcess);
    ~SystemSampler();  ///< stops the thread
    SystemSampler(const SystemSampler&) = delete;
    SystemSampler& operator=(const SystemSampler&) = delete;

    /// Starts sampling: the first sample comes one interval after start().
    void start();
    /// Stops and joins the thread; a sample being taken is finished and delivered first.
    void stop();

    /// Takes one sample now, with CPU shares over the time since the previous one (or since
    /// construction), without the thread. For tests and one-off readings.
    SystemSample sampleNow();

    /// What NVML said when loaded: "NVML driver ..., 1 GPU" or why there is none.
    const std::string& gpuStatus() const;

private:
    class Impl;
    std::unique_ptr<Impl> m_impl;
};

/// Whether `sample` holds its process's figures: false once the process had ended.
bool hasProcessFigures(const SystemSample& sample);

}  // namespace es
