#include "engine/callbacks/callbackfactory.h"

#include "engine/callbacks/backupandrestore.h"
#include "engine/callbacks/metriccallbacks.h"
#include "engine/callbacks/modelcheckpoint.h"
#include "engine/config/runconfig.h"

#include <stdexcept>

namespace es {

std::vector<std::unique_ptr<Callback>> makeCallbacks(const RunConfig& run)
{
    const std::vector<CallbackConfig>& configs = run.callbacks;
    const bool writesFiles = run.rank == 0;
    std::vector<std::unique_ptr<Callback>> callbacks;
    for (std::size_t i = 0; i < configs.size(); ++i) {
        const CallbackConfig& config = configs[i];
        const nlohmann::json& p = config.params;
        if (config.type == "early_stopping") {
            EarlyStoppingOptions options;
            options.monitor = p.at("monitor").get<std::string>();
            options.minDelta = p.at("min_delta").get<double>();
            options.patience = p.at("patience").get<int>();
            options.mode = p.at("mode").get<std::string>();
            if (!p.at("baseline").is_null())
                options.baseline = p.at("baseline").get<double>();
            options.restoreBestWeights = p.at("restore_best_weights").get<bool>();
            options.startFromEpoch = p.at("start_from_epoch").get<int>();
            callbacks.push_back(std::make_unique<EarlyStoppingCallback>(options));
        } else if (config.type == "reduce_lr_on_plateau") {
            ReduceLrOptions options;
            options.monitor = p.at("monitor").get<std::string>();
            options.factor = p.at("factor").get<double>();
            options.patience = p.at("patience").get<int>();
            options.minDelta = p.at("min_delta").get<double>();
            options.cooldown = p.at("cooldown").get<int>();
            options.minLr = p.at("min_lr").get<double>();
            options.mode = p.at("mode").get<std::string>();
            callbacks.push_back(std::make_unique<ReduceLrOnPlateauCallback>(options));
        } else if (config.type == "terminate_on_nan") {
            callbacks.push_back(std::make_unique<TerminateOnNaNCallback>());
        } else if (!writesFiles &&
                   (config.type == "model_checkpoint" || config.type == "csv_logger")) {
            continue;
        } else if (config.type == "model_checkpoint") {
            ModelCheckpointOptions options;
            options.filepath = p.at("filepath").get<std::string>();
            options.monitor = p.at("monitor").get<std::string>();
            options.mode = p.at("mode").get<std::string>();
            options.saveBestOnly = p.at("save_best_only").get<bool>();
            options.saveWeightsOnly = p.at("save_weights_only").get<bool>();
            const nlohmann::json& frequency = p.at("save_freq");
            options.saveFreq = frequency.is_number_integer() ? frequency.get<std::int64_t>() : 0;
            options.verbose = p.at("verbose").get<int>() > 0;
            options.writes = run.writes;
            callbacks.push_back(std::make_unique<ModelCheckpointCallback>(options));
        } else if (config.type == "csv_logger") {
            callbacks.push_back(std::make_unique<CsvLoggerCallback>(
                p.at("filename").get<std::string>(), p.at("separator").get<std::string>(),
                p.at("append").get<bool>(), "callbacks[" + std::to_string(i) + "].filename"));
        } else if (config.type == "backup_and_restore") {
            BackupOptions options;
            options.backupDir = p.at("backup_dir").get<std::string>();
            const nlohmann::json& frequency = p.at("save_freq");
            options.saveFreq = frequency.is_number_integer() ? frequency.get<std::int64_t>() : 0;
            options.deleteCheckpoint = p.at("delete_checkpoint").get<bool>();
            options.ignoreExisting = run.ignoreBackup;
            options.writes = writesFiles;
            options.field = "callbacks[" + std::to_string(i) + "].backup_dir";
            callbacks.push_back(std::make_unique<BackupAndRestoreCallback>(options));
        } else {
            // The config parser accepts only the types above.
            throw std::logic_error("no callback of type " + config.type);
        }
    }
    return callbacks;
}

}  // namespace es
