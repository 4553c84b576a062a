#pragma once

#include "engine/core/phase.h"
#include "engine/core/records.h"
#include "engine/train/tensormemory.h"

#include <chrono>

namespace es {

class DevicePhaseTimer;

/// The clocks of one training step: stamps each phase's end on one steady clock (and, on a
/// GPU, records the device timer's event at the same boundary), then turns them into the
/// step's wall time and phase times. At the same boundaries it ends a stretch of the counting
/// tensor allocator (engine/train/tensormemory.h), for each phase's peak and end bytes. It
/// keeps the timing out of the loop, so that a step reads as the work it does. One step clock
/// at a time per process: the memory stretches are process-wide.
class StepClock {
public:
    using Clock = std::chrono::steady_clock;

    /// Starts the step's first phase (Data wait) now; its wall time runs from `wallStart`, the
    /// previous step's end (less a pause in between), so that it holds what came before this
    /// step's first phase (the warm-up of a first step, the previous step's bookkeeping).
    StepClock(DevicePhaseTimer* deviceTimer, Clock::time_point wallStart);

    /// Ends one of the step's timed phases, in the order of a step: Data wait, Host-to-device,
    /// Forward, Backward, Optimizer.
    void phaseEnds(Phase phase);

    /// Ends the step now: fills `batch`'s wall time and phases, with the callbacks' and the
    /// warm-up's times measured by the loop, the device's times where a device timer has them
    /// (call after the loss was read back), and Other as the remainder. Returns the end.
    Clock::time_point finish(BatchRecord& batch, double callbackMs, double warmUpMs);

private:
    DevicePhaseTimer* m_deviceTimer;
    Clock::time_point m_wallStart;
    Clock::time_point m_phaseStart;
    PhaseArray m_phaseMs{};
    /// The stretch from the previous step's end to this step's first phase.
    MemorySpan m_memoryBefore;
    StepMemory m_memory;
};

}  // namespace es
