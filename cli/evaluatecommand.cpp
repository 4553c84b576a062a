#include "cli/evaluatecommand.h"

#include "cli/exitstatus.h"
#include "cli/progressbar.h"
#include "engine/config/runconfig.h"
#include "engine/core/text.h"
#include "engine/i18n/translate.h"
#include "engine/train/evaluation.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace es {

int runEvaluateCommand(const RunConfig& config, const std::string& checkpointPath,
                       const TextTokenizer* tokenizer, bool json)
{
    const Evaluation evaluation = evaluateCheckpoint(config, checkpointPath, tokenizer);
    if (json) {
        nlohmann::json document = {
            {"checkpoint", checkpointPath},         {"checkpoint_kind", evaluation.checkpointKind},
            {"data_source", evaluation.dataSource}, {"device", config.device.name()},
            {"samples", evaluation.samples},        {"val_loss", evaluation.loss},
        };
        for (const auto& [name, value] : evaluation.metrics)
            document["val_" + name] = value;
        std::printf("%s\n", document.dump(2).c_str());
        return kExitFinished;
    }
    // Paths are shown with their controls escaped.
    std::printf("%s\n", fillText(engineText("EvaluateCommand", "Checkpoint: %1 (%2)"),
                                 {escapeControls(checkpointPath), evaluation.checkpointKind})
                            .c_str());
    std::printf("%s\n",
                fillText(engineText("EvaluateCommand", "Data: %1; %2 validation samples on %3"),
                         {escapeControls(evaluation.dataSource), std::to_string(evaluation.samples),
                          config.device.name()})
                    .c_str());
    std::string line = "val_loss: " + formatMetricValue(evaluation.loss);
    for (const auto& [name, value] : evaluation.metrics)
        line += " - val_" + name + ": " + formatMetricValue(value);
    std::printf("%s\n", line.c_str());
    return kExitFinished;
}

}  // namespace es
