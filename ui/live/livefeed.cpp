#include "ui/live/livefeed.h"

namespace es::ui {

void LiveFeed::onRunStarted(const RunInfo& info)
{
    std::lock_guard lock(m_mutex);
    m_pending.started = info;
}

void LiveFeed::onBatch(const BatchRecord& record)
{
    std::lock_guard lock(m_mutex);
    m_pending.batches.push_back(record);
}

void LiveFeed::onEpoch(const EpochRecord& record)
{
    std::lock_guard lock(m_mutex);
    m_pending.epochs.push_back(record);
}

void LiveFeed::onRankSteps(int rank, const std::vector<BatchRecord>& steps)
{
    // Copied outside the lock: an epoch's steps can be many, and the engine thread must not
    // hold the UI thread's take() up while they are copied.
    std::pair<int, std::vector<BatchRecord>> entry(rank, steps);
    std::lock_guard lock(m_mutex);
    m_pending.rankSteps.push_back(std::move(entry));
}

void LiveFeed::onLog(LogLevel level, const std::string& message)
{
    std::lock_guard lock(m_mutex);
    m_pending.logs.emplace_back(level, message);
}

void LiveFeed::onStateChanged(RunState state)
{
    std::lock_guard lock(m_mutex);
    m_pending.state = state;
}

void LiveFeed::onSystemSample(const SystemSample& sample)
{
    std::lock_guard lock(m_mutex);
    m_pending.samples.push_back(sample);
}

FeedBatch LiveFeed::take()
{
    std::lock_guard lock(m_mutex);
    FeedBatch taken = std::move(m_pending);
    m_pending = FeedBatch();
    return taken;
}

}  // namespace es::ui
