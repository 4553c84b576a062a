#include "cli/commandline/savedmodeloptions.h"

#include "cli/messages.h"
#include "engine/config/configerror.h"
#include "engine/config/presets.h"
#include "engine/data/trainedtokenizer.h"
#include "engine/i18n/translate.h"
#include "engine/store/runcheckpoints.h"
#include "engine/store/runstore.h"

#include <CLI/CLI.hpp>

namespace es {

void SavedModelOptions::addTo(CLI::App& command)
{
    checkpointOption =
        command
            .add_option("--checkpoint", checkpointPath,
                        engineText("EpochscopeCli",
                                   "A model_checkpoint file or a backup_and_restore backup"))
            ->type_name("FILE");
    configOption =
        command
            .add_option("--config", configPath,
                        engineText("EpochscopeCli", "The run config the model was trained with"))
            ->type_name("FILE");
    presetOption =
        command
            .add_option("--preset", preset,
                        engineText("EpochscopeCli", "Or the built-in preset it was trained with"))
            ->type_name("NAME");
    configOption->excludes(presetOption);
    runOption = command
                    .add_option("--run", runId,
                                engineText("EpochscopeCli",
                                           "Or a recorded run: its config and the checkpoint "
                                           "--use names (or --checkpoint)"))
                    ->type_name("ID");
    runOption->excludes(configOption)->excludes(presetOption);
    useOption = command
                    .add_option("--use", use,
                                engineText("EpochscopeCli",
                                           "With --run: the best checkpoint by the callback's "
                                           "monitor, or the last one written"))
                    ->type_name("best|last")
                    ->check(CLI::IsMember({"best", "last"}))
                    ->default_str(use);
    database = RunStore::defaultPath();
    command.add_option("--db", database, engineText("EpochscopeCli", "Run database"))
        ->type_name("FILE")
        ->default_str(database);
}

std::optional<SavedModel> SavedModelOptions::resolve(std::string_view commandName) const
{
    if (*runOption)
        return fromRun();
    if (configOption->count() + presetOption->count() != 1) {
        printError(
            fillText(runOption != nullptr
                         ? engineText("EpochscopeCli",
                                      "%1 needs --config FILE or --preset NAME with "
                                      "--checkpoint FILE, or --run ID")
                         : engineText("EpochscopeCli", "%1 needs --config FILE or --preset NAME"),
                     {commandName}));
        return std::nullopt;
    }
    if (checkpointOption->count() == 0) {
        printError(
            fillText(engineText("EpochscopeCli", "%1 needs --checkpoint FILE"), {commandName}));
        return std::nullopt;
    }
    if (*useOption) {
        printError(engineText("EpochscopeCli", "--use picks a checkpoint of --run ID"));
        return std::nullopt;
    }
    SavedModel model{*configOption ? loadRunConfigFile(configPath) : loadPreset(preset),
                     checkpointPath, nullptr};
    model.tokenizer = trainedTokenizer(model.config, checkpointPath);
    return model;
}

std::string SavedModelOptions::runOrigin() const
{
    return "run " + std::to_string(runId);
}

std::optional<SavedModel> SavedModelOptions::fromRun() const
{
    try {
        const RunStore store(database, StoreAccess::ReadOnly);
        if (checkpointOption->count() > 0) {
            // A file named with --checkpoint (another epoch's save, a backup) with the config
            // the run trained.
            const std::optional<StoredRunCheckpoints> run = store.loadRunCheckpoints(runId);
            if (!run) {
                printError(fillText(engineText("StoreAccess",
                                               "no run %1 in %2; `epochscope-cli "
                                               "runs list` shows the ids"),
                                    {std::to_string(runId), store.path()}));
                return std::nullopt;
            }
            SavedModel model{parseRunConfig(run->config), checkpointPath, nullptr};
            model.tokenizer =
                trainedTokenizer(model.config, checkpointPath, run->tokenizerJson, runOrigin());
            return model;
        }
        const CheckpointChoice choice =
            use == "last" ? CheckpointChoice::Last : CheckpointChoice::Best;
        const RunCheckpoint chosen = resolveRunCheckpoint(store, runId, choice);
        SavedModel model{parseRunConfig(chosen.config), chosen.path(), nullptr};
        model.tokenizer =
            trainedTokenizer(model.config, chosen.path(), chosen.tokenizerJson, runOrigin());
        return model;
    } catch (const RunCheckpointError& error) {
        printError(error.what());
    } catch (const StoreError& error) {
        printError(error.what());
    }
    return std::nullopt;
}

}  // namespace es
