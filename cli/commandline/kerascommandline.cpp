#include "cli/commandline/subcommands.h"

#include "cli/kerascommand.h"
#include "engine/i18n/translate.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>

namespace es {

namespace {

struct KerasArguments {
    std::string file;
    std::string out;
};

}  // namespace

Command addKerasCommand(CLI::App& app)
{
    CLI::App* keras = app.add_subcommand(
        "keras", engineText("KerasCommand", "Bring Keras models in (docs/keras.md)"));
    keras->require_subcommand(1);
    const auto arguments = std::make_shared<KerasArguments>();
    CLI::App* import = keras->add_subcommand(
        "import", engineText("KerasCommand",
                             "Turn a Keras Sequential model (model.to_json() or a .keras "
                             "archive) into a run config on synthetic data shaped like it"));
    import
        ->add_option("file", arguments->file,
                     engineText("KerasCommand", "The model: JSON text or a .keras archive"))
        ->type_name("FILE")
        ->required();
    import
        ->add_option("--out", arguments->out,
                     engineText("KerasCommand",
                                "Write the run config to this file (written atomically) instead "
                                "of printing it"))
        ->type_name("FILE");
    return {keras, [arguments] { return runKerasImport(arguments->file, arguments->out); }, {}};
}

}  // namespace es
