#include "engine/train/trainer.h"

#include "engine/callbacks/callbackfactory.h"
#include "engine/callbacks/callbackwrites.h"
#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/data/batchsource_torch.h"
#include "engine/data/hostmemory.h"
#include "engine/data/tokenizerfile.h"
#include "engine/distributed/dataparallel_torch.h"
#include "engine/env/cpuinfo.h"
#include "engine/env/environment.h"
#include "engine/model/backendchoice.h"
#include "engine/model/globalgenerator.h"
#include "engine/model/modelsummary.h"
#include "engine/model/sequentialmodel_torch.h"
#include "engine/profile/pagefaults.h"
#include "engine/train/allocator.h"
#include "engine/train/denormals.h"
#include "engine/train/devicephasetimer.h"
#include "engine/train/epochaccumulator_torch.h"
#include "engine/train/evaluation_torch.h"
#include "engine/train/losses_torch.h"
#include "engine/train/modelweights_torch.h"
#include "engine/train/optimizers_torch.h"
#include "engine/train/runextensions_torch.h"
#include "engine/train/stepclock.h"
#include "engine/train/tensormemory.h"
#include "engine/train/threading.h"
#include "engine/train/trainingmessages.h"
#include "engine/train/trainingstate_torch.h"

#include <ATen/detail/CUDAHooksInterface.h>
#include <torch/torch.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>

namespace es {

namespace {

using Clock = std::chrono::steady_clock;

/// Keeps the shuffle order's stream apart from the data generator's, which uses the seed
/// itself.
constexpr std::uint64_t kShuffleSeedSalt = 0x9e3779b97f4a7c15ULL;

double millisecondsBetween(Clock::time_point from, Clock::time_point to)
{
    return std::chrono::duration<double, std::milli>(to - from).count();
}

double secondsBetween(Clock::time_point from, Clock::time_point to)
{
    return std::chrono::duration<double>(to - from).count();
}

/// Turns cuDNN on or off for this run as device.cudnn says (a process-wide LibTorch switch,
/// set again by every run); returns what the run records about it.
std::string applyCudnnSetting(const DeviceConfig& device)
{
    at::globalContext().setUserEnabledCuDNN(device.cudnn);
    if (device.type != DeviceType::Cuda)
        return {};
    if (!device.cudnn)
        return cudnnOffByConfigRecord();
    if (!torch::cuda::cudnn_is_available())
        return cudnnUnavailableRecord();
    return cudnnOnRecord(at::detail::getCUDAHooks().versionCuDNN());
}

/// Applies the resolved denormal setting to the engine thread and its intra-op threads;
/// returns the run's record of it (the reason, with what could not be applied).
std::string applyDenormalSetting(const DenormalsChoice& choice, bool& flushing)
{
    const AppliedDenormals applied = applyFlushDenormals(choice.flush);
    flushing = applied.flushing;
    if (!applied.supported)
        return choice.flush ? choice.reason + "; " + denormalsCannotFlushRecord() : choice.reason;
    if (applied.threadsAsAsked < applied.threads)
        return choice.reason + "; " +
               denormalsAppliedToSomeRecord(applied.threadsAsAsked, applied.threads);
    return choice.reason;
}

class TrainingLoop : private CallbackContext {
public:
    TrainingLoop(const RunConfig& config, const RunClock& clock, RunControl& control,
                 const ObserverList& observers, RunResult& result,
                 const std::function<void(RunState)>& reportState, const RunExtensions* extensions)
        : m_config(config),
          m_clock(clock),
          m_control(control),
          m_observers(observers),
          m_result(result),
          m_reportState(reportState),
          m_extensions(extensions ? *extensions : RunExtensions())
    {
    }

    void run();

private:
    /// Everything before the first epoch; false when a stop request ended the ranks' meeting.
    bool prepare();
    /// Runs one epoch, continuing the one `resume` saved when given; false when a stop
    /// request cut it short.
    bool runEpoch(int epoch, const TrainingState* resume);
    /// Runs training.warmup_steps forward and backward passes without updating the weights
    /// and puts back what they changed (gradients, the generators dropout draws from), so
    /// that training goes on exactly as without them; false when a stop request cut it short.
    bool warmUp();
    /// The pause check between steps; adds the time it waited while paused to `paused`.
    bool proceed(Clock::duration& paused);
    /// The configured loss of `prediction` with the model's penalties and the extension's term.
    torch::Tensor stepLoss(const torch::Tensor& prediction, const torch::Tensor& target);
    /// Updates the weights from their gradients and clears the gradients.
    void optimizerStep();
    /// The device settings this rank applies: the config's, except that with
    /// device.intra_op_threads 0 ("one per physical core") and several ranks on this machine
    /// (as they introduced themselves, whatever started them), each takes its share of the
    /// cores, at least one, and says so.
    DeviceConfig sharedDevice(int physicalCores);
    /// Joins the other ranks of a distributed run (nothing in a run of one process); false when
    /// a stop request ended the meeting.
    bool joinRanks();
    /// Sums of `local` over every rank: an epoch's or a step's loss and metrics as one process
    /// would have summed them; `local` itself in a run of one process. `votes`, when given, is
    /// summed in the same message.
    EpochAccumulator sumOverRanks(const EpochAccumulator& local, double* votes = nullptr);
    /// Checks that every rank resumed where rank 0 did (a backup they all read).
    void checkSamePosition();
    /// Puts each layer's measured forward time into the result, and reports the recurrent
    /// layers that left their recorded kernel for some batches (mask_zero padding that was not
    /// all on the right).
    void recordLayerTimes();
    /// Adds one training step to m_result.maskFallbacks: the step, and the recurrent layers
    /// that ran it on the step loop, from the model's counts `before` its forward and now.
    /// Warm-up and validation passes are not counted: they are not the steps the record times.
    void countMaskFallbacks(const std::vector<StepLoopFallbacks>& before);
    /// Brings every rank's steps of `epoch` (those since m_epochFirstStep) to rank 0, which
    /// keeps and reports them; nothing in a run of one process.
    void gatherRankSteps();
    /// Trains on the epoch's next batch (step `index`, 0-based): the step, its loss and sums,
    /// then the batch callbacks, each phase timed. Its wall time runs from `wallStart`; it
    /// ends at m_stepEnd.
    /// The model's training FLOPs per sample for token sequences `width` steps long.
    double flopsPerSampleAt(std::int64_t width)
    {
        const auto found = m_flopsPerSampleByWidth.find(width);
        if (found != m_flopsPerSampleByWidth.end())
            return found->second;
        const double flops = summarizeModel(m_config.model, {width}).trainingFlopsPerSample;
        m_flopsPerSampleByWidth.emplace(width, flops);
        return flops;
    }

    BatchRecord trainStep(int epoch, std::int64_t index, Clock::time_point wallStart,
                          double warmUpMs, std::vector<double>& perCallbackS);
    /// Runs `hook` on every callback, adding each one's time to `perCallbackS`; returns the
    /// total in milliseconds.
    template <typename Hook>
    double runCallbacks(std::vector<double>& perCallbackS, Hook hook);
    static EpochLogs logsOf(const EpochRecord& record);

    // CallbackContext
    void requestStop(const std::string& reason) override;
    double learningRate() const override;
    void setLearningRate(double rate) override;
    void snapshotWeights() override;
    void restoreWeights() override;
    std::int64_t saveModel(const std::string& path, bool weightsOnly) override;
    std::int64_t saveTrainingState(const std::string& path) override;
    /// Writes the run's tokenizer beside a checkpoint or backup at `checkpoint`, when the run
    /// has one; returns the bytes written.
    std::int64_t writeTokenizerFor(const std::string& checkpoint) const;
    void restoreTrainingState(const std::string& path, const std::string& field) override;
    void log(LogLevel level, const std::string& message) override;
    void recordSavedFile(const Callback& from, SavedFileRecord file) override;

    const RunConfig& m_config;
    const RunClock& m_clock;
    RunControl& m_control;
    const ObserverList& m_observers;
    RunResult& m_result;
    /// Batches by length: training FLOPs per sample by batch width, each computed once.
    std::map<std::int64_t, double> m_flopsPerSampleByWidth;
    const std::function<void(RunState)>& m_reportState;
    const RunExtensions m_extensions;

    torch::Device m_device{torch::kCPU};
    std::unique_ptr<BatchSource> m_train;
    std::unique_ptr<BatchSource> m_validation;
    SequentialModel m_model{nullptr};
    std::unique_ptr<torch::optim::Optimizer> m_optimizer;
    std::unique_ptr<DevicePhaseTimer> m_deviceTimer;
    /// This rank's link to the others in a distributed run; null in a run of one process.
    std::unique_ptr<DataParallel> m_parallel;
    std::int64_t m_batchesPerEpoch = 0;
    /// Training steps whose forward the model timed layer by layer (on the CPU only, where a
    /// layer's work is done when its call returns).
    std::int64_t m_layerTimedSteps = 0;
    /// The config's callbacks, then the extension's.
    std::vector<std::shared_ptr<Callback>> m_callbacks;
    std::vector<torch::Tensor> m_weightSnapshot;
    /// Where training stands and the current epoch's sums so far: what a backup saves.
    TrainingPosition m_position;
    EpochAccumulator m_epochSums;
    nlohmann::json m_backupFingerprint;
    /// Set when BackupAndRestore restored a backup: where the run continues.
    std::optional<TrainingState> m_resume;
    /// Set by a callback (early stopping, a NaN loss): the run ends after this epoch.
    std::string m_stopReason;
    /// Whether the warm-up steps ran: before the first step this process trains, which is a
    /// resumed step after a restore (a new process pays the one-time costs again).
    bool m_warmedUp = false;
    /// Page faults of the engine thread at the end of the last step (or the epoch's start).
    PageFaults m_faultsBefore;
    /// Set when a rank of a distributed run asked to stop: every rank stops after this step.
    bool m_ranksStop = false;
    /// When the last step ended.
    Clock::time_point m_stepEnd;
    /// Where this epoch's steps begin in m_result.batches.
    std::size_t m_epochFirstStep = 0;
};

template <typename Hook>
double TrainingLoop::runCallbacks(std::vector<double>& perCallbackS, Hook hook)
{
    double totalMs = 0.0;
    for (std::size_t i = 0; i < m_callbacks.size(); ++i) {
        const auto start = Clock::now();
        hook(*m_callbacks[i]);
        const double ms = millisecondsBetween(start, Clock::now());
        perCallbackS[i] += ms / 1000.0;
        totalMs += ms;
    }
    return totalMs;
}

EpochLogs TrainingLoop::logsOf(const EpochRecord& record)
{
    EpochLogs logs(record.metrics.begin(), record.metrics.end());
    logs["loss"] = record.trainLoss;
    if (record.valLoss)
        logs["val_loss"] = *record.valLoss;
    return logs;
}

void TrainingLoop::requestStop(const std::string& reason)
{
    if (m_stopReason.empty())
        m_stopReason = reason;
}

double TrainingLoop::learningRate() const
{
    return m_optimizer->param_groups().front().options().get_lr();
}

void TrainingLoop::setLearningRate(double rate)
{
    for (auto& group : m_optimizer->param_groups())
        group.options().set_lr(rate);
}

void TrainingLoop::snapshotWeights()
{
    torch::NoGradGuard noGrad;
    m_weightSnapshot.clear();
    for (const torch::Tensor& parameter : m_model->parameters())
        m_weightSnapshot.push_back(parameter.detach().clone());
}

void TrainingLoop::restoreWeights()
{
    torch::NoGradGuard noGrad;
    const std::vector<torch::Tensor> parameters = m_model->parameters();
    for (std::size_t i = 0; i < parameters.size() && i < m_weightSnapshot.size(); ++i)
        parameters[i].copy_(m_weightSnapshot[i]);
}

std::int64_t TrainingLoop::saveModel(const std::string& path, bool weightsOnly)
{
    torch::serialize::OutputArchive archive =
        modelArchive(*m_model, weightsOnly ? nullptr : m_optimizer.get());
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    std::error_code ignored;
    if (!parent.empty())
        std::filesystem::create_directories(parent, ignored);
    try {
        // The tokenizer first: a checkpoint on disk always has the ids it was trained on
        // beside it.
        const std::int64_t tokenizerBytes = writeTokenizerFor(path);
        return tokenizerBytes + writeArchiveAtomically(archive, path);
    } catch (const std::exception& error) {
        throw std::runtime_error(cannotSaveModelRecord(error.what()));
    }
}

std::int64_t TrainingLoop::writeTokenizerFor(const std::string& checkpoint) const
{
    const std::shared_ptr<const TextTokenizer>& tokenizer = m_result.info.tokenizer;
    return tokenizer ? writeTokenizerBeside(checkpoint, *tokenizer) : 0;
}

std::int64_t TrainingLoop::saveTrainingState(const std::string& path)
{
    TrainingState state;
    state.position = m_position;
    state.epochSums = m_epochSums;
    state.shuffle = m_train->shuffleState();
    state.rngStates = captureRngStates(m_device);
    try {
        const std::int64_t tokenizerBytes = writeTokenizerFor(path);
        return tokenizerBytes +
               writeBackup(path, *m_model, *m_optimizer, state, m_backupFingerprint);
    } catch (const c10::Error& error) {
        throw std::runtime_error(cannotWriteBackupRecord(path, error.what_without_backtrace()));
    } catch (const std::exception& error) {
        throw std::runtime_error(cannotWriteBackupRecord(error.what()));
    }
}

void TrainingLoop::restoreTrainingState(const std::string& path, const std::string& field)
{
    // A fresh optimizer takes the saved state; it replaces the current one only once the
    // whole backup has been read.
    auto optimizer = makeOptimizer(m_config.training.optimizer, m_model->parameters());
    TrainingState state = readBackup(path, field, *m_model, *optimizer, m_backupFingerprint,
                                     m_config.training.epochs);
    m_optimizer = std::move(optimizer);
    restoreRngStates(state.rngStates);
    const TrainingPosition& at = state.position;
    m_result.resumedFrom = resumedFromRecord(at.epoch, at.batchesDone, m_batchesPerEpoch, path);
    m_observers.notify(&RunObserver::onLog, LogLevel::Info,
                       resumingFromBackupText(m_result.resumedFrom));
    m_resume = std::move(state);
}

void TrainingLoop::log(LogLevel level, const std::string& message)
{
    m_observers.notify(&RunObserver::onLog, level, message);
}

void TrainingLoop::recordSavedFile(const Callback& from, SavedFileRecord file)
{
    // Its place among the run's callbacks: the config's index, as only rank 0 writes files
    // and it keeps every configured callback.
    for (std::size_t i = 0; i < m_callbacks.size(); ++i) {
        if (m_callbacks[i].get() == &from)
            file.callback = static_cast<int>(i);
    }
    m_observers.notify(&RunObserver::onSavedFile, file);
}

bool TrainingLoop::proceed(Clock::duration& paused)
{
    // A pause is nobody's step: its time is kept out of the step and epoch that follow it, or
    // a one-minute pause would be one step's minute of Other and a slow epoch.
    const auto start = Clock::now();
    const bool proceeding = m_control.proceed(m_reportState);
    paused += Clock::now() - start;
    return proceeding;
}

torch::Tensor TrainingLoop::stepLoss(const torch::Tensor& prediction, const torch::Tensor& target)
{
    torch::Tensor loss =
        computeLoss(m_config.training.loss, prediction, target) + m_model->regularizationLoss();
    if (m_extensions.extraLoss)
        loss = loss + m_extensions.extraLoss(prediction, target);
    return loss;
}

void TrainingLoop::optimizerStep()
{
    if (m_extensions.beforeOptimizerStep)
        m_extensions.beforeOptimizerStep(m_model->parameters());
    m_optimizer->step();
    m_optimizer->zero_grad();
}

bool TrainingLoop::joinRanks()
{
    const DistributedConfig& distributed = m_config.distributed;
    if (!distributed.enabled())
        return true;
    if (distributed.backend == DistributedBackend::Nccl)
        throw ConfigError("distributed.backend", ncclUnsupportedText());
    m_observers.notify(
        &RunObserver::onLog, LogLevel::Info,
        meetingOtherRanksText(m_config.rank, distributed.worldSize, distributed.init));
    try {
        // A stop signal while the ranks wait for each other ends the wait at once (the CLI
        // turns it into requestStop()), not after distributed.timeout_s.
        m_parallel =
            std::make_unique<DataParallel>(m_config, [this] { return m_control.stopRequested(); });
    } catch (const DistributedStopped& stopped) {
        m_observers.notify(&RunObserver::onLog, LogLevel::Warning, std::string(stopped.what()));
        return false;
    } catch (const DistributedError& error) {
        // The ranks never met (nothing listens at the address, its port is taken, a rank never
        // came), so nothing trained: what to fix is where and how long they meet, a setting,
        // as for any bad field (exit 2).
        throw ConfigError("distributed.init", error.what());
    }
    return true;
}

DeviceConfig TrainingLoop::sharedDevice(int physicalCores)
{
    DeviceConfig device = m_config.device;
    const int here = m_parallel ? m_parallel->ranksOnThisMachine() : 1;
    if (device.intraOpThreads != 0 || here <= 1)
        return device;
    device.intraOpThreads = std::max(1, physicalCores / here);
    m_observers.notify(&RunObserver::onLog, LogLevel::Info,
                       ranksShareMachineText(here, device.intraOpThreads, physicalCores));
    return device;
}

EpochAccumulator TrainingLoop::sumOverRanks(const EpochAccumulator& local, double* votes)
{
    if (!m_parallel)
        return local;
    const std::vector<Metric>& metrics = m_config.training.metrics;
    std::vector<double> values{local.lossSum, static_cast<double>(local.samples)};
    for (Metric metric : metrics) {
        const auto found = local.metricSums.find(metric);
        values.push_back(found != local.metricSums.end() ? found->second : 0.0);
    }
    if (votes)
        values.push_back(*votes);
    const std::vector<double> sums = m_parallel->sumOverRanks(values);
    if (votes)
        *votes = sums.back();
    EpochAccumulator global;
    global.lossSum = sums[0];
    global.samples = static_cast<std::int64_t>(sums[1]);
    for (std::size_t i = 0; i < metrics.size(); ++i)
        global.metricSums[metrics[i]] = sums[2 + i];
    return global;
}

void TrainingLoop::gatherRankSteps()
{
    if (!m_parallel)
        return;
    const std::vector<BatchRecord> mine(m_result.batches.begin() + m_epochFirstStep,
                                        m_result.batches.end());
    const std::vector<std::vector<BatchRecord>> byRank = m_parallel->gatherSteps(mine);
    for (std::size_t rank = 1; rank < byRank.size(); ++rank) {
        auto& kept = m_result.rankBatches[static_cast<int>(rank)];
        kept.insert(kept.end(), byRank[rank].begin(), byRank[rank].end());
        m_observers.notify(&RunObserver::onRankSteps, static_cast<int>(rank), byRank[rank]);
    }
}

void TrainingLoop::checkSamePosition()
{
    if (!m_parallel)
        return;
    const TrainingPosition here = m_resume ? m_resume->position : TrainingPosition{1, 0};
    std::vector<torch::Tensor> rankZero{
        torch::tensor({static_cast<std::int64_t>(here.epoch), here.batchesDone}, torch::kInt64)};
    m_parallel->broadcastFromRankZero(rankZero);
    const std::int64_t epoch = rankZero[0][0].item<std::int64_t>();
    const std::int64_t batchesDone = rankZero[0][1].item<std::int64_t>();
    const bool same = epoch == here.epoch && batchesDone == here.batchesDone;
    // Every rank learns whether one differs, so that none waits for the others' first step.
    const double differing = m_parallel->sumOverRanks({same ? 0.0 : 1.0}).front();
    if (differing == 0.0)
        return;
    if (same)
        throw ConfigError(
            "callbacks", ranksResumeElsewhereText(static_cast<int>(differing), epoch, batchesDone));
    throw ConfigError("callbacks", rankResumesElsewhereText(m_config.rank, here.epoch,
                                                            here.batchesDone, epoch, batchesDone));
}

bool TrainingLoop::prepare()
{
    // Refused before any work: an explicit backend this build or device cannot run.
    const BackendChoice backend = resolveBackend(m_config, m_config.device.type, oneDnnBuilt());
    // Before the data loads: ranks that cannot meet, or train different configs, are refused
    // before anything else takes time. Before the threads: the ranks say at the meeting which
    // machine they run on, so that those sharing one share its cores.
    if (!joinRanks())
        return false;
    const int physicalCores = readCpuTopology().physicalCores;
    const AppliedThreads threads = applyThreadSettings(sharedDevice(physicalCores), physicalCores);
    for (const std::string& warning : threads.warnings)
        m_observers.notify(&RunObserver::onLog, LogLevel::Warning, warning);
    // After the threads: the setting goes to the pool of the size this run uses.
    bool flushingDenormals = false;
    const std::string denormals = applyDenormalSetting(
        resolveFlushDenormals(m_config.device, backend.backend), flushingDenormals);

    m_device = torch::Device(m_config.device.name());
    const std::string cudnn = applyCudnnSetting(m_config.device);
    // Every file the run will write, checked before the data loads: after the meeting, so
    // that the other ranks hear at once that rank 0 refused.
    if (m_config.rank == 0) {
        if (std::vector<ConfigIssue> refused = checkRunWrites(m_config); !refused.empty())
            throw ConfigError(std::move(refused));
    }
    const BatchShard shard{m_config.rank, m_config.distributed.worldSize};
    m_deviceTimer =
        makeDevicePhaseTimer(m_config.device.name(), m_config.profiling.preciseGpuTiming);
    const DataConfig& dataConfig = m_config.data;
    RunData data = loadRunData(m_config);
    const TrainValidationSplit& split = data.split;
    m_train = std::make_unique<BatchSource>(split.train, dataConfig, m_device,
                                            m_config.seed ^ kShuffleSeedSalt,
                                            m_extensions.transformBatch, shard);
    // Validation reads every sample once, in order, from the same placement; each rank its
    // slice of every batch.
    m_validation = std::make_unique<BatchSource>(split.validation, validationDataConfig(dataConfig),
                                                 m_device, 0, BatchSource::Transform(), shard);
    if (dataConfig.placement == Placement::Device && !m_device.is_cpu()) {
        const double megabytes =
            static_cast<double>(m_train->stagedBytes() + m_validation->stagedBytes()) / 1e6;
        m_observers.notify(
            &RunObserver::onLog, LogLevel::Info,
            dataStagedText(m_config.device.name(), megabytes,
                           m_train->stagingSeconds() + m_validation->stagingSeconds()));
    }

    const std::int64_t inputFeatures = split.train.x.dim() == 3 ? split.train.x.size(2) : 1;
    {
        // One seed drives weights, dropout and data: same config, same losses (on CPU). The
        // weights come from LibTorch's one global generator, so runs that start together in
        // one process (the ranks of tst_dataparallel, what-if variants) take turns seeding it
        // and drawing their weights; nothing before this point draws from it.
        const std::lock_guard<std::mutex> turn(globalGeneratorLock());
        torch::manual_seed(m_config.seed);
        m_model =
            SequentialModel(m_config.model, inputFeatures, backend.backend, m_config.device.type);
    }
    m_model->to(m_device);
    m_model->train();
    // Every recurrent layer is listed, at 0 until a batch of it falls back.
    for (const StepLoopFallbacks& layer : m_model->stepLoopFallbacks())
        m_result.maskFallbacks.layers.emplace_back(layer.layerName, 0);
    if (m_parallel) {
        // DDP starts every rank from rank 0's weights (and buffers).
        std::vector<torch::Tensor> state = m_model->parameters();
        for (const torch::Tensor& buffer : m_model->buffers())
            state.push_back(buffer);
        m_parallel->broadcastFromRankZero(state);
    }
    m_optimizer = makeOptimizer(m_config.training.optimizer, m_model->parameters());
    // Rank 0 writes for every rank: the others would write the very same files.
    for (std::unique_ptr<Callback>& callback : makeCallbacks(m_config))
        m_callbacks.push_back(std::move(callback));
    m_callbacks.insert(m_callbacks.end(), m_extensions.callbacks.begin(),
                       m_extensions.callbacks.end());

    m_batchesPerEpoch = m_train->batchCount();
    if (m_config.training.stepsPerEpoch > 0)
        m_batchesPerEpoch = std::min(m_batchesPerEpoch, m_config.training.stepsPerEpoch);
    m_backupFingerprint = backupFingerprint(m_config, split.train.size(), m_batchesPerEpoch);

    RunInfo& info = m_result.info;
    info.epochs = m_config.training.epochs;
    info.batchesPerEpoch = static_cast<int>(m_batchesPerEpoch);
    info.trainSamples = split.train.size();
    info.validationSamples = split.validation.size();
    info.batchSize = dataConfig.batchSize;
    info.worldSize = m_config.distributed.worldSize;
    info.globalBatchSize = dataConfig.batchSize * m_config.distributed.worldSize;
    if (m_parallel) {
        info.gradientReduction = m_parallel->gradientReduction();
        info.ranks = m_parallel->members();
    }
    info.device = m_config.device.name();
    info.cudnn = cudnn;
    info.phaseTiming = m_deviceTimer ? m_deviceTimer->description() : hostClockTiming();
    info.dataSource = std::move(data.description);
    info.dataNotes = std::move(data.notes);
    info.classes = std::move(data.classes);
    info.textLengths = data.textLengths;
    info.tokenizer = data.tokenizer;
    if (m_train->copiesAhead())
        info.dataNotes.push_back(pinnedCopiesRecord(m_config.device.name()));
    info.placement = std::string(placementKey(dataConfig.placement));
    info.prefetch = dataConfig.prefetch;
    info.backend = std::string(backendKey(backend.backend));
    info.backendReason = backend.reason;
    // On CUDA the model's "fused" layers run LibTorch's LSTM and GRU, which take cuDNN's kernels
    // only where cuDNN is on: the record says which it was.
    info.recurrentLayers = m_device.is_cuda()
                               ? recurrentPaths(m_config.model, backend.backend, DeviceType::Cuda,
                                                cudnn.rfind("on", 0) == 0)
                               : m_model->recurrentPaths();
    info.flushDenormals = flushingDenormals;
    info.flushDenormalsReason = denormals;
    info.intraOpThreads = threads.intraOp;
    info.interOpThreads = threads.interOp;
    const auto sampleSizes = split.train.x.sizes().slice(1);
    info.model = summarizeModel(m_config.model,
                                std::vector<std::int64_t>(sampleSizes.begin(), sampleSizes.end()));
    info.environment = collectEnvironment();
    info.memoryAvailableBytes = static_cast<std::int64_t>(memAvailableBytes().value_or(0));
    info.tensorBytesAtStart = tensorMemoryCounts().liveBytes;
    m_observers.notify(&RunObserver::onRunStarted, info);
    return true;
}

bool TrainingLoop::warmUp()
{
    const TrainingConfig& training = m_config.training;
    const auto rngStates = captureRngStates(m_device);
    bool finished = true;
    for (int step = 0; step < training.warmupSteps; ++step) {
        // Ranks stop together, after a step (trainStep); warm-up passes are short.
        if (!m_parallel && m_control.stopRequested()) {
            finished = false;
            break;
        }
        const BatchSource::Transfer transfer = m_train->warmUpBatch(step);
        if (transfer.batch.size() == 0)
            continue;  // this rank's slice of a short last batch
        const auto prediction = m_model->forward(transfer.batch.x);
        const auto loss = stepLoss(prediction, transfer.batch.y);
        loss.backward();
        // No optimizer step: the weights and the optimizer's state stay as they were.
        m_optimizer->zero_grad();
    }
    restoreRngStates(rngStates);
    // Wait for the queued kernels here, or the first step's device phases would hold them.
    if (m_device.is_cuda())
        torch::cuda::synchronize();
    return finished;
}

BatchRecord TrainingLoop::trainStep(int epoch, std::int64_t index, Clock::time_point wallStart,
                                    double warmUpMs, std::vector<double>& perCallbackS)
{
    BatchRecord batch;
    batch.epoch = epoch;
    batch.batch = static_cast<int>(index + 1);
    batch.paddingShare = m_train->paddingShare(index);
    batch.timesteps = m_train->timesteps(index);

    StepClock clock(m_deviceTimer.get(), wallStart);
    const Dataset produced = m_train->next();
    clock.phaseEnds(Phase::DataWait);
    const BatchSource::Transfer transfer = m_train->toDevice(produced);
    clock.phaseEnds(Phase::HostToDevice);
    // A rank of a distributed run whose slice of the epoch's last batch is empty computes
    // nothing and adds zeros to the others' gradients.
    const bool computes = produced.size() > 0;
    torch::Tensor prediction;
    torch::Tensor loss;
    if (computes) {
        // Only the training forwards are timed by layer: validation and warm-up passes would
        // mix other batch shapes and no-grad kernels into the shares.
        const bool timeLayers = m_device.is_cpu();
        m_model->setLayerTiming(timeLayers);
        const std::vector<StepLoopFallbacks> fallbacksBefore = m_model->stepLoopFallbacks();
        prediction = m_model->forward(transfer.batch.x);
        countMaskFallbacks(fallbacksBefore);
        m_model->setLayerTiming(false);
        m_layerTimedSteps += timeLayers ? 1 : 0;
        loss = stepLoss(prediction, transfer.batch.y);
        if (m_config.data.batching == Batching::ByLength)
            m_result.trainedFlops +=
                static_cast<double>(produced.size()) * flopsPerSampleAt(transfer.batch.x.size(1));
    }
    clock.phaseEnds(Phase::Forward);
    if (m_parallel)
        m_parallel->startGradients(m_model->parameters(), produced.size(),
                                   m_train->globalBatchSamples(index));
    if (computes)
        loss.backward();
    clock.phaseEnds(Phase::Backward);
    EpochAccumulator stepSums;
    const double rankLoss = computes ? loss.item<double>() : 0.0;
    if (computes)
        stepSums.add(rankLoss, produced.size(), m_config.training.metrics, prediction.detach(),
                     transfer.batch.y);
    if (m_parallel) {
        const ReducedGradients reduced = m_parallel->finishGradients();
        batch.reducedBytes = reduced.bytes;
        batch.overlappedMs = reduced.overlappedMs;
        // The step's loss and metrics over the global batch: every rank then logs, and its
        // callbacks decide, on the same numbers. A stop asked of any rank (Ctrl+C reaches them
        // one by one) stops every rank after this same step: a rank that went on alone would
        // wait for the others in the next step's reduction until timeout_s.
        double stopVotes = m_control.stopRequested() ? 1.0 : 0.0;
        stepSums = sumOverRanks(stepSums, &stopVotes);
        m_ranksStop = stopVotes > 0.0;
        if (m_ranksStop && !m_control.stopRequested())
            m_observers.notify(&RunObserver::onLog, LogLevel::Info, otherRankStopsText());
        clock.phaseEnds(Phase::Communication);
    }
    optimizerStep();
    clock.phaseEnds(Phase::Optimizer);

    // One process's loss as it came, not re-divided: the same bits as before ranks existed.
    batch.loss = m_parallel ? stepSums.meanLoss() : rankLoss;
    batch.samples = stepSums.samples;
    batch.h2dBytes = transfer.bytes;
    m_epochSums.lossSum += stepSums.lossSum;
    m_epochSums.samples += stepSums.samples;
    for (const auto& [metric, sum] : stepSums.metricSums)
        m_epochSums.metricSums[metric] += sum;
    m_position.batchesDone = index + 1;
    // After the step and its sums: a backup taken by a batch callback holds this step.
    const double callbackMs =
        runCallbacks(perCallbackS, [&](Callback& callback) { callback.onBatchEnd(*this, batch); });
    const PageFaults faults = PageFaults::ofThisThread();
    const auto end = clock.finish(batch, callbackMs, warmUpMs);
    batch.endS = m_clock.secondsAt(end);
    const PageFaults stepFaults = faults - m_faultsBefore;
    batch.minorFaults = stepFaults.minor;
    batch.majorFaults = stepFaults.major;
    m_faultsBefore = faults;
    m_stepEnd = end;
    return batch;
}

bool TrainingLoop::runEpoch(int epoch, const TrainingState* resume)
{
    m_observers.notify(&RunObserver::onEpochStarted, epoch);
    const TrainingConfig& training = m_config.training;
    EpochRecord record;
    record.epoch = epoch;
    std::vector<double> perCallbackS(m_callbacks.size(), 0.0);
    std::vector<WriteTally> writtenBefore;
    for (const auto& callback : m_callbacks)
        writtenBefore.push_back(callback->written());

    const auto epochStart = Clock::now();
    record.startS = m_clock.secondsAt(epochStart);
    std::int64_t firstIndex = 0;
    if (resume) {
        firstIndex = std::min(resume->position.batchesDone, m_batchesPerEpoch);
        m_epochSums = resume->epochSums;
        m_train->resumeEpoch(firstIndex, m_batchesPerEpoch, resume->shuffle);
    } else {
        m_epochSums = EpochAccumulator();
        m_train->startEpoch(m_batchesPerEpoch);
    }
    m_position = {epoch, firstIndex};
    m_epochFirstStep = m_result.batches.size();
    auto previousEnd = epochStart;
    Clock::duration pausedInEpoch{};
    m_faultsBefore = PageFaults::ofThisThread();
    for (std::int64_t index = firstIndex; index < m_batchesPerEpoch; ++index) {
        Clock::duration paused{};
        // The ranks of a distributed run stop only where they agreed to (trainStep).
        if (!proceed(paused) && !m_parallel)
            return false;
        // The step's wall time runs from the previous step's end, less a pause in between.
        previousEnd += paused;
        pausedInEpoch += paused;
        // The first step this process trains carries the warm-up: its wall time includes it
        // (the epoch took that long) and its Warm-up phase says how much.
        double warmUpMs = 0.0;
        if (!m_warmedUp && training.warmupSteps > 0) {
            m_warmedUp = true;
            const auto warmUpStart = Clock::now();
            if (!warmUp())
                return false;
            warmUpMs = millisecondsBetween(warmUpStart, Clock::now());
        }
        const BatchRecord batch = trainStep(epoch, index, previousEnd, warmUpMs, perCallbackS);
        previousEnd = m_stepEnd;

        for (std::size_t i = 0; i < kPhaseCount; ++i)
            record.phaseS[i] += batch.phaseMs[i] / 1000.0;
        record.trainS += batch.wallMs / 1000.0;
        ++record.batches;
        m_result.batches.push_back(batch);
        m_observers.notify(&RunObserver::onBatch, batch);
        if (m_ranksStop) {
            gatherRankSteps();
            return false;
        }
        if (!m_stopReason.empty())
            break;  // Keras ends the epoch after the step whose callback stopped training
    }

    if (!proceed(pausedInEpoch) && !m_parallel)
        return false;
    gatherRankSteps();
    const auto validationStart = Clock::now();
    const EpochAccumulator validation =
        sumOverRanks(evaluateModel(m_model, *m_validation, training));
    const auto validationEnd = Clock::now();
    record.validationS = secondsBetween(validationStart, validationEnd);
    record.samples = m_epochSums.samples;
    record.trainLoss = m_epochSums.meanLoss();
    m_epochSums.writeMetrics(record.metrics, "");
    if (validation.samples > 0) {
        record.valLoss = validation.meanLoss();
        validation.writeMetrics(record.metrics, "val_");
    }
    const EpochLogs logs = logsOf(record);
    m_position = {epoch + 1, 0};
    m_epochSums = EpochAccumulator();
    runCallbacks(perCallbackS,
                 [&](Callback& callback) { callback.onEpochEnd(*this, epoch, logs); });
    for (std::size_t i = 0; i < m_callbacks.size(); ++i) {
        const WriteTally& written = m_callbacks[i]->written();
        record.callbacks.push_back({m_callbacks[i]->name(), perCallbackS[i],
                                    written.bytes - writtenBefore[i].bytes,
                                    written.writes - writtenBefore[i].writes});
    }
    record.wallS = secondsBetween(epochStart + pausedInEpoch, Clock::now());
    m_result.epochs.push_back(record);
    m_observers.notify(&RunObserver::onEpoch, record);
    return true;
}

void TrainingLoop::run()
{
    if (!prepare()) {
        // Stopped while meeting the other ranks: nothing was loaded or trained.
        m_result.state = RunState::Stopped;
        return;
    }
    for (const std::shared_ptr<Callback>& callback : m_callbacks)
        callback->onTrainBegin(*this);
    checkSamePosition();
    const int firstEpoch = m_resume ? m_resume->position.epoch : 1;
    if (firstEpoch > m_config.training.epochs)
        m_observers.notify(&RunObserver::onLog, LogLevel::Info, backupAfterLastEpochText());
    for (int epoch = firstEpoch; epoch <= m_config.training.epochs; ++epoch) {
        const bool resuming = m_resume && epoch == firstEpoch;
        if (!runEpoch(epoch, resuming ? &*m_resume : nullptr)) {
            recordLayerTimes();
            m_result.state = RunState::Stopped;
            for (const std::shared_ptr<Callback>& callback : m_callbacks)
                callback->onTrainEnd(*this, false);
            return;
        }
        if (!m_stopReason.empty()) {
            // A callback ended the run by its own rule: it finished, earlier than planned.
            m_result.stoppedBy = m_stopReason;
            m_observers.notify(&RunObserver::onLog, LogLevel::Info,
                               trainingEndedByText(m_stopReason));
            break;
        }
    }
    recordLayerTimes();
    for (const std::shared_ptr<Callback>& callback : m_callbacks)
        callback->onTrainEnd(*this, true);
    m_result.state = RunState::Finished;
}

void TrainingLoop::recordLayerTimes()
{
    if (m_layerTimedSteps > 0) {
        const std::vector<std::string> names = layerNames(m_config.model);
        const std::vector<double> seconds = m_model->layerForwardSeconds();
        m_result.layerForwardSeconds.clear();
        for (std::size_t i = 0; i < names.size() && i < seconds.size(); ++i)
            m_result.layerForwardSeconds.emplace_back(names[i], seconds[i]);
        m_result.layerForwardSteps = m_layerTimedSteps;
    }
    const MaskFallbacks& fallbacks = m_result.maskFallbacks;
    for (const auto& [layer, batches] : fallbacks.layers) {
        if (batches == 0)
            continue;
        m_observers.notify(&RunObserver::onLog, LogLevel::Warning,
                           paddingNotAtTheEndText(layer, batches, fallbacks.batches));
    }
}

void TrainingLoop::countMaskFallbacks(const std::vector<StepLoopFallbacks>& before)
{
    MaskFallbacks& record = m_result.maskFallbacks;
    ++record.batches;
    const std::vector<StepLoopFallbacks> after = m_model->stepLoopFallbacks();
    for (std::size_t i = 0; i < after.size() && i < before.size() && i < record.layers.size(); ++i)
        record.layers[i].second += after[i].stepLoopFallbacks - before[i].stepLoopFallbacks;
}

}  // namespace

void runTraining(const RunConfig& config, const RunClock& clock, RunControl& control,
                 const ObserverList& observers, RunResult& result,
                 const std::function<void(RunState)>& reportState, const RunExtensions* extensions)
{
    // Before the first tensor of the run and after the loop, its model and its loader thread
    // are gone (the temporary loop dies at the end of its statement, before the lease).
    const AllocatorChoice allocator = resolveAllocator(config.device.allocator);
    const AllocatorLease lease(allocator.allocator);
    result.info.allocator = std::string(allocatorKey(allocator.allocator));
    result.info.allocatorReason =
        lease.note().empty() ? allocator.reason : allocator.reason + "; " + lease.note();
    TrainingLoop(config, clock, control, observers, result, reportState, extensions).run();
}

}  // namespace es
