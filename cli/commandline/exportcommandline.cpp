#include "cli/commandline/savedmodeloptions.h"
#include "cli/commandline/subcommands.h"
#include "cli/exitstatus.h"
#include "cli/exportcommand.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/translate.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>

namespace es {

namespace {

struct ExportArguments {
    SavedModelOptions model;
    std::string format;
    std::string out;
    bool force = false;
};

int runExport(const ExportArguments& arguments)
{
    const std::optional<SavedModel> model = arguments.model.resolve("export");
    if (!model)
        return kExitBadInput;
    return runExportCommand(model->config, model->checkpointPath, model->tokenizer,
                            arguments.format, arguments.out, arguments.force);
}

}  // namespace

Command addExportCommand(CLI::App& app)
{
    CLI::App* exportCommand = app.add_subcommand(
        "export", engineText("EpochscopeCli",
                             "Write a saved model for another framework: PyTorch (model.py, "
                             "weights.pt, README.txt; docs/predict.md)"));
    const auto arguments = std::make_shared<ExportArguments>();
    arguments->model.addTo(*exportCommand);
    exportCommand
        ->add_option("--format", arguments->format,
                     engineText("EpochscopeCli", "What to write: pytorch"))
        ->type_name("FORMAT")
        ->required();
    exportCommand
        ->add_option("--out", arguments->out,
                     engineText("EpochscopeCli",
                                "The directory to write, made whole or not at all; an existing "
                                "one must be empty"))
        ->type_name("DIR")
        ->required();
    exportCommand->add_flag(
        "--force", arguments->force,
        engineText("EpochscopeCli", "Replace the --out directory even when it is not empty"));
    return {exportCommand, [arguments] { return runExport(*arguments); }, {}};
}

}  // namespace es
