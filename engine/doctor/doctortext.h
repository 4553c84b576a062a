#pragma once

// The environment doctor's report as the lines `env` prints, and the figures the doctor's
// findings quote the same way.

#include "engine/doctor/doctor.h"

#include <string>
#include <vector>

namespace es {

/// "123.4 GFLOP/s".
std::string gflopsText(const GemmMeasurement& measurement);

/// The BLAS library loaded in this process, its threading and where it resolves to.
std::string blasText(const BlasLibrary& blas);

/// The lines `env` prints.
std::vector<std::string> formatDoctorReport(const DoctorReport& report);

}  // namespace es
