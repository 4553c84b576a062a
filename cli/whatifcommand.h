#pragma once

// `epochscope-cli whatif`: measures a config against variants of it (docs/whatif.md), and
// `whatif list` / `whatif show ID` for the experiments the run database keeps.

#include "engine/config/runconfigfwd.h"
#include "engine/whatif/measuredrun.h"
#include "engine/whatif/variantspec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace es {

struct WhatifOptions {
    std::vector<std::string> vary;     ///< `--vary KEY=V1,V2,...`, as given
    std::vector<std::string> patches;  ///< `--patch JSON`, as given
    bool combine = false;              ///< every combination of the --vary values
    ExperimentSettings settings;
    /// The run database that keeps the experiment; empty records nothing.
    std::string database;
    bool json = false;  ///< print the document instead of the table (progress goes to stderr)
    std::string name;   ///< the experiment's name; empty for one made from the labels
    /// Variants added after those of `vary` and `patches` (a run's findings' fixes).
    std::vector<Variant> extraVariants;
    /// After `--`: a Python training script's command, the baseline of a script's experiment
    /// (cli/scriptwhatifcommand.h); empty for a config's.
    std::vector<std::string> command;
};

/// Checks every variant, runs the experiment with a line per finished run, prints the table or
/// the document, and returns the exit status: 0; 1 when a run failed; 2 for bad input (no
/// variant, an unknown key, an invalid variant: nothing ran); 130 after Ctrl+C, which stops
/// the current run and prints what was measured.
int runWhatifCommand(const RunConfig& baseline, const WhatifOptions& options);

/// `whatif --from-run ID`: the recorded run's config is the baseline. Without --vary or
/// --patch the variants are the fixes of its findings (the saved ones, or the rules' when none
/// were saved), one per distinct patch, labelled by the finding. 2 when the run is missing or
/// has no finding with a config fix. A script's run (`profile`) is the baseline of a script's
/// experiment instead: its command in its folder, with the variants of --vary, which it needs.
int runWhatifFromRun(std::int64_t runId, WhatifOptions options);

/// One line per stored experiment, newest first.
int runWhatifList(const std::string& database);

/// A stored experiment's table (or `--json` document) rebuilt from its runs; 2 when there is
/// no such experiment or database.
int runWhatifShow(const std::string& database, std::int64_t id, bool json);

}  // namespace es
