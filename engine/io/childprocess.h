#pragma once

// What a child process is started with through posix_spawn(3): this process's environment
// with some variables put in, and argument lists as the C arrays exec wants. The rank
// launcher (cli/ranklauncher.h) and the profiled script (engine/script/scriptprocess.h) start
// theirs with them.

#include <string>
#include <utility>
#include <vector>

namespace es {

/// A variable for a child's environment: name and value.
using EnvironmentEntry = std::pair<std::string, std::string>;

/// `entry` put at the end of `entries`, in place of any entry of the same name: a later entry
/// replaces an earlier one, as for the child that is started with them.
void putEnvironmentEntry(std::vector<EnvironmentEntry>& entries, EnvironmentEntry entry);

/// This process's environment with `entries` put in (a later entry replaces an earlier one of
/// the same name, and both replace this process's), as NAME=VALUE strings.
std::vector<std::string> environmentWith(const std::vector<EnvironmentEntry>& entries);

/// Pointers to `strings`' characters with a null pointer after the last, for argv and envp;
/// valid while `strings` is neither changed nor destroyed.
std::vector<char*> nullTerminatedPointers(std::vector<std::string>& strings);

/// `command` after the variables `environment` sets (NAME=value), as a shell would take the
/// line back: a word with a space or a shell character in single quotes. For showing what a
/// child is started with.
std::string shellCommandLine(const std::vector<EnvironmentEntry>& environment,
                             const std::vector<std::string>& command);

/// "SIGKILL" for 9: the name a signal that ended a child is known by (not translated); the
/// number for one without a name.
std::string signalName(int signal);

}  // namespace es
