#include "engine/script/scriptsampler.h"

#include "engine/train/runobserver.h"

#include <utility>

namespace es {

ScriptSampler::ScriptSampler(RunClock clock, int pid, std::chrono::milliseconds interval,
                             RunObserver* observer)
    : m_observer(observer),
      m_sampler(
          clock, interval, [this](const SystemSample& sample) { keep(sample); }, pid)
{
    m_sampler.start();
}

std::vector<SystemSample> ScriptSampler::take()
{
    std::lock_guard lock(m_mutex);
    return std::exchange(m_queued, {});
}

void ScriptSampler::keep(const SystemSample& sample)
{
    // A sample taken after the script ended, before the session saw it end, has only the
    // machine's figures: it says nothing of the script, and falls after the run.
    if (!hasProcessFigures(sample))
        return;
    {
        std::lock_guard lock(m_mutex);
        m_queued.push_back(sample);
    }
    if (m_observer != nullptr)
        m_observer->onSystemSample(sample);
}

}  // namespace es
