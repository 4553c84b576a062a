#pragma once

// Internal to the engine: includes LibTorch. Counting allocators for LibTorch's CPU tensors
// (tensormemory.h has what they count and why).

#include "engine/model/libtorchapi_torch.h"

#include <cstddef>

namespace es {

/// The allocators a counting one can wrap, one at a time each: a DataPtr's deleter is a plain
/// function, which finds the allocator it wraps by its slot.
enum class CountedAllocator { Default, Jemalloc, Tcmalloc };

/// The usable size of a block `inner` handed out (malloc_usable_size for the process's malloc),
/// counted at allocation and again at the free, so that the two always match.
using BlockSize = std::size_t (*)(void* data);

/// A CPU tensor allocator that hands out `inner`'s blocks and counts them. Its blocks keep
/// data and context the same, with a plain deleter, as LibTorch's raw_allocate() (oneDNN's
/// scratch memory) needs; `inner` must give such blocks too. The first call for a slot makes
/// its allocator and keeps it for the life of the process (its tensors may outlive any run);
/// a later call for that slot returns the same one and throws std::logic_error when `inner`
/// or `blockSize` differ.
c10::Allocator* countingTensorAllocator(CountedAllocator slot, c10::Allocator* inner,
                                        BlockSize blockSize);

/// The allocator `allocator` wraps when it is one of the counting ones, else nullptr.
c10::Allocator* countedInnerAllocator(c10::Allocator* allocator);

/// The usable size of a block of the process's malloc, which LibTorch's default allocator uses.
std::size_t processMallocBlockSize(void* data);

}  // namespace es
