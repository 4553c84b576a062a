#pragma once

// A subcommand of epochscope-cli as app/cli/main.cpp wires it: declared on CLI11's App by its
// add...Command() (cli/commandline/subcommands.h), run once the arguments are parsed.

#include <functional>
#include <vector>

namespace CLI {
class App;
}

namespace es {

struct Command {
    /// The subcommand; parsed() once the user chose it.
    CLI::App* app = nullptr;
    /// Runs it with the options as parsed and returns the exit status (cli/exitstatus.h); a
    /// ConfigError or any other exception is left to runCommand().
    std::function<int()> run;
    /// Whether it stops after the current step on a stop signal and keeps what it did
    /// (cli/interrupt.h); empty for a command that never does.
    std::function<bool()> stopsGracefully;
};

/// The command the user chose, nullptr when none.
const Command* chosenCommand(const std::vector<Command>& commands);

/// Whether the stop signals stay deferred for `chosen` (nullptr: none was chosen).
bool stopsGracefully(const Command* chosen);

/// Runs `chosen` and returns the exit status. Without one, says that a subcommand is required
/// and prints `app`'s help on stderr (2). A ConfigError prints its issues (2), any other
/// exception its message (1).
int runCommand(const Command* chosen, const CLI::App& app);

}  // namespace es
