#include "store/runrecorder.h"

#include "core/threadname.h"
#include "i18n/recordedtext.h"
#include "summary/runsummary.h"

namespace es {

RunRecorder::RunRecorder(RunStore& store, const RunConfig& config,
                         std::chrono::milliseconds flushInterval)
    : m_store(store),
      m_runId(store.beginRun(config.name, toJson(config))),
      m_flushInterval(flushInterval)
{
    m_writer = std::thread([this] {
        nameThisThread("es-store");
        writerLoop();
    });
}

RunRecorder::~RunRecorder()
{
    if (!m_finished) {
        try {
            // Recorded: English, shown with recordedText().
            finish(RunStatus::Interrupted,
                   markedText("RunRecord", "recording ended before the run did"), nullptr);
        } catch (...) {
            // A destructor must not throw; the next open marks the run interrupted anyway.
        }
    }
}

void RunRecorder::onRunStarted(const RunInfo& info)
{
    std::lock_guard lock(m_mutex);
    m_pendingInfo = runInfoJson(info);
}

void RunRecorder::onBatch(const BatchRecord& record)
{
    std::lock_guard lock(m_mutex);
    m_batches.push_back(record);
}

void RunRecorder::onEpoch(const EpochRecord& record)
{
    std::lock_guard lock(m_mutex);
    m_epochs.push_back(record);
}

void RunRecorder::onSystemSample(const SystemSample& sample)
{
    std::lock_guard lock(m_mutex);
    m_samples.push_back(sample);
}

void RunRecorder::writerLoop()
{
    std::unique_lock lock(m_mutex);
    while (!m_stopping) {
        m_wake.wait_for(lock, m_flushInterval, [this] { return m_stopping; });
        lock.unlock();
        const bool healthy = flush();
        lock.lock();
        if (!healthy)
            return;
    }
}

bool RunRecorder::flush()
{
    nlohmann::json info;
    std::vector<BatchRecord> batches;
    std::vector<EpochRecord> epochs;
    std::vector<SystemSample> samples;
    {
        std::lock_guard lock(m_mutex);
        if (!m_error.empty())
            return false;
        info.swap(m_pendingInfo);
        batches.swap(m_batches);
        epochs.swap(m_epochs);
        samples.swap(m_samples);
    }
    try {
        if (!info.is_null())
            m_store.setRunInfo(m_runId, info);
        m_store.append(m_runId, batches, epochs, samples);
        return true;
    } catch (const StoreError& error) {
        std::lock_guard lock(m_mutex);
        m_error = error.what();
        return false;
    }
}

void RunRecorder::finish(RunStatus status, const std::string& error, const nlohmann::json& summary)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_finished)
            return;
        m_finished = true;
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_writer.joinable())
        m_writer.join();
    if (flush()) {
        try {
            m_store.finishRun(m_runId, status, error, summary);
        } catch (const StoreError& failure) {
            std::lock_guard lock(m_mutex);
            m_error = failure.what();
        }
    }
}

std::string RunRecorder::error() const
{
    std::lock_guard lock(m_mutex);
    return m_error;
}

RunStatus storedStatus(RunState state)
{
    switch (state) {
        case RunState::Finished: return RunStatus::Completed;
        case RunState::Stopped: return RunStatus::Stopped;
        case RunState::Failed: return RunStatus::Failed;
        case RunState::Idle:
        case RunState::Running:
        case RunState::Paused:
        case RunState::Stopping: break;
    }
    return RunStatus::Interrupted;
}

}  // namespace es
