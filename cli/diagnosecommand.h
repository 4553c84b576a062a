#pragma once

// `epochscope-cli diagnose ID`: the diagnosis rules over a recorded run (docs/diagnosis.md),
// with the environment doctor's findings and measured SGEMM peak when the run trained on this
// machine. The findings are saved with the run, where the desktop app shows them.

#include <cstdint>
#include <string>

namespace es {

struct DiagnoseOptions {
    std::string database;
    std::int64_t runId = 0;
    bool json = false;
    /// Skip the doctor (about a second of measurement): no machine findings, no peak.
    bool withoutDoctor = false;
};

/// Prints the findings (or the `--json` document); 0, or 2 for a run or database that is not
/// there.
int runDiagnoseCommand(const DiagnoseOptions& options);

}  // namespace es
