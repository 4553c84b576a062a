#pragma once

// `train --baseline-run ID`: the run a distributed run's scaling efficiency is measured
// against (normally the same config on one process), read from the run database before the
// run starts, so that a wrong id is said at once and not after hours of training.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace es {

/// The summary of run `runId` in `database`, checked to hold what a scaling efficiency needs
/// (a steady step time and a batch size); nullopt after printing what is wrong, naming
/// --baseline-run.
std::optional<nlohmann::json> loadScalingBaseline(const std::string& database, std::int64_t runId);

/// Sets summary["scaling"] against `baseline` (run `runId`) and, unless `quiet`, prints it in
/// one line; leaves it null when this run has no steady step time.
void addScaling(nlohmann::json& summary, const nlohmann::json& baseline, std::int64_t runId,
                bool quiet);

}  // namespace es
