#include "ui/live/trainingidlegate.h"

#include <utility>

namespace es::ui {

TrainingIdleGate& TrainingIdleGate::instance()
{
    static TrainingIdleGate gate;
    return gate;
}

bool TrainingIdleGate::whenIdle(QObject* context, std::function<void()> work)
{
    if (!trainingActive()) {
        work();
        return true;
    }
    m_waiting.push_back({context, std::move(work)});
    return false;
}

void TrainingIdleGate::runStarted()
{
    if (m_activeRuns++ == 0)
        Q_EMIT activeChanged(true);
}

void TrainingIdleGate::runEnded()
{
    if (m_activeRuns == 0 || --m_activeRuns > 0)
        return;
    Q_EMIT activeChanged(false);
    runAll(m_waiting);
}

void TrainingIdleGate::toolWorkStarted()
{
    ++m_toolWork;
}

void TrainingIdleGate::toolWorkEnded()
{
    if (m_toolWork == 0 || --m_toolWork > 0)
        return;
    runAll(m_waitingForTools);
}

bool TrainingIdleGate::whenToolsIdle(QObject* context, std::function<void()> work)
{
    if (!toolWorkActive()) {
        work();
        return true;
    }
    m_waitingForTools.push_back({context, std::move(work)});
    return false;
}

void TrainingIdleGate::runAll(std::vector<Waiting>& waiting)
{
    // Taken first: work may start a run, or ask to wait again.
    std::vector<Waiting> taken = std::exchange(waiting, {});
    for (Waiting& item : taken) {
        if (item.context)
            item.work();
    }
}

}  // namespace es::ui
