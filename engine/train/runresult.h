#pragma once

#include "engine/core/records.h"
#include "engine/env/environment.h"
#include "engine/model/modelsummary.h"
#include "engine/model/recurrentpath.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace es {

struct TextTokenizer;

/// Facts fixed when a run starts.
struct RunInfo {
    int epochs = 0;
    int batchesPerEpoch = 0;  ///< after steps_per_epoch and drop_last
    std::int64_t trainSamples = 0;
    std::int64_t validationSamples = 0;
    std::int64_t batchSize = 0;
    std::string device;                  ///< "cpu", "cuda:0"
    std::string dataSource;              ///< what was generated or loaded (RunData::description)
    std::vector<std::string> dataNotes;  ///< what loading changed (RunData::notes)
    std::vector<std::string> classes;    ///< a text source's classes by id (RunData::classes)
    TextLengths textLengths;             ///< a text source's training texts (RunData)
    /// What made a text source's ids (RunData::tokenizer): the run database keeps it, and
    /// every checkpoint and backup gets it in a file beside it (engine/data/tokenizerfile.h).
    std::shared_ptr<const TextTokenizer> tokenizer;
    std::string placement;      ///< "host", "pinned", "device" (data.placement)
    int prefetch = 0;           ///< batches prepared ahead by the loader thread
    std::string backend;        ///< LSTM backend used ("libtorch", "onednn")
    std::string backendReason;  ///< why that backend was chosen
    /// Whether the training threads flushed denormal floats to zero, and why ("auto: on with
    /// the onednn backend"; what could not be applied is added).
    bool flushDenormals = false;
    std::string flushDenormalsReason;
    /// Where host tensor memory came from (device.allocator resolved: "system",
    /// "glibc-tuned", "jemalloc", "tcmalloc") and why ("auto: the fastest measured ...").
    std::string allocator;
    std::string allocatorReason;
    /// On CUDA devices, whether LSTMs ran cuDNN's fused kernels and why ("on: cuDNN 91002",
    /// "off: device.cudnn is false", "off: not available to this LibTorch"); empty on the CPU.
    std::string cudnn;
    std::string phaseTiming;  ///< how phases were timed: host clocks, CUDA events, precise
    std::string gpuMonitor;   ///< what NVML said: "NVML driver ..., 1 GPU" or why there is none
    int intraOpThreads = 0;   ///< applied for this run
    int interOpThreads = 0;
    /// Processes that trained together (distributed.world_size), and the samples one step
    /// trained on over all of them: batchSize * worldSize.
    int worldSize = 1;
    std::int64_t globalBatchSize = 0;
    /// How the ranks' gradients were averaged ("bucketed all-reduce during backward, ..."),
    /// empty in a run of one process.
    std::string gradientReduction;
    /// Every rank with its host, in rank order; empty in a run of one process.
    std::vector<RankMember> ranks;
    ModelSummary model;
    /// Which kernel ran each recurrent layer and why, in layer order.
    std::vector<RecurrentPath> recurrentLayers;
    /// Collected on the engine thread after the thread settings were applied.
    EnvironmentInfo environment;
    /// When training began: the machine's MemAvailable (/proc/meminfo; 0 where it could not be
    /// read) and the bytes the run's tensors held (the counting allocator's; 0 where memory was
    /// not counted). Together they are what the tensors of a step can grow into before the
    /// machine swaps or the OOM killer ends the run (the memory-headroom finding).
    std::int64_t memoryAvailableBytes = 0;
    std::int64_t tensorBytesAtStart = 0;
};

/// How often the recurrent layers left their recorded kernel (RunInfo::recurrentLayers) for the
/// step loop in training steps: for a batch whose mask_zero padding was not all on the right
/// (a padding token 0 before a real one; Keras' pad_sequences pads on the left by default),
/// which a whole-sequence kernel cannot run.
struct MaskFallbacks {
    /// Training steps whose forward ran, this process's (rank 0's in a distributed run).
    std::int64_t batches = 0;
    /// Each recurrent layer by name, in layer order, with how many of those steps ran it on
    /// the step loop instead (always 0 for a layer whose kernel is the step loop).
    std::vector<std::pair<std::string, std::int64_t>> layers;
};

/// Everything a finished (or stopped, or failed) run produced.
struct RunResult {
    RunState state = RunState::Idle;
    std::string error;  ///< set when state == Failed
    /// Set when a callback ended a Finished run before its last epoch ("early_stopping at
    /// epoch 7 (val_loss did not improve for 3 epochs)", "terminate_on_nan at batch 4 of
    /// epoch 2").
    std::string stoppedBy;
    /// The failure was the input's fault (a data file that cannot be used with this config), not
    /// the engine's: nothing trained, and the CLI exits with "bad input".
    bool badInput = false;
    /// Set when BackupAndRestore resumed the run from a backup: "epoch 3, step 8 of 16
    /// (runs/backup/epochscope-backup.pt)".
    std::string resumedFrom;
    RunInfo info;
    std::vector<EpochRecord> epochs;  ///< completed epochs only
    std::vector<BatchRecord> batches;
    /// On rank 0 of a distributed run, the steps of every other rank (gathered at each epoch's
    /// end, see RunObserver::onRankSteps), by rank; empty elsewhere.
    std::map<int, std::vector<BatchRecord>> rankBatches;
    std::vector<SystemSample> samples;  ///< from the system sampler, in time order
    /// Wall seconds each layer's forward took over the training steps that timed it
    /// (layerForwardSteps of them), by layer name in layer order: the diagnosis's measure of
    /// how much of a step a layer takes. Empty where layers were not timed (a CUDA device,
    /// whose kernels run after their launch returns).
    std::vector<std::pair<std::string, double>> layerForwardSeconds;
    /// Batches by length: the training FLOPs of the steps at the widths they were cut to. 0 for
    /// a run of one shape, whose FLOPs are info.model's per sample times the samples.
    double trainedFlops = 0.0;
    std::int64_t layerForwardSteps = 0;
    /// Its `layers` are empty without a recurrent layer, or when the run failed before its model
    /// existed.
    MaskFallbacks maskFallbacks;
    double totalS = 0.0;  ///< from start() to the end of the engine thread's work
};

}  // namespace es
