#include "engine/whatif/experimentresults.h"

#include "engine/core/records.h"
#include "engine/i18n/recordedtext.h"
#include "engine/summary/statistics.h"

#include <algorithm>
#include <cmath>

namespace es {

namespace {

}  // namespace

std::optional<WindowStats> measureWindow(const std::vector<BatchRecord>& batches, int warmupSteps)
{
    const std::size_t skip = static_cast<std::size_t>(std::max(warmupSteps, 0));
    if (batches.size() <= skip)
        return std::nullopt;
    std::vector<double> wall;
    std::array<std::vector<double>, kPhaseCount> phases;
    double lossSum = 0.0;
    bool counted = true;
    std::int64_t tensorPeak = 0;
    for (std::size_t i = skip; i < batches.size(); ++i) {
        wall.push_back(batches[i].wallMs);
        lossSum += batches[i].loss;
        counted = counted && batches[i].memory.counted();
        tensorPeak = std::max(tensorPeak, batches[i].memory.stepPeakBytes());
        for (std::size_t p = 0; p < kPhaseCount; ++p)
            phases[p].push_back(batches[i].phaseMs[p]);
    }
    WindowStats stats;
    const BatchRecord& first = batches.front();
    stats.firstStepWarmUpMs = first.phaseMs[phaseIndex(Phase::WarmUp)];
    stats.firstStepMs = first.wallMs - stats.firstStepWarmUpMs;
    stats.steps = static_cast<int>(wall.size());
    stats.meanLoss = lossSum / static_cast<double>(wall.size());
    stats.tensorPeakBytes = counted ? tensorPeak : 0;
    stats.medianMs = median(std::move(wall));
    for (std::size_t p = 0; p < kPhaseCount; ++p)
        stats.phaseMedianMs[p] = median(std::move(phases[p]));
    return stats;
}

std::vector<PhaseChange> largestPhaseChanges(const PhaseArray& variant, const PhaseArray& baseline,
                                             int count)
{
    std::vector<PhaseChange> changes;
    for (Phase phase : kAllPhases) {
        const double delta = variant[phaseIndex(phase)] - baseline[phaseIndex(phase)];
        if (delta != 0.0)
            changes.push_back({phase, delta});
    }
    std::stable_sort(changes.begin(), changes.end(),
                     [](const PhaseChange& a, const PhaseChange& b) {
                         return std::fabs(a.deltaMs) > std::fabs(b.deltaMs);
                     });
    if (changes.size() > static_cast<std::size_t>(std::max(count, 0)))
        changes.resize(static_cast<std::size_t>(std::max(count, 0)));
    return changes;
}

std::vector<VariantResult> summariseExperiment(const std::vector<Variant>& configurations,
                                               int repeatsPlanned,
                                               const std::vector<ExperimentRun>& runs)
{
    std::vector<VariantResult> rows;
    for (std::size_t index = 0; index < configurations.size(); ++index) {
        VariantResult row;
        row.index = static_cast<int>(index);
        row.label = configurations[index].label;
        row.patch = configurations[index].patch;
        row.runsPlanned = repeatsPlanned;
        std::vector<double> medians;
        std::vector<double> firstSteps;
        std::vector<double> firstStepWarmUps;
        std::vector<double> losses;
        std::vector<double> tensorPeaks;
        std::array<std::vector<double>, kPhaseCount> phases;
        for (const ExperimentRun& run : runs) {
            if (run.variantIndex != row.index)
                continue;
            if (run.status == RunStatus::Failed && row.error.empty())
                // English like the runs' own errors (--json); shown with recordedText().
                row.error =
                    run.error.empty() ? markedText("RunRecord", "the run failed") : run.error;
            if (row.epochSteps == 0)
                row.epochSteps = run.epochSteps;
            if (!run.counted())
                continue;
            medians.push_back(run.window->medianMs);
            firstSteps.push_back(run.window->firstStepMs);
            firstStepWarmUps.push_back(run.window->firstStepWarmUpMs);
            losses.push_back(run.window->meanLoss);
            if (run.window->tensorPeakBytes > 0)
                tensorPeaks.push_back(static_cast<double>(run.window->tensorPeakBytes));
            for (std::size_t p = 0; p < kPhaseCount; ++p)
                phases[p].push_back(run.window->phaseMedianMs[p]);
            row.windowSteps = row.windowSteps == 0 ? run.window->steps
                                                   : std::min(row.windowSteps, run.window->steps);
        }
        row.runsMeasured = static_cast<int>(medians.size());
        if (!medians.empty()) {
            row.minMs = *std::min_element(medians.begin(), medians.end());
            row.maxMs = *std::max_element(medians.begin(), medians.end());
            row.medianMs = median(medians);
            row.firstStepMs = median(std::move(firstSteps));
            row.firstStepWarmUpMs = median(std::move(firstStepWarmUps));
            row.meanLoss = median(std::move(losses));
            if (!tensorPeaks.empty())
                row.tensorPeakBytes = static_cast<std::int64_t>(median(std::move(tensorPeaks)));
            for (std::size_t p = 0; p < kPhaseCount; ++p)
                row.phaseMedianMs[p] = median(phases[p]);
            if (row.epochSteps > 0)
                row.projectedEpochS = row.medianMs * static_cast<double>(row.epochSteps) / kMsPerS;
        }
        rows.push_back(std::move(row));
    }
    if (rows.empty())
        return rows;
    const VariantResult& baseline = rows.front();
    for (VariantResult& row : rows) {
        if (!row.measured() || !baseline.measured())
            continue;
        if (row.projectedEpochS && baseline.projectedEpochS && *row.projectedEpochS > 0.0)
            row.speedup = *baseline.projectedEpochS / *row.projectedEpochS;
        else if (row.medianMs > 0.0)
            row.speedup = baseline.medianMs / row.medianMs;
        if (row.index != 0)
            row.largestChanges = largestPhaseChanges(row.phaseMedianMs, baseline.phaseMedianMs);
    }
    return rows;
}

}  // namespace es
