#include "engine/train/runcontrol.h"

namespace es {

void RunControl::requestPause()
{
    std::lock_guard lock(m_mutex);
    m_pause.store(true, std::memory_order_release);
}

void RunControl::requestResume()
{
    {
        std::lock_guard lock(m_mutex);
        m_pause.store(false, std::memory_order_release);
    }
    m_wake.notify_all();
}

void RunControl::requestStop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop.store(true, std::memory_order_release);
    }
    m_wake.notify_all();
}

bool RunControl::proceed(const std::function<void(RunState)>& onState)
{
    if (m_stop.load(std::memory_order_acquire))
        return false;
    if (!m_pause.load(std::memory_order_acquire))
        return true;

    onState(RunState::Paused);
    {
        std::unique_lock lock(m_mutex);
        m_wake.wait(lock, [this] {
            return m_stop.load(std::memory_order_acquire) ||
                   !m_pause.load(std::memory_order_acquire);
        });
    }
    if (m_stop.load(std::memory_order_acquire))
        return false;
    onState(RunState::Running);
    return true;
}

}  // namespace es
