#include "cli/commandline/subcommands.h"

#include "cli/commandline/savedmodeloptions.h"
#include "cli/evaluatecommand.h"
#include "cli/exitstatus.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/translate.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>

namespace es {

namespace {

struct EvaluateArguments {
    SavedModelOptions model;
    bool json = false;
};

int runEvaluate(const EvaluateArguments& arguments)
{
    const std::optional<SavedModel> model = arguments.model.resolve("evaluate");
    if (!model)
        return kExitBadInput;
    return runEvaluateCommand(model->config, model->checkpointPath, model->tokenizer.get(),
                              arguments.json);
}

}  // namespace

Command addEvaluateCommand(CLI::App& app)
{
    CLI::App* evaluate = app.add_subcommand(
        "evaluate",
        engineText("EpochscopeCli", "Evaluate a saved model on the config's validation data"));
    const auto arguments = std::make_shared<EvaluateArguments>();
    arguments->model.addTo(*evaluate);
    evaluate->add_flag("--json", arguments->json,
                       engineText("EpochscopeCli", "Print the result as JSON"));
    return {evaluate, [arguments] { return runEvaluate(*arguments); }, {}};
}

}  // namespace es
