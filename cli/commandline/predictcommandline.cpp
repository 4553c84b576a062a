#include "cli/commandline/subcommands.h"

#include "cli/commandline/savedmodeloptions.h"
#include "cli/exitstatus.h"
#include "cli/messages.h"
#include "cli/predictcommand.h"
#include "cli/runoverrides.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/translate.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>

namespace es {

namespace {

struct PredictArguments {
    SavedModelOptions model;
    PredictCommandOptions options;
    std::string device;
    CLI::Option* deviceOption = nullptr;
    bool validation = false;
};

int runPredict(PredictArguments arguments)
{
    // An empty --x is the engine's way of asking for the config's own validation samples.
    if (arguments.options.x.empty() != arguments.validation) {
        printError(engineText("EpochscopeCli",
                              "predict needs the inputs: --x FILE, or --validation for the "
                              "validation samples of the model's own config"));
        return kExitBadInput;
    }
    std::optional<SavedModel> model = arguments.model.resolve("predict");
    if (!model)
        return kExitBadInput;
    RunConfig config = std::move(model->config);
    arguments.options.checkpoint = model->checkpointPath;
    if (*arguments.deviceOption) {
        // Through the config's own parser, so that a bad name fails as it would in a file.
        RunOverrides overrides;
        overrides.device = arguments.device;
        config = applyOverrides(config, overrides);
    }
    return runPredictCommand(config, arguments.options);
}

}  // namespace

Command addPredictCommand(CLI::App& app)
{
    CLI::App* predict = app.add_subcommand(
        "predict", engineText("EpochscopeCli",
                              "Run a saved model on new inputs, save its predictions and score "
                              "them against targets (docs/predict.md)"));
    const auto arguments = std::make_shared<PredictArguments>();
    PredictCommandOptions& options = arguments->options;
    arguments->model.addTo(*predict);
    CLI::Option* xOption =
        predict
            ->add_option("--x", options.x,
                         engineText("EpochscopeCli",
                                    "The inputs: a .npy file, an .npz member (archive.npz:NAME), "
                                    "or a CSV file cut into windows as the config's csv source "
                                    "says"))
            ->type_name("FILE");
    CLI::Option* yOption =
        predict
            ->add_option("--y", options.y,
                         engineText("EpochscopeCli",
                                    "Targets to score the predictions against (.npy or .npz "
                                    "member)"))
            ->type_name("FILE");
    predict
        ->add_flag("--validation", arguments->validation,
                   engineText("EpochscopeCli",
                              "Predict the validation samples of the config's own data, scored "
                              "against their targets, instead of --x"))
        ->excludes(xOption)
        ->excludes(yOption);
    predict
        ->add_option("--out", options.out,
                     engineText("EpochscopeCli",
                                "Save the predictions as .npy (float32, samples x units) or .csv"))
        ->type_name("FILE");
    predict
        ->add_option("--batch", options.batchSize,
                     engineText("EpochscopeCli",
                                "Samples per forward pass (default: the config's batch_size)"))
        ->type_name("N")
        ->check(CLI::PositiveNumber);
    arguments->deviceOption =
        predict
            ->add_option("--device", arguments->device,
                         engineText("EpochscopeCli",
                                    "cpu, cuda or cuda:N (default: the config's device.name)"))
            ->type_name("DEVICE");
    predict->add_flag("--json", options.json,
                      engineText("EpochscopeCli", "Print the result as JSON"));
    // It stops after the current batch on a stop signal, writing nothing (cli/interrupt.h).
    return {predict, [arguments] { return runPredict(*arguments); }, [] { return true; }};
}

}  // namespace es
