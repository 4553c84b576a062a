#pragma once

#include "engine/train/runobserver.h"

#include <vector>

namespace es {

/// Fans one event out to every observer of a run.
class ObserverList {
public:
    void add(RunObserver* observer) { m_observers.push_back(observer); }

    template <typename Method, typename... Args>
    void notify(Method method, const Args&... args) const
    {
        for (RunObserver* observer : m_observers)
            (observer->*method)(args...);
    }

private:
    std::vector<RunObserver*> m_observers;
};

}  // namespace es
