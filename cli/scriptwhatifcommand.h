#pragma once

// `epochscope-cli whatif --vary env:NAME=V1,V2 --vary arg:--flag=V1,V2 -- python3 train.py ARGS`:
// a what-if experiment on a Python training script (docs/whatif.md#what-if-for-a-python-script).
// The command as given is the baseline; each variant changes an environment variable or a
// flag's value; each run goes under the probe for warm-up + measured steps and is stopped,
// recorded, and the table is a config's experiment's. `whatif --from-run ID` of a script's run
// (`profile`'s, or a what-if's with the variables it was started with) lands here too.

#include "cli/whatifcommand.h"
#include "engine/whatif/scriptvariants.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>

namespace es {

/// Runs the script's experiment with a line per finished run, prints the table or the
/// document, and returns the exit status as runWhatifCommand does: 0; 1 when a run failed; 2
/// for bad input (a malformed or config-key --vary, --patch, a command that runs no script, a
/// run database that cannot be opened: nothing ran); 128 + the signal after a stop, which stops
/// the current script and prints what was measured.
int runScriptWhatifCommand(const ScriptCommand& baseline, const WhatifOptions& options);

/// The same with `options.command` run in this process's working folder.
int runScriptWhatifHere(const WhatifOptions& options);

/// The command, folder and variables a script's run recorded (its config, scriptRunConfig()),
/// so that the experiment's baseline starts that run again; nullopt after saying why it cannot
/// be run again (a damaged config, a folder that is gone).
std::optional<ScriptCommand> recordedScriptCommand(std::int64_t runId,
                                                   const nlohmann::json& config);

}  // namespace es
