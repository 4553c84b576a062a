#include "engine/diagnosis/storedbatchpeaks.h"

#include "engine/diagnosis/recordedvalue.h"
#include "engine/store/runstore.h"

#include <algorithm>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <utility>

namespace es {

namespace {

/// `config` without the members named, each a path of one or two keys.
nlohmann::json without(nlohmann::json config,
                       std::initializer_list<std::pair<const char*, const char*>> members)
{
    if (!config.is_object())
        return config;
    for (const auto& [section, key] : members) {
        if (key == nullptr)
            config.erase(section);
        else if (config.contains(section) && config[section].is_object())
            config[section].erase(key);
    }
    return config;
}

/// What decides a step's tensors besides the batch: the model, the data's shape, the device,
/// backend and allocator, the optimizer. How long it trained, what it validated on and how it
/// ordered the samples do not; nor do callbacks, whose paths a what-if moves.
nlohmann::json memoryShapeOf(const nlohmann::json& config)
{
    return without(config, {{"name", nullptr},
                            {"description", nullptr},
                            {"callbacks", nullptr},
                            {"data", "batch_size"},
                            {"data", "validation_split"},
                            {"data", "shuffle"},
                            {"data", "drop_last"},
                            {"training", "epochs"},
                            {"training", "steps_per_epoch"},
                            {"training", "warmup_steps"}});
}

/// Runs measured alike: the same config apart from the batch size (and callbacks' paths).
nlohmann::json measuredAlikeKey(const nlohmann::json& config)
{
    return without(config, {{"name", nullptr},
                            {"description", nullptr},
                            {"callbacks", nullptr},
                            {"data", "batch_size"}});
}

std::int64_t batchSizeOf(const nlohmann::json& config)
{
    const nlohmann::json data = recordedValueOr(config, "data", nlohmann::json::object());
    return recordedValueOr<std::int64_t>(data, "batch_size", 0);
}

bool validated(const StoredRun& run)
{
    return recordedValueOr<std::int64_t>(run.info, "validation_samples", 0) > 0;
}

struct MeasuredGroup {
    std::vector<BatchPeak> peaks;
    std::set<std::int64_t> sizes;
    bool hasRun = false;
    std::int64_t newest = 0;
};

}  // namespace

std::vector<BatchPeak> peaksAtOtherBatchSizes(const RunStore& store, const StoredRun& run)
{
    const nlohmann::json shape = memoryShapeOf(run.config);
    std::map<std::string, MeasuredGroup> groups;  // by measuredAlikeKey, dumped
    const auto add = [&groups](const nlohmann::json& config, const BatchPeak& peak, bool isRun) {
        MeasuredGroup& group = groups[measuredAlikeKey(config).dump()];
        group.peaks.push_back(peak);
        group.sizes.insert(peak.batchSize);
        group.hasRun = group.hasRun || isRun;
        group.newest = std::max(group.newest, peak.runId);
    };
    const std::optional<std::int64_t> own = steadyTensorPeakBytes(run.batches);
    if (own && batchSizeOf(run.config) > 0)
        add(run.config, {batchSizeOf(run.config), *own, run.header.id, validated(run)}, true);

    std::vector<StoredRunHeader> headers = store.listRuns();
    std::sort(headers.begin(), headers.end(),
              [](const StoredRunHeader& a, const StoredRunHeader& b) { return a.id > b.id; });
    int read = 0;
    for (const StoredRunHeader& header : headers) {
        if (read >= kMostPeakRuns)
            break;
        if (header.id == run.header.id || header.status == RunStatus::Running)
            continue;
        const std::optional<StoredRunCheckpoints> cheap = store.loadRunCheckpoints(header.id);
        if (!cheap || memoryShapeOf(cheap->config) != shape || batchSizeOf(cheap->config) <= 0)
            continue;
        ++read;
        const std::optional<StoredRun> other = store.loadRun(header.id);
        if (!other)
            continue;
        if (const std::optional<std::int64_t> peak = steadyTensorPeakBytes(other->batches))
            add(other->config, {batchSizeOf(other->config), *peak, header.id, validated(*other)},
                false);
    }

    const MeasuredGroup* chosen = nullptr;
    for (const auto& [key, group] : groups) {
        if (group.sizes.size() < 2)
            continue;
        const bool better = chosen == nullptr || (group.hasRun && !chosen->hasRun) ||
                            (group.hasRun == chosen->hasRun && group.newest > chosen->newest);
        if (better)
            chosen = &group;
    }
    return chosen != nullptr ? chosen->peaks : std::vector<BatchPeak>();
}

}  // namespace es
