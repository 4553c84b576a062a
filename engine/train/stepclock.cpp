#include "engine/train/stepclock.h"

#include "engine/train/devicephasetimer.h"

namespace es {

namespace {

double millisecondsBetween(StepClock::Clock::time_point from, StepClock::Clock::time_point to)
{
    return std::chrono::duration<double, std::milli>(to - from).count();
}

/// The device timer's boundary at the end of each host-timed phase: 0 before the copy (the
/// end of Data wait), then after the copy, forward, backward and optimizer.
int deviceBoundaryAfter(Phase phase)
{
    return static_cast<int>(phaseIndex(phase));
}

void keepMemorySpan(StepMemory& memory, Phase phase, const MemorySpan& span)
{
    memory.peakBytes[phaseIndex(phase)] = span.peakBytes;
    memory.endBytes[phaseIndex(phase)] = span.endBytes;
    memory.allocations += span.allocations;
}

}  // namespace

StepClock::StepClock(DevicePhaseTimer* deviceTimer, Clock::time_point wallStart)
    : m_deviceTimer(deviceTimer),
      m_wallStart(wallStart),
      m_phaseStart(Clock::now()),
      m_memoryBefore(endTensorMemorySpan())
{
}

void StepClock::phaseEnds(Phase phase)
{
    // The device event goes after the host stamp at the start of the device's work (the
    // copy), and before it at each later boundary: each host phase then holds the queueing
    // of exactly the device work its events enclose.
    const bool deviceWorkStarts = phase == Phase::DataWait;
    // Communication is the host's wait for the other ranks: the device has no work of its own
    // in it, so it has no device boundary (its device time falls in Optimizer's events).
    const bool deviceBoundary = !deviceWorkStarts && phase != Phase::Communication;
    if (m_deviceTimer && deviceBoundary)
        m_deviceTimer->mark(deviceBoundaryAfter(phase));
    const Clock::time_point now = Clock::now();
    m_phaseMs[phaseIndex(phase)] = millisecondsBetween(m_phaseStart, now);
    m_phaseStart = now;
    keepMemorySpan(m_memory, phase, endTensorMemorySpan());
    if (m_deviceTimer && deviceWorkStarts)
        m_deviceTimer->mark(deviceBoundaryAfter(phase));
}

StepClock::Clock::time_point StepClock::finish(BatchRecord& batch, double callbackMs,
                                               double warmUpMs)
{
    const Clock::time_point end = Clock::now();
    batch.wallMs = millisecondsBetween(m_wallStart, end);
    // After the optimizer the step reads its loss back and runs the batch callbacks; before
    // its first phase came the previous step's bookkeeping, or this run's warm-up steps.
    keepMemorySpan(m_memory, Phase::Callbacks, endTensorMemorySpan());
    keepMemorySpan(m_memory, warmUpMs > 0.0 ? Phase::WarmUp : Phase::Other, m_memoryBefore);
    batch.memory = m_memory;
    PhaseArray& ms = batch.phaseMs;
    ms = m_phaseMs;
    // Batch callbacks run after the loss read-back (they need the loss); each is timed.
    ms[phaseIndex(Phase::Callbacks)] = callbackMs;
    ms[phaseIndex(Phase::WarmUp)] = warmUpMs;
    // On a GPU the host stamps only say when work was queued; the events say how long the
    // device worked on each phase (read now that the loss read-back waited for them).
    if (const auto device = m_deviceTimer ? m_deviceTimer->resolve() : std::nullopt) {
        ms[phaseIndex(Phase::HostToDevice)] = (*device)[0];
        ms[phaseIndex(Phase::Forward)] = (*device)[1];
        ms[phaseIndex(Phase::Backward)] = (*device)[2];
        ms[phaseIndex(Phase::Optimizer)] = (*device)[3];
    }
    double named = 0.0;
    for (std::size_t i = 0; i + 1 < kPhaseCount; ++i)
        named += ms[i];
    // Stamps are taken in order on one clock, so the remainder is the uncovered gaps (loss
    // read-out, metrics, notifying observers, the pause check but not the time paused) and
    // never negative.
    ms[phaseIndex(Phase::Other)] = batch.wallMs - named;
    return end;
}

}  // namespace es
