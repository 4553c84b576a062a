#pragma once

// The engine's records on their way to the UI thread: the engine and sampler threads append
// under a short lock (a vector push), the UI thread takes everything at once on its timer.

#include "engine/train/runobserver.h"
#include "engine/train/runresult.h"

#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace es::ui {

/// Everything that arrived since the last take().
struct FeedBatch {
    std::optional<RunInfo> started;
    std::vector<BatchRecord> batches;
    /// Another rank's steps of an epoch (rank, steps), in the order they came.
    std::vector<std::pair<int, std::vector<BatchRecord>>> rankSteps;
    std::vector<EpochRecord> epochs;
    std::vector<SystemSample> samples;
    std::vector<std::pair<LogLevel, std::string>> logs;
    std::optional<RunState> state;  ///< the latest state change

    bool empty() const
    {
        return !started && batches.empty() && rankSteps.empty() && epochs.empty() &&
               samples.empty() && logs.empty() && !state;
    }
};

class LiveFeed : public RunObserver {
public:
    void onRunStarted(const RunInfo& info) override;
    void onBatch(const BatchRecord& record) override;
    void onEpoch(const EpochRecord& record) override;
    void onRankSteps(int rank, const std::vector<BatchRecord>& steps) override;
    void onLog(LogLevel level, const std::string& message) override;
    void onStateChanged(RunState state) override;
    void onSystemSample(const SystemSample& sample) override;

    /// Hands over what arrived and starts collecting afresh.
    FeedBatch take();

private:
    std::mutex m_mutex;
    FeedBatch m_pending;
};

}  // namespace es::ui
