#include "engine/data/batcher_torch.h"

#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
#include <utility>

namespace es {

Batcher::Batcher(Dataset data, std::int64_t batchSize, bool shuffle, bool dropLast,
                 std::uint64_t seed, BatchShard shard)
    : m_data(std::move(data)),
      m_batchSize(batchSize),
      m_shard(shard),
      m_shuffle(shuffle),
      m_dropLast(dropLast),
      m_generator(at::make_generator<at::CPUGeneratorImpl>(seed))
{
}

std::int64_t Batcher::batchCount() const
{
    const std::int64_t n = m_data.size();
    const std::int64_t global = m_batchSize * m_shard.count;
    return m_dropLast ? n / global : (n + global - 1) / global;
}

std::int64_t Batcher::globalBatchSamples(std::int64_t index) const
{
    const std::int64_t global = m_batchSize * m_shard.count;
    return std::clamp<std::int64_t>(m_data.size() - index * global, 0, global);
}

std::pair<std::int64_t, std::int64_t> Batcher::shardRange(std::int64_t index) const
{
    const std::int64_t n = m_data.size();
    const std::int64_t begin = std::min(n, (index * m_shard.count + m_shard.index) * m_batchSize);
    return {begin, std::min(m_batchSize, n - begin)};
}

void Batcher::startEpoch()
{
    if (m_shuffle)
        setOrder(torch::randperm(m_data.size(), m_generator, torch::kInt64));
}

void Batcher::setOrder(const torch::Tensor& order)
{
    m_order = order;
    // Gathering needs the indices where the data is (on the GPU with `device` placement):
    // copied once per epoch rather than once per batch.
    m_orderOnDataDevice = order.defined() ? order.to(m_data.x.device()) : order;
}

void Batcher::restore(const torch::Tensor& generatorState, const torch::Tensor& order)
{
    m_generator.set_state(generatorState);
    setOrder(order);
}

Dataset Batcher::storedBatch(std::int64_t index) const
{
    const auto [begin, count] = shardRange(index);
    return {m_data.x.narrow(0, begin, count), m_data.y.narrow(0, begin, count)};
}

Dataset Batcher::batch(std::int64_t index) const
{
    if (!m_shuffle || !m_order.defined())
        return storedBatch(index);
    const auto [begin, count] = shardRange(index);
    const auto indices = m_orderOnDataDevice.narrow(0, begin, count);
    return {m_data.x.index_select(0, indices), m_data.y.index_select(0, indices)};
}

}  // namespace es
