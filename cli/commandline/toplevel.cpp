#include "cli/commandline/toplevel.h"

#include "cli/commandline/versiontext.h"
#include "engine/i18n/language.h"
#include "engine/i18n/translate.h"

#include <CLI/CLI.hpp>

namespace es {

std::string programDescription()
{
    return engineText("EpochscopeCli",
                      "EpochScope: train LSTM models and find out why training is slow");
}

void addTopLevelOptions(CLI::App& app, std::string& language)
{
    // Before the subcommands: they copy it when created.
    app.failure_message([](const CLI::App*, const CLI::Error& error) {
        return fillText(engineText("EpochscopeCli",
                                   "epochscope-cli: error: %1\nRun with --help for more "
                                   "information.\n"),
                        {error.what()});
    });
    app.footer(engineText("EpochscopeCli",
                          "Exit status: 0 finished, 1 the run failed, 2 bad input (nothing "
                          "ran), 128+N stopped by signal N (130 Ctrl+C, 143 SIGTERM, 129 "
                          "SIGHUP).\nDocumentation: docs/cli.md, docs/config.md, "
                          "docs/summary.md."));
    app.set_version_flag(
        "--version", versionText,
        engineText("EpochscopeCli", "Display program version information and exit"));
    app.require_subcommand(0, 1);
    // Before the subcommands too, so that `diagnose 3 --lang zh_CN` reaches --lang.
    app.fallthrough();
    app.add_option("--lang", language,
                   engineText("EpochscopeCli",
                              "Language of the output, findings and reports: en or zh_CN (default: "
                              "from LC_ALL, LC_MESSAGES or LANG)"))
        ->type_name("LANG")
        ->check(CLI::IsMember(engineLanguages()));
}

}  // namespace es
