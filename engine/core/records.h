#pragma once

#include "engine/core/phase.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace es {

/// Steps are timed in milliseconds, epochs and runs in seconds.
inline constexpr double kMsPerS = 1000.0;

using PhaseBytes = std::array<std::int64_t, kPhaseCount>;

/// A step's CPU tensor memory, as the counting tensor allocator saw it
/// (engine/train/tensormemory.h): bytes held by tensors, counted process-wide. Each phase's
/// figures cover the stretch the step clock gave it: Callbacks the stretch from the end of the
/// optimizer to the step's end (the loss read-back, metrics and the batch callbacks), Other
/// (or WarmUp in the step that ran the warm-up) the stretch before the step's first phase (the
/// previous step's bookkeeping, an epoch's end). All 0 where nothing was counted: steps
/// recorded before EpochScope counted memory, and runs whose allocator it could not wrap.
struct StepMemory {
    PhaseBytes peakBytes{};        ///< the most bytes held at once during each phase
    PhaseBytes endBytes{};         ///< held at each phase's end
    std::int64_t allocations = 0;  ///< blocks handed out during the step

    /// The most bytes held at once during the step.
    std::int64_t stepPeakBytes() const
    {
        std::int64_t peak = 0;
        for (std::int64_t bytes : peakBytes)
            peak = bytes > peak ? bytes : peak;
        return peak;
    }
    bool counted() const { return stepPeakBytes() > 0; }
};

/// One training step. Plain values only: records cross from the engine thread to sinks that
/// must never block it.
struct BatchRecord {
    int epoch = 0;  ///< 1-based
    int batch = 0;  ///< 1-based within the epoch
    /// From the end of the previous step (or the start of the epoch) to the end of this one.
    double wallMs = 0.0;
    /// Per phase, in milliseconds; phaseMs[Other] = wallMs - sum of the named phases.
    PhaseArray phaseMs{};
    double loss = 0.0;
    std::int64_t samples = 0;
    std::int64_t h2dBytes = 0;  ///< bytes copied host to device for this step
    /// When the step ended, in seconds on the run clock (see RunClock), the clock system
    /// samples carry too.
    double endS = 0.0;
    /// Page faults the engine thread took during the step (getrusage(RUSAGE_THREAD)): minor
    /// ones are memory the allocator handed back to the kernel and touched again.
    std::int64_t minorFaults = 0;
    std::int64_t majorFaults = 0;
    /// Bytes of gradients this rank all-reduced in the step; 0 in a run of one process.
    std::int64_t reducedBytes = 0;
    /// Milliseconds of the step during which its gradients were being all-reduced while this
    /// rank still computed (backward, then the step's loss): communication hidden behind
    /// work, beside the exposed wait that is phaseMs[Communication]. 0 in a run of one process.
    double overlappedMs = 0.0;
    /// The share of the step's time steps that were padding (token id 0 in the batch as it
    /// was trained: cut after its longest text when batched by length); 0 for float features.
    double paddingShare = 0.0;
    /// The time steps of the step's batch as it was trained: the data's own, or by length the
    /// width it was cut to. With `samples`, the shape kernels saw; a new one builds primitives.
    /// 0 for steps recorded before EpochScope kept it.
    std::int64_t timesteps = 0;
    StepMemory memory;
};

/// The lengths in tokens of a text source's training texts, as loading found them before any
/// padding or cut: what the padding-waste finding proposes a sequence length from. All 0 for
/// other sources.
struct TextLengths {
    std::int64_t median = 0;
    std::int64_t p95 = 0;  ///< the nearest-rank 95th percentile
    std::int64_t longest = 0;

    bool known() const { return longest > 0; }
};

/// One process of a distributed run, as it introduced itself when the ranks met.
struct RankMember {
    int rank = 0;
    std::string host;
    std::int64_t pid = 0;
};

/// What one callback cost in one epoch: its time in the batch and epoch-end hooks, and the
/// files it wrote (checkpoints, backups, CSV logs).
struct CallbackCost {
    std::string name;  ///< the config's type, "model_checkpoint"
    double seconds = 0.0;
    std::int64_t bytesWritten = 0;
    int writes = 0;  ///< files written (saves)

    bool operator==(const CallbackCost& other) const
    {
        return name == other.name && seconds == other.seconds &&
               bytesWritten == other.bytesWritten && writes == other.writes;
    }
};

/// One epoch: training phase totals, validation and per-callback cost.
struct EpochRecord {
    int epoch = 0;        ///< 1-based
    int batches = 0;      ///< training steps run in this epoch
    double startS = 0.0;  ///< on the run clock (see RunClock)
    double wallS = 0.0;   ///< training + validation + epoch-end work
    double trainS = 0.0;
    double validationS = 0.0;
    PhaseArray phaseS{};  ///< sums of BatchRecord::phaseMs over the epoch, in seconds
    std::vector<CallbackCost> callbacks;  ///< in config order
    std::int64_t samples = 0;
    double trainLoss = 0.0;
    std::optional<double> valLoss;
    /// "mae", "accuracy", "val_mae", "val_accuracy", ... as Keras names them.
    std::map<std::string, double> metrics;
};

/// One GPU's state at a sample time, as NVML reports it; a value NVML could not read is NaN.
struct GpuSample {
    int index = 0;
    double smUtilPct = 0.0;   ///< share of time a kernel ran
    double memUtilPct = 0.0;  ///< share of time device memory was read or written
    double memUsedMb = 0.0;
    double memTotalMb = 0.0;
    double powerW = 0.0;
    double pcieTxMbPerS = 0.0;  ///< PCIe traffic the GPU sent (device to host), MB/s
    double pcieRxMbPerS = 0.0;  ///< received by the GPU
    double smClockMhz = 0.0;
};

/// CPU time one thread of the process used since the previous sample.
struct ThreadCpu {
    int tid = 0;
    std::string name;     ///< /proc/<pid>/task/<tid>/comm
    double cpuPct = 0.0;  ///< 100 = one core busy the whole interval
};

/// What the system sampler measured at one time.
struct SystemSample {
    double tS = 0.0;  ///< on the run clock, as BatchRecord::endS
    /// Since the previous sample: the sampled process (100 = one core) and the whole machine
    /// (100 = every core). A process that had ended: NaN, no threads (SystemSampler).
    double processCpuPct = 0.0;
    double machineCpuPct = 0.0;
    double rssMb = 0.0;
    std::vector<ThreadCpu> threads;
    std::vector<GpuSample> gpus;  ///< empty without NVML
};

enum class RunState { Idle, Running, Paused, Stopping, Finished, Stopped, Failed };

std::string_view runStateName(RunState state);

inline bool isTerminal(RunState state)
{
    return state == RunState::Finished || state == RunState::Stopped || state == RunState::Failed;
}

}  // namespace es
