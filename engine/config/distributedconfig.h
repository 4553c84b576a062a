#pragma once

// The `distributed` section of a run's config: data-parallel training over several
// processes (RunConfig in runconfig.h holds every section; docs/distributed.md).

#include <array>
#include <string>
#include <string_view>

namespace es {

/// "backend" of the `distributed` section: the c10d process group the ranks talk over.
enum class DistributedBackend {
    Auto,  ///< "auto": nccl when the run's device is CUDA, gloo otherwise
    Gloo,  ///< "gloo": CPU tensors over TCP (LibTorch's own)
    Nccl,  ///< "nccl": CUDA tensors (a CUDA LibTorch built with NCCL)
};

/// "distributed": data-parallel training over several processes (docs/distributed.md), as
/// PyTorch's DistributedDataParallel does it. data.batch_size is per process; a step trains
/// on world_size * batch_size samples.
struct DistributedConfig {
    DistributedBackend backend = DistributedBackend::Auto;
    /// "world_size": how many processes train together, 1 to 4096; 1 is a run of one process.
    int worldSize = 1;
    /// "init": where the ranks meet, "tcp://HOST:PORT" or "file:PATH" (engine/config/
    /// rendezvous.h); empty lets the launcher say (`--nproc`, torchrun's MASTER_ADDR and
    /// MASTER_PORT, `--master`), and is refused when none does.
    std::string init;
    /// "interface": the network interface (eth0) or this machine's address that Gloo uses;
    /// empty: loopback, for ranks on one machine.
    std::string interface;
    /// "timeout_s": how long a rank waits for the others, at the rendezvous and at each
    /// collective, before the run fails naming the rank it waited for.
    int timeoutS = 300;
    /// "bucket_mb": gradients are averaged in buckets of about this many megabytes (PyTorch
    /// DDP's bucket_cap_mb, 25 by default).
    double bucketMb = 25.0;

    bool enabled() const { return worldSize > 1; }
    bool operator==(const DistributedConfig&) const;
};

inline constexpr std::array<DistributedBackend, 3> kAllDistributedBackends = {
    DistributedBackend::Auto, DistributedBackend::Gloo, DistributedBackend::Nccl};

std::string_view distributedBackendKey(DistributedBackend backend);

}  // namespace es
