#pragma once

// The SGEMM rate a diagnosis measured on this machine, against which the low-efficiency rule
// reads a run's achieved GFLOP/s. Kept as numbers rather than as the sentence that names it,
// so that a saved diagnosis can be written again in another language (savedfindings.h).

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace es {

struct EfficiencyPeak {
    double gflops = 0.0;
    int matrixSize = 0;   ///< n of the n^3 SGEMM measured
    std::string library;  ///< "oneDNN" or "LibTorch": the faster one, which set the peak
    int threads = 0;      ///< intra-op threads it ran on
};

/// "SGEMM 1024^3 through oneDNN, measured now on this machine with 2 threads", in
/// engineLanguage().
std::string efficiencyPeakSource(const EfficiencyPeak& peak);

struct RunEvidence;

/// Gives `evidence` the peak the low-efficiency rule reads, with its source in words.
void useEfficiencyPeak(RunEvidence& evidence, const EfficiencyPeak& peak);

/// What a run's diagnosis stores next to its findings (RunStore::setFindings), and back; a
/// document without a usable peak (an older database, a diagnosis without the doctor) reads
/// nullopt.
nlohmann::json efficiencyPeakJson(const std::optional<EfficiencyPeak>& peak);
std::optional<EfficiencyPeak> efficiencyPeakFromJson(const nlohmann::json& document);

}  // namespace es
