#pragma once

// Work the app does off the GUI thread (the environment doctor, a diagnosis, a data file's
// description, a comparison report, a what-if experiment) so that the window stays responsive.
// A BackgroundJob runs one function at a time on a thread of its own and hands the result to
// the GUI thread, but only while it is still wanted: a newer request, cancel() or the job's
// destruction make it stale, and a receiver that was destroyed gets nothing.
//
// The job waits for its function when it goes (it is a member of the receiver, so that is in
// the receiver's destructor): a function still reading a database or training a what-if run
// at exit would race the program's static destructors, so no thread is ever detached. The
// function works on the values it was given and never touches its receiver (only the calls it
// posts, which run on the GUI thread, may), and checks Ticket::isStale() where it can stop
// early, so that the wait stays short.
//
// Used from the GUI thread only (results go to QCoreApplication's thread).

#include <QtCore/QObject>
#include <QtCore/QPointer>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>

namespace es::ui {

class BackgroundJob {
    struct State;

public:
    /// What the function gets of its job, on the worker thread.
    class Ticket {
    public:
        /// A newer request was made, this one was cancelled, or the job is going: the result
        /// will be dropped, so the function may stop early.
        bool isStale() const;
        /// Runs `call` on the GUI thread (progress, partial results) unless by then the request
        /// is stale or the receiver gone. Calls arrive in the order posted, before the result.
        void post(std::function<void()> call) const;

    private:
        friend class BackgroundJob;
        Ticket(std::shared_ptr<State> state, std::uint64_t generation, QPointer<QObject> receiver);

        std::shared_ptr<State> m_state;
        std::uint64_t m_generation;
        QPointer<QObject> m_receiver;
    };

    /// Results are for `receiver`, on the GUI thread, while it lives; the worker thread is named
    /// `threadName` (es::nameThisThread: 15 characters at most), started on the first request.
    BackgroundJob(QObject* receiver, std::string threadName);
    /// Makes the request in progress stale, drops one not started, and waits for the function
    /// that runs, if any.
    ~BackgroundJob();
    BackgroundJob(const BackgroundJob&) = delete;
    BackgroundJob& operator=(const BackgroundJob&) = delete;

    /// Runs `work()` (or `work(const Ticket&)`) on the job's thread, then `done(result)` on the
    /// GUI thread unless the request went stale or the receiver is gone. A request made while
    /// another runs waits for it (which is stale now, and should stop early); one that waited
    /// and is superseded never runs. `work` must not throw: it reports failure in its result.
    ///
    /// `always`, when given, runs on the GUI thread once for every request, just before `done`
    /// or in its place: when the result is dropped, when the request never ran, and after the
    /// receiver and the job are gone. It balances what the request started (a
    /// TrainingIdleGate::toolWorkStarted()).
    template <typename Work, typename Done>
    void run(Work work, Done done, std::function<void()> always = {})
    {
        submit(
            [work = std::move(work),
             done = std::move(done)](const Ticket& ticket) mutable -> std::function<void()> {
                using Result = std::decay_t<decltype(call(work, ticket))>;
                static_assert(!std::is_void_v<Result>, "the work hands a result to `done`");
                auto result = std::make_shared<Result>(call(work, ticket));
                return [done, result]() mutable { done(std::move(*result)); };
            },
            std::move(always));
    }

    /// Makes the request in progress stale (its result is dropped) and drops one not started.
    void cancel();
    /// A request was made and its result has not been delivered (or it was cancelled).
    bool isRunning() const;

private:
    /// The function as run(): on the worker, it returns the delivery of its result.
    using Task = std::function<std::function<void()>(const Ticket&)>;

    template <typename Work>
    static decltype(auto) call(Work& work, const Ticket& ticket)
    {
        if constexpr (std::is_invocable_v<Work&, const Ticket&>)
            return work(ticket);
        else
            return work();
    }

    void submit(Task task, std::function<void()> always);
    static void serve(std::shared_ptr<State> state, QPointer<QObject> receiver,
                      std::string threadName);

    std::shared_ptr<State> m_state;
    QPointer<QObject> m_receiver;
    std::string m_threadName;
    std::thread m_thread;
};

}  // namespace es::ui
