#pragma once

// The order an experiment's runs go in, for a config's experiment and a script's alike: for
// each repeat, the baseline and then every variant in turn (b, v1, v2, b, v1, v2, ...), so that
// a burst of load from another process lands on one run of several configurations rather than
// on every run of one (docs/whatif.md). A configuration whose run fails gets no more runs; a
// failing baseline, or a stop, ends the experiment.

#include "engine/whatif/experiment.h"

#include <functional>
#include <vector>

namespace es {

/// One run as the order needs it back.
struct InterleavedRunResult {
    ExperimentRun run;
    bool badInput = false;  ///< a failure that was the input's fault (a data file)
    /// A stop reached the run (it stopped the run, or came after it ended): no run follows.
    bool stopAsked = false;
};

/// Runs every configuration (`configurations[0]` the baseline) `repeats` times through
/// `runOne`, in interleaved order, and fills `outcome`'s runs, stopped, baselineFailed and
/// badInput. `progress` (may be null) is asked for a stop before each run; a run's result says
/// whether a stop reached the run just made.
void runInterleaved(const std::vector<Variant>& configurations, int repeats,
                    ExperimentProgress* progress,
                    const std::function<InterleavedRunResult(const ExperimentRunSlot&)>& runOne,
                    ExperimentOutcome& outcome);

}  // namespace es
