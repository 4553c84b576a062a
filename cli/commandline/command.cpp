#include "cli/commandline/command.h"

#include "cli/exitstatus.h"
#include "cli/messages.h"
#include "engine/config/configerror.h"
#include "engine/i18n/translate.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <exception>

namespace es {

const Command* chosenCommand(const std::vector<Command>& commands)
{
    const auto chosen = std::find_if(commands.begin(), commands.end(),
                                     [](const Command& command) { return command.app->parsed(); });
    return chosen == commands.end() ? nullptr : &*chosen;
}

bool stopsGracefully(const Command* chosen)
{
    return chosen != nullptr && chosen->stopsGracefully && chosen->stopsGracefully();
}

int runCommand(const Command* chosen, const CLI::App& app)
{
    try {
        if (chosen == nullptr) {
            printError(engineText("EpochscopeCli",
                                  "a subcommand is required: train, evaluate, predict, export, "
                                  "env, inspect, runs, diagnose, profile, compare, whatif, presets "
                                  "or keras"));
            std::fprintf(stderr, "%s", app.help().c_str());
            return kExitBadInput;
        }
        return chosen->run();
    } catch (const ConfigError& error) {
        printConfigIssues(error);
        return kExitBadInput;
    } catch (const std::exception& error) {
        printError(error.what());
        return kExitRunFailed;
    }
}

}  // namespace es
