#pragma once

// The parts of a run's summary that only a distributed run has (docs/summary.md): each rank's
// step medians, the communication the steps waited for, and how the run scaled against
// another (normally one process). The diagnosis's communication-bound and straggler-rank
// rules read the same numbers.

#include "engine/core/records.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace es {

/// A step's wall time less its Communication phase: the time its rank worked rather than
/// waited for the others. In lockstep every rank's wall time is the same; this is where a
/// slow rank shows.
double busyMs(const BatchRecord& step);

/// The host `rank` introduced itself with; "" when `members` does not name it.
std::string rankHost(const std::vector<RankMember>& members, int rank);

/// One rank's warm steps (steadyStepIndices()), as medians.
struct RankStepStats {
    int rank = 0;
    std::string host;  ///< as the rank introduced itself; "" when unknown
    std::size_t steadySteps = 0;
    double stepMs = 0.0;           ///< median wall time
    double busyMs = 0.0;           ///< median busyMs() of the steps
    double communicationMs = 0.0;  ///< median Communication phase
};

/// Rank 0's steps (`rankZero`) and the others' (`others`, by rank) with the hosts of
/// `members`, in rank order; a rank without warm steps is left out.
std::vector<RankStepStats> rankStepStats(const std::vector<RankMember>& members,
                                         const std::vector<BatchRecord>& rankZero,
                                         const std::map<int, std::vector<BatchRecord>>& others);

/// The Communication phase over a run's warm steps.
struct CommunicationStats {
    std::size_t steadySteps = 0;
    double communicationMs = 0.0;  ///< summed over the steps
    double wallMs = 0.0;           ///< summed over the steps
    double share = 0.0;            ///< communicationMs / wallMs
    /// Summed over the steps: the reduction's time hidden behind the ranks' own work
    /// (BatchRecord::overlappedMs), which communicationMs does not hold.
    double overlappedMs = 0.0;
    /// Median gradient bytes one step all-reduced.
    std::int64_t reducedBytesPerStep = 0;
    /// The steps' bytes over their Communication time: a lower bound of the network's rate,
    /// since the phase also holds the wait for the slowest rank. nullopt without time.
    std::optional<double> bytesPerS;
};

/// nullopt when no warm step communicated (a run of one process) or a record is not finite.
std::optional<CommunicationStats> communicationStats(const std::vector<BatchRecord>& batches);

/// A run's throughput per unit of hardware against a baseline's: the summary's warm global
/// samples/s (global batch over the steady step time) divided by the run's units (its CUDA
/// devices, one per rank, or on the CPU the machines its ranks ran on), over the same of the
/// baseline. 1.0 means every machine or GPU added trains as fast as the baseline's did.
struct ScalingEfficiency {
    double samplesPerS = 0.0;
    int units = 1;
    double baselineSamplesPerS = 0.0;
    int baselineUnits = 1;
    double efficiency = 0.0;
};

/// From two --json-out documents (docs/summary.md); nullopt when either lacks a steady step
/// time or a batch size.
std::optional<ScalingEfficiency> scalingEfficiency(const nlohmann::json& summary,
                                                   const nlohmann::json& baseline);

nlohmann::json rankMembersJson(const std::vector<RankMember>& members);
/// The members of a run's "run" object (rankMembersJson's form); entries of another form are
/// skipped, since a run database may come from anywhere.
std::vector<RankMember> rankMembersFromJson(const nlohmann::json& ranks);
nlohmann::json rankStepStatsJson(const std::vector<RankStepStats>& ranks);
nlohmann::json communicationJson(const std::optional<CommunicationStats>& stats);
nlohmann::json scalingJson(const ScalingEfficiency& scaling, std::int64_t baselineRunId);

}  // namespace es
