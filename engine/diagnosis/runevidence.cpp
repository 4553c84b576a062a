#include "engine/diagnosis/runevidence.h"

#include "engine/diagnosis/recordedvalue.h"
#include "engine/diagnosis/scriptevidence.h"
#include "engine/store/runstore.h"
#include "engine/summary/rankstats.h"
#include "engine/summary/runsummary.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>

namespace es {

namespace {

bool configHasLstm(const nlohmann::json& config)
{
    if (!config.is_object())
        return false;
    const nlohmann::json model = recordedValueOr(config, "model", nlohmann::json::object());
    const nlohmann::json layers = recordedValueOr(model, "layers", nlohmann::json::array());
    if (!layers.is_array())
        return false;
    for (const nlohmann::json& layer : layers) {
        const std::string type = recordedValueOr<std::string>(layer, "type", "");
        if (type == "lstm" || type == "gru" || type == "bidirectional")
            return true;
    }
    return false;
}

/// run.recurrent_layers; entries of another shape are skipped (a hostile or newer database).
std::vector<RecurrentLayerFact> recurrentLayersFrom(const nlohmann::json& info)
{
    std::vector<RecurrentLayerFact> facts;
    const nlohmann::json layers =
        recordedValueOr(info, "recurrent_layers", nlohmann::json::array());
    if (!layers.is_array())
        return facts;
    for (const nlohmann::json& layer : layers) {
        RecurrentLayerFact fact;
        fact.layer = recordedValueOr<std::string>(layer, "layer", "");
        fact.index = recordedValueOr<std::size_t>(layer, "index", 0);
        fact.kernel = recordedValueOr<std::string>(layer, "kernel", "");
        fact.reason = recordedValueOr<std::string>(layer, "reason", "");
        const nlohmann::json option = recordedValueOr(layer, "option", nlohmann::json::object());
        fact.optionKey = recordedValueOr<std::string>(option, "key", "");
        fact.optionValue = recordedValueOr<std::string>(option, "value", "");
        fact.fusedValue = recordedValueOr<std::string>(option, "fused_value", "");
        if (!fact.layer.empty() && !fact.kernel.empty())
            facts.push_back(std::move(fact));
    }
    return facts;
}

/// summary.layer_forward: non-negative finite seconds by layer, in the stored order.
std::vector<std::pair<std::string, double>> layerForwardFrom(const nlohmann::json& summary,
                                                             std::int64_t& steps)
{
    std::vector<std::pair<std::string, double>> seconds;
    const nlohmann::json measured =
        recordedValueOr(summary, "layer_forward", nlohmann::json::object());
    steps = recordedValueOr<std::int64_t>(measured, "steps", 0);
    const nlohmann::json byLayer = recordedValueOr(measured, "seconds", nlohmann::json::object());
    if (steps <= 0 || !byLayer.is_object())
        return {};
    for (auto it = byLayer.begin(); it != byLayer.end(); ++it) {
        if (!it.value().is_number())
            return {};
        const double value = it.value().get<double>();
        if (!std::isfinite(value) || value < 0.0)
            return {};  // a record no clock could have made: not evidence
        seconds.emplace_back(it.key(), value);
    }
    return seconds;
}

/// `value` as a count from 0 to `most`; nullopt for anything else (a fraction, a negative or
/// larger count, text): a record the trainer could not have written.
std::optional<std::int64_t> countUpTo(const nlohmann::json& value, std::int64_t most)
{
    if (value.is_number_unsigned()) {
        const std::uint64_t count = value.get<std::uint64_t>();
        if (most >= 0 && count <= static_cast<std::uint64_t>(most))
            return static_cast<std::int64_t>(count);
        return std::nullopt;
    }
    if (value.is_number_integer()) {
        const std::int64_t count = value.get<std::int64_t>();
        if (count >= 0 && count <= most)
            return count;
    }
    return std::nullopt;
}

/// summary.mask_fallbacks: the training steps into `steps`, and each layer's count of them
/// that fell back; nothing without a positive step count.
std::map<std::string, std::int64_t> maskFallbacksFrom(const nlohmann::json& summary,
                                                      std::int64_t& steps)
{
    steps = 0;
    const nlohmann::json recorded =
        recordedValueOr(summary, "mask_fallbacks", nlohmann::json::object());
    if (!recorded.is_object() || !recorded.contains("batches"))
        return {};
    const std::optional<std::int64_t> batches =
        countUpTo(recorded.at("batches"), std::numeric_limits<std::int64_t>::max());
    if (!batches || *batches == 0)
        return {};
    steps = *batches;
    std::map<std::string, std::int64_t> counts;
    const nlohmann::json layers = recordedValueOr(recorded, "layers", nlohmann::json::object());
    if (!layers.is_object())
        return counts;
    for (auto it = layers.begin(); it != layers.end(); ++it)
        if (const std::optional<std::int64_t> count = countUpTo(it.value(), steps))
            counts.emplace(it.key(), *count);
    return counts;
}

SequenceFacts sequenceFactsFrom(const nlohmann::json& config, const nlohmann::json& info)
{
    SequenceFacts facts;
    const nlohmann::json data = recordedValueOr(config, "data", nlohmann::json::object());
    const nlohmann::json source = recordedValueOr(data, "source", nlohmann::json::object());
    const std::string type = recordedValueOr<std::string>(source, "type", "");
    facts.textSource = type == "text_csv" || type == "text_folder";
    facts.batching = recordedValueOr<std::string>(data, "batching", "fixed");
    const nlohmann::json text = recordedValueOr(data, "text", nlohmann::json::object());
    facts.padding = recordedValueOr<std::string>(text, "padding", "post");
    facts.outputSequenceLength = recordedValueOr<std::int64_t>(text, "output_sequence_length", 0);
    const nlohmann::json model = recordedValueOr(config, "model", nlohmann::json::object());
    const nlohmann::json layers = recordedValueOr(model, "layers", nlohmann::json::array());
    if (layers.is_array() && !layers.empty())
        facts.maskZero = recordedValueOr<std::string>(layers.front(), "type", "") == "embedding" &&
                         recordedValueOr<bool>(layers.front(), "mask_zero", false);
    const nlohmann::json lengths = recordedValueOr(info, "text_lengths", nlohmann::json::object());
    facts.lengths = {recordedValueOr<std::int64_t>(lengths, "median", 0),
                     recordedValueOr<std::int64_t>(lengths, "p95", 0),
                     recordedValueOr<std::int64_t>(lengths, "longest", 0)};
    if (facts.lengths.median < 0 || facts.lengths.p95 < facts.lengths.median ||
        facts.lengths.longest < facts.lengths.p95)
        facts.lengths = {};  // not lengths loading could have found
    return facts;
}

}  // namespace

RunEvidence evidenceFromStoredRun(const StoredRun& run)
{
    RunEvidence evidence;
    evidence.name = run.header.name;
    evidence.config = run.config;
    const nlohmann::json& info = run.info;
    RunFacts& facts = evidence.facts;
    facts.device = recordedValueOr<std::string>(info, "device", run.header.device);
    facts.backend = recordedValueOr<std::string>(info, "backend", run.header.backend);
    facts.backendReason = recordedValueOr<std::string>(info, "backend_reason", "");
    facts.allocator = recordedValueOr<std::string>(info, "allocator", "");
    facts.cudnn = recordedValueOr<std::string>(info, "cudnn", "");
    facts.placement = recordedValueOr<std::string>(info, "placement", "");
    facts.prefetch = recordedValueOr<int>(info, "prefetch", 0);
    facts.intraOpThreads = recordedValueOr<int>(info, "intra_op_threads", 0);
    facts.interOpThreads = recordedValueOr<int>(info, "inter_op_threads", 0);
    facts.batchSize = recordedValueOr<std::int64_t>(info, "batch_size", 0);
    facts.batchesPerEpoch = recordedValueOr<int>(info, "batches_per_epoch", 0);
    // A count below zero cannot be one (a database from someone else): left out, as unknown.
    const auto countOf = [&info](const char* key) {
        return std::max<std::int64_t>(0, recordedValueOr<std::int64_t>(info, key, 0));
    };
    facts.trainSamples = countOf("train_samples");
    facts.validationSamples = countOf("validation_samples");
    facts.memoryAvailableBytes = countOf("memory_available_bytes");
    facts.tensorBytesAtStart = countOf("tensor_bytes_at_start");
    facts.trainingFlopsPerBatch = recordedValueOr<double>(info, "training_flops_per_batch", 0.0);
    const nlohmann::json environment =
        run.summary.is_object() ? run.summary.value("environment", nlohmann::json::object())
                                : nlohmann::json::object();
    facts.physicalCores = recordedValueOr<int>(environment, "physical_cores", 0);
    facts.logicalCores = recordedValueOr<int>(environment, "logical_cores", 0);
    facts.modelHasLstm = configHasLstm(run.config);
    facts.recurrentLayers = recurrentLayersFrom(info);
    facts.worldSize = std::max(1, recordedValueOr<int>(info, "world_size", 1));
    const nlohmann::json distributed =
        run.config.is_object() ? run.config.value("distributed", nlohmann::json::object())
                               : nlohmann::json::object();
    facts.bucketMb = recordedValueOr<double>(distributed, "bucket_mb", 0.0);
    facts.sequences = sequenceFactsFrom(run.config, info);
    facts.script = scriptFactsFrom(run.config, info);
    evidence.epochs = run.epochs;
    evidence.batches = run.batches;
    evidence.ranks = rankMembersFromJson(info.is_object() ? info.value("ranks", nlohmann::json())
                                                          : nlohmann::json());
    evidence.rankBatches = run.rankBatches;
    evidence.samples = run.samples;
    evidence.layerForwardSeconds = layerForwardFrom(run.summary, evidence.layerForwardSteps);
    evidence.maskFallbackBatches = maskFallbacksFrom(run.summary, evidence.maskFallbackSteps);
    return evidence;
}

bool ranUnfusedOnLibTorchCpu(const RunFacts& facts)
{
    if (!facts.modelHasLstm || facts.device != "cpu" || facts.backend != "libtorch")
        return false;
    const auto& layers = facts.recurrentLayers;
    return layers.empty() || std::any_of(layers.begin(), layers.end(), [](const auto& layer) {
               return layer.kernel == "libtorch";
           });
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
