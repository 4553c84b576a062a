#pragma once

// Two configurations can differ in their text and still train the same way on this machine:
// `intra_op_threads: 0` means one thread per physical core, so on a 2-core machine it is
// `threads=2`. An experiment that measures both measures noise, and the user should be told
// before reading a speedup into it.

#include "engine/config/deviceconfig.h"
#include "engine/config/runconfigfwd.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace es {

/// What a config's defaults resolve to on the machine the experiment runs on.
struct MachineDefaults {
    int physicalCores = 1;
    /// What device.allocator "auto" resolves to here (resolveAllocator).
    HostAllocator autoAllocator = HostAllocator::System;
};

/// The config as JSON with every "pick for me" value resolved for `machine`
/// (device.intra_op_threads 0 becomes the core count, device.allocator "auto" the allocator
/// it picks).
nlohmann::json effectiveSettings(const RunConfig& config, const MachineDefaults& machine);

/// One note per configuration that trains exactly like an earlier one on `machine`:
/// "threads=2 trains like baseline on this machine (device.intra_op_threads 0 means one per
/// physical core: 2), so their difference is run-to-run noise". `labels[i]` names `configs[i]`.
std::vector<std::string> sameSettingsNotes(const std::vector<std::string>& labels,
                                           const std::vector<RunConfig>& configs,
                                           const MachineDefaults& machine);

}  // namespace es
