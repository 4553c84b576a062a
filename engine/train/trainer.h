#pragma once

#include "engine/config/runconfigfwd.h"
#include "engine/core/runclock.h"
#include "engine/train/observerlist.h"
#include "engine/train/runcontrol.h"
#include "engine/train/runresult.h"

#include <functional>

namespace es {

struct RunExtensions;  // train/runextensions_torch.h

/// The training loop of one run, executed on the engine thread. Times every batch by
/// phase (docs/summary.md) and reports records to the observers as they happen.
///
/// Returns the records with state Finished or Stopped; LibTorch and other exceptions
/// propagate to the caller (TrainingSession turns them into a failed run). `result` is
/// filled as the run goes, so a failure keeps what was measured before it.
/// `reportState` is told when the run pauses and resumes. Records are stamped on `clock`.
/// `extensions` (may be null) adds C++ callbacks, a batch transform and a loss term.
void runTraining(const RunConfig& config, const RunClock& clock, RunControl& control,
                 const ObserverList& observers, RunResult& result,
                 const std::function<void(RunState)>& reportState,
                 const RunExtensions* extensions = nullptr);

}  // namespace es
