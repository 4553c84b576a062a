#pragma once

// Internal to the engine: includes LibTorch.

#include "engine/config/dataconfig.h"
#include "engine/data/batcher_torch.h"
#include "engine/data/batchprefetcher_torch.h"

#include <torch/torch.h>

#include <functional>
#include <memory>

namespace es {

/// The training batches of one run, with the configured placement and prefetch
/// (docs/config.md#placement). The trainer times next() as DataWait and toDevice() as
/// HostToDevice.
class BatchSource {
public:
    /// Applied to each batch of next() where it is produced (RunExtensions::transformBatch).
    using Transform = std::function<Dataset(Dataset batch)>;

    /// Stages the data on `device` first when the placement is `device`. `transform`, when
    /// set, runs on every batch of next() as the batcher cuts it, before placement (on the
    /// loader thread with prefetch); warm-up batches are not transformed.
    /// `shard` is this process's slice of each batch in a distributed run (BatchShard).
    BatchSource(Dataset data, const DataConfig& config, torch::Device device,
                std::uint64_t shuffleSeed, Transform transform = {}, BatchShard shard = {});

    std::int64_t batchCount() const { return m_batcher->batchCount(); }
    std::int64_t samples() const { return m_batcher->data().size(); }
    /// Samples of batch `index` over every shard (the global batch of a distributed run).
    std::int64_t globalBatchSamples(std::int64_t index) const
    {
        return m_batcher->globalBatchSamples(index);
    }
    /// The share of batch `index`'s time steps that are padding (Batcher::paddingShare), from
    /// lengths kept on the CPU: asking never waits for a device.
    double paddingShare(std::int64_t index) const { return m_batcher->paddingShare(index); }
    /// The time steps of batch `index` as trained (Batcher::timesteps).
    std::int64_t timesteps(std::int64_t index) const { return m_batcher->timesteps(index); }

    /// Draws the epoch's order and, with prefetch, starts preparing its first `batches`.
    void startEpoch(std::int64_t batches);

    /// The shuffle order's state, for a backup: the generator, and the epoch's order.
    struct ShuffleState {
        torch::Tensor generator;
        torch::Tensor order;  ///< undefined without shuffling or before the first epoch
    };
    ShuffleState shuffleState() const;
    /// Continues an epoch saved in `state` at batch `first` of `batches`; with `first` 0 the
    /// epoch's order is drawn from the restored generator, as startEpoch() would have.
    void resumeEpoch(std::int64_t first, std::int64_t batches, const ShuffleState& state);

    /// The next batch of the epoch, as placement leaves it (host or device memory).
    Dataset next();

    struct Transfer {
        Dataset batch;           ///< on the training device
        std::int64_t bytes = 0;  ///< copied host to device
    };
    Transfer toDevice(const Dataset& batch) const;

    /// A batch for warm-up step `step` (0-based): the stored batches in turn, unshuffled,
    /// prepared and copied to the device as a training batch is. Touches neither the shuffle
    /// generator, the epoch's order nor next()'s position, so the epoch's batches are the same
    /// with or without warm-up; safe while the loader thread prefetches.
    Transfer warmUpBatch(std::int64_t step) const;

    /// With `pinned` placement, prefetch and a CUDA device, the loader thread copies each
    /// batch to the device ahead of time on a CUDA stream of its own, so that the copy
    /// overlaps the training kernels; next() then returns device tensors.
    bool copiesAhead() const { return m_copiesAhead; }

    /// Seconds spent staging the whole set on the device, and its size (device placement).
    double stagingSeconds() const { return m_stagingSeconds; }
    std::int64_t stagedBytes() const { return m_stagedBytes; }

private:
    Dataset produce(std::int64_t index) const;
    /// Prepares a batch cut from the data as the placement wants it (host copy, pinned).
    Dataset place(Dataset batch) const;
    /// The loader thread's copy of a pinned batch to the device on its own stream.
    Dataset copyAhead(const Dataset& pinned) const;

    Placement m_placement;
    torch::Device m_device;
    Transform m_transform;
    std::unique_ptr<Batcher> m_batcher;
    std::unique_ptr<BatchPrefetcher> m_prefetcher;
    std::int64_t m_nextIndex = 0;
    bool m_copiesAhead = false;
    double m_stagingSeconds = 0.0;
    std::int64_t m_stagedBytes = 0;
};

/// Bytes of a tensor's elements.
std::int64_t tensorBytes(const torch::Tensor& tensor);

}  // namespace es
