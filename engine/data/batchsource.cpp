#include "engine/data/batchsource_torch.h"

#if EPOCHSCOPE_WITH_CUDA
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#endif

#include <algorithm>
#include <chrono>
#include <utility>

namespace es {

std::int64_t tensorBytes(const torch::Tensor& tensor)
{
    return static_cast<std::int64_t>(tensor.numel()) *
           static_cast<std::int64_t>(tensor.element_size());
}

BatchSource::BatchSource(Dataset data, const DataConfig& config, torch::Device device,
                         std::uint64_t shuffleSeed, Transform transform, BatchShard shard)
    : m_placement(config.placement), m_device(device), m_transform(std::move(transform))
{
    const bool empty = data.size() == 0;  // e.g. the validation set without validation_split
    if (m_placement == Placement::Device && !empty) {
        const auto start = std::chrono::steady_clock::now();
        data = {data.x.to(device), data.y.to(device)};
        m_stagingSeconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        m_stagedBytes = device.is_cpu() ? 0 : tensorBytes(data.x) + tensorBytes(data.y);
    } else if (m_placement == Placement::Pinned && !empty) {
        data = {data.x.pin_memory(), data.y.pin_memory()};
    }
    m_batcher = std::make_unique<Batcher>(std::move(data), config.batchSize, config.shuffle,
                                          config.dropLast, shuffleSeed, shard, config.batching);
    m_copiesAhead = EPOCHSCOPE_WITH_CUDA && m_placement == Placement::Pinned && device.is_cuda() &&
                    config.prefetch > 0;
    if (config.prefetch > 0)
        m_prefetcher = std::make_unique<BatchPrefetcher>(
            static_cast<std::size_t>(config.prefetch),
            [this](std::int64_t index) { return produce(index); });
}

void BatchSource::startEpoch(std::int64_t batches)
{
    m_nextIndex = 0;
    if (m_prefetcher)
        m_prefetcher->begin(0, batches, [this] { m_batcher->startEpoch(); });
    else
        m_batcher->startEpoch();
}

BatchSource::ShuffleState BatchSource::shuffleState() const
{
    return {m_batcher->generatorState(), m_batcher->order()};
}

void BatchSource::resumeEpoch(std::int64_t first, std::int64_t batches, const ShuffleState& state)
{
    const auto reorder = [&] {
        if (first == 0) {
            m_batcher->restore(state.generator, torch::Tensor());
            m_batcher->startEpoch();
        } else {
            m_batcher->restore(state.generator, state.order);
        }
    };
    m_nextIndex = first;
    if (m_prefetcher)
        m_prefetcher->begin(first, batches, reorder);
    else
        reorder();
}

Dataset BatchSource::next()
{
    if (m_prefetcher)
        return m_prefetcher->next();
    return produce(m_nextIndex++);
}

Dataset BatchSource::produce(std::int64_t index) const
{
    Dataset batch = m_batcher->batch(index);
    if (m_transform)
        batch = m_transform(std::move(batch));
    return place(std::move(batch));
}

BatchSource::Transfer BatchSource::warmUpBatch(std::int64_t step) const
{
    const std::int64_t batches = std::max<std::int64_t>(1, batchCount());
    return toDevice(place(m_batcher->storedBatch(step % batches)));
}

Dataset BatchSource::place(Dataset batch) const
{
    switch (m_placement) {
        case Placement::Host:
            // Keras slices NumPy arrays into a new host array every step; so does `host`,
            // even when the batch is a contiguous view.
            if (batch.x.is_alias_of(m_batcher->data().x))
                batch = {batch.x.clone(), batch.y.clone()};
            break;
        case Placement::Pinned:
            batch = {batch.x.pin_memory(), batch.y.pin_memory()};
            if (m_copiesAhead)
                batch = copyAhead(batch);
            break;
        case Placement::Device: break;  // gathered where the data lives
    }
    return batch;
}

Dataset BatchSource::copyAhead(const Dataset& pinned) const
{
#if EPOCHSCOPE_WITH_CUDA
    // On a stream of the loader's own, the copy overlaps the training kernels on the engine's
    // stream; waiting for it blocks only the loader thread.
    c10::cuda::CUDAStream stream = c10::cuda::getStreamFromPool(false, m_device.index());
    c10::cuda::CUDAStreamGuard onLoaderStream(stream);
    Dataset onDevice{pinned.x.to(m_device, /*non_blocking=*/true),
                     pinned.y.to(m_device, /*non_blocking=*/true)};
    stream.synchronize();
    return onDevice;
#else
    return pinned;
#endif
}

BatchSource::Transfer BatchSource::toDevice(const Dataset& batch) const
{
    if (batch.x.device() == m_device && m_copiesAhead) {
#if EPOCHSCOPE_WITH_CUDA
        // The batch's memory belongs to the loader's stream: tell the caching allocator that
        // the engine's stream uses it too, so that it is not handed out again while the
        // training kernels still read it.
        const c10::Stream engineStream = at::cuda::getCurrentCUDAStream(m_device.index());
        batch.x.record_stream(engineStream);
        batch.y.record_stream(engineStream);
#endif
        return {batch, tensorBytes(batch.x) + tensorBytes(batch.y)};
    }
    if (batch.x.device() == m_device)
        return {batch, 0};
    // Pinned buffers can be copied without blocking the host; pageable ones cannot.
    const bool nonBlocking = m_placement == Placement::Pinned;
    Transfer transfer{{batch.x.to(m_device, nonBlocking), batch.y.to(m_device, nonBlocking)}, 0};
    transfer.bytes = tensorBytes(batch.x) + tensorBytes(batch.y);
    return transfer;
}

}  // namespace es
