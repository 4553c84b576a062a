#include "cli/commandline/subcommands.h"

#include "cli/evaluatecommand.h"
#include "cli/exitstatus.h"
#include "cli/messages.h"
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/translate.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>

namespace es {

namespace {

struct EvaluateArguments {
    std::string checkpointPath;
    std::string configPath;
    std::string preset;
    bool json = false;
    CLI::Option* configOption = nullptr;
    CLI::Option* presetOption = nullptr;
};

int runEvaluate(const EvaluateArguments& arguments)
{
    if (arguments.configOption->count() + arguments.presetOption->count() != 1) {
        printError(engineText("EpochscopeCli", "evaluate needs --config FILE or --preset NAME"));
        return kExitBadInput;
    }
    const RunConfig config = *arguments.configOption ? loadRunConfigFile(arguments.configPath)
                                                     : loadPreset(arguments.preset);
    return runEvaluateCommand(config, arguments.checkpointPath, arguments.json);
}

}  // namespace

Command addEvaluateCommand(CLI::App& app)
{
    CLI::App* evaluate = app.add_subcommand(
        "evaluate",
        engineText("EpochscopeCli", "Evaluate a saved model on the config's validation data"));
    const auto arguments = std::make_shared<EvaluateArguments>();
    evaluate
        ->add_option(
            "--checkpoint", arguments->checkpointPath,
            engineText("EpochscopeCli", "A model_checkpoint file or a backup_and_restore backup"))
        ->type_name("FILE")
        ->required();
    arguments->configOption =
        evaluate
            ->add_option("--config", arguments->configPath,
                         engineText("EpochscopeCli", "The run config the model was trained with"))
            ->type_name("FILE");
    arguments->presetOption =
        evaluate
            ->add_option("--preset", arguments->preset,
                         engineText("EpochscopeCli", "Or the built-in preset it was trained with"))
            ->type_name("NAME");
    arguments->configOption->excludes(arguments->presetOption);
    evaluate->add_flag("--json", arguments->json,
                       engineText("EpochscopeCli", "Print the result as JSON"));
    return {evaluate, [arguments] { return runEvaluate(*arguments); }, {}};
}

}  // namespace es
