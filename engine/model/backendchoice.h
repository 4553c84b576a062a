#pragma once

// Which implementation runs a run's LSTM layers, and whether its threads flush denormals:
// decided once when the run starts, from the config, the device and this build, and
// recorded in the run with the reason. No LibTorch here, so the rules are tested on their own.

#include "engine/config/deviceconfig.h"
#include "engine/config/runconfigfwd.h"

#include <string>

namespace es {

/// The backend a run uses (never Backend::Auto) and why, in words the run banner, the run
/// summary and the diagnosis show as they are ("auto: fused oneDNN LSTM on the CPU").
struct BackendChoice {
    Backend backend = Backend::LibTorch;
    std::string reason;
};

/// Whether this build has oneDNN's fused LSTM (configured with EPOCHSCOPE_WITH_ONEDNN).
bool oneDnnBuilt();

/// Resolves config.backend for a run on `device`, in a build that has oneDNN or not.
///
/// `auto` picks onednn on the CPU when this build has oneDNN and the model has an LSTM layer:
/// every LSTM the config can express (one direction, float32, zero initial state, Keras'
/// input dropout and L2 applied outside the kernel) runs on it. Otherwise libtorch, with the
/// reason. An explicit `libtorch` or `onednn` is honoured; an explicit `onednn` that cannot
/// run here throws ConfigError naming `backend` (a CUDA device is already refused by the
/// config check; a build without oneDNN only when the run starts).
BackendChoice resolveBackend(const RunConfig& config, DeviceType device, bool oneDnnAvailable);

/// What `auto` resolves to for a CPU run whose model has an LSTM layer, as resolveBackend
/// decides it for a run (the environment doctor reports it).
BackendChoice autoCpuLstmBackend(bool oneDnnAvailable);

/// Whether the training threads flush denormals to zero, and why.
struct DenormalsChoice {
    bool flush = false;
    std::string reason;
};

/// Resolves device.flush_denormals for a run that uses `backend` (already resolved): `auto`
/// flushes with onednn, whose fused kernels are where denormals would otherwise cost most on
/// the CPU, and leaves LibTorch's default (no flushing) with libtorch.
DenormalsChoice resolveFlushDenormals(const DeviceConfig& device, Backend backend);

}  // namespace es
