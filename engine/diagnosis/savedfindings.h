#pragma once

// The findings saved with a run, shown in the language of the moment. The run database keeps
// findings as the texts they were written in; a run diagnosed in English and opened in Chinese
// (or the other way round) has its rules' findings written again from its stored records.

#include "engine/core/finding.h"

#include <vector>

namespace es {

struct StoredRun;

/// `run.findings` with the texts of the diagnosis rules' findings in engineLanguage(): each is
/// replaced by the finding the rules now make from the run's records, and from the SGEMM peak
/// saved with the diagnosis (`run.diagnosis`), with the same id, patch and steps (same order
/// among equals); the environment doctor's likewise from the report saved with the diagnosis.
/// Findings that cannot be made again stay as saved: the doctor's and low-efficiency from a
/// diagnosis saved without their numbers (older databases).
std::vector<Finding> savedFindingsInLanguage(const StoredRun& run);

}  // namespace es
