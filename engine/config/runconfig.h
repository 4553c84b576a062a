#pragma once

#include "engine/config/csvoptions.h"
#include "engine/io/writepermissions.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace es {

// The JSON format is documented in docs/config.md; keys there are the snake_case spellings
// of the fields below. Every field has the default written next to it.

enum class LayerType { Embedding, Lstm, Gru, Bidirectional, Dropout, Dense };
/// Keras' activations. `hard_sigmoid` is Keras 3's (relu6(x + 3) / 6, i.e. clip(x / 6 + 0.5,
/// 0, 1)); `hard_sigmoid_keras2` is Keras 2's (clip(0.2 x + 0.5, 0, 1)), the default
/// recurrent_activation of Keras 2's LSTM and GRU.
enum class Activation { Linear, Relu, Sigmoid, Tanh, Softmax, HardSigmoid, HardSigmoidKeras2 };
/// Keras' initializers with Keras' default arguments (random_uniform in [-0.05, 0.05],
/// random_normal and truncated_normal with stddev 0.05, orthogonal with gain 1).
enum class Initializer {
    GlorotUniform,
    GlorotNormal,
    HeUniform,
    HeNormal,
    LecunUniform,
    LecunNormal,
    Orthogonal,
    Zeros,
    Ones,
    RandomUniform,
    RandomNormal,
    TruncatedNormal,
};
/// How a bidirectional layer combines its forward and backward outputs (Keras' merge_mode).
enum class MergeMode { Concat, Sum, Mul, Ave };

/// One layer of the Sequential model. Only the fields of its `type` are meaningful, and only
/// they are compared by operator== and written by toJson.
///
/// A `bidirectional` layer keeps the recurrent layer it wraps in the same struct: `wrapped`
/// says which (lstm or gru) and the recurrent fields below are that layer's; in JSON the
/// wrapped layer is the nested object "layer", as in Keras.
struct LayerConfig {
    LayerType type = LayerType::Dense;
    // embedding: Keras names
    std::int64_t inputDim = 0;   ///< "input_dim": vocabulary size
    std::int64_t outputDim = 0;  ///< "output_dim": embedding width
    /// "mask_zero": token id 0 is padding; the recurrent layers carry state and output
    /// through padded steps, as in Keras.
    bool maskZero = false;
    Initializer embeddingsInitializer = Initializer::RandomUniform;  ///< "embeddings_initializer"
    // lstm, gru and dense
    std::int64_t units = 0;
    bool useBias = true;                                         ///< "use_bias"
    Initializer kernelInitializer = Initializer::GlorotUniform;  ///< "kernel_initializer"
    Initializer biasInitializer = Initializer::Zeros;            ///< "bias_initializer"
    // lstm and gru
    bool returnSequences = false;  ///< "return_sequences"
    double dropout = 0.0;          ///< input dropout, one mask for all time steps (Keras)
    double kernelL2 = 0.0;         ///< "kernel_l2": l2 * sum(W_ih^2) added to the loss
    double recurrentL2 = 0.0;      ///< "recurrent_l2": l2 * sum(W_hh^2) added to the loss
    Activation cellActivation = Activation::Tanh;          ///< "activation" of lstm and gru
    Activation recurrentActivation = Activation::Sigmoid;  ///< "recurrent_activation"
    double recurrentDropout = 0.0;  ///< "recurrent_dropout": on h, one mask for all time steps
    bool goBackwards = false;       ///< "go_backwards": read the sequence last step first
    /// "unroll": Keras unrolls the loop into one graph; here it only keeps the layer off the
    /// fused kernel, as it does in Keras.
    bool unroll = false;
    Initializer recurrentInitializer = Initializer::Orthogonal;  ///< "recurrent_initializer"
    // lstm
    bool unitForgetBias = true;  ///< "unit_forget_bias": the forget gate's bias starts at 1
    // gru
    /// "reset_after": apply the reset gate after the recurrent matrix (cuDNN's and PyTorch's
    /// GRU, Keras' default since 2.3) rather than before it (Keras' original GRU).
    bool resetAfter = true;
    // bidirectional
    LayerType wrapped = LayerType::Lstm;      ///< the wrapped layer's type: Lstm or Gru
    MergeMode mergeMode = MergeMode::Concat;  ///< "merge_mode"
    // dropout
    double rate = 0.0;
    // dense
    Activation activation = Activation::Linear;

    bool operator==(const LayerConfig&) const;
};

/// Whether the layer runs a recurrence over time: lstm, gru or bidirectional.
bool isRecurrent(const LayerConfig& layer);
/// The recurrent cell a recurrent layer runs: Lstm or Gru (`wrapped` for bidirectional).
LayerType recurrentCell(const LayerConfig& layer);
/// The width of a recurrent layer's output per time step: units, or 2 x units for a
/// bidirectional layer that concatenates.
std::int64_t recurrentOutputWidth(const LayerConfig& layer);

struct ModelConfig;
/// Each layer's Keras-style name, in order: its type key and its count among the layers of
/// that type ("lstm_1", "dense_2"). The model's modules, the summary and the run records use
/// these names.
std::vector<std::string> layerNames(const ModelConfig& model);

struct ModelConfig {
    std::vector<LayerConfig> layers;
    /// "input_shape": the shape of one sample, as keras.Input(shape=...) declares it:
    /// [timesteps, features] for float features, [timesteps] for token ids. Empty (the
    /// default) takes the shape from the data; when set, data of another shape is refused
    /// before training.
    std::vector<std::int64_t> inputShape;
    bool operator==(const ModelConfig&) const;
};

enum class DataSourceType {
    SyntheticRegression,  ///< "synthetic_regression": (N, T, F) float -> (N, 1) float
    SyntheticTokens,      ///< "synthetic_tokens": (N, T) int tokens in [0, vocab) -> (N, 1) 0/1
    Npy,                  ///< "npy": x and y in .npy files (np.save)
    Npz,                  ///< "npz": x and y arrays in one .npz archive (np.savez)
    Csv,                  ///< "csv": a time series in a CSV file, windowed into samples
};

/// synthetic_tokens' "padding": where a review shorter than the window gets its padding ids 0,
/// with keras.utils.pad_sequences' names and default.
enum class Padding {
    Pre,   ///< "pre": before the review (Keras' default), which keeps masks off fused kernels
    Post,  ///< "post": after it, where a fused kernel's sequence lengths cover it
};

/// Only the fields of its `type` are meaningful (compared, written); see LayerConfig.
/// File paths are taken as written; loadRunConfigFile() makes relative ones relative to the
/// config file's directory.
struct DataSourceConfig {
    DataSourceType type = DataSourceType::SyntheticRegression;
    std::int64_t samples = 0;    ///< synthetic: required
    std::int64_t timesteps = 0;  ///< synthetic: required
    std::int64_t features = 0;   ///< synthetic_regression: required
    double noise = 0.05;         ///< synthetic_regression: std of the target noise, >= 0
    std::int64_t vocabSize = 0;  ///< synthetic_tokens: "vocab_size", required, >= 4
    /// synthetic sources: "classes" >= 2 makes each target a class id in [0, classes) (see
    /// targetClasses()); 0, the default, keeps the source's own targets: real numbers for
    /// synthetic_regression, 0/1 labels (two classes) for synthetic_tokens.
    std::int64_t classes = 0;
    Padding padding = Padding::Pre;  ///< synthetic_tokens

    /// npy: paths of the .npy files, x and y required, "x_val" and "y_val" together or not
    /// at all. npz: array names in the archive; empty picks x_train/y_train and x_val/y_val
    /// (or x_test/y_test) when present (pickDefaultArrays()).
    std::string x;
    std::string y;
    std::string xVal;
    std::string yVal;
    /// npz, csv: the file, required.
    std::string path;
    /// csv: "delimiter" "auto" (detected), ",", ";" or "\t".
    char delimiter = CsvOptions::kAutoDelimiter;
    /// csv: "header" "auto", "present" or "absent".
    CsvHeader header = CsvHeader::Auto;
    /// csv: "features": columns by name or 0-based index, at least one; "target": one column.
    std::vector<ColumnRef> columns;
    ColumnRef target;
    /// csv: rows per sample, rows from the window's last row to the target, rows between
    /// window starts (see CsvWindowOptions).
    std::int64_t window = 0;  ///< required
    std::int64_t horizon = 1;
    std::int64_t stride = 1;

    /// Whether the data comes from files rather than a generator.
    bool fromFiles() const;
    bool operator==(const DataSourceConfig&) const;
};

/// Where the dataset lives while training (docs/config.md#placement).
enum class Placement {
    Host,    ///< "host": pageable host memory; each batch gathered and copied (Keras on NumPy)
    Pinned,  ///< "pinned": pinned host memory, non-blocking copies (CUDA devices only)
    Device,  ///< "device": staged on the training device once; batches gathered there
};

struct DataConfig {
    DataSourceConfig source;
    double validationSplit = 0.0;  ///< "validation_split" in [0, 1): taken from the end (Keras)
    bool shuffle = true;
    std::int64_t batchSize = 32;  ///< "batch_size"
    bool dropLast = false;        ///< "drop_last"
    Placement placement = Placement::Host;
    /// Batches a loader thread prepares ahead of training; 0 prepares each one when needed.
    int prefetch = 0;

    bool operator==(const DataConfig&) const;
};

enum class OptimizerType { Adam, Sgd, RmsProp };

/// Keras defaults (Adam epsilon 1e-7, RMSprop rho 0.9), not PyTorch's. Only the fields of its
/// `type` are meaningful (compared, written); see LayerConfig.
struct OptimizerConfig {
    OptimizerType type = OptimizerType::Adam;
    double learningRate = 0.001;  ///< "learning_rate" > 0
    double beta1 = 0.9;           ///< adam "beta_1" in [0, 1)
    double beta2 = 0.999;         ///< adam "beta_2" in [0, 1)
    double epsilon = 1e-7;        ///< adam, rmsprop; > 0
    double momentum = 0.0;        ///< sgd, rmsprop; >= 0
    bool nesterov = false;        ///< sgd
    double rho = 0.9;             ///< rmsprop; in [0, 1)

    bool operator==(const OptimizerConfig&) const;
};

/// The cross-entropies read probabilities (Keras' from_logits=False): binary_crossentropy a
/// sigmoid unit's, the categorical ones a softmax over `units` classes. Categorical targets are
/// one-hot rows, sparse categorical targets class ids.
enum class LossType {
    Mse,
    Mae,
    BinaryCrossentropy,
    CategoricalCrossentropy,
    SparseCategoricalCrossentropy
};
enum class Metric { Mae, Accuracy };

struct TrainingConfig {
    int epochs = 1;  ///< >= 1
    /// "steps_per_epoch": 0 runs every batch; N > 0 stops each epoch after N batches (Keras).
    std::int64_t stepsPerEpoch = 0;
    /// "warmup_steps": forward and backward passes run on the first batches before the first
    /// step a run trains, without updating the weights, so that one-time costs (primitive
    /// creation, allocator growth) show as the Warm-up phase instead of inside step 1.
    int warmupSteps = 0;
    OptimizerConfig optimizer;
    LossType loss = LossType::Mse;
    std::vector<Metric> metrics;

    bool operator==(const TrainingConfig&) const;
};

enum class DeviceType { Cpu, Cuda };

/// "flush_denormals": whether the training threads treat denormal floats as zero (MXCSR FTZ
/// and DAZ). Arithmetic on denormals takes a slow microcode path on x86 CPUs, and the values
/// are too small to change a float32 training's result.
enum class FlushDenormals {
    Auto,  ///< "auto": flush with the onednn backend, leave them otherwise (LibTorch's default)
    On,    ///< "on"
    Off,   ///< "off"
};

/// "allocator": where tensor memory on the host comes from (docs/config.md#allocator). Large
/// tensors that glibc maps and unmaps every step cost a minor page fault per 4 kB page.
enum class HostAllocator {
    Auto,        ///< "auto": the fastest measured here that this machine has (train/allocator.h)
    System,      ///< "system": the process's malloc as it is (glibc)
    GlibcTuned,  ///< "glibc-tuned": glibc told to keep large blocks (mallopt, process-wide)
    Jemalloc,    ///< "jemalloc": tensors from jemalloc (libjemalloc2), loaded at run time
    Tcmalloc,    ///< "tcmalloc": tensors from TCMalloc (libtcmalloc-minimal4), loaded at run time
};

struct DeviceConfig {
    DeviceType type = DeviceType::Cpu;  ///< "name": "cpu", "cuda" (= cuda:0) or "cuda:N"
    int index = 0;
    /// "intra_op_threads": 0 = one per physical core (LibTorch's own default here is 1).
    int intraOpThreads = 0;
    /// "inter_op_threads": 0 = LibTorch's default.
    int interOpThreads = 0;
    /// "cudnn": let LSTMs on a CUDA device use cuDNN's fused kernels. Off measures the
    /// unfused GPU LSTM against the fused one. No effect on the CPU.
    bool cudnn = true;
    /// "flush_denormals": "auto", "on" or "off"; applied to the training thread and its
    /// intra-op threads when the run starts (CPU arithmetic only).
    FlushDenormals flushDenormals = FlushDenormals::Auto;
    /// "allocator": "auto", "system", "glibc-tuned", "jemalloc" or "tcmalloc"; set when the run
    /// starts and undone when it ends (glibc-tuned excepted: see docs/config.md#allocator).
    HostAllocator allocator = HostAllocator::Auto;

    std::string name() const;  ///< "cpu" or "cuda:N"
    bool operator==(const DeviceConfig&) const;
};

/// The device a "name" means ("cpu", "cuda" = "cuda:0", "cuda:N"), with default threads;
/// nullopt for anything else. For the config parser and command-line flags alike.
std::optional<DeviceConfig> deviceFromName(std::string_view name);

/// A callback entry. Parsed and validated against the parameters its type accepts, with
/// defaults filled in; run by the callbacks issue.
struct CallbackConfig {
    /// "model_checkpoint", "backup_and_restore", "early_stopping",
    /// "reduce_lr_on_plateau", "csv_logger", "terminate_on_nan"
    std::string type;
    nlohmann::json params = nlohmann::json::object();  ///< every parameter, defaults filled in

    bool operator==(const CallbackConfig&) const;
};

/// "backend": how the LSTM layers run (docs/config.md#backend). The resolved choice and its
/// reason are recorded in the run (model/backendchoice.h).
enum class Backend {
    Auto,      ///< "auto": onednn on the CPU when this build has it, else libtorch
    LibTorch,  ///< "libtorch": LibTorch's own LSTM (unfused on the CPU, cuDNN on CUDA)
    OneDnn,    ///< "onednn": oneDNN's fused CPU LSTM primitives (CPU devices only)
};

/// How the run is measured (docs/config.md#profiling).
struct ProfilingConfig {
    /// "sample_interval_ms": how often the system sampler reads CPU, memory and GPU state.
    int sampleIntervalMs = 100;
    /// "precise_gpu_timing": on CUDA devices, synchronise at the end of each phase so that
    /// its time is exact, at the cost of the overlap the GPU would otherwise have. Labelled as
    /// such in the run. Without it, GPU phases are timed with CUDA events and not synchronised.
    bool preciseGpuTiming = false;

    bool operator==(const ProfilingConfig&) const;
};

/// "backend" of the `distributed` section: the c10d process group the ranks talk over.
enum class DistributedBackend {
    Auto,  ///< "auto": nccl when the run's device is CUDA, gloo otherwise
    Gloo,  ///< "gloo": CPU tensors over TCP (LibTorch's own)
    Nccl,  ///< "nccl": CUDA tensors (a CUDA LibTorch built with NCCL)
};

/// "distributed": data-parallel training over several processes (docs/distributed.md), as
/// PyTorch's DistributedDataParallel does it. data.batch_size is per process; a step trains
/// on world_size * batch_size samples.
struct DistributedConfig {
    DistributedBackend backend = DistributedBackend::Auto;
    /// "world_size": how many processes train together, 1 to 4096; 1 is a run of one process.
    int worldSize = 1;
    /// "init": where the ranks meet, "tcp://HOST:PORT" or "file:PATH" (engine/config/
    /// rendezvous.h); empty lets the launcher say (`--nproc`, torchrun's MASTER_ADDR and
    /// MASTER_PORT, `--master`), and is refused when none does.
    std::string init;
    /// "interface": the network interface (eth0) or this machine's address that Gloo uses;
    /// empty: loopback, for ranks on one machine.
    std::string interface;
    /// "timeout_s": how long a rank waits for the others, at the rendezvous and at each
    /// collective, before the run fails naming the rank it waited for.
    int timeoutS = 300;
    /// "bucket_mb": gradients are averaged in buckets of about this many megabytes (PyTorch
    /// DDP's bucket_cap_mb, 25 by default).
    double bucketMb = 25.0;

    bool enabled() const { return worldSize > 1; }
    bool operator==(const DistributedConfig&) const;
};

struct RunConfig {
    std::string name = "untitled";
    std::string description;  ///< free text, shown by `presets` and in reports
    std::uint64_t seed = 42;
    ModelConfig model;
    DataConfig data;
    TrainingConfig training;
    DeviceConfig device;
    std::vector<CallbackConfig> callbacks;
    Backend backend = Backend::Auto;
    ProfilingConfig profiling;
    DistributedConfig distributed;

    /// Not part of the config file (neither written nor compared): this process's rank in a
    /// distributed run, 0 to distributed.world_size - 1, set by the launcher.
    int rank = 0;
    /// Not part of the config file (neither written nor compared): `train --ignore-backup`,
    /// which makes BackupAndRestore start fresh instead of resuming from its backup.
    bool ignoreBackup = false;
    /// Not part of the config file (neither written nor compared): the run's own folders and
    /// what the user allowed beyond them (`train --allow-outside-writes`, `--allow-overwrite`,
    /// the app's question). A config never widens them: it may come from someone else.
    WritePermissions writes;

    bool operator==(const RunConfig&) const;
};

// Every value of each enum, in declaration order: for parsers, pickers in forms, and tests.
inline constexpr std::array<LayerType, 6> kAllLayerTypes = {
    LayerType::Embedding,     LayerType::Lstm,    LayerType::Gru,
    LayerType::Bidirectional, LayerType::Dropout, LayerType::Dense};
/// The layers a bidirectional layer may wrap.
inline constexpr std::array<LayerType, 2> kWrappableLayerTypes = {LayerType::Lstm, LayerType::Gru};
inline constexpr std::array<Activation, 7> kAllActivations = {
    Activation::Linear,  Activation::Relu,        Activation::Sigmoid,          Activation::Tanh,
    Activation::Softmax, Activation::HardSigmoid, Activation::HardSigmoidKeras2};
/// What a recurrent layer's activation and recurrent_activation may be (softmax over a
/// gate is no Keras model's choice and no kernel's).
inline constexpr std::array<Activation, 6> kRecurrentActivations = {
    Activation::Linear, Activation::Relu,        Activation::Sigmoid,
    Activation::Tanh,   Activation::HardSigmoid, Activation::HardSigmoidKeras2};
inline constexpr std::array<Initializer, 12> kAllInitializers = {
    Initializer::GlorotUniform, Initializer::GlorotNormal, Initializer::HeUniform,
    Initializer::HeNormal,      Initializer::LecunUniform, Initializer::LecunNormal,
    Initializer::Orthogonal,    Initializer::Zeros,        Initializer::Ones,
    Initializer::RandomUniform, Initializer::RandomNormal, Initializer::TruncatedNormal};
inline constexpr std::array<MergeMode, 4> kAllMergeModes = {MergeMode::Concat, MergeMode::Sum,
                                                            MergeMode::Mul, MergeMode::Ave};
inline constexpr std::array<DataSourceType, 5> kAllDataSourceTypes = {
    DataSourceType::SyntheticRegression, DataSourceType::SyntheticTokens, DataSourceType::Npy,
    DataSourceType::Npz, DataSourceType::Csv};
inline constexpr std::array<Padding, 2> kAllPaddings = {Padding::Pre, Padding::Post};
inline constexpr std::array<CsvHeader, 3> kAllCsvHeaders = {CsvHeader::Auto, CsvHeader::Present,
                                                            CsvHeader::Absent};
inline constexpr std::array<Placement, 3> kAllPlacements = {Placement::Host, Placement::Pinned,
                                                            Placement::Device};
inline constexpr std::array<OptimizerType, 3> kAllOptimizerTypes = {
    OptimizerType::Adam, OptimizerType::Sgd, OptimizerType::RmsProp};
inline constexpr std::array<LossType, 5> kAllLossTypes = {
    LossType::Mse, LossType::Mae, LossType::BinaryCrossentropy, LossType::CategoricalCrossentropy,
    LossType::SparseCategoricalCrossentropy};
inline constexpr std::array<Metric, 2> kAllMetrics = {Metric::Mae, Metric::Accuracy};
inline constexpr std::array<Backend, 3> kAllBackends = {Backend::Auto, Backend::LibTorch,
                                                        Backend::OneDnn};
inline constexpr std::array<FlushDenormals, 3> kAllFlushDenormals = {
    FlushDenormals::Auto, FlushDenormals::On, FlushDenormals::Off};
inline constexpr std::array<HostAllocator, 5> kAllHostAllocators = {
    HostAllocator::Auto, HostAllocator::System, HostAllocator::GlibcTuned, HostAllocator::Jemalloc,
    HostAllocator::Tcmalloc};

inline constexpr std::array<DistributedBackend, 3> kAllDistributedBackends = {
    DistributedBackend::Auto, DistributedBackend::Gloo, DistributedBackend::Nccl};

/// Whether the loss compares a softmax over several classes with class targets.
bool isCategoricalLoss(LossType loss);

/// The number of classes a synthetic source's targets are ids of: 0 for real-valued targets
/// (synthetic_regression without "classes"), 2 for synthetic_tokens without it.
std::int64_t targetClasses(const DataSourceConfig& source);

/// synthetic_tokens' words that say which class a review is: a band of this many ids per
/// class after the padding id 0: 1% of the vocabulary, less when the classes' bands would
/// leave no neutral word, at least one. The ids after the last band are neutral, so the
/// vocabulary needs classes + 2 ids.
std::int64_t syntheticWordBand(std::int64_t vocabSize, std::int64_t classes);

/// How many samples train and how many validate.
struct SampleSplit {
    std::int64_t training = 0;
    std::int64_t validation = 0;
};

/// Keras' split: the first floor(samples * (1 - validation_split)) samples train, the rest
/// (taken from the end, before any shuffling) validate.
SampleSplit splitSamples(std::int64_t samples, double validationSplit);
/// The split of a synthetic source's samples.
SampleSplit splitSamples(const DataConfig& data);

/// Parses and validates a config document; throws ConfigError listing every issue with its
/// JSON path. Unknown keys are errors. Cross-checks model against data (feature count,
/// vocabulary, target width, layer order).
RunConfig parseRunConfig(const nlohmann::json& document);

/// As parseRunConfig, from JSON text; syntax errors name the byte offset (`<config>@byte 17`)
/// and duplicate keys their JSON path. `origin` (a file name, "<preset quick-demo>")
/// prefixes the messages' paths for syntax errors.
RunConfig parseRunConfigText(std::string_view text, std::string_view origin = "<config>");

/// Reads and parses a file; an unreadable file is a ConfigError naming the file. Relative data
/// file paths in it are resolved against the file's directory, so a config and its data can
/// move together.
RunConfig loadRunConfigFile(const std::string& path);

/// Makes the data source's relative file paths relative to `directory` instead of the current
/// directory (an empty `directory` changes nothing).
void resolveDataPaths(DataSourceConfig& source, const std::string& directory);

/// Every field, defaults included; parseRunConfig(toJson(c)) == c.
nlohmann::json toJson(const RunConfig& config);

std::string_view layerTypeKey(LayerType type);
std::string_view activationKey(Activation activation);
std::string_view initializerKey(Initializer initializer);
std::string_view mergeModeKey(MergeMode mode);
std::string_view lossKey(LossType loss);
std::string_view metricKey(Metric metric);
std::string_view optimizerKey(OptimizerType type);
std::string_view dataSourceKey(DataSourceType type);
std::string_view placementKey(Placement placement);
std::string_view paddingKey(Padding padding);
std::string_view csvHeaderKey(CsvHeader header);
std::string_view backendKey(Backend backend);
std::string_view flushDenormalsKey(FlushDenormals mode);
std::string_view allocatorKey(HostAllocator allocator);
std::string_view distributedBackendKey(DistributedBackend backend);

}  // namespace es
