#pragma once

// What a what-if on a Python script varies (docs/whatif.md#what-if-for-a-python-script): an
// environment variable (`--vary env:OMP_NUM_THREADS=1,2`, or `threads=1,2` for short) or the
// value of one of the script's flags (`--vary arg:--batch-size=32,64`). A script has no config
// to patch, so a variant's patch describes the change to its run instead:
// {"env": {"OMP_NUM_THREADS": "1"}, "args": {"--batch-size": "32"}}. LibTorch-free.

#include "engine/io/childprocess.h"
#include "engine/whatif/variantspec.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace es {

/// The script's run as the user gave it, or as a recorded run was started (`whatif --from-run`):
/// the baseline of the experiment.
struct ScriptCommand {
    std::vector<std::string> command;  ///< the interpreter, its options, the script, its arguments
    std::string workingFolder;         ///< absolute
    /// Set on top of this process's environment for every run, the baseline's and each
    /// variant's (a variant's own value of a variable replaces this one): the variables a
    /// recorded run was started with. Empty for a command given on the command line.
    std::vector<EnvironmentEntry> environment;
};

enum class ScriptVaryKind {
    Environment,  ///< env:NAME, threads
    Argument,     ///< arg:--flag
};

/// A parsed `--vary` of a script.
struct ScriptVaryFactor {
    std::string key;  ///< as written, for labels: "env:OMP_NUM_THREADS", "arg:--batch-size"
    ScriptVaryKind kind = ScriptVaryKind::Environment;
    std::string name;  ///< the variable ("OMP_NUM_THREADS") or the flag ("--batch-size")
    std::vector<std::string> values;
};

/// Whether a `--vary` argument is one of a script's forms (env:, arg:), which a config's
/// experiment cannot take.
bool isScriptVaryArgument(std::string_view argument);

/// Parses `env:NAME=V1,V2,...`, `arg:--flag=V1,V2,...` or `threads=V1,V2,...`. Values split at
/// commas outside double quotes; a value in double quotes is a JSON string ("0,1" keeps its
/// comma). Throws ConfigError at `--vary` for a malformed argument, an empty value, a name that
/// is no variable name or no flag, a variable the probe needs (EPOCHSCOPE_PROBE_FD, ...,
/// PYTHONPATH), a thread count that is no positive integer, and a config key (`batch_size=`),
/// saying to use arg: or env: instead.
ScriptVaryFactor parseScriptVaryArgument(std::string_view argument);

/// What one run of the script is started with.
struct ScriptRunSetup {
    std::vector<std::string> command;
    /// Set on top of this process's environment.
    std::vector<EnvironmentEntry> environment;
};

/// The run a variant's patch gives: each of its "args" flags' values replaced in the script's
/// arguments, in both forms (`--flag V` and `--flag=V`, every occurrence before a bare `--`),
/// or `--flag=V` added after the last argument when the command lacks the flag; the baseline's
/// variables, with each of the patch's "env" variables set over them. Throws ConfigError at
/// `--vary` when the command has a flag to vary without a value after it.
ScriptRunSetup applyScriptPatch(const ScriptCommand& baseline, const nlohmann::json& patch);

struct ScriptVariants {
    std::vector<Variant> variants;
    /// Why a variant was left out: "threads=2: same run as env:OMP_NUM_THREADS=2".
    std::vector<std::string> skipped;
};

/// The variants the factors describe, as buildVariants makes a config's: one factor at a time
/// (a value the baseline already has, in its own variables, this process's environment or the
/// command, is no variant) or every combination. Throws ConfigError at `--vary` for a variable or
/// flag varied twice and for a flag the command has without a value, and ScriptCommandError for a
/// command that runs no script. Variants that would start the same run as the baseline or an
/// earlier variant are left out and listed in `skipped`.
ScriptVariants buildScriptVariants(const ScriptCommand& baseline,
                                   const std::vector<ScriptVaryFactor>& factors, VaryMode mode);

}  // namespace es
