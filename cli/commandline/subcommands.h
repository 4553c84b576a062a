#pragma once

// epochscope-cli's subcommands on the command line, one function each: it declares the
// subcommand, its options and their help texts on `app` (in the engine's language, set before),
// and returns what runs it. app/cli/main.cpp adds them in the order --help lists them.

#include "cli/commandline/command.h"

namespace CLI {
class App;
}

namespace es {

/// `train`: a config file or preset, overrides from flags (cli/traincommand.h).
Command addTrainCommand(CLI::App& app);
/// `evaluate`: a saved model on a config's validation data (cli/evaluatecommand.h).
Command addEvaluateCommand(CLI::App& app);
/// `predict`: a saved model on new inputs, scored against targets (cli/predictcommand.h).
Command addPredictCommand(CLI::App& app);
/// `export`: a checkpoint's model for PyTorch (cli/exportcommand.h).
Command addExportCommand(CLI::App& app);
/// `inspect`: what data files hold (cli/inspectcommand.h).
Command addInspectCommand(CLI::App& app);
/// `env`: the environment doctor (cli/envcommand.h).
Command addEnvCommand(CLI::App& app);
/// `runs list|show|export|delete`: the run database (cli/runscommand.h).
Command addRunsCommand(CLI::App& app);
/// `diagnose`: a recorded run's findings (cli/diagnosecommand.h).
Command addDiagnoseCommand(CLI::App& app);
/// `profile -- python3 train.py ARGS`: a Python script's steps recorded (cli/profilecommand.h).
Command addProfileCommand(CLI::App& app);
/// `whatif [list|show]`: what-if experiments (cli/whatifcommand.h).
Command addWhatifCommand(CLI::App& app);
/// `compare`: a comparison report of recorded runs (cli/comparecommand.h).
Command addCompareCommand(CLI::App& app);
/// `presets [NAME]`: the built-in presets (cli/presetscommand.h).
Command addPresetsCommand(CLI::App& app);
/// `keras import FILE [--out FILE]`: a Keras model as a run config (cli/kerascommand.h).
Command addKerasCommand(CLI::App& app);

}  // namespace es
