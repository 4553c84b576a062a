#include "cli/commandline/subcommands.h"

#include "cli/diagnosecommand.h"
#include "engine/i18n/translate.h"
#include "engine/store/runstore.h"

#include <CLI/CLI.hpp>

#include <memory>

namespace es {

Command addDiagnoseCommand(CLI::App& app)
{
    CLI::App* diagnose = app.add_subcommand(
        "diagnose", engineText("EpochscopeCli",
                               "Why a recorded run is slow: findings with evidence and fixes "
                               "(docs/diagnosis.md)"));
    const auto options = std::make_shared<DiagnoseOptions>();
    options->database = RunStore::defaultPath();
    diagnose
        ->add_option("id", options->runId, engineText("EpochscopeCli", "Run id (see `runs list`)"))
        ->required();
    diagnose->add_option("--db", options->database, engineText("EpochscopeCli", "Run database"))
        ->type_name("FILE")
        ->default_str(options->database);
    diagnose->add_flag("--json", options->json,
                       engineText("EpochscopeCli", "Print the findings as JSON"));
    diagnose->add_flag("--no-doctor", options->withoutDoctor,
                       engineText("EpochscopeCli",
                                  "Skip measuring this machine (no machine findings, no SGEMM "
                                  "peak)"));
    return {diagnose, [options] { return runDiagnoseCommand(*options); }, {}};
}

}  // namespace es
