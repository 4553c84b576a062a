#pragma once

// Internal to the engine: includes LibTorch.

#include "engine/config/dataconfig.h"
#include "engine/data/dataset_torch.h"

#include <torch/torch.h>

#include <utility>

namespace es {

/// This process's part of every batch in a distributed run (distributed.world_size
/// processes): a step's global batch is `count` consecutive slices of the configured batch
/// size, cut from the same order on every rank, and this process trains on slice `index`.
/// So the global batches are the very batches one process with count times the batch size
/// would train on, in the same order.
struct BatchShard {
    int index = 0;
    int count = 1;
};

/// Cuts a dataset into batches, in a new seeded order every epoch when shuffling.
///
/// With Batching::ByLength (token ids padded after each text with id 0), samples of similar
/// length share a batch and each batch is cut after its longest sample, rounded up to a width
/// of a short ladder (bucketWidth()). The order is made so:
/// the epoch's shuffled order is cut into pools of kBatchesPerPool global batches, each pool is
/// sorted by length (stably), cut into batches, and the full batches are put in an order the
/// seed draws; a last, short batch stays last. Without shuffling the whole set is sorted by
/// length once. Every draw comes from the batcher's seeded generator, so the same seed gives
/// the same batches, and a resumed run's saved order gives them again.
class Batcher {
public:
    /// How many batches' worth of samples are sorted by length together: enough for batches
    /// of near-equal lengths, few enough that a batch's neighbours still vary from epoch to
    /// epoch.
    static constexpr std::int64_t kBatchesPerPool = 50;
    /// Batch widths by length: multiples of kWidthStep up to kLinearWidths, then steps of a
    /// quarter (rounded up to kWidthStep). Every new width is a new shape, for which the fused
    /// kernels build primitives (milliseconds each) and LibTorch's allocator new blocks: a
    /// ladder of about 20 widths up to 600 steps keeps them few, for at most a quarter more
    /// padding than cutting at the longest sample exactly.
    static constexpr std::int64_t kWidthStep = 8;
    static constexpr std::int64_t kLinearWidths = 64;
    /// The width a batch whose longest sample has `longest` ids is cut to: the ladder's first
    /// width at least `longest`, at most `steps` (the data's own).
    static std::int64_t bucketWidth(std::int64_t longest, std::int64_t steps);

    /// `batchSize` is one shard's; a batch of the epoch holds batchSize * shard.count samples,
    /// of which batch() returns this shard's slice (empty when the last batch ends before it).
    Batcher(Dataset data, std::int64_t batchSize, bool shuffle, bool dropLast, std::uint64_t seed,
            BatchShard shard = {}, Batching batching = Batching::Fixed);

    /// Batches per epoch: ceil(N / B), or floor(N / B) with drop_last, B the global batch.
    std::int64_t batchCount() const;

    /// Draws the next epoch's order (a no-op without shuffling).
    void startEpoch();

    /// The shuffle generator's state and the current epoch's order (undefined before the
    /// first epoch or without shuffling): what a resumed run needs to see the same batches.
    torch::Tensor generatorState() const { return m_generator.get_state(); }
    const torch::Tensor& order() const { return m_order; }
    /// Puts a saved generator state and order back; an undefined `order` keeps none.
    void restore(const torch::Tensor& generatorState, const torch::Tensor& order);

    /// The samples of batch `index` in the current order: a view when not shuffled, else a
    /// gathered copy in host memory; by length, cut after the longest sample.
    Dataset batch(std::int64_t index) const;
    /// The share of batch `index`'s time steps that are padding (token id 0), as the batch is
    /// trained on (cut to its longest sample when batched by length); 0 for float features.
    double paddingShare(std::int64_t index) const;
    /// The time steps of batch `index` as it is trained: the data's own, or by length the
    /// width it is cut to.
    std::int64_t timesteps(std::int64_t index) const;
    /// The samples of batch `index` in the order they are stored, whatever the shuffle: a view.
    Dataset storedBatch(std::int64_t index) const;

    const Dataset& data() const { return m_data; }
    /// Samples in batch `index` over all shards: what one process would train on.
    std::int64_t globalBatchSamples(std::int64_t index) const;

private:
    /// Where this shard's slice of batch `index` starts in the epoch's order, and its length.
    std::pair<std::int64_t, std::int64_t> shardRange(std::int64_t index) const;

    /// `base` (an order of every sample) grouped by length as the class comment says.
    torch::Tensor groupedByLength(const torch::Tensor& base);
    /// This shard's sample indices of batch `index` in the current order, on the CPU.
    torch::Tensor batchIndices(std::int64_t index) const;
    /// By length: the width batch `index` is cut to.
    std::int64_t batchWidth(std::int64_t index) const;

    Dataset m_data;
    std::int64_t m_batchSize;
    bool m_byLength;
    /// For token ids: each sample's ids that are not padding (not 0), on the CPU.
    torch::Tensor m_lengths;
    BatchShard m_shard;
    bool m_shuffle;
    bool m_dropLast;
    void setOrder(const torch::Tensor& order);

    at::Generator m_generator;
    torch::Tensor m_order;              ///< on the CPU, where the generator draws it
    torch::Tensor m_orderOnDataDevice;  ///< the same, where the data lives
};

}  // namespace es
