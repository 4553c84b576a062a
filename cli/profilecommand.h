#pragma once

// `epochscope-cli profile [--db FILE] [--name NAME] -- python3 train.py ARGS`: runs a Python
// training script unchanged under the probe (docs/profile.md) and records its steps, split
// into phases, as a run in the run database, live, so that the app, `runs`, `diagnose` and
// `compare` show it as they show any run.

#include <string>
#include <vector>

namespace es {

struct ProfileOptions {
    std::string database;
    std::string name;                  ///< empty: the script's file name
    std::string workingFolder;         ///< empty: this process's
    std::vector<std::string> command;  ///< the interpreter, its options, the script, its arguments
};

/// Runs the script to its end and records it. Returns the script's exit status (128 + N when
/// signal N ended it), or 2 for a command or database that cannot be used: nothing ran.
int runProfileCommand(const ProfileOptions& options);

}  // namespace es
