#pragma once

// Internal to the engine: includes LibTorch.

#include "engine/data/dataset_torch.h"

#include <torch/torch.h>

namespace es {

/// Cuts a dataset into batches, in a new seeded order every epoch when shuffling.
class Batcher {
public:
    Batcher(Dataset data, std::int64_t batchSize, bool shuffle, bool dropLast, std::uint64_t seed);

    /// Batches per epoch: ceil(N / B), or floor(N / B) with drop_last.
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
    /// gathered copy in host memory.
    Dataset batch(std::int64_t index) const;
    /// The samples of batch `index` in the order they are stored, whatever the shuffle: a view.
    Dataset storedBatch(std::int64_t index) const;

    const Dataset& data() const { return m_data; }

private:
    Dataset m_data;
    std::int64_t m_batchSize;
    bool m_shuffle;
    bool m_dropLast;
    void setOrder(const torch::Tensor& order);

    at::Generator m_generator;
    torch::Tensor m_order;              ///< on the CPU, where the generator draws it
    torch::Tensor m_orderOnDataDevice;  ///< the same, where the data lives
};

}  // namespace es
