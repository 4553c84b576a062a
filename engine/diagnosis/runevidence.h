#pragma once

// What the diagnosis rules read about one run: how it was set up (the facts its info and
// summary recorded) and everything it measured. Built from a stored run, or by tests from
// records they make up, so that each rule is a pure function of this and nothing else.

#include "engine/core/phase.h"
#include "engine/core/records.h"
#include "engine/diagnosis/batchpeaks.h"
#include "engine/script/proberecord.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace es {

struct StoredRun;

/// One recurrent layer's kernel as the run recorded it (the summary's run.recurrent_layers).
struct RecurrentLayerFact {
    std::string layer;      ///< "lstm_2"
    std::size_t index = 0;  ///< into model.layers
    std::string kernel;     ///< "fused", "libtorch", "libtorch_fused" or "step_loop"
    std::string reason;     ///< recorded English, shown through recordedText()
    /// The option that kept the layer off the fused kernel; empty key when none.
    std::string optionKey;
    std::string optionValue;
    std::string fusedValue;
};

/// How the run was set up, as it recorded it (docs/summary.md, the "run" and "environment"
/// objects). Empty strings and zeros where the run did not get as far as recording them.
/// How a run made its token sequences, from its config and info: what the padding-waste
/// finding can propose.
struct SequenceFacts {
    bool textSource = false;                ///< data.source is text_csv or text_folder
    std::string batching = "fixed";         ///< data.batching ("fixed" for runs before it existed)
    std::string padding = "post";           ///< data.text.padding
    std::int64_t outputSequenceLength = 0;  ///< data.text.output_sequence_length
    bool maskZero = false;                  ///< the first layer is an embedding with mask_zero
    TextLengths lengths;                    ///< the training texts' (info's text_lengths)
};

/// What a profiled Python script's run recorded about the script (docs/profile.md): the
/// config's command line, the info's script object, the recurrent modules its forward passes
/// called and where its code made NumPy arrays into tensors.
struct ScriptFacts {
    std::vector<std::string> command;  ///< the interpreter, the script, its arguments
    std::string python;                ///< "3.11.2"
    std::string torch;                 ///< "2.6.0"; empty when unknown
    std::vector<ProbeRecurrentModule> recurrent;
    std::vector<ProbeConversionSite> conversions;
};

struct RunFacts {
    std::string device;         ///< "cpu", "cuda:0"
    std::string backend;        ///< the LSTM backend used ("libtorch", "onednn")
    std::string backendReason;  ///< why that one
    std::string cudnn;          ///< on CUDA devices: "on: ...", "off: ..."; empty on the CPU
    std::string placement;      ///< "host", "pinned", "device"
    int prefetch = 0;
    int intraOpThreads = 0;  ///< applied for this run
    int interOpThreads = 0;
    std::int64_t batchSize = 0;
    int batchesPerEpoch = 0;
    std::int64_t trainSamples = 0;
    std::int64_t validationSamples = 0;
    double trainingFlopsPerBatch = 0.0;
    int physicalCores = 0;  ///< of the machine the run trained on
    int logicalCores = 0;
    /// Whether the model has a recurrent layer (lstm, gru or bidirectional).
    bool modelHasLstm = false;
    /// Each recurrent layer's kernel; empty for runs recorded before it was (then every
    /// recurrent layer ran on `backend`).
    std::vector<RecurrentLayerFact> recurrentLayers;
    /// Where host tensor memory came from ("system", "glibc-tuned", "jemalloc", "tcmalloc");
    /// empty for runs recorded before device.allocator existed (they used glibc as it is).
    std::string allocator;
    /// Processes that trained together (1 for a run of one process), and the gradient bucket
    /// size they reduced in, from the config (distributed.bucket_mb).
    int worldSize = 1;
    double bucketMb = 0.0;
    SequenceFacts sequences;
    /// When training began: the machine's MemAvailable and the bytes the run's tensors held
    /// (info's memory_available_bytes and tensor_bytes_at_start); 0 where not recorded.
    std::int64_t memoryAvailableBytes = 0;
    std::int64_t tensorBytesAtStart = 0;
    /// Set for a profiled script's run, whose fixes are code, not config patches.
    std::optional<ScriptFacts> script;
};

struct RunEvidence {
    std::string name;
    RunFacts facts;
    /// The config as stored (toJson(RunConfig)): the base that findings' patches change.
    nlohmann::json config;
    std::vector<EpochRecord> epochs;
    std::vector<BatchRecord> batches;  ///< in step order; rank 0's in a distributed run
    /// A distributed run's ranks with their hosts, and the steps of ranks 1.. by rank.
    std::vector<RankMember> ranks;
    std::map<int, std::vector<BatchRecord>> rankBatches;
    std::vector<SystemSample> samples;
    /// Wall seconds of each layer's forward over `layerForwardSteps` training steps, by layer
    /// name in layer order (the summary's layer_forward); empty when not measured.
    std::vector<std::pair<std::string, double>> layerForwardSeconds;
    std::int64_t layerForwardSteps = 0;
    /// Training steps whose forward ran, and by recurrent layer name how many of them ran that
    /// layer on the step loop instead of its recorded kernel because the batch's mask_zero
    /// padding was not all on the right (the summary's mask_fallbacks). 0 and empty for runs
    /// recorded before it was; a count that cannot be one (negative, above the steps, not a
    /// whole number) is left out.
    std::int64_t maskFallbackSteps = 0;
    std::map<std::string, std::int64_t> maskFallbackBatches;
    /// The machine's SGEMM rate (GFLOP/s) as the environment doctor measured it, when the
    /// diagnosis was given one; `peakSource` says where it came from.
    std::optional<double> peakGflops;
    std::string peakSource;
    /// Tensor peaks of runs of this model measured alike at two batch sizes or more
    /// (peaksAtOtherBatchSizes), when the diagnosis was given a run database to look in.
    std::vector<BatchPeak> batchPeaks;
};

/// The evidence of a stored run (its config, info, summary and records).
RunEvidence evidenceFromStoredRun(const StoredRun& run);

/// Whether the run put a recurrent layer on LibTorch's unfused CPU kernels: backend libtorch
/// on the CPU with a layer recorded on kernel "libtorch" (not LibTorch 2.x's oneDNN LSTM,
/// "libtorch_fused"), or any recurrent layer for runs recorded before the kernels were.
bool ranUnfusedOnLibTorchCpu(const RunFacts& facts);

/// The warm steps as indices into `evidence.batches`: those after epoch 1, or after the first
/// 10% of a one-epoch run (the steps steadyStepMs() takes the median of).
std::vector<std::size_t> steadySteps(const RunEvidence& evidence);

/// Some phases' time summed over the steady steps, against those steps' wall time.
struct SteadyPhaseShare {
    double phaseMs = 0.0;
    double wallMs = 0.0;
    double share = 0.0;  ///< phaseMs / wallMs
};

/// The share of `phases` in the steady steps' time; nullopt when a step's record is not
/// finite or negative (a record the clock could not have produced) or the wall time is zero.
std::optional<SteadyPhaseShare> steadyPhaseShare(const RunEvidence& evidence,
                                                 std::initializer_list<Phase> phases);

/// Median wall time of the steps after epoch 1 (or after the first 10% of a one-epoch run),
/// as the run summary computes it; nullopt without such steps.
std::optional<double> steadyStepMs(const RunEvidence& evidence);

/// Steps 1-based over the whole run: the index of `batches[i]` is i + 1.
inline std::int64_t stepNumber(std::size_t batchIndex)
{
    return static_cast<std::int64_t>(batchIndex) + 1;
}

}  // namespace es
