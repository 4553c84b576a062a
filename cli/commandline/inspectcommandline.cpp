#include "cli/commandline/subcommands.h"

#include "cli/inspectcommand.h"
#include "engine/i18n/translate.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <vector>

namespace es {

Command addInspectCommand(CLI::App& app)
{
    CLI::App* inspect = app.add_subcommand(
        "inspect", engineText("EpochscopeCli",
                              "Show what data files hold and what training would do with them"));
    const auto files = std::make_shared<std::vector<std::string>>();
    inspect->add_option("files", *files, engineText("EpochscopeCli", ".npy, .npz or .csv files"))
        ->type_name("FILE")
        ->required();
    return {inspect, [files] { return runInspectCommand(*files); }, {}};
}

}  // namespace es
