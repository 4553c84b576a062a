#pragma once

// `train --nproc N`: this same command once per rank, started and watched by the rank launcher
// (cli/ranklauncher.h).

#include <string>
#include <vector>

namespace es {

/// `arguments` without the option `name` and its value, however written (`--nproc 2`,
/// `--nproc=2`); the rest in its order.
std::vector<std::string> withoutOption(const std::vector<std::string>& arguments,
                                       const std::string& name);

/// Runs this process's command line again, without `--nproc N`, as ranks 0 to `ranks` - 1 of a
/// distributed run on this machine (the real CLI, /proc/self/exe, with the stop signals
/// blocked until its handler is in place, as epochscope-cli's launcher starts it), and returns
/// the exit status: 0 when every rank succeeded, else the first failure's. A stop signal that
/// came before the ranks could start ends it with 128 + that signal, starting none.
int trainOnLocalRanks(int ranks);

}  // namespace es
