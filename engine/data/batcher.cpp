#include "engine/data/batcher_torch.h"

#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace es {

Batcher::Batcher(Dataset data, std::int64_t batchSize, bool shuffle, bool dropLast,
                 std::uint64_t seed, BatchShard shard, Batching batching)
    : m_data(std::move(data)),
      m_batchSize(batchSize),
      m_byLength(batching == Batching::ByLength),
      m_shard(shard),
      m_shuffle(shuffle),
      m_dropLast(dropLast),
      m_generator(at::make_generator<at::CPUGeneratorImpl>(seed))
{
    if (m_data.size() > 0 && m_data.x.dim() == 2 && m_data.x.scalar_type() == torch::kInt64)
        m_lengths = (m_data.x != 0).sum(1).to(torch::kCPU, torch::kInt64).contiguous();
    if (m_byLength && !m_lengths.defined())
        throw std::invalid_argument("Batcher: by_length batching needs token ids");
    if (m_byLength && !m_shuffle)
        setOrder(groupedByLength(torch::arange(m_data.size(), torch::kInt64)));
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
    if (m_shuffle) {
        torch::Tensor order = torch::randperm(m_data.size(), m_generator, torch::kInt64);
        setOrder(m_byLength ? groupedByLength(order) : order);
    } else if (m_byLength && !m_order.defined()) {  // a resumed run restored no order
        setOrder(groupedByLength(torch::arange(m_data.size(), torch::kInt64)));
    }
}

torch::Tensor Batcher::groupedByLength(const torch::Tensor& base)
{
    const std::int64_t n = base.size(0);
    const std::int64_t global = m_batchSize * m_shard.count;
    torch::Tensor order = base.contiguous().clone();
    std::int64_t* samples = order.data_ptr<std::int64_t>();
    const std::int64_t* lengths = m_lengths.data_ptr<std::int64_t>();
    const std::int64_t pool = m_shuffle ? global * kBatchesPerPool : n;
    for (std::int64_t start = 0; start < n; start += pool) {
        std::stable_sort(
            samples + start, samples + std::min(n, start + pool),
            [lengths](std::int64_t a, std::int64_t b) { return lengths[a] < lengths[b]; });
    }
    const std::int64_t fullBatches = n / global;
    if (!m_shuffle || fullBatches < 2)
        return order;
    // The pools' batches in a drawn order, so that an epoch does not run from short to long.
    const torch::Tensor batchOrder = torch::randperm(fullBatches, m_generator, torch::kInt64);
    torch::Tensor grouped = order.clone();
    const std::int64_t* drawn = batchOrder.data_ptr<std::int64_t>();
    for (std::int64_t b = 0; b < fullBatches; ++b)
        grouped.narrow(0, b * global, global).copy_(order.narrow(0, drawn[b] * global, global));
    return grouped;
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

torch::Tensor Batcher::batchIndices(std::int64_t index) const
{
    const auto [begin, count] = shardRange(index);
    if (!m_order.defined())
        return torch::arange(begin, begin + count, torch::kInt64);
    return m_order.narrow(0, begin, count);
}

Dataset Batcher::batch(std::int64_t index) const
{
    Dataset samples;
    if (!m_order.defined()) {
        samples = storedBatch(index);
    } else {
        const auto [begin, count] = shardRange(index);
        const auto indices = m_orderOnDataDevice.narrow(0, begin, count);
        samples = {m_data.x.index_select(0, indices), m_data.y.index_select(0, indices)};
    }
    if (m_byLength && samples.size() > 0)
        samples.x = samples.x.narrow(1, 0, batchWidth(index));
    return samples;
}

std::int64_t Batcher::bucketWidth(std::int64_t longest, std::int64_t steps)
{
    std::int64_t width = kWidthStep;
    while (width < longest)
        width = width < kLinearWidths ? width + kWidthStep
                                      : (width * 5 / 4 + kWidthStep - 1) / kWidthStep * kWidthStep;
    return std::min(width, steps);
}

std::int64_t Batcher::batchWidth(std::int64_t index) const
{
    // Lengths are on the CPU: cutting a batch on a GPU waits for nothing.
    const std::int64_t longest =
        m_lengths.index_select(0, batchIndices(index)).max().item<std::int64_t>();
    return bucketWidth(std::max<std::int64_t>(1, longest), m_data.x.size(1));
}

std::int64_t Batcher::timesteps(std::int64_t index) const
{
    if (m_data.x.dim() < 2)
        return 0;
    return m_byLength ? batchWidth(index) : m_data.x.size(1);
}

double Batcher::paddingShare(std::int64_t index) const
{
    if (!m_lengths.defined())
        return 0.0;
    const torch::Tensor lengths = m_lengths.index_select(0, batchIndices(index));
    if (lengths.numel() == 0)
        return 0.0;
    const std::int64_t steps = timesteps(index);
    const double tokens = static_cast<double>(lengths.sum().item<std::int64_t>());
    const double slots = static_cast<double>(steps) * static_cast<double>(lengths.numel());
    return 1.0 - tokens / slots;
}

}  // namespace es
