#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>

namespace es {

/// The device-side phases of a step: host-to-device, forward, backward, optimizer.
inline constexpr std::size_t kDevicePhaseCount = 4;

/// Times a step's phases on a CUDA device. Host clocks only see when work was queued, so an
/// event is recorded on the current stream at each phase boundary and the elapsed times are
/// read once the step's loss has been read back, which waits for the stream anyway: timing
/// adds no synchronisation. In precise mode the device is synchronised at each boundary
/// instead, the host clocks become exact, and resolve() has nothing to add.
class DevicePhaseTimer {
public:
    virtual ~DevicePhaseTimer() = default;
    /// Boundary 0 is before the copy to the device; 1, 2, 3 and 4 follow the copy, forward,
    /// backward and optimizer.
    virtual void mark(int boundary) = 0;
    /// Device milliseconds of each device phase of the step just marked; nullopt in precise
    /// mode. Call after the step's loss was read.
    virtual std::optional<std::array<double, kDevicePhaseCount>> resolve() = 0;
    /// How phases are timed, for the run's facts.
    virtual std::string description() const = 0;
};

/// A timer for `device` ("cuda:0"); nullptr on the CPU, where host clocks are exact, and in
/// builds whose LibTorch has no CUDA.
std::unique_ptr<DevicePhaseTimer> makeDevicePhaseTimer(const std::string& device, bool precise);

/// How a run on `device` is timed without a DevicePhaseTimer: "host clocks".
inline std::string hostClockTiming()
{
    return "host clocks";
}

}  // namespace es
