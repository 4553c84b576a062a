// epochscope-cli: wiring only. Each subcommand is declared by its add...Command()
// (cli/commandline/) and does its work in cli/; the stop signals are deferred before main()
// (preinit.cpp). Built as epochscope-cli-engine, which the user runs through the launcher named
// epochscope-cli (app/clilauncher/main.cpp, app/CMakeLists.txt).
#include "cli/commandline/command.h"
#include "cli/commandline/helpwords.h"
#include "cli/commandline/requestedlanguage.h"
#include "cli/commandline/subcommands.h"
#include "cli/commandline/toplevel.h"
#include "cli/exitstatus.h"
#include "cli/interrupt.h"
#include "engine/i18n/language.h"

#include <CLI/CLI.hpp>

#include <csignal>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    // The libraries' static constructors have run since the preinit entry deferred the stop
    // signals: one may have taken a signal for itself.
    es::reclaimStopSignals();
    // Under a file-size limit (`ulimit -f`) a write past it fails with EFBIG, which the run
    // database, the summary and the checkpoints report and record, instead of SIGXFSZ ending
    // the process without a word (docs/runs.md).
    std::signal(SIGXFSZ, SIG_IGN);
    const std::string requested = es::requestedLanguage(argc, argv);
    es::setEngineLanguage(requested.empty() ? es::engineLanguageFromEnvironment() : requested);

    CLI::App app{es::programDescription(), "epochscope-cli"};
    std::string language;
    es::addTopLevelOptions(app, language);
    // In the order --help lists them.
    const std::vector<es::Command> commands{
        es::addTrainCommand(app),  es::addEvaluateCommand(app), es::addPredictCommand(app),
        es::addExportCommand(app), es::addInspectCommand(app),  es::addEnvCommand(app),
        es::addRunsCommand(app),   es::addDiagnoseCommand(app), es::addProfileCommand(app),
        es::addWhatifCommand(app), es::addCompareCommand(app),  es::addPresetsCommand(app),
        es::addKerasCommand(app)};
    es::translateHelpWords(app);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        es::releaseStopSignals();
        return app.exit(error) == 0 ? es::kExitFinished : es::kExitBadInput;
    }
    const es::Command* chosen = es::chosenCommand(commands);
    // Only the commands that train can stop after a step and keep what they did. The others
    // write in transactions and atomic files, which a signal cannot leave half-done, so a
    // signal ends them as usual (one that came while LibTorch started ends them now).
    if (!es::stopsGracefully(chosen))
        es::releaseStopSignals();
    es::setEngineLanguage(language.empty() ? es::engineLanguageFromEnvironment() : language);
    return es::runCommand(chosen, app);
}
