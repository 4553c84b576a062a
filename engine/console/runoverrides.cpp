#include "console/runoverrides.h"

namespace es {

RunConfig applyOverrides(const RunConfig& config, const RunOverrides& overrides)
{
    nlohmann::json document = toJson(config);
    if (overrides.epochs)
        document["training"]["epochs"] = *overrides.epochs;
    if (overrides.maxBatches)
        document["training"]["steps_per_epoch"] = *overrides.maxBatches;
    if (overrides.intraOpThreads)
        document["device"]["intra_op_threads"] = *overrides.intraOpThreads;
    if (overrides.device)
        document["device"]["name"] = *overrides.device;
    return parseRunConfig(document);
}

}  // namespace es
