#include "cli/scalingbaseline.h"

#include "cli/messages.h"
#include "cli/storeaccess.h"
#include "engine/i18n/evidencetext.h"
#include "engine/i18n/translate.h"
#include "engine/summary/rankstats.h"

#include <cstdio>

namespace es {

std::optional<nlohmann::json> loadScalingBaseline(const std::string& database, std::int64_t runId)
{
    std::optional<nlohmann::json> baseline;
    withStore(database, StoreAccess::ReadOnly, [&](RunStore& store) {
        const std::optional<StoredRun> run = loadOrComplain(store, runId);
        if (!run)
            return 0;
        if (!scalingEfficiency(run->summary, run->summary)) {
            printError(fillText(engineText("ScalingBaseline",
                                           "--baseline-run %1: run %1 has no steady step time "
                                           "to compare with (it ended before its warm steps, or "
                                           "is still running); choose a run that trained at "
                                           "least two epochs"),
                                {std::to_string(runId)}));
            return 0;
        }
        baseline = run->summary;
        return 0;
    });
    return baseline;
}

void addScaling(nlohmann::json& summary, const nlohmann::json& baseline, std::int64_t runId,
                bool quiet)
{
    const std::optional<ScalingEfficiency> scaling = scalingEfficiency(summary, baseline);
    if (!scaling)
        return;
    summary["scaling"] = scalingJson(*scaling, runId);
    if (quiet)
        return;
    // Per unit of hardware (a machine, or a GPU on CUDA), which is what the efficiency compares.
    std::printf(
        "%s\n",
        fillText(engineText("ScalingBaseline",
                            "Scaling efficiency against run %1: %2 (warm samples/s "
                            "per machine or GPU: %3 here, %4 in run %1)"),
                 {std::to_string(runId), formatText("%.3f", scaling->efficiency),
                  formatText("%.1f", scaling->samplesPerS / scaling->units),
                  formatText("%.1f", scaling->baselineSamplesPerS / scaling->baselineUnits)})
            .c_str());
}

}  // namespace es
