#include "cli/commandline/subcommands.h"

#include "cli/comparecommand.h"
#include "engine/i18n/translate.h"
#include "engine/store/runstore.h"

#include <CLI/CLI.hpp>

#include <memory>

namespace es {

Command addCompareCommand(CLI::App& app)
{
    CLI::App* compare = app.add_subcommand(
        "compare",
        engineText(
            "EpochscopeCli",
            "Compare recorded runs: what differs and where the time went (docs/reports.md)"));
    const auto options = std::make_shared<CompareOptions>();
    options->database = RunStore::defaultPath();
    compare
        ->add_option("ids", options->runIds,
                     engineText("EpochscopeCli", "Run ids, the baseline first (see `runs list`)"))
        ->required();
    compare
        ->add_option("--out", options->out,
                     engineText("EpochscopeCli",
                                "Report file; .html, .pdf, .md, .csv or .json picks the format "
                                "(default: Markdown on stdout)"))
        ->type_name("FILE");
    compare->add_option("--db", options->database, engineText("EpochscopeCli", "Run database"))
        ->type_name("FILE")
        ->default_str(options->database);
    return {compare, [options] { return runCompareCommand(*options); }, {}};
}

}  // namespace es
