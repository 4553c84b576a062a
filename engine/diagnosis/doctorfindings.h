#pragma once

// The environment doctor's rules: what a DoctorReport's numbers say to fix (docs/env.md lists
// the rules and their thresholds).

#include "engine/doctor/doctor.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace es {

/// The findings a report's numbers support.
std::vector<Finding> doctorFindings(const DoctorReport& report);

/// Measures this machine (measureMachine()), then adds the findings.
DoctorReport runDoctor(const DoctorOptions& options);

/// A doctorJson() document read back (parseDoctorJson()), with its findings made again in
/// engineLanguage() (a run's saved diagnosis keeps the doctor's report so; savedfindings.h).
/// nullopt for anything else.
std::optional<DoctorReport> doctorReportFromJson(const nlohmann::json& document);

}  // namespace es
