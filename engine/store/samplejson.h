#pragma once

// The per-thread and per-GPU parts of a SystemSample as JSON, for the run database's columns
// and for exports. A GPU value NVML could not read (NaN) is JSON null.

#include "engine/core/records.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace es {

nlohmann::json threadsJson(const std::vector<ThreadCpu>& threads);
std::vector<ThreadCpu> threadsFromJson(const nlohmann::json& array);
nlohmann::json gpusJson(const std::vector<GpuSample>& gpus);
std::vector<GpuSample> gpusFromJson(const nlohmann::json& array);

}  // namespace es
