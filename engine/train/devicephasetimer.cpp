#include "engine/train/devicephasetimer.h"

#if EPOCHSCOPE_WITH_CUDA
#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/CUDAEvent.h>
#include <torch/cuda.h>

#include <vector>
#endif

namespace es {

#if EPOCHSCOPE_WITH_CUDA

namespace {

class CudaEventTimer : public DevicePhaseTimer {
public:
    CudaEventTimer()
    {
        // at::cuda::CUDAEvent's default flags disable timing (elapsed_time() would throw):
        // ask for timing events explicitly. Created once, reused every step.
        m_events.reserve(kDevicePhaseCount + 1);
        for (std::size_t i = 0; i <= kDevicePhaseCount; ++i)
            m_events.emplace_back(cudaEventDefault);
    }

    void mark(int boundary) override
    {
        m_events[static_cast<std::size_t>(boundary)].record(at::cuda::getCurrentCUDAStream());
    }

    std::optional<std::array<double, kDevicePhaseCount>> resolve() override
    {
        // The loss read-back waited for the stream, so the last event has completed; the
        // synchronize() here returns at once and only makes that explicit.
        m_events.back().synchronize();
        std::array<double, kDevicePhaseCount> ms{};
        for (std::size_t i = 0; i < kDevicePhaseCount; ++i)
            ms[i] = m_events[i].elapsed_time(m_events[i + 1]);
        return ms;
    }

    std::string description() const override
    {
        return "CUDA events on the current stream (no added synchronisation)";
    }

private:
    std::vector<at::cuda::CUDAEvent> m_events;
};

class SynchronisingTimer : public DevicePhaseTimer {
public:
    void mark(int) override { torch::cuda::synchronize(); }
    std::optional<std::array<double, kDevicePhaseCount>> resolve() override { return std::nullopt; }
    std::string description() const override
    {
        return "precise: the device is synchronised at each phase end (host clocks)";
    }
};

}  // namespace

std::unique_ptr<DevicePhaseTimer> makeDevicePhaseTimer(const std::string& device, bool precise)
{
    if (device.rfind("cuda", 0) != 0)
        return nullptr;
    if (precise)
        return std::make_unique<SynchronisingTimer>();
    return std::make_unique<CudaEventTimer>();
}

#else

std::unique_ptr<DevicePhaseTimer> makeDevicePhaseTimer(const std::string&, bool)
{
    return nullptr;  // no CUDA in this LibTorch: every device is the CPU
}

#endif

}  // namespace es
