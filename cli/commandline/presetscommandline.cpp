#include "cli/commandline/subcommands.h"

#include "cli/presetscommand.h"
#include "engine/i18n/translate.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>

namespace es {

Command addPresetsCommand(CLI::App& app)
{
    CLI::App* presets = app.add_subcommand(
        "presets",
        engineText("EpochscopeCli",
                   "List the built-in presets, or print one preset's full config as JSON"));
    const auto name = std::make_shared<std::string>();
    presets->add_option("name", *name, engineText("EpochscopeCli", "Preset to print"))
        ->type_name("NAME");
    return {presets, [name] { return runPresetsCommand(*name); }, {}};
}

}  // namespace es
