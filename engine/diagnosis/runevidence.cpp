#include "engine/diagnosis/runevidence.h"

#include "engine/store/runstore.h"
#include "engine/summary/rankstats.h"
#include "engine/summary/runsummary.h"

#include <algorithm>
#include <cmath>

namespace es {

namespace {

template <typename Value>
Value valueOr(const nlohmann::json& object, const char* key, Value fallback)
{
    if (!object.is_object())
        return fallback;
    const auto found = object.find(key);
    if (found == object.end() || found->is_null())
        return fallback;
    try {
        return found->get<Value>();
    } catch (const nlohmann::json::exception&) {
        return fallback;  // a field of another type: an older or newer format; not evidence
    }
}

bool configHasLstm(const nlohmann::json& config)
{
    const nlohmann::json layers =
        config.value("model", nlohmann::json::object()).value("layers", nlohmann::json::array());
    for (const nlohmann::json& layer : layers)
        if (layer.is_object() && layer.value("type", std::string()) == "lstm")
            return true;
    return false;
}

}  // namespace

RunEvidence evidenceFromStoredRun(const StoredRun& run)
{
    RunEvidence evidence;
    evidence.name = run.header.name;
    evidence.config = run.config;
    const nlohmann::json& info = run.info;
    RunFacts& facts = evidence.facts;
    facts.device = valueOr<std::string>(info, "device", run.header.device);
    facts.backend = valueOr<std::string>(info, "backend", run.header.backend);
    facts.backendReason = valueOr<std::string>(info, "backend_reason", "");
    facts.allocator = valueOr<std::string>(info, "allocator", "");
    facts.cudnn = valueOr<std::string>(info, "cudnn", "");
    facts.placement = valueOr<std::string>(info, "placement", "");
    facts.prefetch = valueOr<int>(info, "prefetch", 0);
    facts.intraOpThreads = valueOr<int>(info, "intra_op_threads", 0);
    facts.interOpThreads = valueOr<int>(info, "inter_op_threads", 0);
    facts.batchSize = valueOr<std::int64_t>(info, "batch_size", 0);
    facts.batchesPerEpoch = valueOr<int>(info, "batches_per_epoch", 0);
    facts.trainingFlopsPerBatch = valueOr<double>(info, "training_flops_per_batch", 0.0);
    const nlohmann::json environment =
        run.summary.is_object() ? run.summary.value("environment", nlohmann::json::object())
                                : nlohmann::json::object();
    facts.physicalCores = valueOr<int>(environment, "physical_cores", 0);
    facts.logicalCores = valueOr<int>(environment, "logical_cores", 0);
    facts.modelHasLstm = configHasLstm(run.config);
    facts.worldSize = std::max(1, valueOr<int>(info, "world_size", 1));
    const nlohmann::json distributed =
        run.config.is_object() ? run.config.value("distributed", nlohmann::json::object())
                               : nlohmann::json::object();
    facts.bucketMb = valueOr<double>(distributed, "bucket_mb", 0.0);
    evidence.epochs = run.epochs;
    evidence.batches = run.batches;
    evidence.ranks = rankMembersFromJson(info.is_object() ? info.value("ranks", nlohmann::json())
                                                          : nlohmann::json());
    evidence.rankBatches = run.rankBatches;
    evidence.samples = run.samples;
    return evidence;
}

std::vector<std::size_t> steadySteps(const RunEvidence& evidence)
{
    return steadyStepIndices(evidence.batches);
}

std::optional<SteadyPhaseShare> steadyPhaseShare(const RunEvidence& evidence,
                                                 std::initializer_list<Phase> phases)
{
    SteadyPhaseShare result;
    for (std::size_t index : steadySteps(evidence)) {
        const BatchRecord& batch = evidence.batches[index];
        if (!std::isfinite(batch.wallMs) || batch.wallMs < 0.0)
            return std::nullopt;
        for (Phase phase : phases) {
            const double ms = batch.phaseMs[phaseIndex(phase)];
            if (!std::isfinite(ms) || ms < 0.0)
                return std::nullopt;
            result.phaseMs += ms;
        }
        result.wallMs += batch.wallMs;
    }
    if (result.wallMs <= 0.0)
        return std::nullopt;
    result.share = result.phaseMs / result.wallMs;
    return result;
}

std::optional<double> steadyStepMs(const RunEvidence& evidence)
{
    return steadyStateStepMs(evidence.batches);
}

}  // namespace es
