#pragma once

// Internal to the engine: includes LibTorch.
//
// A data-parallel step's gradients summed over the ranks in buckets while backward still runs,
// as PyTorch's DistributedDataParallel does (docs/distributed.md): a hook on each parameter's
// gradient accumulator marks the parameter done, and a bucket whose parameters are all done
// starts its sum on Gloo's threads at once, in bucket order, so that every rank starts the same
// sums in the same order. What backward never reached (an unused layer, a rank with no samples
// in the last batch) is summed as zeros after it.
//
// Not c10d's Reducer: LibTorch 1.13 cannot build it (its header needs the distributed autograd
// context that Debian 12 lacks), and it divides by the number of ranks, where a short last
// batch needs each rank weighed by its samples. One implementation serves both releases.

#include "engine/distributed/processgroup_torch.h"

#include <torch/torch.h>

#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <vector>

namespace es {

/// What one step's reduction did.
struct ReducedGradients {
    std::int64_t bytes = 0;  ///< gradient bytes this rank reduced
    /// Milliseconds during which a bucket's sum was under way while this rank still computed
    /// (its backward, then its loss and metrics): communication hidden behind work. What it
    /// waited for after that is the step's Communication phase.
    double overlappedMs = 0.0;
    int buckets = 0;
    int bucketsDuringBackward = 0;  ///< started by the hooks, before finishStep
};

class OverlappedReduction {
public:
    /// Buckets of about `bucketBytes`, last parameters first (the order backward finishes
    /// them), the first of at most 1 MiB, as DDP's. A bucket's sum goes through `group`,
    /// which must outlive this.
    OverlappedReduction(ProcessGroup& group, std::int64_t bucketBytes);
    ~OverlappedReduction();
    OverlappedReduction(const OverlappedReduction&) = delete;
    OverlappedReduction& operator=(const OverlappedReduction&) = delete;

    /// Before a step's backward: each gradient will be multiplied by `weight` (this rank's
    /// share of the global batch) before it is summed. Hooks the parameters' accumulators the
    /// first time and whenever the parameters are other tensors than last time. Without
    /// `duringBackward`, every bucket starts in finishStep: on CUDA, where backward runs on
    /// LibTorch's device threads, whose streams a sum started from a hook would have to follow.
    void startStep(const std::vector<torch::Tensor>& parameters, double weight,
                   bool duringBackward);
    /// After backward: starts the buckets that are left (a missing gradient as zeros), waits
    /// for every sum and writes it into the gradients. DistributedError as the process
    /// group's collectives, also for a sum that failed to start inside backward.
    ReducedGradients finishStep();

private:
    struct Hooks;
    /// Called by the hook of parameter `index` once its gradient is accumulated.
    void onGradientReady(std::size_t index);
    /// Starts every bucket from the next one on whose parameters are all done.
    void startReadyBuckets();
    void startBucket(std::size_t bucket);
    void hook(const std::vector<torch::Tensor>& parameters);

    ProcessGroup& m_group;
    std::int64_t m_bucketBytes;
    std::vector<torch::Tensor> m_parameters;
    /// Parameter indices of each bucket, in the order they are started.
    std::vector<std::vector<std::size_t>> m_buckets;
    std::vector<std::size_t> m_bucketOf;  ///< the bucket of each parameter
    /// Shared with the hooks, which live as long as the parameters' accumulators do: a hook of
    /// a reduction that has gone finds nothing armed and does nothing.
    std::shared_ptr<Hooks> m_hooks;
    std::vector<bool> m_ready;
    std::vector<int> m_bucketMissing;  ///< parameters of each bucket not done yet
    std::size_t m_nextBucket = 0;
    double m_weight = 1.0;
    std::vector<std::unique_ptr<PendingSum>> m_pending;
    std::exception_ptr m_failure;
};

}  // namespace es
