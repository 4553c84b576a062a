#include "engine/summary/runsummary.h"

#include "engine/config/jsondocument.h"
#include "engine/config/runconfig.h"
#include "engine/core/phase.h"
#include "engine/core/records.h"
#include "engine/summary/rankstats.h"
#include "engine/summary/statistics.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace es {

namespace {

// A one-epoch run has no later epoch to measure; its first tenth of steps (at least one)
// holds the warm-up: lazy initialisation, allocator growth, primitive creation.
constexpr std::size_t kWarmupFractionDivisor = 10;

constexpr double kFlopsPerGflop = 1e9;

nlohmann::json optionalString(const std::string& value)
{
    return value.empty() ? nlohmann::json(nullptr) : nlohmann::json(value);
}

}  // namespace

nlohmann::json environmentJson(const EnvironmentInfo& environment)
{
    return {
        {"libtorch_version", environment.libtorchVersion},
        {"intra_op_threads", environment.intraOpThreads},
        {"inter_op_threads", environment.interOpThreads},
        {"cpu_model", environment.cpuModel},
        {"physical_cores", environment.physicalCores},
        {"logical_cores", environment.logicalCores},
        {"cuda_available", environment.cudaAvailable},
        {"cuda_device_count", environment.cudaDeviceCount},
    };
}

namespace {

nlohmann::json recurrentLayersJson(const std::vector<RecurrentPath>& paths)
{
    nlohmann::json layers = nlohmann::json::array();
    for (const RecurrentPath& path : paths) {
        nlohmann::json layer = {{"layer", path.layerName},
                                {"index", path.layerIndex},
                                {"kernel", std::string(recurrentKernelKey(path.kernel))},
                                {"reason", path.reason},
                                {"option", nullptr}};
        if (path.option)
            layer["option"] = {{"key", path.option->key},
                               {"value", path.option->value},
                               {"fused_value", path.option->fusedValue}};
        layers.push_back(std::move(layer));
    }
    return layers;
}

nlohmann::json layerForwardJson(const RunResult& result)
{
    if (result.layerForwardSeconds.empty())
        return nullptr;
    nlohmann::json seconds = nlohmann::json::object();
    for (const auto& [layer, layerSeconds] : result.layerForwardSeconds)
        seconds[layer] = layerSeconds;
    return {{"steps", result.layerForwardSteps}, {"seconds", std::move(seconds)}};
}

/// null without a recurrent layer or a training step: nothing could fall back.
nlohmann::json maskFallbacksJson(const MaskFallbacks& fallbacks)
{
    if (fallbacks.layers.empty() || fallbacks.batches == 0)
        return nullptr;
    nlohmann::json layers = nlohmann::json::object();
    for (const auto& [layer, batches] : fallbacks.layers)
        layers[layer] = batches;
    return {{"batches", fallbacks.batches}, {"layers", std::move(layers)}};
}

}  // namespace

nlohmann::json runInfoJson(const RunInfo& info)
{
    nlohmann::json json = {
        {"device", info.device},
        {"backend", info.backend},
        {"backend_reason", info.backendReason},
        {"flush_denormals", info.flushDenormals},
        {"flush_denormals_reason", info.flushDenormalsReason},
        {"allocator", info.allocator},
        {"allocator_reason", info.allocatorReason},
        {"gpu_monitor", info.gpuMonitor},
        {"cudnn", optionalString(info.cudnn)},
        {"phase_timing", info.phaseTiming},
        {"intra_op_threads", info.intraOpThreads},
        {"inter_op_threads", info.interOpThreads},
        {"batch_size", info.batchSize},
        {"world_size", info.worldSize},
        {"global_batch_size", info.globalBatchSize},
        {"gradient_reduction", optionalString(info.gradientReduction)},
        {"ranks", rankMembersJson(info.ranks)},
        {"batches_per_epoch", info.batchesPerEpoch},
        {"data_source", info.dataSource},
        {"data_notes", info.dataNotes},
        {"placement", info.placement},
        {"prefetch", info.prefetch},
        {"epochs_planned", info.epochs},
        {"train_samples", info.trainSamples},
        {"validation_samples", info.validationSamples},
        {"recurrent_layers", recurrentLayersJson(info.recurrentLayers)},
        {"total_params", info.model.totalParams},
        {"training_flops_per_batch", info.model.trainingFlopsPerBatch(info.batchSize)},
        {"memory_available_bytes", info.memoryAvailableBytes},
        {"tensor_bytes_at_start", info.tensorBytesAtStart},
    };
    if (!info.classes.empty())  // a text source's class names, by the ids the model predicts
        json["classes"] = info.classes;
    if (info.textLengths.known())
        json["text_lengths"] = {{"median", info.textLengths.median},
                                {"p95", info.textLengths.p95},
                                {"longest", info.textLengths.longest}};
    return json;
}

namespace {

/// Callbacks are keyed by name; a second callback of the same name (two checkpoints) gets
/// "#2" appended instead of overwriting the first one's numbers. Linear in the number of
/// callbacks: each name remembers the copy number it reached, and the keys taken are hashed
/// (a search through the keys for each copy number made thousands of callbacks cubic).
std::vector<std::string> callbackKeys(const std::vector<CallbackCost>& callbacks)
{
    std::vector<std::string> keys;
    keys.reserve(callbacks.size());
    std::unordered_set<std::string> taken;
    std::unordered_map<std::string, int> nextCopy;
    for (const CallbackCost& callback : callbacks) {
        std::string key = callback.name;
        if (taken.count(key) != 0) {
            int& copy = nextCopy.try_emplace(callback.name, 2).first->second;
            // A name that already ends in "#N" could have taken a key; skip past it.
            do
                key = callback.name + "#" + std::to_string(copy++);
            while (taken.count(key) != 0);
        }
        taken.insert(key);
        keys.push_back(std::move(key));
    }
    return keys;
}

nlohmann::json callbackSecondsJson(const std::vector<CallbackCost>& callbacks)
{
    nlohmann::json object = nlohmann::json::object();
    const std::vector<std::string> keys = callbackKeys(callbacks);
    for (std::size_t i = 0; i < callbacks.size(); ++i)
        object[keys[i]] = callbacks[i].seconds;
    return object;
}

/// Only the callbacks that wrote files: bytes and files written in the epoch.
nlohmann::json callbackWritesJson(const std::vector<CallbackCost>& callbacks)
{
    nlohmann::json object = nlohmann::json::object();
    const std::vector<std::string> keys = callbackKeys(callbacks);
    for (std::size_t i = 0; i < callbacks.size(); ++i) {
        if (callbacks[i].writes > 0)
            object[keys[i]] = {{"bytes", callbacks[i].bytesWritten},
                               {"files", callbacks[i].writes}};
    }
    return object;
}

}  // namespace

nlohmann::json latencyJson(const std::vector<BatchRecord>& batches)
{
    if (batches.empty())
        return {{"p50", nullptr}, {"p95", nullptr}, {"p99", nullptr}};
    const LatencyStats stats = batchLatency(batches);
    return {{"p50", stats.p50Ms}, {"p95", stats.p95Ms}, {"p99", stats.p99Ms}};
}

nlohmann::json epochJson(const EpochRecord& record)
{
    nlohmann::json phases = nlohmann::json::object();
    for (Phase phase : kAllPhases)
        phases[std::string(phaseKey(phase))] = record.phaseS[phaseIndex(phase)];
    nlohmann::json metrics = nlohmann::json::object();
    for (const auto& [name, value] : record.metrics)
        metrics[name] = value;
    return {
        {"epoch", record.epoch},
        {"batches", record.batches},
        {"wall_s", record.wallS},
        {"train_s", record.trainS},
        {"validation_s", record.validationS},
        {"phase_s", std::move(phases)},
        {"callback_s", callbackSecondsJson(record.callbacks)},
        {"callback_writes", callbackWritesJson(record.callbacks)},
        {"samples", record.samples},
        {"loss", record.trainLoss},
        {"val_loss", numberOrNull(record.valLoss)},
        {"metrics", std::move(metrics)},
    };
}

bool hasRunInfo(const RunInfo& info)
{
    // Validated configs train at least one epoch, so 0 means "never filled".
    return info.epochs > 0;
}

LatencyStats batchLatency(const std::vector<BatchRecord>& batches)
{
    LatencyStats stats;
    if (batches.empty())
        return stats;
    std::vector<double> wallMs;
    wallMs.reserve(batches.size());
    for (const BatchRecord& batch : batches)
        wallMs.push_back(batch.wallMs);
    stats.p50Ms = percentile(wallMs, 50.0);
    stats.p95Ms = percentile(wallMs, 95.0);
    stats.p99Ms = percentile(wallMs, 99.0);
    return stats;
}

std::vector<std::size_t> steadyStepIndices(const std::vector<BatchRecord>& batches)
{
    std::vector<std::size_t> warm;
    if (batches.empty())
        return warm;
    // "Epoch 1" is the first epoch this run trained, which is later than 1 after a resume.
    const int firstEpoch =
        std::min_element(batches.begin(), batches.end(), [](const auto& a, const auto& b) {
            return a.epoch < b.epoch;
        })->epoch;
    for (std::size_t i = 0; i < batches.size(); ++i) {
        if (batches[i].epoch > firstEpoch)
            warm.push_back(i);
    }
    if (warm.empty()) {
        const std::size_t skip =
            (batches.size() + kWarmupFractionDivisor - 1) / kWarmupFractionDivisor;
        for (std::size_t i = skip; i < batches.size(); ++i)
            warm.push_back(i);
    }
    return warm;
}

std::optional<double> steadyStateStepMs(const std::vector<BatchRecord>& batches)
{
    std::vector<double> warm;
    for (std::size_t index : steadyStepIndices(batches))
        warm.push_back(batches[index].wallMs);
    if (warm.empty())
        return std::nullopt;
    return median(std::move(warm));
}

std::optional<double> firstEpochRatio(const std::vector<EpochRecord>& epochs)
{
    if (epochs.size() < 2)
        return std::nullopt;
    std::vector<double> later;
    for (std::size_t i = 1; i < epochs.size(); ++i)
        later.push_back(epochs[i].trainS);
    const double laterMedian = median(std::move(later));
    if (laterMedian <= 0.0)
        return std::nullopt;
    return epochs.front().trainS / laterMedian;
}

Throughput trainingThroughput(const RunResult& result)
{
    Throughput throughput;
    for (const BatchRecord& batch : result.batches) {
        throughput.trainS += batch.wallMs / kMsPerS;
        throughput.samples += batch.samples;
    }
    throughput.trainingFlops =
        result.trainedFlops > 0.0
            ? result.trainedFlops  // batches by length: each step at its own width
            : result.info.model.trainingFlopsPerSample * static_cast<double>(throughput.samples);
    if (throughput.trainS > 0.0) {
        throughput.samplesPerS = static_cast<double>(throughput.samples) / throughput.trainS;
        throughput.achievedGflops = throughput.trainingFlops / throughput.trainS / kFlopsPerGflop;
    }
    return throughput;
}

nlohmann::json buildRunSummary(const RunConfig& config, const RunResult& result,
                               const EnvironmentInfo& environment)
{
    nlohmann::json epochs = nlohmann::json::array();
    for (const EpochRecord& record : result.epochs)
        epochs.push_back(epochJson(record));
    const Throughput throughput = trainingThroughput(result);
    return {
        {"format", std::string(kRunSummaryFormat)},
        {"format_version", kRunSummaryFormatVersion},
        {"epochscope_version", EPOCHSCOPE_VERSION},
        {"status", std::string(runStateName(result.state))},
        {"error", optionalString(result.error)},
        {"stopped_by", optionalString(result.stoppedBy)},
        {"resumed_from", optionalString(result.resumedFrom)},
        {"config", toJson(config)},
        {"environment", environmentJson(environment)},
        {"run", hasRunInfo(result.info) ? runInfoJson(result.info) : nlohmann::json(nullptr)},
        {"epochs", std::move(epochs)},
        {"batch_latency_ms", latencyJson(result.batches)},
        {"steady_state_step_ms", numberOrNull(steadyStateStepMs(result.batches))},
        {"first_epoch_ratio", numberOrNull(firstEpochRatio(result.epochs))},
        {"samples_per_s", numberOrNull(throughput.samplesPerS)},
        {"achieved_gflops", numberOrNull(throughput.achievedGflops)},
        {"ranks", rankStepStatsJson(
                      result.rankBatches.empty()
                          ? std::vector<RankStepStats>()
                          : rankStepStats(result.info.ranks, result.batches, result.rankBatches))},
        {"communication", communicationJson(communicationStats(result.batches))},
        {"scaling", nullptr},
        {"layer_forward", layerForwardJson(result)},
        {"mask_fallbacks", maskFallbacksJson(result.maskFallbacks)},
        {"total_s", result.totalS},
    };
}

nlohmann::json buildRunSummary(const RunConfig& config, const RunResult& result)
{
    const bool knowsItsEnvironment = !result.info.environment.libtorchVersion.empty();
    return buildRunSummary(config, result,
                           knowsItsEnvironment ? result.info.environment : collectEnvironment());
}

}  // namespace es
