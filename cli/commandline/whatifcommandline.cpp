#include "cli/commandline/subcommands.h"

#include "cli/exitstatus.h"
#include "cli/messages.h"
#include "cli/scriptwhatifcommand.h"
#include "cli/whatifcommand.h"
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/translate.h"
#include "engine/store/runstore.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <memory>
#include <string>

namespace es {

namespace {

struct WhatifArguments {
    WhatifOptions options;
    std::string configPath;
    std::string preset;
    std::int64_t fromRun = 0;
    std::int64_t experimentId = 0;
    CLI::Option* configOption = nullptr;
    CLI::Option* presetOption = nullptr;
    CLI::Option* fromRunOption = nullptr;
    CLI::App* list = nullptr;
    CLI::App* show = nullptr;
};

void addBaselineOptions(CLI::App& whatif, WhatifArguments& arguments)
{
    arguments.configOption =
        whatif
            .add_option("--config", arguments.configPath,
                        engineText("EpochscopeCli", "The baseline run config (JSON)"))
            ->type_name("FILE");
    arguments.presetOption =
        whatif
            .add_option("--preset", arguments.preset,
                        engineText("EpochscopeCli", "Or a built-in preset as the baseline"))
            ->type_name("NAME");
    arguments.fromRunOption =
        whatif
            .add_option("--from-run", arguments.fromRun,
                        engineText("EpochscopeCli",
                                   "Or a recorded run as the baseline; without --vary or --patch, "
                                   "its findings' fixes are the variants"))
            ->type_name("ID");
    arguments.configOption->excludes(arguments.presetOption);
    arguments.fromRunOption->excludes(arguments.configOption)->excludes(arguments.presetOption);
}

void addVariantOptions(CLI::App& whatif, WhatifOptions& options)
{
    whatif
        .add_option("--vary", options.vary,
                    engineText("EpochscopeCli",
                               "Values to try for a config key: threads, batch_size, placement, "
                               "prefetch, backend, device, or a path such as "
                               "callbacks[0].save_freq; for a script after --, "
                               "env:NAME=V1,V2, arg:--flag=V1,V2 or threads=V1,V2 (repeatable)"))
        ->type_name("KEY=V1,V2");
    whatif
        .add_option("--patch", options.patches,
                    engineText("EpochscopeCli",
                               "A variant given as a JSON merge patch on the config (repeatable)"))
        ->type_name("JSON");
    whatif.add_flag(
        "--combine", options.combine,
        engineText("EpochscopeCli",
                   "Every combination of the --vary values instead of one factor at a time"));
}

void addMeasurementOptions(CLI::App& whatif, WhatifOptions& options)
{
    whatif
        .add_option("--warmup-steps", options.settings.warmupSteps,
                    engineText("EpochscopeCli", "Steps each run takes before measuring"))
        ->type_name("N")
        ->default_str(std::to_string(options.settings.warmupSteps));
    whatif
        .add_option("--measured-steps", options.settings.measuredSteps,
                    engineText("EpochscopeCli", "Steps each run measures"))
        ->type_name("N")
        ->default_str(std::to_string(options.settings.measuredSteps));
    whatif
        .add_option("--repeats", options.settings.repeats,
                    engineText("EpochscopeCli", "Runs per configuration, interleaved"))
        ->type_name("N")
        ->default_str(std::to_string(options.settings.repeats));
    whatif.add_option("--name", options.name, engineText("EpochscopeCli", "The experiment's name"))
        ->type_name("TEXT");
    whatif.add_flag(
        "--json", options.json,
        engineText("EpochscopeCli", "Print the results as JSON (progress goes to stderr)"));
    options.database = RunStore::defaultPath();
    whatif
        .add_option("--db", options.database,
                    engineText("EpochscopeCli", "Run database to record into"))
        ->type_name("FILE")
        ->default_str(options.database);
}

void addStoredExperimentCommands(CLI::App& whatif, WhatifArguments& arguments)
{
    arguments.list = whatif.add_subcommand(
        "list", engineText("EpochscopeCli", "The stored experiments, newest first"));
    arguments.show = whatif.add_subcommand(
        "show", engineText("EpochscopeCli", "A stored experiment's table, rebuilt from its runs"));
    arguments.show
        ->add_option("id", arguments.experimentId,
                     engineText("EpochscopeCli", "Experiment id (see `whatif list`)"))
        ->required();
    // `whatif show ID --json --db F` as well as `whatif --db F show ID`.
    arguments.list->fallthrough();
    arguments.show->fallthrough();
}

void addScriptCommand(CLI::App& whatif, WhatifOptions& options)
{
    // Everything after `--` is the script's command, passed on as it is, options included.
    whatif.add_option("command", options.command,
                      engineText("EpochscopeCli",
                                 "After --: a Python training script's command, the baseline of "
                                 "an experiment on its environment and arguments"));
    whatif.positionals_at_end();
}

int runWhatif(const WhatifArguments& arguments)
{
    const WhatifOptions& options = arguments.options;
    if (arguments.list->parsed())
        return runWhatifList(options.database);
    if (arguments.show->parsed())
        return runWhatifShow(options.database, arguments.experimentId, options.json);
    const std::size_t baselines = arguments.configOption->count() +
                                  arguments.presetOption->count() +
                                  arguments.fromRunOption->count();
    if (!options.command.empty()) {
        if (baselines > 0) {
            printError(engineText("EpochscopeCli",
                                  "whatif takes one baseline: a script's command after --, or "
                                  "--config FILE, --preset NAME or --from-run ID"));
            return kExitBadInput;
        }
        return runScriptWhatifHere(options);
    }
    if (*arguments.fromRunOption)
        return runWhatifFromRun(arguments.fromRun, options);
    if (baselines != 1) {
        printError(engineText("EpochscopeCli",
                              "whatif needs --config FILE, --preset NAME or --from-run ID, or "
                              "a script's command after --"));
        return kExitBadInput;
    }
    const RunConfig baseline = *arguments.configOption ? loadRunConfigFile(arguments.configPath)
                                                       : loadPreset(arguments.preset);
    return runWhatifCommand(baseline, options);
}

}  // namespace

Command addWhatifCommand(CLI::App& app)
{
    CLI::App* whatif = app.add_subcommand(
        "whatif", engineText("EpochscopeCli",
                             "Measure a config, or a Python script's run, against variants of "
                             "it: step times, projected epoch time, speedup (docs/whatif.md)"));
    whatif->require_subcommand(0, 1);
    const auto arguments = std::make_shared<WhatifArguments>();
    addBaselineOptions(*whatif, *arguments);
    addVariantOptions(*whatif, arguments->options);
    addMeasurementOptions(*whatif, arguments->options);
    addStoredExperimentCommands(*whatif, *arguments);
    addScriptCommand(*whatif, arguments->options);
    // Measuring stops after the current step and keeps what it measured; listing and showing
    // stored experiments only read.
    const auto measures = [arguments] {
        return !arguments->list->parsed() && !arguments->show->parsed();
    };
    return {whatif, [arguments] { return runWhatif(*arguments); }, measures};
}

}  // namespace es
