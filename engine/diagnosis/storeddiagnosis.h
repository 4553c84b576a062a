#pragma once

// The diagnosis of a recorded run as the CLI's `diagnose` and the desktop app's Findings panel
// make it: the rules over its evidence, plus, when the run trained on this machine, the
// environment doctor's findings and its measured SGEMM rate as the efficiency peak.

#include "engine/core/finding.h"
#include "engine/diagnosis/batchpeaks.h"
#include "engine/diagnosis/efficiencypeak.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace es {

class RunStore;
struct StoredRun;

struct StoredRunDiagnosis {
    std::vector<Finding> findings;  ///< the rules' (most severe first), then the doctor's
    /// The SGEMM rate the low-efficiency rule read, when the doctor measured one. Save it with
    /// the findings (efficiencyPeakJson) so they can be written again in another language.
    std::optional<EfficiencyPeak> peak;
    /// The doctor's report (doctorJson()) when it ran, for the same reason; null otherwise.
    nlohmann::json doctor;
    /// Why the doctor's findings are missing ("the run trained on another machine ..."); empty
    /// when they are there or were not asked for.
    std::string doctorLeftOut;
    /// The tensor peaks at other batch sizes memory-headroom projected from, saved for the
    /// same reason.
    std::vector<BatchPeak> batchPeaks;
};

/// `withDoctor` measures this machine (about a second). With `store` (the database `run` is
/// in), memory-headroom looks there for runs of the model at other batch sizes.
StoredRunDiagnosis diagnoseStoredRun(const StoredRun& run, bool withDoctor,
                                     const RunStore* store = nullptr);

/// What RunStore::setFindings keeps next to the findings: the peak (efficiencyPeakJson) and
/// the doctor's numbers under "doctor" (without LibTorch's build configuration and the
/// findings, which are made again from them).
nlohmann::json savedDiagnosisJson(const StoredRunDiagnosis& diagnosis);

}  // namespace es
