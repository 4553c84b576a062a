#pragma once

#include "engine/core/records.h"
#include "engine/core/runclock.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>

namespace es {

/// Samples this process and the machine on its own thread: process and machine CPU %, the CPU
/// of each thread of the process (so that idle intra-op threads show), RSS, and every GPU's
/// state through NVML when a driver is there. Each sample is stamped on the run's clock and
/// handed to the sink on the sampler's thread.
class SystemSampler {
public:
    using Sink = std::function<void(const SystemSample&)>;

    static constexpr std::chrono::milliseconds kMinInterval{10};
    static constexpr std::chrono::milliseconds kMaxInterval{1000};
    static constexpr std::chrono::milliseconds kDefaultInterval{100};

    /// Loads NVML (see Nvml) once here, not on the sampler thread. `interval` is clamped to
    /// [kMinInterval, kMaxInterval]; configs are validated before they get here.
    SystemSampler(RunClock clock, std::chrono::milliseconds interval, Sink sink);
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

}  // namespace es
