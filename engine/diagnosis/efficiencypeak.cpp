#include "engine/diagnosis/efficiencypeak.h"

#include "engine/diagnosis/runevidence.h"
#include "engine/i18n/translate.h"

#include <cmath>

namespace es {

std::string efficiencyPeakSource(const EfficiencyPeak& peak)
{
    return fillText(
        peak.threads == 1
            ? engineText("StoredDiagnosis",
                         "SGEMM %1^3 through %2, measured now on this machine with %3 thread")
            : engineText("StoredDiagnosis",
                         "SGEMM %1^3 through %2, measured now on this machine with %3 threads"),
        {std::to_string(peak.matrixSize), peak.library, std::to_string(peak.threads)});
}

void useEfficiencyPeak(RunEvidence& evidence, const EfficiencyPeak& peak)
{
    evidence.peakGflops = peak.gflops;
    evidence.peakSource = efficiencyPeakSource(peak);
}

nlohmann::json efficiencyPeakJson(const std::optional<EfficiencyPeak>& peak)
{
    if (!peak)
        return nlohmann::json::object();
    return {{"efficiency_peak",
             {{"gflops", peak->gflops},
              {"matrix_size", peak->matrixSize},
              {"library", peak->library},
              {"threads", peak->threads}}}};
}

std::optional<EfficiencyPeak> efficiencyPeakFromJson(const nlohmann::json& document)
{
    if (!document.is_object() || !document.contains("efficiency_peak"))
        return std::nullopt;
    const nlohmann::json& stored = document["efficiency_peak"];
    if (!stored.is_object() || !stored.value("gflops", nlohmann::json()).is_number())
        return std::nullopt;
    EfficiencyPeak peak;
    peak.gflops = stored["gflops"].get<double>();
    peak.matrixSize = stored.value("matrix_size", 0);
    peak.library = stored.value("library", std::string());
    peak.threads = stored.value("threads", 0);
    if (!std::isfinite(peak.gflops) || peak.gflops <= 0.0)
        return std::nullopt;
    return peak;
}

}  // namespace es
