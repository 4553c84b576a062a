#pragma once

// A profiled script's system samples (docs/profile.md): a SystemSampler on the script's
// process, not this one, from the script's start until it has ended, on the session's run
// clock. Each sample goes to the observer from the sampler's thread, as an engine run's do
// (RunObserver says so), and waits in a queue for the session's next write: the sampler's
// thread never touches the run database, whose connection belongs to the session's thread.
// LibTorch-free.

#include "engine/core/records.h"
#include "engine/core/runclock.h"
#include "engine/profile/systemsampler.h"

#include <chrono>
#include <mutex>
#include <vector>

namespace es {

class RunObserver;

class ScriptSampler {
public:
    /// Starts sampling process `pid` (running) every `interval`; `observer` may be null.
    ScriptSampler(RunClock clock, int pid, std::chrono::milliseconds interval,
                  RunObserver* observer);
    ScriptSampler(const ScriptSampler&) = delete;
    ScriptSampler& operator=(const ScriptSampler&) = delete;

    /// Stops and joins the sampler's thread; what it took stays queued for take().
    void stop() { m_sampler.stop(); }
    /// The samples taken since the last take(), in time order.
    std::vector<SystemSample> take();

private:
    void keep(const SystemSample& sample);

    RunObserver* m_observer;
    std::mutex m_mutex;
    std::vector<SystemSample> m_queued;
    SystemSampler m_sampler;  ///< last: its thread is stopped before the queue goes
};

}  // namespace es
