#include "engine/train/tensormemory.h"

#include "engine/train/tensormemory_torch.h"

#include <malloc.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>

namespace es {

namespace {

// Plain atomics at namespace scope: constant-initialised and never destroyed, so that a tensor
// freed while the process exits (a static's destructor) still counts safely.
std::atomic<std::int64_t> g_liveBytes{0};
std::atomic<std::int64_t> g_peakBytes{0};
std::atomic<std::int64_t> g_allocations{0};
// What endTensorMemorySpan() last read, for the allocations of the next stretch.
std::atomic<std::int64_t> g_allocationsAtSpanStart{0};

void countAllocation(std::int64_t bytes)
{
    // Relaxed: each figure is one counter of its own; a reader between two phases wants
    // totals, not an order among other threads' allocations.
    const std::int64_t live = g_liveBytes.fetch_add(bytes, std::memory_order_relaxed) + bytes;
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    std::int64_t peak = g_peakBytes.load(std::memory_order_relaxed);
    while (live > peak &&
           !g_peakBytes.compare_exchange_weak(peak, live, std::memory_order_relaxed)) {
    }
}

void countFree(std::int64_t bytes)
{
    g_liveBytes.fetch_sub(bytes, std::memory_order_relaxed);
}

constexpr std::size_t kSlots = 3;

/// What a slot's deleter needs: the wrapped allocator's deleter and block size.
struct Slot {
    c10::Allocator* inner = nullptr;
    c10::DeleterFnPtr release = nullptr;
    BlockSize blockSize = nullptr;
};

std::array<Slot, kSlots> g_slots;
std::mutex g_slotsMutex;

template <std::size_t S>
void releaseCounted(void* data)
{
    if (data == nullptr)
        return;
    const Slot& slot = g_slots[S];
    countFree(static_cast<std::int64_t>(slot.blockSize(data)));
    slot.release(data);
}

template <std::size_t S>
class CountingTensorAllocator final : public libtorch::TensorAllocator {
public:
    c10::DeleterFnPtr raw_deleter() const override { return &releaseCounted<S>; }

protected:
    c10::DataPtr allocateBytes(std::size_t bytes) const override
    {
        const Slot& slot = g_slots[S];
        c10::DataPtr block = slot.inner->allocate(bytes);
        void* data = block.get();
        // Zero bytes (no block), or a block that is not a raw one: it keeps its own deleter
        // and is never counted, made or freed.
        if (data == nullptr || block.get_context() != data || block.get_deleter() != slot.release)
            return block;
        // Ownership passes to this allocator's deleter, which gives the block back through the
        // wrapped one's.
        block.release_context();
        countAllocation(static_cast<std::int64_t>(slot.blockSize(data)));
        return {data, data, &releaseCounted<S>, block.device()};
    }
};

template <std::size_t S>
c10::Allocator* slotAllocator()
{
    static CountingTensorAllocator<S> allocator;
    return &allocator;
}

c10::Allocator* allocatorOfSlot(std::size_t slot)
{
    static_assert(kSlots == 3, "one case per slot");
    switch (slot) {
        case 0: return slotAllocator<0>();
        case 1: return slotAllocator<1>();
        default: return slotAllocator<2>();
    }
}

}  // namespace

TensorMemoryCounts tensorMemoryCounts()
{
    return {g_liveBytes.load(std::memory_order_relaxed),
            g_allocations.load(std::memory_order_relaxed)};
}

MemorySpan endTensorMemorySpan()
{
    MemorySpan span;
    span.endBytes = g_liveBytes.load(std::memory_order_relaxed);
    // The next stretch's peak starts from what is held now; an allocation racing with this
    // (an intra-op thread's, between two phases) lands in one stretch or the other.
    span.peakBytes =
        std::max(g_peakBytes.exchange(span.endBytes, std::memory_order_relaxed), span.endBytes);
    const std::int64_t allocations = g_allocations.load(std::memory_order_relaxed);
    span.allocations =
        allocations - g_allocationsAtSpanStart.exchange(allocations, std::memory_order_relaxed);
    return span;
}

c10::Allocator* countingTensorAllocator(CountedAllocator which, c10::Allocator* inner,
                                        BlockSize blockSize)
{
    const auto index = static_cast<std::size_t>(which);
    if (inner == nullptr || blockSize == nullptr || index >= kSlots)
        throw std::logic_error("countingTensorAllocator: no allocator to wrap");
    const std::lock_guard<std::mutex> lock(g_slotsMutex);
    Slot& slot = g_slots[index];
    if (slot.inner == nullptr) {
        const c10::DeleterFnPtr release = inner->raw_deleter();
        if (release == nullptr)
            throw std::logic_error(
                "countingTensorAllocator: the allocator to wrap has no plain deleter");
        slot = {inner, release, blockSize};
    } else if (slot.inner != inner || slot.blockSize != blockSize) {
        throw std::logic_error("countingTensorAllocator: slot " + std::to_string(index) +
                               " already wraps another allocator");
    }
    return allocatorOfSlot(index);
}

c10::Allocator* countedInnerAllocator(c10::Allocator* allocator)
{
    if (allocator == nullptr)
        return nullptr;
    const std::lock_guard<std::mutex> lock(g_slotsMutex);
    for (std::size_t index = 0; index < kSlots; ++index)
        if (g_slots[index].inner != nullptr && allocatorOfSlot(index) == allocator)
            return g_slots[index].inner;
    return nullptr;
}

std::size_t processMallocBlockSize(void* data)
{
    return ::malloc_usable_size(data);
}

}  // namespace es
