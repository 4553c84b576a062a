#pragma once

#include <chrono>

namespace es {

/// The clock every record of a run is stamped with: seconds since the run started, on the
/// monotonic clock, so that batches, epochs and system samples line up on one time axis.
class RunClock {
public:
    using Clock = std::chrono::steady_clock;

    RunClock() : m_origin(Clock::now()) {}
    explicit RunClock(Clock::time_point origin) : m_origin(origin) {}

    double secondsAt(Clock::time_point time) const
    {
        return std::chrono::duration<double>(time - m_origin).count();
    }
    double now() const { return secondsAt(Clock::now()); }
    Clock::time_point origin() const { return m_origin; }
    /// The run's start as CLOCK_MONOTONIC read it, in seconds: libstdc++'s steady_clock is
    /// that clock, counted from its own epoch, so another process's reading of it (a profiled
    /// script's time.perf_counter) can be put on this run's clock.
    double originMonotonicS() const
    {
        return std::chrono::duration<double>(m_origin.time_since_epoch()).count();
    }

private:
    Clock::time_point m_origin;
};

}  // namespace es
