#pragma once

#include "engine/core/records.h"

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>

namespace es {

/// Pause/resume/stop requests from any thread, honoured by the engine thread between
/// batches. The engine never holds the lock while training.
class RunControl {
public:
    void requestPause();
    void requestResume();
    void requestStop();

    bool stopRequested() const { return m_stop.load(std::memory_order_acquire); }

    /// Engine side, called between batches: returns at once when running; while paused,
    /// reports Paused through `onState`, sleeps until resumed or stopped, then reports
    /// Running again. Returns false when a stop was requested.
    bool proceed(const std::function<void(RunState)>& onState);

private:
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_pause{false};
    std::mutex m_mutex;
    std::condition_variable m_wake;
};

}  // namespace es
