#pragma once

// A what-if experiment on the console, for a config's experiment and a script's alike
// (docs/whatif.md): a line per finished run, the stop signals asking it to stop, and at the end
// the table or the `--json` document, where it was recorded and the exit status.

#include "cli/interrupt.h"
#include "engine/whatif/experiment.h"
#include "engine/whatif/experimentreport.h"

#include <cstdio>
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>

namespace es {

/// `pattern` filled with `args`, on a line of its own on `out`. The args can be what a user
/// wrote (a config's or an experiment's name, a command): controls are shown escaped.
void printWhatifLine(FILE* out, const char* pattern, std::initializer_list<std::string_view> args);

/// The plan's first line, a config's experiment's and a script's alike: what it is on
/// (`subject`), the variants besides the baseline among `configurations`, the repeats, the runs
/// and each run's steps (warm-up + measured), all from `settings`.
void printPlanSentence(FILE* out, std::string_view subject, int configurations,
                       const ExperimentSettings& settings);

/// One line per finished run on `out`, a run's warnings once per configuration; a stop signal
/// stops the experiment.
class WhatifConsoleProgress : public ExperimentProgress {
public:
    WhatifConsoleProgress(FILE* out, const InterruptGuard& interrupt)
        : m_out(out), m_interrupt(interrupt)
    {
    }

    void onRunFinished(const ExperimentRunSlot& slot, const ExperimentRun& run) override;
    void onRunLog(const ExperimentRunSlot& slot, LogLevel level,
                  const std::string& message) override;
    bool stopRequested() override;

private:
    FILE* m_out;
    const InterruptGuard& m_interrupt;
    std::set<std::string> m_seen;
    bool m_announced = false;
};

/// Prints the table, or with `json` the document, on stdout; returns kExitFinished.
int printExperimentReport(const ExperimentReport& report, bool json);

/// After the last run: the run database's trouble, the report, where it is recorded
/// (`storePath`, empty when it was not), and the exit status: 128 + the signal after a stop,
/// 1 when a run failed (2 when a failing baseline was the input's fault), else 0.
int finishWhatif(const ExperimentReport& report, const ExperimentOutcome& outcome,
                 const std::string& storePath, const InterruptGuard& interrupt, bool json);

}  // namespace es
