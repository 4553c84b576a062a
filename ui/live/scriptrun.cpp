#include "ui/live/scriptrun.h"

#include "engine/core/threadname.h"

#include <utility>

namespace es::ui {

namespace {

ScriptSessionOptions withOutputCaptured(ScriptSessionOptions options)
{
    options.captureOutput = true;
    return options;
}

}  // namespace

ScriptRun::ScriptRun(const std::string& databasePath, ScriptSessionOptions options,
                     RunObserver& observer)
    : m_store(databasePath), m_session(m_store, withOutputCaptured(std::move(options)), &observer)
{
}

ScriptRun::~ScriptRun()
{
    if (m_thread.joinable()) {
        requestStop();
        m_thread.join();
    }
}

void ScriptRun::start()
{
    m_thread = std::thread([this] { run(); });
}

void ScriptRun::run()
{
    nameThisThread("es-script");
    try {
        m_session.run();
        m_endState = scriptRunState(m_session.recorder().status());
        m_error = m_session.recorder().error();
    } catch (const std::exception& failure) {
        // The script could not start (the session recorded the run as failed, with the
        // reason in its notes).
        m_endState = RunState::Failed;
        m_error = failure.what();
    }
    m_storeFailed = m_session.storeFailed();
    m_ended.store(true, std::memory_order_release);
}

void ScriptRun::requestStop()
{
    m_stopRequested.store(true);
    m_session.requestStop();
}

RunState ScriptRun::state() const
{
    if (m_ended.load(std::memory_order_acquire))
        return m_endState;
    return m_stopRequested.load() ? RunState::Stopping : RunState::Running;
}

void ScriptRun::wait()
{
    if (m_thread.joinable())
        m_thread.join();
}

}  // namespace es::ui
