#include "engine/summary/rankstats.h"

#include "engine/core/phase.h"
#include "engine/summary/runsummary.h"
#include "engine/summary/statistics.h"

#include <cmath>
#include <set>

namespace es {

namespace {

double communicationOf(const BatchRecord& step)
{
    return step.phaseMs[phaseIndex(Phase::Communication)];
}

std::optional<RankStepStats> statsOf(int rank, const std::string& host,
                                     const std::vector<BatchRecord>& steps)
{
    std::vector<double> wall;
    std::vector<double> busy;
    std::vector<double> communication;
    for (std::size_t index : steadyStepIndices(steps)) {
        const BatchRecord& step = steps[index];
        wall.push_back(step.wallMs);
        busy.push_back(es::busyMs(step));
        communication.push_back(communicationOf(step));
    }
    if (wall.empty())
        return std::nullopt;
    RankStepStats stats;
    stats.rank = rank;
    stats.host = host;
    stats.steadySteps = wall.size();
    stats.stepMs = median(std::move(wall));
    stats.busyMs = median(std::move(busy));
    stats.communicationMs = median(std::move(communication));
    return stats;
}

/// A number member, or nullopt when absent or of another type.
std::optional<double> numberAt(const nlohmann::json& object, const char* key)
{
    if (!object.is_object())
        return std::nullopt;
    const auto found = object.find(key);
    if (found == object.end() || !found->is_number())
        return std::nullopt;
    const double value = found->get<double>();
    return std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

/// Global samples per second once warm, and the hardware units it ran on.
std::optional<std::pair<double, int>> warmThroughput(const nlohmann::json& summary)
{
    if (!summary.is_object() || !summary.contains("run") || !summary["run"].is_object())
        return std::nullopt;
    const nlohmann::json& run = summary["run"];
    const std::optional<double> stepMs = numberAt(summary, "steady_state_step_ms");
    // Runs recorded before distributed training had no global batch: their batch was it.
    const std::optional<double> batch = run.contains("global_batch_size")
                                            ? numberAt(run, "global_batch_size")
                                            : numberAt(run, "batch_size");
    if (!stepMs || *stepMs <= 0.0 || !batch || *batch <= 0.0)
        return std::nullopt;
    const int worldSize = static_cast<int>(numberAt(run, "world_size").value_or(1.0));
    const std::string device = run.value("device", nlohmann::json()).is_string()
                                   ? run["device"].get<std::string>()
                                   : std::string();
    int units = 1;
    if (device.rfind("cuda", 0) == 0) {
        units = std::max(1, worldSize);
    } else {
        std::set<std::string> hosts;
        for (const RankMember& member : rankMembersFromJson(run.value("ranks", nlohmann::json())))
            hosts.insert(member.host);
        units = std::max<int>(1, static_cast<int>(hosts.size()));
    }
    return std::make_pair(*batch * kMsPerS / *stepMs, units);
}

}  // namespace

double busyMs(const BatchRecord& step)
{
    return step.wallMs - communicationOf(step);
}

std::string rankHost(const std::vector<RankMember>& members, int rank)
{
    for (const RankMember& member : members)
        if (member.rank == rank)
            return member.host;
    return {};
}

std::vector<RankStepStats> rankStepStats(const std::vector<RankMember>& members,
                                         const std::vector<BatchRecord>& rankZero,
                                         const std::map<int, std::vector<BatchRecord>>& others)
{
    std::vector<RankStepStats> ranks;
    if (auto stats = statsOf(0, rankHost(members, 0), rankZero))
        ranks.push_back(*stats);
    for (const auto& [rank, steps] : others)
        if (auto stats = statsOf(rank, rankHost(members, rank), steps))
            ranks.push_back(*stats);
    return ranks;
}

std::optional<CommunicationStats> communicationStats(const std::vector<BatchRecord>& batches)
{
    CommunicationStats stats;
    std::vector<double> bytes;
    double totalBytes = 0.0;
    for (std::size_t index : steadyStepIndices(batches)) {
        const BatchRecord& step = batches[index];
        const double communication = communicationOf(step);
        if (!std::isfinite(step.wallMs) || !std::isfinite(communication) || communication < 0.0 ||
            step.reducedBytes < 0 || !std::isfinite(step.overlappedMs) || step.overlappedMs < 0.0)
            return std::nullopt;
        stats.communicationMs += communication;
        stats.overlappedMs += step.overlappedMs;
        stats.wallMs += step.wallMs;
        bytes.push_back(static_cast<double>(step.reducedBytes));
        totalBytes += static_cast<double>(step.reducedBytes);
        ++stats.steadySteps;
    }
    if (stats.steadySteps == 0 || totalBytes <= 0.0 || stats.wallMs <= 0.0)
        return std::nullopt;
    stats.share = stats.communicationMs / stats.wallMs;
    stats.reducedBytesPerStep = static_cast<std::int64_t>(median(std::move(bytes)));
    if (stats.communicationMs > 0.0)
        stats.bytesPerS = totalBytes / (stats.communicationMs / kMsPerS);
    return stats;
}

std::optional<ScalingEfficiency> scalingEfficiency(const nlohmann::json& summary,
                                                   const nlohmann::json& baseline)
{
    const auto mine = warmThroughput(summary);
    const auto theirs = warmThroughput(baseline);
    if (!mine || !theirs)
        return std::nullopt;
    ScalingEfficiency scaling;
    scaling.samplesPerS = mine->first;
    scaling.units = mine->second;
    scaling.baselineSamplesPerS = theirs->first;
    scaling.baselineUnits = theirs->second;
    scaling.efficiency = (scaling.samplesPerS / scaling.units) /
                         (scaling.baselineSamplesPerS / scaling.baselineUnits);
    return scaling;
}

nlohmann::json rankMembersJson(const std::vector<RankMember>& members)
{
    nlohmann::json ranks = nlohmann::json::array();
    for (const RankMember& member : members)
        ranks.push_back({{"rank", member.rank}, {"host", member.host}, {"pid", member.pid}});
    return ranks;
}

std::vector<RankMember> rankMembersFromJson(const nlohmann::json& ranks)
{
    std::vector<RankMember> members;
    if (!ranks.is_array())
        return members;
    for (const nlohmann::json& entry : ranks) {
        if (!entry.is_object() || !entry.value("rank", nlohmann::json()).is_number_integer() ||
            !entry.value("host", nlohmann::json()).is_string())
            continue;
        RankMember member;
        member.rank = entry["rank"].get<int>();
        member.host = entry["host"].get<std::string>();
        if (entry.value("pid", nlohmann::json()).is_number_integer())
            member.pid = entry["pid"].get<std::int64_t>();
        members.push_back(member);
    }
    return members;
}

nlohmann::json rankStepStatsJson(const std::vector<RankStepStats>& ranks)
{
    nlohmann::json list = nlohmann::json::array();
    for (const RankStepStats& rank : ranks)
        list.push_back({{"rank", rank.rank},
                        {"host", rank.host},
                        {"steady_steps", rank.steadySteps},
                        {"step_ms", rank.stepMs},
                        {"busy_ms", rank.busyMs},
                        {"communication_ms", rank.communicationMs}});
    return list;
}

nlohmann::json communicationJson(const std::optional<CommunicationStats>& stats)
{
    if (!stats)
        return nullptr;
    return {
        {"share", stats->share},
        {"ms_per_step", stats->communicationMs / static_cast<double>(stats->steadySteps)},
        {"overlapped_ms_per_step", stats->overlappedMs / static_cast<double>(stats->steadySteps)},
        {"reduced_bytes_per_step", stats->reducedBytesPerStep},
        {"bytes_per_s",
         stats->bytesPerS ? nlohmann::json(*stats->bytesPerS) : nlohmann::json(nullptr)}};
}

nlohmann::json scalingJson(const ScalingEfficiency& scaling, std::int64_t baselineRunId)
{
    return {{"baseline_run", baselineRunId},
            {"samples_per_s", scaling.samplesPerS},
            {"units", scaling.units},
            {"baseline_samples_per_s", scaling.baselineSamplesPerS},
            {"baseline_units", scaling.baselineUnits},
            {"efficiency", scaling.efficiency}};
}

}  // namespace es
