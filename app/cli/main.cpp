// epochscope-cli: argument parsing and wiring only; the work lives in engine/console/. Built as
// epochscope-cli-engine, which the user runs through the launcher named epochscope-cli
// (app/clilauncher/main.cpp, app/CMakeLists.txt).
#include "config/configerror.h"
#include "config/presets.h"
#include "config/runconfig.h"
#include "console/comparecommand.h"
#include "console/diagnosecommand.h"
#include "console/envcommand.h"
#include "console/evaluatecommand.h"
#include "console/exitstatus.h"
#include "console/inspectcommand.h"
#include "console/interrupt.h"
#include "console/messages.h"
#include "console/runoverrides.h"
#include "console/runscommand.h"
#include "console/traincommand.h"
#include "console/whatifcommand.h"
#include "core/threadname.h"
#include "env/environment.h"
#include "i18n/language.h"
#include "i18n/translate.h"
#include "store/runstore.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr int kJsonIndent = 2;

/// The language `--lang` names ("--lang X" or "--lang=X", before any "--"), empty without one.
/// The help texts are made while the options are declared, so the language is needed before
/// the arguments are parsed; parsing then checks the value.
std::string requestedLanguage(int argc, char** argv)
{
    constexpr std::string_view kOption = "--lang";
    for (int i = 1; i < argc; ++i) {
        const std::string_view argument = argv[i];
        if (argument == "--")
            break;
        if (argument == kOption && i + 1 < argc)
            return argv[i + 1];
        if (argument.size() > kOption.size() && argument.substr(0, kOption.size()) == kOption &&
            argument[kOption.size()] == '=')
            return std::string(argument.substr(kOption.size() + 1));
    }
    return {};
}

/// CLI11's own words in the help (its labels, the default group names, the help flag's
/// description) in the engine's language. Call after every option and subcommand is declared:
/// a subcommand makes its help flag in CLI11's default group. REQUIRED, Needs and Excludes stay
/// as they are: they sit in the column CLI11 pads by bytes, where wide characters misalign it.
void translateHelpWords(CLI::App& app)
{
    const std::shared_ptr<CLI::FormatterBase> formatter = app.get_formatter();
    formatter->label("Usage", es::engineText("EpochscopeCli", "Usage"));
    formatter->label("OPTIONS", es::engineText("EpochscopeCli", "OPTIONS"));
    formatter->label("SUBCOMMAND", es::engineText("EpochscopeCli", "SUBCOMMAND"));
    formatter->label("SUBCOMMANDS", es::engineText("EpochscopeCli", "SUBCOMMANDS"));
    formatter->label("Positionals", es::engineText("EpochscopeCli", "Positionals"));
    const std::string options = es::engineText("EpochscopeCli", "Options");
    const std::string subcommands = es::engineText("EpochscopeCli", "Subcommands");
    const std::string help = es::engineText("EpochscopeCli", "Print this help message and exit");
    const auto translate = [&](CLI::App& command, const auto& self) -> void {
        for (CLI::Option* option : command.get_options()) {
            if (option->get_group() == "Options")
                option->group(options);
            if (option == command.get_help_ptr())
                option->description(help);
        }
        for (CLI::App* sub : command.get_subcommands([](CLI::App*) { return true; })) {
            if (sub->get_group() == "Subcommands")
                sub->group(subcommands);
            self(*sub, self);
        }
    };
    translate(app, translate);
}

int printConfigError(const es::ConfigError& error)
{
    es::printConfigIssues(error);
    return es::kExitBadInput;
}

std::string versionText()
{
    return std::string("epochscope-cli ") + EPOCHSCOPE_VERSION + "\nLibTorch " +
           es::collectEnvironment().libtorchVersion;
}

int listPresets()
{
    const std::vector<es::PresetInfo> presets = es::builtinPresets();
    std::size_t width = 0;
    for (const es::PresetInfo& preset : presets)
        width = std::max(width, preset.name.size());
    for (const es::PresetInfo& preset : presets)
        std::printf("%-*s  %s\n", static_cast<int>(width), preset.name.c_str(),
                    preset.description.c_str());
    return es::kExitFinished;
}

int showPreset(const std::string& name)
{
    std::printf("%s\n", es::toJson(es::loadPreset(name)).dump(kJsonIndent).c_str());
    return es::kExitFinished;
}

/// Defers SIGINT, SIGTERM and SIGHUP (console/interrupt.h) from the first instruction of ours
/// that runs, then unblocks them. Preinit entries run once the dynamic loader has mapped and
/// relocated the libraries (a tenth to a third of a second, in which nothing of ours can run) and
/// before every library's static constructors, LibTorch's among them, which take about a second
/// more. A signal in that second would otherwise end the process at once; now `train` and
/// `whatif` record it as a stopped run, and the other commands end with it as soon as they know
/// they cannot stop gracefully. A failure to defer comes back with its reason from the
/// command's own InterruptGuard.
///
/// The loader's time is covered by the launcher the user runs as epochscope-cli
/// (app/clilauncher/main.cpp): it blocks these signals before it executes this program, and the
/// mask and any signal pending under it survive execve. Unblocking them here, with the handler
/// in place, delivers such a signal to the handler, which takes it as a Ctrl+C at the start.
/// Started without the launcher, nothing is blocked and this changes nothing. Only a signal
/// that arrives while the kernel still executes the launcher, before its first instruction (a
/// millisecond or less), ends the process at once. A parent that started the CLI with these
/// signals blocked finds them unblocked: stopping a run needs them.
void deferStopSignalsFromTheStart(int, char**, char**)
{
    es::deferStopSignals();
    // Also when deferring failed: blocked for good, the signals could not stop the process.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGTERM);
    sigaddset(&stopSignals, SIGHUP);
    sigprocmask(SIG_UNBLOCK, &stopSignals, nullptr);
}

/// The kernel names a process after the file it executes, here epochscope-cli-engine, cut to
/// "epochscope-cli-". The name the user started is what `ps -e`, `top` and `pkill -x` look for;
/// before any thread starts, so that LibTorch's workers inherit it as before the launcher.
void nameTheProcessAsStarted(int, char**, char**)
{
    es::nameThisThread("epochscope-cli");
}

using PreinitEntry = void (*)(int, char**, char**);
// NOLINTNEXTLINE(cppcoreguidelines-avoid-non-const-global-variables): the loader reads them
__attribute__((section(".preinit_array"), used))
PreinitEntry g_preinitEntries[] = {deferStopSignalsFromTheStart, nameTheProcessAsStarted};

}  // namespace

int main(int argc, char** argv)
{
    // Under a file-size limit (`ulimit -f`) a write past it fails with EFBIG, which the run
    // database, the summary and the checkpoints report and record, instead of SIGXFSZ ending
    // the process without a word (docs/runs.md).
    std::signal(SIGXFSZ, SIG_IGN);
    const std::string requested = requestedLanguage(argc, argv);
    es::setEngineLanguage(requested.empty() ? es::engineLanguageFromEnvironment() : requested);

    CLI::App app{es::engineText("EpochscopeCli",
                                "EpochScope: train LSTM models and find out why training is slow"),
                 "epochscope-cli"};
    // Before the subcommands: they copy it when created.
    app.failure_message([](const CLI::App*, const CLI::Error& error) {
        return es::fillText(es::engineText("EpochscopeCli",
                                           "epochscope-cli: error: %1\nRun with --help for more "
                                           "information.\n"),
                            {error.what()});
    });
    app.footer(es::engineText("EpochscopeCli",
                              "Exit status: 0 finished, 1 the run failed, 2 bad input (nothing "
                              "ran), 128+N stopped by signal N (130 Ctrl+C, 143 SIGTERM, 129 "
                              "SIGHUP).\nDocumentation: docs/cli.md, docs/config.md, "
                              "docs/summary.md."));
    app.set_version_flag(
        "--version", versionText,
        es::engineText("EpochscopeCli", "Display program version information and exit"));
    app.require_subcommand(0, 1);
    // Before the subcommands too, so that `diagnose 3 --lang zh_CN` reaches this option.
    app.fallthrough();
    std::string language;
    app.add_option(
           "--lang", language,
           es::engineText("EpochscopeCli",
                          "Language of the output, findings and reports: en or zh_CN (default: "
                          "from LC_ALL, LC_MESSAGES or LANG)"))
        ->type_name("LANG")
        ->check(CLI::IsMember(es::engineLanguages()));

    CLI::App* train = app.add_subcommand(
        "train", es::engineText("EpochscopeCli", "Train a model and report where the time went"));
    std::string configPath;
    std::string presetName;
    int epochs = 0;
    std::int64_t maxBatches = 0;
    int threads = 0;
    std::string device;
    es::TrainCommandOptions trainOptions;
    CLI::Option* configOption =
        train
            ->add_option("--config", configPath,
                         es::engineText("EpochscopeCli", "Run config file (JSON, docs/config.md)"))
            ->type_name("FILE");
    CLI::Option* presetOption =
        train
            ->add_option("--preset", presetName,
                         es::engineText("EpochscopeCli", "Built-in preset (see `presets`)"))
            ->type_name("NAME");
    configOption->excludes(presetOption);
    CLI::Option* epochsOption =
        train
            ->add_option("--epochs", epochs,
                         es::engineText("EpochscopeCli", "Number of epochs (training.epochs)"))
            ->type_name("N");
    CLI::Option* maxBatchesOption =
        train
            ->add_option(
                "--max-batches", maxBatches,
                es::engineText("EpochscopeCli",
                               "Stop each epoch after N batches (training.steps_per_epoch)"))
            ->type_name("N");
    int warmupSteps = 0;
    CLI::Option* warmupStepsOption =
        train
            ->add_option(
                "--warmup-steps", warmupSteps,
                es::engineText("EpochscopeCli",
                               "Forward and backward passes without updates before training, "
                               "timed as the Warm-up phase (training.warmup_steps)"))
            ->type_name("N");
    CLI::Option* threadsOption =
        train
            ->add_option("--threads", threads,
                         es::engineText(
                             "EpochscopeCli",
                             "Intra-op CPU threads, 0 for one per core (device.intra_op_threads)"))
            ->type_name("N");
    CLI::Option* deviceOption =
        train
            ->add_option("--device", device,
                         es::engineText("EpochscopeCli", "cpu, cuda or cuda:N (device.name)"))
            ->type_name("NAME");
    std::string backend;
    CLI::Option* backendOption =
        train
            ->add_option(
                "--backend", backend,
                es::engineText("EpochscopeCli", "LSTM backend: auto, libtorch or onednn (backend)"))
            ->type_name("NAME");
    std::string allocator;
    CLI::Option* allocatorOption =
        train
            ->add_option(
                "--allocator", allocator,
                es::engineText("EpochscopeCli",
                               "Host allocator for tensors: auto, system, glibc-tuned, jemalloc or "
                               "tcmalloc (device.allocator)"))
            ->type_name("NAME");
    std::string xPath;
    std::string yPath;
    std::string xValPath;
    std::string yValPath;
    CLI::Option* xOption =
        train
            ->add_option(
                "--x", xPath,
                es::engineText("EpochscopeCli", "Inputs in a .npy file (replaces data.source)"))
            ->type_name("FILE");
    CLI::Option* yOption =
        train
            ->add_option(
                "--y", yPath,
                es::engineText("EpochscopeCli", "Targets in a .npy file, one per sample of --x"))
            ->type_name("FILE");
    CLI::Option* xValOption =
        train
            ->add_option("--x-val", xValPath,
                         es::engineText("EpochscopeCli", "Validation inputs in a .npy file"))
            ->type_name("FILE");
    CLI::Option* yValOption =
        train
            ->add_option("--y-val", yValPath,
                         es::engineText("EpochscopeCli", "Validation targets in a .npy file"))
            ->type_name("FILE");
    xOption->needs(yOption);
    yOption->needs(xOption);
    xValOption->needs(yValOption)->needs(xOption);
    yValOption->needs(xValOption);
    train
        ->add_option("--json-out", trainOptions.jsonOut,
                     es::engineText("EpochscopeCli", "Write the run summary (JSON) here"))
        ->type_name("FILE");
    train->add_flag("-q,--quiet", trainOptions.quiet,
                    es::engineText("EpochscopeCli", "Print errors only"));
    trainOptions.database = es::RunStore::defaultPath();
    train
        ->add_option("--db", trainOptions.database,
                     es::engineText("EpochscopeCli", "Run database to record into"))
        ->type_name("FILE")
        ->default_str(trainOptions.database);
    bool noRecord = false;
    train->add_flag("--no-record", noRecord,
                    es::engineText("EpochscopeCli", "Do not record the run in the run database"));
    bool ignoreBackup = false;
    train->add_flag(
        "--ignore-backup", ignoreBackup,
        es::engineText("EpochscopeCli",
                       "Start fresh instead of resuming from the backup_and_restore backup "
                       "(replaced at the first save)"));

    CLI::App* evaluate = app.add_subcommand(
        "evaluate",
        es::engineText("EpochscopeCli", "Evaluate a saved model on the config's validation data"));
    std::string checkpointPath;
    std::string evaluateConfigPath;
    std::string evaluatePreset;
    bool evaluateJson = false;
    evaluate
        ->add_option("--checkpoint", checkpointPath,
                     es::engineText("EpochscopeCli",
                                    "A model_checkpoint file or a backup_and_restore backup"))
        ->type_name("FILE")
        ->required();
    CLI::Option* evaluateConfigOption =
        evaluate
            ->add_option("--config", evaluateConfigPath,
                         es::engineText("EpochscopeCli",
                                        "The run config the model was "
                                        "trained with"))
            ->type_name("FILE");
    CLI::Option* evaluatePresetOption =
        evaluate
            ->add_option("--preset", evaluatePreset,
                         es::engineText("EpochscopeCli",
                                        "Or the built-in preset it was trained "
                                        "with"))
            ->type_name("NAME");
    evaluateConfigOption->excludes(evaluatePresetOption);
    evaluate->add_flag("--json", evaluateJson,
                       es::engineText("EpochscopeCli", "Print the result as JSON"));

    CLI::App* inspect = app.add_subcommand(
        "inspect",
        es::engineText("EpochscopeCli",
                       "Show what data files hold and what training would do with them"));
    std::vector<std::string> inspectedFiles;
    inspect
        ->add_option("files", inspectedFiles,
                     es::engineText("EpochscopeCli", ".npy, .npz or .csv files"))
        ->type_name("FILE")
        ->required();

    CLI::App* env = app.add_subcommand(
        "env", es::engineText(
                   "EpochscopeCli",
                   "Check this machine and LibTorch build for what slows training (docs/env.md)"));
    bool envJson = false;
    es::DoctorOptions doctorOptions;
    env->add_flag("--json", envJson, es::engineText("EpochscopeCli", "Print the report as JSON"));
    env->add_option("--threads", doctorOptions.intraOpThreads,
                    es::engineText(
                        "EpochscopeCli",
                        "Intra-op threads to check and measure with, 0 for one per physical core"))
        ->type_name("N")
        ->check(CLI::Range(0, 1024));

    CLI::App* runs = app.add_subcommand(
        "runs", es::engineText("EpochscopeCli",
                               "List, show, export or delete recorded runs (docs/runs.md)"));
    runs->require_subcommand(1);
    std::string runsDatabase = es::RunStore::defaultPath();
    runs->add_option("--db", runsDatabase, es::engineText("EpochscopeCli", "Run database"))
        ->type_name("FILE")
        ->default_str(runsDatabase);
    // `runs list --db F` as well as `runs --db F list`.
    runs->fallthrough();
    std::int64_t runId = 0;
    CLI::App* runsList = runs->add_subcommand(
        "list", es::engineText("EpochscopeCli", "One line per run, newest first"));
    CLI::App* runsShow = runs->add_subcommand(
        "show", es::engineText("EpochscopeCli", "A run's facts and per-epoch phase times"));
    runsShow->add_option("id", runId, es::engineText("EpochscopeCli", "Run id (see `runs list`)"))
        ->required();
    CLI::App* runsExport =
        runs->add_subcommand("export", es::engineText("EpochscopeCli", "Write a run to a file"));
    runsExport->add_option("id", runId, es::engineText("EpochscopeCli", "Run id (see `runs list`)"))
        ->required();
    std::string exportFormat = "json";
    std::string exportPath;
    runsExport
        ->add_option("--format", exportFormat,
                     es::engineText("EpochscopeCli",
                                    "json, csv (one row per step) or trace "
                                    "(Chrome/Perfetto)"))
        ->default_str("json");
    runsExport->add_option("--out", exportPath, es::engineText("EpochscopeCli", "File to write"))
        ->type_name("FILE")
        ->required();
    CLI::App* runsDelete = runs->add_subcommand(
        "delete", es::engineText("EpochscopeCli", "Delete a run and its records"));
    runsDelete->add_option("id", runId, es::engineText("EpochscopeCli", "Run id (see `runs list`)"))
        ->required();

    CLI::App* diagnose = app.add_subcommand(
        "diagnose", es::engineText("EpochscopeCli",
                                   "Why a recorded run is slow: findings with evidence and fixes "
                                   "(docs/diagnosis.md)"));
    es::DiagnoseOptions diagnoseOptions;
    diagnoseOptions.database = es::RunStore::defaultPath();
    diagnose
        ->add_option("id", diagnoseOptions.runId,
                     es::engineText("EpochscopeCli", "Run id (see `runs list`)"))
        ->required();
    diagnose
        ->add_option("--db", diagnoseOptions.database,
                     es::engineText("EpochscopeCli", "Run database"))
        ->type_name("FILE")
        ->default_str(diagnoseOptions.database);
    diagnose->add_flag("--json", diagnoseOptions.json,
                       es::engineText("EpochscopeCli", "Print the findings as JSON"));
    diagnose->add_flag(
        "--no-doctor", diagnoseOptions.withoutDoctor,
        es::engineText("EpochscopeCli",
                       "Skip measuring this machine (no machine findings, no SGEMM peak)"));

    CLI::App* whatif = app.add_subcommand(
        "whatif",
        es::engineText(
            "EpochscopeCli",
            "Measure a config against variants of it: step times, projected epoch time, speedup "
            "(docs/whatif.md)"));
    whatif->require_subcommand(0, 1);
    es::WhatifOptions whatifOptions;
    std::string whatifConfigPath;
    std::string whatifPreset;
    CLI::Option* whatifConfigOption =
        whatif
            ->add_option("--config", whatifConfigPath,
                         es::engineText("EpochscopeCli", "The baseline run config (JSON)"))
            ->type_name("FILE");
    CLI::Option* whatifPresetOption =
        whatif
            ->add_option("--preset", whatifPreset,
                         es::engineText("EpochscopeCli", "Or a built-in preset as the baseline"))
            ->type_name("NAME");
    std::int64_t whatifFromRun = 0;
    CLI::Option* whatifFromRunOption =
        whatif
            ->add_option(
                "--from-run", whatifFromRun,
                es::engineText("EpochscopeCli",
                               "Or a recorded run as the baseline; without --vary or --patch, its "
                               "findings' fixes are the variants"))
            ->type_name("ID");
    whatifConfigOption->excludes(whatifPresetOption);
    whatifFromRunOption->excludes(whatifConfigOption)->excludes(whatifPresetOption);
    whatif
        ->add_option(
            "--vary", whatifOptions.vary,
            es::engineText(
                "EpochscopeCli",
                "Values to try for a config key: threads, batch_size, placement, prefetch, "
                "backend, device, or a path such as callbacks[0].save_freq (repeatable)"))
        ->type_name("KEY=V1,V2");
    whatif
        ->add_option(
            "--patch", whatifOptions.patches,
            es::engineText("EpochscopeCli",
                           "A variant given as a JSON merge patch on the config (repeatable)"))
        ->type_name("JSON");
    whatif->add_flag(
        "--combine", whatifOptions.combine,
        es::engineText("EpochscopeCli",
                       "Every combination of the --vary values instead of one factor at a time"));
    whatif
        ->add_option("--warmup-steps", whatifOptions.settings.warmupSteps,
                     es::engineText("EpochscopeCli", "Steps each run takes before measuring"))
        ->type_name("N")
        ->default_str(std::to_string(whatifOptions.settings.warmupSteps));
    whatif
        ->add_option("--measured-steps", whatifOptions.settings.measuredSteps,
                     es::engineText("EpochscopeCli", "Steps each run measures"))
        ->type_name("N")
        ->default_str(std::to_string(whatifOptions.settings.measuredSteps));
    whatif
        ->add_option("--repeats", whatifOptions.settings.repeats,
                     es::engineText("EpochscopeCli", "Runs per configuration, interleaved"))
        ->type_name("N")
        ->default_str(std::to_string(whatifOptions.settings.repeats));
    whatif
        ->add_option("--name", whatifOptions.name,
                     es::engineText("EpochscopeCli", "The experiment's name"))
        ->type_name("TEXT");
    whatif->add_flag(
        "--json", whatifOptions.json,
        es::engineText("EpochscopeCli", "Print the results as JSON (progress goes to stderr)"));
    whatifOptions.database = es::RunStore::defaultPath();
    whatif
        ->add_option("--db", whatifOptions.database,
                     es::engineText("EpochscopeCli", "Run database to record into"))
        ->type_name("FILE")
        ->default_str(whatifOptions.database);
    std::int64_t experimentId = 0;
    CLI::App* whatifList = whatif->add_subcommand(
        "list", es::engineText("EpochscopeCli", "The stored experiments, newest first"));
    CLI::App* whatifShow = whatif->add_subcommand(
        "show",
        es::engineText("EpochscopeCli", "A stored experiment's table, rebuilt from its runs"));
    whatifShow
        ->add_option("id", experimentId,
                     es::engineText("EpochscopeCli", "Experiment id (see `whatif list`)"))
        ->required();
    // `whatif show ID --json --db F` as well as `whatif --db F show ID`.
    whatifList->fallthrough();
    whatifShow->fallthrough();

    CLI::App* compare = app.add_subcommand(
        "compare",
        es::engineText(
            "EpochscopeCli",
            "Compare recorded runs: what differs and where the time went (docs/reports.md)"));
    es::CompareOptions compareOptions;
    compareOptions.database = es::RunStore::defaultPath();
    compare
        ->add_option(
            "ids", compareOptions.runIds,
            es::engineText("EpochscopeCli", "Run ids, the baseline first (see `runs list`)"))
        ->required();
    compare
        ->add_option("--out", compareOptions.out,
                     es::engineText(
                         "EpochscopeCli",
                         "Report file; .html, .pdf, .md, .csv or .json picks the format (default: "
                         "Markdown on stdout)"))
        ->type_name("FILE");
    compare
        ->add_option("--db", compareOptions.database,
                     es::engineText("EpochscopeCli", "Run database"))
        ->type_name("FILE")
        ->default_str(compareOptions.database);

    CLI::App* presets = app.add_subcommand(
        "presets",
        es::engineText("EpochscopeCli",
                       "List the built-in presets, or print one preset's full config as JSON"));
    std::string shownPreset;
    presets->add_option("name", shownPreset, es::engineText("EpochscopeCli", "Preset to print"))
        ->type_name("NAME");

    translateHelpWords(app);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        es::releaseStopSignals();
        return app.exit(error) == 0 ? es::kExitFinished : es::kExitBadInput;
    }
    // Only the commands that train can stop after a step and keep what they did. The others
    // write in transactions and atomic files, which a signal cannot leave half-done, so a
    // signal ends them as usual (one that came while LibTorch started ends them now).
    const bool stopsGracefully =
        train->parsed() || (whatif->parsed() && !whatifList->parsed() && !whatifShow->parsed());
    if (!stopsGracefully)
        es::releaseStopSignals();
    es::setEngineLanguage(language.empty() ? es::engineLanguageFromEnvironment() : language);

    try {
        if (presets->parsed())
            return shownPreset.empty() ? listPresets() : showPreset(shownPreset);
        if (env->parsed())
            return es::runEnvCommand(doctorOptions, envJson);
        if (inspect->parsed())
            return es::runInspectCommand(inspectedFiles);
        if (evaluate->parsed()) {
            if (evaluateConfigOption->count() + evaluatePresetOption->count() != 1) {
                es::printError(es::engineText("EpochscopeCli",
                                              "evaluate needs --config FILE or --preset NAME"));
                return es::kExitBadInput;
            }
            const es::RunConfig config = *evaluateConfigOption
                                             ? es::loadRunConfigFile(evaluateConfigPath)
                                             : es::loadPreset(evaluatePreset);
            return es::runEvaluateCommand(config, checkpointPath, evaluateJson);
        }
        if (compare->parsed())
            return es::runCompareCommand(compareOptions);
        if (diagnose->parsed())
            return es::runDiagnoseCommand(diagnoseOptions);
        if (whatifList->parsed())
            return es::runWhatifList(whatifOptions.database);
        if (whatifShow->parsed())
            return es::runWhatifShow(whatifOptions.database, experimentId, whatifOptions.json);
        if (whatif->parsed()) {
            if (*whatifFromRunOption)
                return es::runWhatifFromRun(whatifFromRun, whatifOptions);
            if (whatifConfigOption->count() + whatifPresetOption->count() != 1) {
                es::printError(es::engineText(
                    "EpochscopeCli", "whatif needs --config FILE, --preset NAME or --from-run ID"));
                return es::kExitBadInput;
            }
            const es::RunConfig baseline = *whatifConfigOption
                                               ? es::loadRunConfigFile(whatifConfigPath)
                                               : es::loadPreset(whatifPreset);
            return es::runWhatifCommand(baseline, whatifOptions);
        }
        if (runsList->parsed())
            return es::runRunsList(runsDatabase);
        if (runsShow->parsed())
            return es::runRunsShow(runsDatabase, runId);
        if (runsExport->parsed())
            return es::runRunsExport(runsDatabase, runId, exportFormat, exportPath);
        if (runsDelete->parsed())
            return es::runRunsDelete(runsDatabase, runId);
        if (!train->parsed()) {
            es::printError(es::engineText(
                "EpochscopeCli",
                "a subcommand is required: train, evaluate, env, inspect, runs, diagnose, compare, "
                "whatif or presets"));
            std::fprintf(stderr, "%s", app.help().c_str());
            return es::kExitBadInput;
        }
        if (configOption->count() + presetOption->count() != 1) {
            es::printError(
                es::engineText("EpochscopeCli", "train needs --config FILE or --preset NAME"));
            return es::kExitBadInput;
        }

        es::RunOverrides overrides;
        if (*epochsOption)
            overrides.epochs = epochs;
        if (*maxBatchesOption)
            overrides.maxBatches = maxBatches;
        if (*warmupStepsOption)
            overrides.warmupSteps = warmupSteps;
        if (*threadsOption)
            overrides.intraOpThreads = threads;
        if (*deviceOption)
            overrides.device = device;
        if (*backendOption)
            overrides.backend = backend;
        if (*allocatorOption)
            overrides.allocator = allocator;
        if (*xOption) {
            overrides.x = xPath;
            overrides.y = yPath;
        }
        if (*xValOption) {
            overrides.xVal = xValPath;
            overrides.yVal = yValPath;
        }
        if (noRecord)
            trainOptions.database.clear();
        const es::RunConfig base =
            *configOption ? es::loadRunConfigFile(configPath) : es::loadPreset(presetName);
        es::RunConfig config = es::applyOverrides(base, overrides);
        config.ignoreBackup = ignoreBackup;
        if (ignoreBackup && std::none_of(config.callbacks.begin(), config.callbacks.end(),
                                         [](const es::CallbackConfig& callback) {
                                             return callback.type == "backup_and_restore";
                                         }))
            es::printWarning(
                es::engineText("EpochscopeCli",
                               "--ignore-backup: the config has no backup_and_restore callback, so "
                               "there is no backup to ignore"));
        return es::runTrainCommand(config, trainOptions);
    } catch (const es::ConfigError& error) {
        return printConfigError(error);
    } catch (const std::exception& error) {
        es::printError(error.what());
        return es::kExitRunFailed;
    }
}
