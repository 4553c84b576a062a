#include "cli/commandline/subcommands.h"

#include "cli/profilecommand.h"
#include "engine/i18n/translate.h"
#include "engine/store/runstore.h"

#include <CLI/CLI.hpp>

#include <memory>

namespace es {

Command addProfileCommand(CLI::App& app)
{
    CLI::App* profile = app.add_subcommand(
        "profile", engineText("EpochscopeCli",
                              "Run a Python training script unchanged and record its steps "
                              "split into phases, live (docs/profile.md)"));
    const auto options = std::make_shared<ProfileOptions>();
    options->database = RunStore::defaultPath();
    profile->add_option("--db", options->database, engineText("EpochscopeCli", "Run database"))
        ->type_name("FILE")
        ->default_str(options->database);
    profile->add_option("--name", options->name,
                        engineText("EpochscopeCli", "Run name (default: the script's file name)"));
    profile
        ->add_option("--cwd", options->workingFolder,
                     engineText("EpochscopeCli", "Folder the script runs in (default: this one)"))
        ->type_name("DIR");
    // Everything after `--` is the command, passed on as it is, options included.
    profile
        ->add_option("command", options->command,
                     engineText("EpochscopeCli",
                                "After --: the Python interpreter, the script and its "
                                "arguments"))
        ->required();
    profile->positionals_at_end();
    return {profile, [options] { return runProfileCommand(*options); }, [] { return true; }};
}

}  // namespace es
