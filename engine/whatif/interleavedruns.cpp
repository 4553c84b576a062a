#include "engine/whatif/interleavedruns.h"

namespace es {

void runInterleaved(const std::vector<Variant>& configurations, int repeats,
                    ExperimentProgress* progress,
                    const std::function<InterleavedRunResult(const ExperimentRunSlot&)>& runOne,
                    ExperimentOutcome& outcome)
{
    const int total = static_cast<int>(configurations.size()) * repeats;
    std::vector<bool> failed(configurations.size(), false);
    int number = 0;
    for (int repeat = 1; repeat <= repeats; ++repeat) {
        for (std::size_t index = 0; index < configurations.size(); ++index) {
            ++number;
            if (failed[index])
                continue;
            if (progress != nullptr && progress->stopRequested()) {
                outcome.stopped = true;
                return;
            }
            const ExperimentRunSlot slot{
                number, total,  static_cast<int>(index), configurations[index].label,
                repeat, repeats};
            const InterleavedRunResult result = runOne(slot);
            outcome.runs.push_back(result.run);
            if (result.run.status == RunStatus::Failed) {
                failed[index] = true;
                if (index == 0) {
                    outcome.baselineFailed = true;
                    outcome.badInput = result.badInput;
                    return;
                }
            }
            if (result.stopAsked) {
                outcome.stopped = true;
                return;
            }
        }
    }
}

}  // namespace es
