#pragma once

#include "engine/core/loglevel.h"
#include "engine/core/records.h"

#include <string>

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
    virtual void onLog(LogLevel level, const std::string& message) {}
    virtual void onStateChanged(RunState state) {}
    virtual void onSystemSample(const SystemSample& sample) {}
};

}  // namespace es
