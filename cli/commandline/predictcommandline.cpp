#include "cli/commandline/subcommands.h"

#include "cli/commandline/savedmodeloptions.h"
#include "cli/exitstatus.h"
#include "cli/messages.h"
#include "cli/predictcommand.h"
#include "cli/runoverrides.h"
#include "engine/config/runconfig.h"
#include "engine/data/textcorpus.h"
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
    std::string textColumn;
    std::string labelColumn;
    CLI::Option* textColumnOption = nullptr;
    CLI::Option* labelColumnOption = nullptr;
};

int runPredict(PredictArguments arguments)
{
    PredictRequest& request = arguments.options.request;
    // An empty --x (and no --text) is the engine's way of asking for the config's own
    // validation samples.
    const bool inputs = !request.x.empty() || !request.texts.empty();
    if (inputs == arguments.validation) {
        printError(engineText("EpochscopeCli",
                              "predict needs the inputs: --x FILE, --text TEXT, or --validation "
                              "for the validation samples of the model's own config"));
        return kExitBadInput;
    }
    if ((*arguments.textColumnOption || *arguments.labelColumnOption) && request.x.empty()) {
        printError(engineText("EpochscopeCli",
                              "--text-column and --label-column choose the columns of the CSV "
                              "file --x names"));
        return kExitBadInput;
    }
    std::optional<SavedModel> model = arguments.model.resolve("predict");
    if (!model)
        return kExitBadInput;
    RunConfig config = std::move(model->config);
    if (!request.texts.empty() && !config.data.source.fromText()) {
        printError(engineText("EpochscopeCli",
                              "--text is for a model trained on text (data.source text_csv or "
                              "text_folder); this model reads arrays: give them with --x"));
        return kExitBadInput;
    }
    request.checkpoint = model->checkpointPath;
    request.tokenizer = model->tokenizer;
    if (*arguments.textColumnOption)
        request.textColumn = columnFromText(arguments.textColumn);
    if (*arguments.labelColumnOption)
        request.labelColumn = columnFromText(arguments.labelColumn);
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
    PredictRequest& request = arguments->options.request;
    PredictCommandOptions& options = arguments->options;
    arguments->model.addTo(*predict);
    CLI::Option* xOption =
        predict
            ->add_option("--x", request.x,
                         engineText("EpochscopeCli",
                                    "The inputs: a .npy file, an .npz member (archive.npz:NAME), "
                                    "or a CSV file cut into windows as the config's csv source "
                                    "says; for a model trained on text, a CSV/TSV file of texts "
                                    "or a folder of class folders"))
            ->type_name("FILE");
    CLI::Option* yOption =
        predict
            ->add_option("--y", request.y,
                         engineText("EpochscopeCli",
                                    "Targets to score the predictions against (.npy or .npz "
                                    "member)"))
            ->type_name("FILE");
    CLI::Option* textOption =
        predict
            ->add_option("--text", request.texts,
                         engineText("EpochscopeCli",
                                    "A text to predict, tokenized as the model was trained "
                                    "(repeat for several)"))
            ->type_name("TEXT")
            ->excludes(xOption)
            ->excludes(yOption);
    arguments->textColumnOption =
        predict
            ->add_option("--text-column", arguments->textColumn,
                         engineText("EpochscopeCli",
                                    "The text column of the --x CSV file, by header name or "
                                    "1-based position (default: the config's text_csv one)"))
            ->type_name("COLUMN");
    arguments->labelColumnOption =
        predict
            ->add_option("--label-column", arguments->labelColumn,
                         engineText("EpochscopeCli",
                                    "Its label column, to score the predictions (with "
                                    "--text-column; without, the file's texts only)"))
            ->type_name("COLUMN");
    predict
        ->add_flag("--validation", arguments->validation,
                   engineText("EpochscopeCli",
                              "Predict the validation samples of the config's own data, scored "
                              "against their targets, instead of --x"))
        ->excludes(xOption)
        ->excludes(yOption)
        ->excludes(textOption);
    predict
        ->add_option("--out", options.out,
                     engineText("EpochscopeCli",
                                "Save the predictions as .npy (float32, samples x units) or .csv"))
        ->type_name("FILE");
    predict
        ->add_option("--batch", request.batchSize,
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
