#include "cli/runoverrides.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/env/cpuinfo.h"
#include "engine/i18n/translate.h"

#include <algorithm>

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
    if (overrides.interface)
        document["distributed"]["interface"] = *overrides.interface;
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

namespace {

/// What to set so that the ranks know where to meet, in the words of the launcher that
/// started them.
std::string missingInitAdvice(const std::optional<RankAssignment>& assignment)
{
    const std::string worldSize = std::to_string(assignment ? assignment->worldSize : 0);
    if (assignment && assignment->source == RankSource::Slurm)
        return fillText(engineText("RunOverrides",
                                   "empty, and Slurm gives each of the %1 tasks its rank but not "
                                   "where the ranks meet: export MASTER_ADDR (the first host of "
                                   "the job, `scontrol show hostnames \"$SLURM_JOB_NODELIST\" "
                                   "| head -n 1`) and MASTER_PORT (a free port, such as 29500) in "
                                   "the batch script, or set distributed.init"),
                        {worldSize});
    if (assignment && assignment->source == RankSource::Torchrun)
        return fillText(engineText("RunOverrides",
                                   "empty, and neither MASTER_ADDR and MASTER_PORT nor "
                                   "EPOCHSCOPE_RENDEZVOUS say where the %1 ranks meet: export "
                                   "them, or set distributed.init"),
                        {worldSize});
    return engineText("RunOverrides",
                      "empty, and nothing says where the ranks meet: set it (tcp://HOST:PORT "
                      "or file:PATH), pass --master HOST:PORT, or start the ranks with --nproc "
                      "N, torchrun or srun");
}

}  // namespace

void applyRankAssignment(RunConfig& config, const std::optional<RankAssignment>& assignment)
{
    if (assignment) {
        config.rank = assignment->rank;
        config.distributed.worldSize = assignment->worldSize;
        if (!assignment->init.empty())
            config.distributed.init = assignment->init;
        // Each rank of a machine trains on its own GPU; cuda:0 for all of them would put every
        // rank's model on one.
        if (config.distributed.enabled() && config.device.type == DeviceType::Cuda &&
            assignment->localRank)
            config.device.index = *assignment->localRank;
        // The ranks of one machine share its cores, as torchrun's OMP_NUM_THREADS=1 default
        // says in its own way: with "one per physical core" (0), each rank would start as many
        // threads as the machine has cores, and they would take turns on them.
        const int ranksHere = assignment->localWorldSize.value_or(1);
        if (config.device.intraOpThreads == 0 && ranksHere > 1)
            config.device.intraOpThreads = std::max(1, readCpuTopology().physicalCores / ranksHere);
    }
    if (config.distributed.enabled() && config.distributed.init.empty())
        throw ConfigError("distributed.init", missingInitAdvice(assignment));
}

}  // namespace es
