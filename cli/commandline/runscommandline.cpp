#include "cli/commandline/subcommands.h"

#include "cli/runscommand.h"
#include "engine/i18n/translate.h"
#include "engine/store/runstore.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <memory>
#include <string>

namespace es {

namespace {

struct RunsArguments {
    std::string database = RunStore::defaultPath();
    std::int64_t runId = 0;  ///< of show, export and delete
    std::string exportFormat = "json";
    std::string exportPath;
    CLI::App* list = nullptr;
    CLI::App* show = nullptr;
    CLI::App* exportRun = nullptr;
};

int runRuns(const RunsArguments& arguments)
{
    if (arguments.list->parsed())
        return runRunsList(arguments.database);
    if (arguments.show->parsed())
        return runRunsShow(arguments.database, arguments.runId);
    if (arguments.exportRun->parsed())
        return runRunsExport(arguments.database, arguments.runId, arguments.exportFormat,
                             arguments.exportPath);
    // `runs` requires one of its subcommands: delete is the one left.
    return runRunsDelete(arguments.database, arguments.runId);
}

}  // namespace

Command addRunsCommand(CLI::App& app)
{
    CLI::App* runs = app.add_subcommand(
        "runs",
        engineText("EpochscopeCli", "List, show, export or delete recorded runs (docs/runs.md)"));
    runs->require_subcommand(1);
    const auto arguments = std::make_shared<RunsArguments>();
    runs->add_option("--db", arguments->database, engineText("EpochscopeCli", "Run database"))
        ->type_name("FILE")
        ->default_str(arguments->database);
    // `runs list --db F` as well as `runs --db F list`.
    runs->fallthrough();
    arguments->list =
        runs->add_subcommand("list", engineText("EpochscopeCli", "One line per run, newest first"));
    arguments->show = runs->add_subcommand(
        "show",
        engineText("EpochscopeCli", "A run's facts, per-epoch phase times and checkpoints"));
    arguments->show
        ->add_option("id", arguments->runId,
                     engineText("EpochscopeCli", "Run id (see `runs list`)"))
        ->required();
    arguments->exportRun =
        runs->add_subcommand("export", engineText("EpochscopeCli", "Write a run to a file"));
    arguments->exportRun
        ->add_option("id", arguments->runId,
                     engineText("EpochscopeCli", "Run id (see `runs list`)"))
        ->required();
    arguments->exportRun
        ->add_option(
            "--format", arguments->exportFormat,
            engineText("EpochscopeCli", "json, csv (one row per step) or trace (Chrome/Perfetto)"))
        ->default_str("json");
    arguments->exportRun
        ->add_option("--out", arguments->exportPath, engineText("EpochscopeCli", "File to write"))
        ->type_name("FILE")
        ->required();
    CLI::App* runsDelete =
        runs->add_subcommand("delete", engineText("EpochscopeCli", "Delete a run and its records"));
    runsDelete
        ->add_option("id", arguments->runId,
                     engineText("EpochscopeCli", "Run id (see `runs list`)"))
        ->required();
    return {runs, [arguments] { return runRuns(*arguments); }, {}};
}

}  // namespace es
