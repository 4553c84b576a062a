#include "cli/runoverrides.h"

namespace es {

RunConfig applyOverrides(const RunConfig& config, const RunOverrides& overrides)
{
    nlohmann::json document = toJson(config);
    if (overrides.epochs)
        document["training"]["epochs"] = *overrides.epochs;
    if (overrides.maxBatches)
        document["training"]["steps_per_epoch"] = *overrides.maxBatches;
    if (overrides.warmupSteps)
        document["training"]["warmup_steps"] = *overrides.warmupSteps;
    if (overrides.intraOpThreads)
        document["device"]["intra_op_threads"] = *overrides.intraOpThreads;
    if (overrides.device)
        document["device"]["name"] = *overrides.device;
    if (overrides.backend)
        document["backend"] = *overrides.backend;
    if (overrides.allocator)
        document["device"]["allocator"] = *overrides.allocator;
    if (overrides.x || overrides.y || overrides.xVal || overrides.yVal) {
        nlohmann::json source = {{"type", "npy"}};
        const auto put = [&source](const char* key, const std::optional<std::string>& path) {
            if (path)
                source[key] = *path;
        };
        put("x", overrides.x);
        put("y", overrides.y);
        put("x_val", overrides.xVal);
        put("y_val", overrides.yVal);
        document["data"]["source"] = std::move(source);
    }
    return parseRunConfig(document);
}

}  // namespace es
