#include "cli/commandline/subcommands.h"

#include "cli/exitstatus.h"
#include "cli/localranks.h"
#include "cli/messages.h"
#include "cli/rankenvironment.h"
#include "cli/runoverrides.h"
#include "cli/traincommand.h"
#include "engine/config/configerror.h"
#include "engine/config/presets.h"
#include "engine/config/runconfig.h"
#include "engine/i18n/translate.h"
#include "engine/store/runstore.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <system_error>

namespace es {

namespace {

/// What `train`'s options parse into; the options point into it, so it lives as long as the
/// command.
struct TrainArguments {
    std::string configPath;
    std::string presetName;
    int epochs = 0;
    std::int64_t maxBatches = 0;
    int warmupSteps = 0;
    int threads = 0;
    std::string device;
    std::string backend;
    std::string allocator;
    std::string xPath;
    std::string yPath;
    std::string xValPath;
    std::string yValPath;
    int nproc = 0;
    int rank = 0;
    int worldSize = 0;
    std::string master;
    std::string interface;
    bool noRecord = false;
    bool ignoreBackup = false;
    bool allowOutsideWrites = false;
    bool allowOverwrite = false;
    TrainCommandOptions options;
    CLI::Option* configOption = nullptr;
    CLI::Option* presetOption = nullptr;
    CLI::Option* epochsOption = nullptr;
    CLI::Option* maxBatchesOption = nullptr;
    CLI::Option* warmupStepsOption = nullptr;
    CLI::Option* threadsOption = nullptr;
    CLI::Option* deviceOption = nullptr;
    CLI::Option* backendOption = nullptr;
    CLI::Option* allocatorOption = nullptr;
    CLI::Option* xOption = nullptr;
    CLI::Option* xValOption = nullptr;
    CLI::Option* nprocOption = nullptr;
    CLI::Option* rankOption = nullptr;
    CLI::Option* worldSizeOption = nullptr;
    CLI::Option* masterOption = nullptr;
    CLI::Option* interfaceOption = nullptr;
};

void addConfigOptions(CLI::App& train, TrainArguments& arguments)
{
    arguments.configOption =
        train
            .add_option("--config", arguments.configPath,
                        engineText("EpochscopeCli", "Run config file (JSON, docs/config.md)"))
            ->type_name("FILE");
    arguments.presetOption =
        train
            .add_option("--preset", arguments.presetName,
                        engineText("EpochscopeCli", "Built-in preset (see `presets`)"))
            ->type_name("NAME");
    arguments.configOption->excludes(arguments.presetOption);
    arguments.epochsOption =
        train
            .add_option("--epochs", arguments.epochs,
                        engineText("EpochscopeCli", "Number of epochs (training.epochs)"))
            ->type_name("N");
    arguments.maxBatchesOption =
        train
            .add_option("--max-batches", arguments.maxBatches,
                        engineText("EpochscopeCli",
                                   "Stop each epoch after N batches (training.steps_per_epoch)"))
            ->type_name("N");
    arguments.warmupStepsOption =
        train
            .add_option("--warmup-steps", arguments.warmupSteps,
                        engineText("EpochscopeCli",
                                   "Forward and backward passes without updates before training, "
                                   "timed as the Warm-up phase (training.warmup_steps)"))
            ->type_name("N");
    arguments.threadsOption =
        train
            .add_option(
                "--threads", arguments.threads,
                engineText("EpochscopeCli",
                           "Intra-op CPU threads, 0 for one per core (device.intra_op_threads)"))
            ->type_name("N");
    arguments.deviceOption =
        train
            .add_option("--device", arguments.device,
                        engineText("EpochscopeCli", "cpu, cuda or cuda:N (device.name)"))
            ->type_name("NAME");
    arguments.backendOption =
        train
            .add_option(
                "--backend", arguments.backend,
                engineText("EpochscopeCli", "LSTM backend: auto, libtorch or onednn (backend)"))
            ->type_name("NAME");
    arguments.allocatorOption =
        train
            .add_option("--allocator", arguments.allocator,
                        engineText("EpochscopeCli",
                                   "Host allocator for tensors: auto, system, glibc-tuned, "
                                   "jemalloc or tcmalloc (device.allocator)"))
            ->type_name("NAME");
}

void addDataOptions(CLI::App& train, TrainArguments& arguments)
{
    arguments.xOption =
        train
            .add_option("--x", arguments.xPath,
                        engineText("EpochscopeCli", "Inputs in a .npy file (replaces data.source)"))
            ->type_name("FILE");
    CLI::Option* yOption =
        train
            .add_option(
                "--y", arguments.yPath,
                engineText("EpochscopeCli", "Targets in a .npy file, one per sample of --x"))
            ->type_name("FILE");
    arguments.xValOption =
        train
            .add_option("--x-val", arguments.xValPath,
                        engineText("EpochscopeCli", "Validation inputs in a .npy file"))
            ->type_name("FILE");
    CLI::Option* yValOption =
        train
            .add_option("--y-val", arguments.yValPath,
                        engineText("EpochscopeCli", "Validation targets in a .npy file"))
            ->type_name("FILE");
    arguments.xOption->needs(yOption);
    yOption->needs(arguments.xOption);
    arguments.xValOption->needs(yValOption)->needs(arguments.xOption);
    yValOption->needs(arguments.xValOption);
}

void addDistributedOptions(CLI::App& train, TrainArguments& arguments)
{
    arguments.nprocOption =
        train
            .add_option("--nproc", arguments.nproc,
                        engineText("EpochscopeCli",
                                   "Start N ranks of a distributed run on this machine, as "
                                   "torchrun --nproc-per-node N does"))
            ->type_name("N");
    arguments.rankOption =
        train
            .add_option("--rank", arguments.rank,
                        engineText("EpochscopeCli",
                                   "This process's rank, 0 to N-1, for ranks started by hand "
                                   "(with --world-size and --master)"))
            ->type_name("R");
    arguments.worldSizeOption =
        train
            .add_option("--world-size", arguments.worldSize,
                        engineText("EpochscopeCli",
                                   "How many processes train together (distributed.world_size)"))
            ->type_name("N");
    arguments.masterOption =
        train
            .add_option("--master", arguments.master,
                        engineText("EpochscopeCli",
                                   "Where the ranks meet: rank 0's host and a free port "
                                   "(distributed.init tcp://HOST:PORT)"))
            ->type_name("HOST:PORT");
    arguments.interfaceOption =
        train
            .add_option("--interface", arguments.interface,
                        engineText("EpochscopeCli",
                                   "Network interface or address of this machine the ranks "
                                   "talk over (distributed.interface)"))
            ->type_name("NAME");
    // Ranks started by hand say all three; --nproc says them itself.
    arguments.rankOption->needs(arguments.worldSizeOption)->needs(arguments.masterOption);
    arguments.worldSizeOption->needs(arguments.rankOption)->needs(arguments.masterOption);
    arguments.masterOption->needs(arguments.rankOption)->needs(arguments.worldSizeOption);
    arguments.nprocOption->excludes(arguments.rankOption)
        ->excludes(arguments.worldSizeOption)
        ->excludes(arguments.masterOption);
}

void addOutputOptions(CLI::App& train, TrainArguments& arguments)
{
    train
        .add_option("--json-out", arguments.options.jsonOut,
                    engineText("EpochscopeCli", "Write the run summary (JSON) here"))
        ->type_name("FILE");
    train.add_flag("-q,--quiet", arguments.options.quiet,
                   engineText("EpochscopeCli", "Print errors only"));
    arguments.options.database = RunStore::defaultPath();
    train
        .add_option("--db", arguments.options.database,
                    engineText("EpochscopeCli", "Run database to record into"))
        ->type_name("FILE")
        ->default_str(arguments.options.database);
    train
        .add_option("--baseline-run", arguments.options.baselineRun,
                    engineText("EpochscopeCli",
                               "A recorded run (normally the same config on one process) to "
                               "measure this run's scaling efficiency against"))
        ->type_name("ID")
        ->check(CLI::PositiveNumber);
    train.add_flag("--no-record", arguments.noRecord,
                   engineText("EpochscopeCli", "Do not record the run in the run database"));
    train.add_flag("--ignore-backup", arguments.ignoreBackup,
                   engineText("EpochscopeCli",
                              "Start fresh instead of resuming from the backup_and_restore backup "
                              "(replaced at the first save)"));
    train.add_flag("--allow-outside-writes", arguments.allowOutsideWrites,
                   engineText("EpochscopeCli",
                              "Let the config's callbacks write outside the current directory and "
                              "the config file's folder (a config may come from someone else)"));
    train.add_flag("--allow-overwrite", arguments.allowOverwrite,
                   engineText("EpochscopeCli",
                              "Let the config's callbacks replace or append to files that "
                              "EpochScope did not write"));
}

/// The run's own folders, the current directory and the config file's, and what the flags
/// allow beyond them (engine/io/writepermissions.h).
WritePermissions writePermissionsOf(const TrainArguments& arguments)
{
    WritePermissions writes;
    std::error_code error;
    writes.folders.push_back(std::filesystem::current_path(error).string());
    if (*arguments.configOption) {
        const std::filesystem::path folder =
            std::filesystem::absolute(arguments.configPath, error).parent_path();
        writes.folders.push_back(folder.string());
    }
    writes.outsideFolders = arguments.allowOutsideWrites;
    writes.foreignFiles = arguments.allowOverwrite;
    return writes;
}

RunOverrides overridesOf(const TrainArguments& arguments)
{
    RunOverrides overrides;
    if (*arguments.epochsOption)
        overrides.epochs = arguments.epochs;
    if (*arguments.maxBatchesOption)
        overrides.maxBatches = arguments.maxBatches;
    if (*arguments.warmupStepsOption)
        overrides.warmupSteps = arguments.warmupSteps;
    if (*arguments.threadsOption)
        overrides.intraOpThreads = arguments.threads;
    if (*arguments.deviceOption)
        overrides.device = arguments.device;
    if (*arguments.backendOption)
        overrides.backend = arguments.backend;
    if (*arguments.allocatorOption)
        overrides.allocator = arguments.allocator;
    if (*arguments.interfaceOption)
        overrides.interface = arguments.interface;
    if (*arguments.xOption) {
        overrides.x = arguments.xPath;
        overrides.y = arguments.yPath;
    }
    if (*arguments.xValOption) {
        overrides.xVal = arguments.xValPath;
        overrides.yVal = arguments.yValPath;
    }
    return overrides;
}

RankFlags rankFlagsOf(const TrainArguments& arguments)
{
    RankFlags flags;
    if (*arguments.rankOption)
        flags.rank = arguments.rank;
    if (*arguments.worldSizeOption)
        flags.worldSize = arguments.worldSize;
    if (*arguments.masterOption)
        flags.master = arguments.master;
    return flags;
}

/// Puts this process's rank into `config`, from the flags, the launcher's variables or the
/// config file, in that order (cli/rankenvironment.h).
void assignRankOf(RunConfig& config, const TrainArguments& arguments)
{
    const std::optional<RankAssignment> assignment =
        assignRank(rankFlagsOf(arguments), processEnvironment());
    const int configured = config.distributed.worldSize;
    if (assignment && assignment->rank == 0 && configured > 1 &&
        configured != assignment->worldSize)
        printWarning(fillText(
            engineText("EpochscopeCli",
                       "distributed.world_size is %1 in the config, %2 from %3: %2 ranks train"),
            {std::to_string(configured), std::to_string(assignment->worldSize),
             rankSourceText(assignment->source)}));
    applyRankAssignment(config, assignment);
}

int runTrain(TrainArguments& arguments)
{
    if (arguments.configOption->count() + arguments.presetOption->count() != 1) {
        printError(engineText("EpochscopeCli", "train needs --config FILE or --preset NAME"));
        return kExitBadInput;
    }
    const RunOverrides overrides = overridesOf(arguments);
    arguments.options.baselineDatabase = arguments.options.database;
    if (arguments.noRecord)
        arguments.options.database.clear();
    const RunConfig base = *arguments.configOption ? loadRunConfigFile(arguments.configPath)
                                                   : loadPreset(arguments.presetName);
    RunConfig config = applyOverrides(base, overrides);
    if (*arguments.nprocOption) {
        if (arguments.nproc < 1 || arguments.nproc > kMaxWorldSize)
            throw ConfigError(
                "--nproc",
                fillText(
                    engineText("EpochscopeCli", "expected a whole number from 1 to %1, got %2"),
                    {std::to_string(kMaxWorldSize), std::to_string(arguments.nproc)}));
        // The config was read and checked here once; each rank reads it again and trains.
        return trainOnLocalRanks(arguments.nproc);
    }
    assignRankOf(config, arguments);
    setMessageRank(config.rank);
    config.ignoreBackup = arguments.ignoreBackup;
    config.writes = writePermissionsOf(arguments);
    // Said once, by rank 0: every rank reads the same config.
    if (config.rank == 0 && arguments.ignoreBackup &&
        std::none_of(
            config.callbacks.begin(), config.callbacks.end(),
            [](const CallbackConfig& callback) { return callback.type == "backup_and_restore"; }))
        printWarning(engineText("EpochscopeCli",
                                "--ignore-backup: the config has no backup_and_restore callback, "
                                "so there is no backup to ignore"));
    return runTrainCommand(config, arguments.options);
}

}  // namespace

Command addTrainCommand(CLI::App& app)
{
    CLI::App* train = app.add_subcommand(
        "train", engineText("EpochscopeCli", "Train a model and report where the time went"));
    const auto arguments = std::make_shared<TrainArguments>();
    addConfigOptions(*train, *arguments);
    addDataOptions(*train, *arguments);
    addDistributedOptions(*train, *arguments);
    addOutputOptions(*train, *arguments);
    return {train, [arguments] { return runTrain(*arguments); }, [] { return true; }};
}

}  // namespace es
