#pragma once

// The environment doctor's report as the `env --json` document (docs/env.md), and back.

#include "engine/doctor/doctor.h"

#include <nlohmann/json.hpp>

#include <optional>

namespace es {

/// The `env --json` document (docs/env.md).
nlohmann::json doctorJson(const DoctorReport& report);

/// A doctorJson() document read back, without findings: diagnosis/doctorfindings.h's
/// doctorReportFromJson() makes them again. The CPU LSTM and allocator choices, which no rule
/// reads, stay default. nullopt for anything else.
std::optional<DoctorReport> parseDoctorJson(const nlohmann::json& document);

}  // namespace es
