#pragma once

// Internal to the engine: includes LibTorch.
//
// One rank of a data-parallel run, with the semantics of PyTorch's DistributedDataParallel
// (docs/distributed.md): every rank starts from rank 0's weights, trains on its own slice of
// each global batch (data/batcher_torch.h BatchShard) and, after its backward pass, takes the
// gradient that one process would have computed on the whole global batch, so that the
// weights stay the same on every rank and match a run of one process with the global batch.

#include "engine/config/runconfigfwd.h"
#include "engine/core/records.h"
#include "engine/distributed/overlappedreduction_torch.h"
#include "engine/distributed/processgroup_torch.h"

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

namespace es {

class DataParallel {
public:
    /// Meets the other ranks (distributed.init, interface, timeout_s) and checks that every
    /// rank trains the same config: a rank whose config differs throws ConfigError naming the
    /// first field that differs from rank 0's, and every other rank throws ConfigError at
    /// `distributed` saying that one did. DistributedError when the ranks cannot meet;
    /// DistributedStopped when `stopRequested` asked to stop while they met.
    explicit DataParallel(const RunConfig& config, StopRequest stopRequested = {});

    int rank() const { return m_group.rank(); }
    int worldSize() const { return m_group.worldSize(); }

    /// Rank 0's values of `tensors` (a model's parameters and buffers) on every rank.
    void broadcastFromRankZero(std::vector<torch::Tensor> tensors);

    /// Before a step's backward. The step replaces each parameter's gradient by the gradient
    /// of the global batch's mean loss: the sum over the ranks of gradient * samples /
    /// globalSamples (ranks with fewer samples in the last batch weigh less, as in one
    /// process). On the CPU the sums run in buckets of about distributed.bucket_mb while
    /// backward still runs (overlappedreduction_torch.h); on CUDA they start after it.
    void startGradients(const std::vector<torch::Tensor>& parameters, std::int64_t samples,
                        std::int64_t globalSamples);
    /// After the step's backward (or in its place, on a rank with no samples in this step,
    /// which adds zeros): waits for the sums and writes them into the gradients.
    ReducedGradients finishGradients();

    /// The sums of `values` over every rank, in double precision: a step's weighted loss, an
    /// epoch's loss and metric sums.
    std::vector<double> sumOverRanks(const std::vector<double>& values);

    /// How gradients are averaged, for the run's record.
    std::string gradientReduction() const;

    /// Every rank with its host and process id, in rank order.
    const std::vector<RankMember>& members() const { return m_members; }

    /// How many ranks (this one included) run on this machine, as they introduced themselves
    /// at the meeting: those whose kernel has this one's boot id (or, where it cannot be read,
    /// whose host name is this one's), however they were started. They share its cores.
    int ranksOnThisMachine() const { return m_ranksOnThisMachine; }

    /// Every rank's `steps` (this rank's steps of one epoch) on rank 0, indexed by rank; an
    /// empty list on the other ranks. Every rank must call it with as many steps, which the
    /// ranks' lockstep guarantees (they stop after the same step).
    std::vector<std::vector<BatchRecord>> gatherSteps(const std::vector<BatchRecord>& steps);

private:
    void checkSameConfig(const RunConfig& config);
    /// Each rank's host and process id, published at the meeting, so that a failed collective
    /// can say which rank was lost ("rank 1 on node-b (pid 4242)") and the run's record which
    /// host trained which steps.
    void introduceRanks();
    /// Runs a collective; a DistributedError (a rank died, a network failed) gets the other
    /// ranks' hosts added, and says which one was lost when there is only one other.
    template <typename Collective>
    void collectively(Collective&& collective);

    ProcessGroup m_group;
    std::int64_t m_bucketBytes;
    OverlappedReduction m_reduction;
    bool m_overlapped;  ///< sums start during backward (on the CPU)
    std::vector<RankMember> m_members;
    /// "rank 1 on node-b (pid 4242)" for every rank but this one, in rank order.
    std::vector<std::string> m_otherRanks;
    int m_ranksOnThisMachine = 1;
};

/// The options a run's process group meets with: distributed.init (or the launcher's
/// rendezvous), the rank, distributed.interface and timeout_s. ConfigError at
/// `distributed.init` when no rendezvous was given.
ProcessGroupOptions processGroupOptions(const RunConfig& config);

}  // namespace es
