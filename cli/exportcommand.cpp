#include "cli/exportcommand.h"

#include "cli/exitstatus.h"
#include "cli/messages.h"
#include "engine/config/runconfig.h"
#include "engine/core/text.h"
#include "engine/export/pytorchexport.h"
#include "engine/i18n/translate.h"

#include <cstdio>

namespace es {

namespace {

/// "(batch, 64, 8)", the input the exported model takes.
std::string inputShapeText(const std::vector<std::int64_t>& sample)
{
    std::string text = "(batch";
    for (const std::int64_t size : sample)
        text += ", " + std::to_string(size);
    return text + ")";
}

}  // namespace

int runExportCommand(const RunConfig& config, const std::string& checkpointPath,
                     const std::shared_ptr<const TextTokenizer>& tokenizer,
                     const std::string& format, const std::string& directory, bool force)
{
    if (format != "pytorch") {
        printError(fillText(engineText("ExportCommand",
                                       "--format: \"%1\" is not a format export writes; the one "
                                       "there is: pytorch"),
                            {format}));
        return kExitBadInput;
    }
    const PyTorchExport exported =
        exportForPyTorch(config, checkpointPath, directory, force, tokenizer);
    std::string files;
    for (const std::string& file : exported.files)
        files += (files.empty() ? "" : ", ") + file;
    std::printf("%s\n", fillText(engineText("ExportCommand", "Checkpoint: %1 (%2)"),
                                 {escapeControls(checkpointPath), exported.checkpointKind})
                            .c_str());
    std::printf("%s\n",
                fillText(engineText("ExportCommand",
                                    "Wrote %1 for PyTorch into %2: %3 (%4 parameters; input %5)"),
                         {escapeControls(config.name), escapeControls(exported.directory), files,
                          formatCount(exported.parameters), inputShapeText(exported.sampleShape)})
                    .c_str());
    std::printf("%s\n",
                fillText(engineText("ExportCommand", "Load it in Python as %1/README.txt shows."),
                         {escapeControls(exported.directory)})
                    .c_str());
    return kExitFinished;
}

}  // namespace es
