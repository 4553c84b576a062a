#pragma once

#include "engine/doctor/doctor.h"

namespace es {

/// `epochscope-cli env [--json]`: runs the doctor and prints its report, or the JSON document
/// (docs/env.md). Returns the exit status: 0 (findings do not make it fail).
int runEnvCommand(const DoctorOptions& options, bool json);

}  // namespace es
