#include "ui/jobs/backgroundjob.h"

#include "engine/core/threadname.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QMetaObject>
#include <QtCore/QThread>

#include <atomic>
#include <mutex>

namespace es::ui {

namespace {

/// Runs `call` on the GUI thread. Posted to the application rather than to the receiver, so
/// that a call which must run whatever became of the receiver (`always`) is not dropped with
/// the receiver's events; the calls check the receiver themselves.
void postToGui(std::function<void()> call)
{
    QMetaObject::invokeMethod(QCoreApplication::instance(), std::move(call), Qt::QueuedConnection);
}

}  // namespace

/// Shared by the job and its worker thread, and by the calls posted from it: those may outlive
/// the job.
struct BackgroundJob::State {
    /// Counts requests, cancels and the job's end: a request whose number is not the latest is
    /// stale. Written under `mutex`; read without it by Ticket::isStale() and on the GUI thread.
    std::atomic<std::uint64_t> generation{0};

    std::mutex mutex;  ///< guards what follows
    struct Request {
        std::uint64_t generation = 0;
        Task task;
        std::function<void()> always;
    };
    Request pending;
    bool hasPending = false;
    bool stopping = false;
    bool threadActive = false;  ///< the worker serves requests; it clears this as it ends

    /// GUI thread only: a request's result is awaited.
    bool running = false;

    /// The request waiting to start, taken out (its `always` must still run).
    std::function<void()> dropPending()
    {
        std::function<void()> always = std::exchange(pending.always, {});
        pending = {};
        hasPending = false;
        return always;
    }
};

BackgroundJob::Ticket::Ticket(std::shared_ptr<State> state, std::uint64_t generation,
                              QPointer<QObject> receiver)
    : m_state(std::move(state)), m_generation(generation), m_receiver(std::move(receiver))
{
}

bool BackgroundJob::Ticket::isStale() const
{
    return m_state->generation.load() != m_generation;
}

void BackgroundJob::Ticket::post(std::function<void()> call) const
{
    postToGui([state = m_state, generation = m_generation, receiver = m_receiver,
               call = std::move(call)] {
        if (receiver && state->generation.load() == generation)
            call();
    });
}

BackgroundJob::BackgroundJob(QObject* receiver, std::string threadName)
    : m_state(std::make_shared<State>()), m_receiver(receiver), m_threadName(std::move(threadName))
{
    Q_ASSERT(!receiver || receiver->thread() == QCoreApplication::instance()->thread());
}

BackgroundJob::~BackgroundJob()
{
    std::function<void()> dropped;
    {
        const std::lock_guard<std::mutex> lock(m_state->mutex);
        m_state->stopping = true;
        ++m_state->generation;
        dropped = m_state->dropPending();
    }
    if (dropped)
        postToGui(std::move(dropped));
    if (m_thread.joinable())
        m_thread.join();
}

void BackgroundJob::submit(Task task, std::function<void()> always)
{
    std::function<void()> superseded;
    bool startThread = false;
    {
        const std::lock_guard<std::mutex> lock(m_state->mutex);
        superseded = m_state->dropPending();
        m_state->pending = {++m_state->generation, std::move(task), std::move(always)};
        m_state->hasPending = true;
        if (!m_state->threadActive) {
            m_state->threadActive = true;
            startThread = true;
        }
    }
    m_state->running = true;
    if (superseded)
        postToGui(std::move(superseded));
    if (startThread) {
        // The worker ends when it finds nothing more to do, rather than idling for the
        // panel's lifetime; a previous one has left its loop, so this join returns at once.
        if (m_thread.joinable())
            m_thread.join();
        m_thread = std::thread(&BackgroundJob::serve, m_state, m_receiver, m_threadName);
    }
}

void BackgroundJob::cancel()
{
    std::function<void()> dropped;
    {
        const std::lock_guard<std::mutex> lock(m_state->mutex);
        ++m_state->generation;
        dropped = m_state->dropPending();
    }
    m_state->running = false;
    if (dropped)
        postToGui(std::move(dropped));
}

bool BackgroundJob::isRunning() const
{
    return m_state->running;
}

void BackgroundJob::serve(std::shared_ptr<State> state, QPointer<QObject> receiver,
                          std::string threadName)
{
    nameThisThread(threadName.c_str());
    std::unique_lock<std::mutex> lock(state->mutex);
    while (state->hasPending && !state->stopping) {
        State::Request request = std::move(state->pending);
        state->hasPending = false;
        lock.unlock();

        const Ticket ticket(state, request.generation, receiver);
        std::function<void()> deliver = request.task(ticket);
        postToGui([state, receiver, generation = request.generation, always = request.always,
                   deliver = std::move(deliver)] {
            // First: it settles what the request started whatever becomes of the result (a
            // run waiting for the doctor's benchmarks starts here).
            if (always)
                always();
            if (state->generation.load() != generation)
                return;  // stale: a newer request is on its way, or none is wanted
            state->running = false;
            if (receiver)
                deliver();
        });

        lock.lock();
    }
    state->threadActive = false;
}

}  // namespace es::ui
