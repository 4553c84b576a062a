#include "cli/kerascommand.h"

#include "cli/exitstatus.h"
#include "cli/messages.h"
#include "engine/config/jsondocument.h"
#include "engine/config/runconfig.h"
#include "engine/core/text.h"
#include "engine/i18n/translate.h"
#include "engine/io/atomicfile.h"
#include "engine/keras/kerasimport.h"

#include <cstdio>
#include <string>
#include <vector>

namespace es {

namespace {

/// "embedding_1 > lstm_1 > dense_1": the imported layers by the names runs give them.
std::string layerChain(const ModelConfig& model)
{
    std::string chain;
    for (const std::string& name : layerNames(model))
        chain += (chain.empty() ? "" : " > ") + name;
    return chain;
}

/// What the import did and its notes, on `stream`.
void printSummary(std::FILE* stream, const std::string& file, const KerasImport& imported)
{
    std::fflush(stdout);
    std::fprintf(
        stream, "%s\n",
        fillText(engineText("KerasCommand", "Imported %1 (%2): %3"),
                 {escapeControls(file), imported.kerasVersion, layerChain(imported.config.model)})
            .c_str());
    for (const std::string& note : imported.notes)
        std::fprintf(
            stream, "%s\n",
            fillText(engineText("KerasCommand", "  note: %1"), {escapeControls(note)}).c_str());
}

}  // namespace

int runKerasImport(const std::string& file, const std::string& out)
{
    if (!out.empty()) {
        if (const auto problem = checkWritableTarget(out)) {
            printError("--out " + *problem);
            return kExitBadInput;
        }
    }
    const KerasImport imported = importKerasModelFile(file);
    const std::string text = toJson(imported.config).dump(kJsonIndent) + "\n";
    if (out.empty()) {
        printSummary(stderr, file, imported);
        std::fputs(text.c_str(), stdout);
        return kExitFinished;
    }
    try {
        writeFileAtomically(out, text);
    } catch (const std::exception& error) {
        printError(
            fillText(engineText("KerasCommand", "cannot write %1: %2"), {out, error.what()}));
        return kExitRunFailed;
    }
    printSummary(stdout, file, imported);
    std::printf("%s\n", fillText(engineText("KerasCommand",
                                            "Wrote %1; train it with: epochscope-cli train "
                                            "--config %1"),
                                 {escapeControls(out)})
                            .c_str());
    return kExitFinished;
}

}  // namespace es
