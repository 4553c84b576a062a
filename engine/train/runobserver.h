#pragma once

#include "engine/core/loglevel.h"
#include "engine/core/records.h"
#include "engine/core/savedfile.h"

#include <string>
#include <vector>

namespace es {

struct RunInfo;

/// Receives what a run produces. Calls happen on the engine thread (except
/// onStateChanged(Stopping), which comes from the thread that asked for the stop, and
/// onSystemSample(), which comes from the sampler's thread): implementations must return
/// quickly and never block (copy into a queue or ring and process elsewhere).
class RunObserver {
public:
    virtual ~RunObserver() = default;
    virtual void onRunStarted(const RunInfo& info) {}
    virtual void onEpochStarted(int epoch) {}
    virtual void onBatch(const BatchRecord& record) {}
    virtual void onEpoch(const EpochRecord& record) {}
    /// On rank 0 of a distributed run, at the end of each epoch (or where the ranks stopped),
    /// the steps another rank trained in it, gathered through the process group.
    virtual void onRankSteps(int rank, const std::vector<BatchRecord>& steps) {}
    virtual void onLog(LogLevel level, const std::string& message) {}
    virtual void onStateChanged(RunState state) {}
    virtual void onSystemSample(const SystemSample& sample) {}
    /// A file a callback wrote for the run (a checkpoint, a backup) or removed, as it happens.
    virtual void onSavedFile(const SavedFileRecord& file) {}
};

}  // namespace es
