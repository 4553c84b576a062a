#include "engine/core/records.h"

namespace es {

std::string_view runStateName(RunState state)
{
    switch (state) {
        case RunState::Idle: return "idle";
        case RunState::Running: return "running";
        case RunState::Paused: return "paused";
        case RunState::Stopping: return "stopping";
        case RunState::Finished: return "finished";
        case RunState::Stopped: return "stopped";
        case RunState::Failed: return "failed";
    }
    return "unknown";
}

}  // namespace es
