#include "engine/train/trainingsession.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/core/threadname.h"
#include "engine/i18n/recordedtext.h"
#include "engine/profile/systemsampler.h"
#include "engine/train/observerlist.h"
#include "engine/train/preflight.h"
#include "engine/train/runcontrol.h"
#include "engine/train/trainer.h"

#include <c10/util/Exception.h>

#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>

namespace es {

class TrainingSession::Impl {
public:
    explicit Impl(RunConfig config) : m_config(std::move(config)) {}

    /// Terminal states are final and Stopping only gives way to one, so a late Paused or
    /// Running from the engine never hides a stop request.
    void setState(RunState state)
    {
        {
            std::lock_guard lock(m_mutex);
            if (isTerminal(m_state) || (m_state == RunState::Stopping && !isTerminal(state)))
                return;
            m_state = state;
        }
        m_stateChanged.notify_all();
        m_observers.notify(&RunObserver::onStateChanged, state);
    }

    void fail(const std::string& message)
    {
        m_result.error = message;
        m_result.state = RunState::Failed;
        // The run keeps the words it failed with; the log shows them in the reader's language.
        m_observers.notify(&RunObserver::onLog, LogLevel::Error, recordedText(message));
    }

    void engineMain()
    {
        const RunClock clock;
        // Samples go to the observers and into the result from the sampler's thread; the
        // engine thread never touches m_result.samples while the sampler runs.
        SystemSampler sampler(clock, std::chrono::milliseconds(m_config.profiling.sampleIntervalMs),
                              [this](const SystemSample& sample) {
                                  m_result.samples.push_back(sample);
                                  m_observers.notify(&RunObserver::onSystemSample, sample);
                              });
        m_result.info.gpuMonitor = sampler.gpuStatus();
        sampler.start();
        try {
            checkRunnable(m_config);
            runTraining(
                m_config, clock, m_control, m_observers, m_result,
                [this](RunState state) { setState(state); }, m_extensions.get());
        } catch (const ConfigError& error) {
            m_result.badInput = true;
            fail(error.what());
        } catch (const c10::Error& error) {
            // LibTorch's what() carries a C++ backtrace; the user needs the message.
            fail(error.what_without_backtrace());
        } catch (const std::exception& error) {
            fail(error.what());
        } catch (...) {
            fail(markedText("RunRecord", "unknown error in the engine thread"));
        }
        sampler.stop();
        m_result.totalS = clock.now();
        setState(m_result.state);
    }

    RunConfig m_config;
    std::shared_ptr<const RunExtensions> m_extensions;
    ObserverList m_observers;
    RunControl m_control;
    RunResult m_result;
    std::thread m_thread;

    mutable std::mutex m_mutex;
    std::condition_variable m_stateChanged;
    RunState m_state = RunState::Idle;
};

TrainingSession::TrainingSession(RunConfig config)
    : m_impl(std::make_unique<Impl>(std::move(config)))
{
}

TrainingSession::~TrainingSession()
{
    m_impl->m_control.requestStop();
    if (m_impl->m_thread.joinable())
        m_impl->m_thread.join();
}

void TrainingSession::addObserver(RunObserver* observer)
{
    if (state() != RunState::Idle)
        throw std::logic_error("TrainingSession::addObserver: observers are added before start()");
    m_impl->m_observers.add(observer);
}

void TrainingSession::extend(std::shared_ptr<const RunExtensions> extensions)
{
    if (state() != RunState::Idle)
        throw std::logic_error("TrainingSession::extend: extensions are added before start()");
    m_impl->m_extensions = std::move(extensions);
}

void TrainingSession::start()
{
    if (m_impl->m_thread.joinable() || state() != RunState::Idle)
        throw std::logic_error("TrainingSession::start: a session runs once");
    m_impl->setState(RunState::Running);
    m_impl->m_thread = std::thread([impl = m_impl.get()] {
        // Its OpenMP workers start from it and inherit the name: all of them train.
        nameThisThread("es-train");
        impl->engineMain();
    });
}

void TrainingSession::pause()
{
    m_impl->m_control.requestPause();
}

void TrainingSession::resume()
{
    m_impl->m_control.requestResume();
}

void TrainingSession::requestStop()
{
    if (isTerminal(state()) || m_impl->m_control.stopRequested())
        return;
    m_impl->m_control.requestStop();
    if (state() != RunState::Idle)
        m_impl->setState(RunState::Stopping);  // terminal states are kept (see setState)
}

RunState TrainingSession::state() const
{
    std::lock_guard lock(m_impl->m_mutex);
    return m_impl->m_state;
}

bool TrainingSession::waitFor(std::chrono::milliseconds timeout)
{
    std::unique_lock lock(m_impl->m_mutex);
    return m_impl->m_stateChanged.wait_for(lock, timeout,
                                           [this] { return isTerminal(m_impl->m_state); });
}

void TrainingSession::wait()
{
    std::unique_lock lock(m_impl->m_mutex);
    m_impl->m_stateChanged.wait(lock, [this] { return isTerminal(m_impl->m_state); });
}

const RunResult& TrainingSession::result() const
{
    return m_impl->m_result;
}

const RunConfig& TrainingSession::config() const
{
    return m_impl->m_config;
}

}  // namespace es
