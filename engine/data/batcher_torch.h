#pragma once

// Internal to the engine: includes LibTorch.

#include "data/dataset_torch.h"

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

    /// The samples of batch `index` in the current order: a view when not shuffled, else a
    /// gathered copy in host memory.
    Dataset batch(std::int64_t index) const;

    const Dataset& data() const { return m_data; }

private:
    Dataset m_data;
    std::int64_t m_batchSize;
    bool m_shuffle;
    bool m_dropLast;
    at::Generator m_generator;
    torch::Tensor m_order;
};

}  // namespace es
