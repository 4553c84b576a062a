#pragma once

#include "engine/config/runconfigfwd.h"
#include "engine/core/records.h"
#include "engine/train/runobserver.h"
#include "engine/train/runresult.h"

#include <chrono>
#include <memory>

namespace es {

struct RunExtensions;  // train/runextensions_torch.h, for programs that embed the engine

/// Owns one engine thread that trains `config`. Control calls are thread-safe and take
/// effect between batches: pause() and requestStop() act after the current batch.
/// The header is LibTorch-free so that the UI and the CLI can include it.
class TrainingSession {
public:
    explicit TrainingSession(RunConfig config);
    /// Requests a stop and joins the engine thread.
    ~TrainingSession();

    TrainingSession(const TrainingSession&) = delete;
    TrainingSession& operator=(const TrainingSession&) = delete;

    /// Observers must outlive the session; add them before start().
    void addObserver(RunObserver* observer);

    /// C++ additions to the run: callbacks, a batch transform, a loss term (RunExtensions).
    /// Before start(); a later call replaces an earlier one.
    void extend(std::shared_ptr<const RunExtensions> extensions);

    /// Starts the engine thread. Throws std::logic_error when called twice.
    void start();
    void pause();
    void resume();
    void requestStop();

    RunState state() const;

    /// Waits until the run reaches a terminal state; false on timeout.
    bool waitFor(std::chrono::milliseconds timeout);
    void wait();

    /// The run's records. Only valid once state() is terminal.
    const RunResult& result() const;

    const RunConfig& config() const;

private:
    class Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace es
