#pragma once

#include "engine/config/runconfigfwd.h"

namespace es {

/// Checks that a valid config can run on this machine (the requested CUDA device exists in
/// this LibTorch build, the requested allocator can be loaded). Throws ConfigError naming the
/// field.
void checkRunnable(const RunConfig& config);

}  // namespace es
