#pragma once

// Where a run's host tensor memory comes from (device.allocator, docs/config.md#allocator).
//
// glibc maps every block above its mmap threshold with a fresh mmap and unmaps it on free, so
// a training step whose activations and gradients are megabytes each faults every page of
// them in again, step after step (a minor page fault per 4 kB page). Three cures, chosen per
// run:
//   - glibc-tuned: mallopt() raises glibc's mmap and trim thresholds, so freed blocks stay in
//     the heap. Process-wide, and glibc cannot be put back as it was (see allocator.cpp).
//   - jemalloc, tcmalloc: Debian's libjemalloc.so.2 or libtcmalloc_minimal.so.4 is loaded with
//     dlopen(RTLD_LOCAL), so it does not replace the process's malloc, and LibTorch's CPU
//     allocator (c10::SetCPUAllocator) is pointed at it for the length of the run. Every
//     tensor's DataPtr carries the deleter of the allocator that made it, so tensors that
//     outlive the run are still freed by the right library; the libraries are never unloaded.
//     Both can serve runs of one process in turn (a what-if experiment's variants). Debian's
//     jemalloc uses initial-exec TLS, which a running process can load only when it was
//     started with more static TLS (GLIBC_TUNABLES=glibc.rtld.optional_static_tls=4096); a
//     process-wide swap (LD_PRELOAD, or linking it) would take every run, and glibc-tuned and
//     system with it, out of reach of a comparison.

#include "engine/config/deviceconfig.h"

#include <array>
#include <cstdint>
#include <functional>
#include <string>

namespace es {

/// Whether an allocator can serve a run in this process.
struct AllocatorAvailability {
    bool available = false;
    /// What serves it ("libtcmalloc_minimal.so.4, gperftools 2.10") or, when unavailable, why
    /// and what to do (names the Debian package to install).
    std::string detail;
};

/// Looks up `allocator` in this process: jemalloc and tcmalloc are loaded on the first call
/// (once; the answer does not change for the life of the process). Never Auto.
AllocatorAvailability allocatorAvailability(HostAllocator allocator);

/// The order `auto` tries, best first, as tests/benchmarks/allocators measured it on both
/// reference presets with both LSTM backends (docs/benchmarks.md#allocators). `system` last:
/// it is always there. jemalloc is not in it: it took more page faults than glibc as it is.
extern const std::array<HostAllocator, 3> kMeasuredAllocatorOrder;

/// The allocator to suggest to a run that churns memory: the first of kMeasuredAllocatorOrder.
HostAllocator bestMeasuredAllocator();

/// A run's allocator (never Auto) and why, in words the run banner and summary show as they
/// are ("auto: the fastest measured on the reference workloads").
struct AllocatorChoice {
    HostAllocator allocator = HostAllocator::System;
    std::string reason;
};

using AllocatorLookup = std::function<AllocatorAvailability(HostAllocator)>;

/// Resolves device.allocator. `auto` takes the first available of kMeasuredAllocatorOrder
/// and says what it passed over. An explicit choice this process cannot use throws ConfigError
/// naming `device.allocator`, with the package to install or the setting that makes it
/// loadable.
AllocatorChoice resolveAllocator(HostAllocator requested,
                                 const AllocatorLookup& lookup = allocatorAvailability);

/// Installs a resolved allocator for as long as it lives (one run): glibc's thresholds for
/// glibc-tuned, LibTorch's CPU allocator for jemalloc and tcmalloc. The destructor puts
/// LibTorch's allocator back as it was before the first lease still alive began (leases may
/// overlap when two runs train at once; the newest one's allocator is in force). Create it
/// before the run allocates its first tensor and destroy it after its threads are joined.
class AllocatorLease {
public:
    /// Throws ConfigError (device.allocator) when the allocator cannot be installed.
    explicit AllocatorLease(HostAllocator allocator);
    ~AllocatorLease();
    AllocatorLease(const AllocatorLease&) = delete;
    AllocatorLease& operator=(const AllocatorLease&) = delete;

    /// What the run should record beyond its choice: that glibc was tuned by an earlier run
    /// and stays so, for a `system` run; empty when there is nothing to add.
    const std::string& note() const { return m_note; }

private:
    HostAllocator m_allocator;
    std::uint64_t m_id = 0;
    std::string m_note;
};

/// Which allocator LibTorch's CPU tensors come from right now: "default" (LibTorch's own,
/// on the process's malloc), "jemalloc", "tcmalloc", or "other" (set by something else).
std::string currentTensorAllocator();

/// Whether an earlier run in this process tuned glibc (glibc-tuned); it stays tuned.
bool glibcTunedInProcess();

}  // namespace es
