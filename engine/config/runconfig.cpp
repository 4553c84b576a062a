#include "engine/config/runconfig.h"

#include <algorithm>

#include <charconv>
#include <cmath>
#include <filesystem>
#include <map>
#include <system_error>

namespace es {

namespace {

/// The options lstm and gru share, compared for either (and for the layer a bidirectional
/// layer wraps).
bool sameRecurrentOptions(const LayerConfig& a, const LayerConfig& b)
{
    return a.units == b.units && a.returnSequences == b.returnSequences && a.dropout == b.dropout &&
           a.kernelL2 == b.kernelL2 && a.recurrentL2 == b.recurrentL2 &&
           a.cellActivation == b.cellActivation && a.recurrentActivation == b.recurrentActivation &&
           a.useBias == b.useBias && a.recurrentDropout == b.recurrentDropout &&
           a.goBackwards == b.goBackwards && a.unroll == b.unroll &&
           a.kernelInitializer == b.kernelInitializer &&
           a.recurrentInitializer == b.recurrentInitializer &&
           a.biasInitializer == b.biasInitializer &&
           (recurrentCell(a) == LayerType::Lstm ? a.unitForgetBias == b.unitForgetBias
                                                : a.resetAfter == b.resetAfter);
}

}  // namespace

bool LayerConfig::operator==(const LayerConfig& other) const
{
    if (type != other.type)
        return false;
    switch (type) {
        case LayerType::Embedding:
            return inputDim == other.inputDim && outputDim == other.outputDim &&
                   maskZero == other.maskZero &&
                   embeddingsInitializer == other.embeddingsInitializer;
        case LayerType::Lstm:
        case LayerType::Gru: return sameRecurrentOptions(*this, other);
        case LayerType::Bidirectional:
            return wrapped == other.wrapped && mergeMode == other.mergeMode &&
                   sameRecurrentOptions(*this, other);
        case LayerType::Dropout: return rate == other.rate;
        case LayerType::Dense:
            return units == other.units && activation == other.activation &&
                   useBias == other.useBias && kernelInitializer == other.kernelInitializer &&
                   biasInitializer == other.biasInitializer;
    }
    return false;
}

bool isRecurrent(const LayerConfig& layer)
{
    return layer.type == LayerType::Lstm || layer.type == LayerType::Gru ||
           layer.type == LayerType::Bidirectional;
}

LayerType recurrentCell(const LayerConfig& layer)
{
    return layer.type == LayerType::Bidirectional ? layer.wrapped : layer.type;
}

std::int64_t recurrentOutputWidth(const LayerConfig& layer)
{
    const bool concatenated =
        layer.type == LayerType::Bidirectional && layer.mergeMode == MergeMode::Concat;
    return concatenated ? 2 * layer.units : layer.units;
}

std::vector<std::string> layerNames(const ModelConfig& model)
{
    std::map<LayerType, int> seen;
    std::vector<std::string> names;
    names.reserve(model.layers.size());
    for (const LayerConfig& layer : model.layers)
        names.push_back(std::string(layerTypeKey(layer.type)) + "_" +
                        std::to_string(++seen[layer.type]));
    return names;
}

bool ModelConfig::operator==(const ModelConfig& other) const
{
    return layers == other.layers && inputShape == other.inputShape;
}

bool DataSourceConfig::fromFiles() const
{
    return type == DataSourceType::Npy || type == DataSourceType::Npz ||
           type == DataSourceType::Csv || fromText();
}

bool DataSourceConfig::fromText() const
{
    return type == DataSourceType::TextCsv || type == DataSourceType::TextFolder;
}

bool DataSourceConfig::operator==(const DataSourceConfig& other) const
{
    if (type != other.type)
        return false;
    const bool sameArrays =
        x == other.x && y == other.y && xVal == other.xVal && yVal == other.yVal;
    switch (type) {
        case DataSourceType::SyntheticRegression:
            return samples == other.samples && timesteps == other.timesteps &&
                   features == other.features && noise == other.noise &&
                   targetClasses(*this) == targetClasses(other);
        case DataSourceType::SyntheticTokens:
            return samples == other.samples && timesteps == other.timesteps &&
                   vocabSize == other.vocabSize && targetClasses(*this) == targetClasses(other) &&
                   padding == other.padding;
        case DataSourceType::Npy: return sameArrays;
        case DataSourceType::Npz: return path == other.path && sameArrays;
        case DataSourceType::Csv:
            return path == other.path && delimiter == other.delimiter && header == other.header &&
                   columns == other.columns && target == other.target && window == other.window &&
                   horizon == other.horizon && stride == other.stride;
        case DataSourceType::TextCsv:
            return path == other.path && delimiter == other.delimiter && header == other.header &&
                   textColumn == other.textColumn && labelColumn == other.labelColumn &&
                   validationPath == other.validationPath;
        case DataSourceType::TextFolder:
            return path == other.path && ignore == other.ignore &&
                   validationPath == other.validationPath;
    }
    return false;
}

bool DataConfig::operator==(const DataConfig& other) const
{
    return source == other.source && (!source.fromText() || text == other.text) &&
           validationSplit == other.validationSplit && shuffle == other.shuffle &&
           batchSize == other.batchSize && dropLast == other.dropLast &&
           placement == other.placement && prefetch == other.prefetch && batching == other.batching;
}

bool OptimizerConfig::operator==(const OptimizerConfig& other) const
{
    if (type != other.type || learningRate != other.learningRate)
        return false;
    switch (type) {
        case OptimizerType::Adam:
            return beta1 == other.beta1 && beta2 == other.beta2 && epsilon == other.epsilon;
        case OptimizerType::Sgd: return momentum == other.momentum && nesterov == other.nesterov;
        case OptimizerType::RmsProp:
            return rho == other.rho && momentum == other.momentum && epsilon == other.epsilon;
    }
    return false;
}

bool TrainingConfig::operator==(const TrainingConfig& other) const
{
    return epochs == other.epochs && stepsPerEpoch == other.stepsPerEpoch &&
           warmupSteps == other.warmupSteps && optimizer == other.optimizer && loss == other.loss &&
           metrics == other.metrics;
}

std::string DeviceConfig::name() const
{
    switch (type) {
        case DeviceType::Cpu: return "cpu";
        case DeviceType::Cuda: return "cuda:" + std::to_string(index);
    }
    return "cpu";
}

std::optional<DeviceConfig> deviceFromName(std::string_view name)
{
    // LibTorch keeps device indices in an 8-bit c10::DeviceIndex.
    constexpr int kMaxCudaIndex = 127;
    constexpr std::string_view kCudaPrefix = "cuda:";
    DeviceConfig device;
    if (name == "cpu")
        return device;
    device.type = DeviceType::Cuda;
    if (name == "cuda")
        return device;
    if (name.substr(0, kCudaPrefix.size()) != kCudaPrefix)
        return std::nullopt;
    const std::string_view digits = name.substr(kCudaPrefix.size());
    int index = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (digits.empty() || digits.front() == '-' || error != std::errc() ||
        end != digits.data() + digits.size() || index > kMaxCudaIndex)
        return std::nullopt;
    device.index = index;
    return device;
}

bool DeviceConfig::operator==(const DeviceConfig& other) const
{
    // The index means nothing on the CPU; name() ignores it there too.
    const bool sameDevice = type == other.type && (type == DeviceType::Cpu || index == other.index);
    return sameDevice && intraOpThreads == other.intraOpThreads &&
           interOpThreads == other.interOpThreads && cudnn == other.cudnn &&
           flushDenormals == other.flushDenormals && allocator == other.allocator;
}

bool CallbackConfig::operator==(const CallbackConfig& other) const
{
    return type == other.type && params == other.params;
}

bool RunConfig::operator==(const RunConfig& other) const
{
    return name == other.name && description == other.description && seed == other.seed &&
           model == other.model && data == other.data && training == other.training &&
           device == other.device && callbacks == other.callbacks && backend == other.backend &&
           profiling == other.profiling && distributed == other.distributed;
}

bool DistributedConfig::operator==(const DistributedConfig& other) const
{
    return backend == other.backend && worldSize == other.worldSize && init == other.init &&
           interface == other.interface && timeoutS == other.timeoutS && bucketMb == other.bucketMb;
}

bool ProfilingConfig::operator==(const ProfilingConfig& other) const
{
    return sampleIntervalMs == other.sampleIntervalMs && preciseGpuTiming == other.preciseGpuTiming;
}

SampleSplit splitSamples(std::int64_t samples, double validationSplit)
{
    const double kept = std::floor(static_cast<double>(samples) * (1.0 - validationSplit));
    SampleSplit split;
    split.training = static_cast<std::int64_t>(kept);
    split.validation = samples - split.training;
    return split;
}

SampleSplit splitSamples(const DataConfig& data)
{
    return splitSamples(data.source.samples, data.validationSplit);
}

void resolveDataPaths(DataSourceConfig& source, const std::string& directory)
{
    if (directory.empty())
        return;
    const auto resolve = [&directory](std::string& path) {
        if (!path.empty() && std::filesystem::path(path).is_relative())
            path = (std::filesystem::path(directory) / path).lexically_normal().string();
    };
    switch (source.type) {
        case DataSourceType::SyntheticRegression:
        case DataSourceType::SyntheticTokens: return;
        case DataSourceType::Npy:
            for (std::string* path : {&source.x, &source.y, &source.xVal, &source.yVal})
                resolve(*path);
            return;
        case DataSourceType::Npz:  // x, y, ... name arrays inside the archive
        case DataSourceType::Csv: resolve(source.path); return;
        case DataSourceType::TextCsv:
        case DataSourceType::TextFolder:
            resolve(source.path);
            resolve(source.validationPath);
            return;
    }
}

void resolveDataPaths(DataConfig& data, const std::string& directory)
{
    resolveDataPaths(data.source, directory);
    std::string& vocabulary = data.text.vocabulary;
    if (!directory.empty() && !vocabulary.empty() &&
        std::filesystem::path(vocabulary).is_relative())
        vocabulary = (std::filesystem::path(directory) / vocabulary).lexically_normal().string();
}

std::string_view textStandardizeKey(TextStandardize standardize)
{
    switch (standardize) {
        case TextStandardize::LowerAndStripPunctuation: return "lower_and_strip_punctuation";
        case TextStandardize::Lower: return "lower";
        case TextStandardize::StripPunctuation: return "strip_punctuation";
        case TextStandardize::None: return "none";
    }
    return "lower_and_strip_punctuation";
}

std::string_view batchingKey(Batching batching)
{
    return batching == Batching::ByLength ? "by_length" : "fixed";
}

std::string_view textSplitKey(TextSplit split)
{
    return split == TextSplit::Character ? "character" : "whitespace";
}

std::string_view sequenceEndKey(SequenceEnd end)
{
    return end == SequenceEnd::Pre ? "pre" : "post";
}

std::string_view emptyTextsKey(EmptyTexts emptyTexts)
{
    return emptyTexts == EmptyTexts::Refuse ? "refuse" : "skip";
}

std::string_view layerTypeKey(LayerType type)
{
    switch (type) {
        case LayerType::Embedding: return "embedding";
        case LayerType::Lstm: return "lstm";
        case LayerType::Gru: return "gru";
        case LayerType::Bidirectional: return "bidirectional";
        case LayerType::Dropout: return "dropout";
        case LayerType::Dense: return "dense";
    }
    return "dense";
}

std::string_view activationKey(Activation activation)
{
    switch (activation) {
        case Activation::Linear: return "linear";
        case Activation::Relu: return "relu";
        case Activation::Sigmoid: return "sigmoid";
        case Activation::Tanh: return "tanh";
        case Activation::Softmax: return "softmax";
        case Activation::HardSigmoid: return "hard_sigmoid";
        case Activation::HardSigmoidKeras2: return "hard_sigmoid_keras2";
    }
    return "linear";
}

std::string_view initializerKey(Initializer initializer)
{
    switch (initializer) {
        case Initializer::GlorotUniform: return "glorot_uniform";
        case Initializer::GlorotNormal: return "glorot_normal";
        case Initializer::HeUniform: return "he_uniform";
        case Initializer::HeNormal: return "he_normal";
        case Initializer::LecunUniform: return "lecun_uniform";
        case Initializer::LecunNormal: return "lecun_normal";
        case Initializer::Orthogonal: return "orthogonal";
        case Initializer::Zeros: return "zeros";
        case Initializer::Ones: return "ones";
        case Initializer::RandomUniform: return "random_uniform";
        case Initializer::RandomNormal: return "random_normal";
        case Initializer::TruncatedNormal: return "truncated_normal";
    }
    return "glorot_uniform";
}

std::string_view mergeModeKey(MergeMode mode)
{
    switch (mode) {
        case MergeMode::Concat: return "concat";
        case MergeMode::Sum: return "sum";
        case MergeMode::Mul: return "mul";
        case MergeMode::Ave: return "ave";
    }
    return "concat";
}

std::string_view lossKey(LossType loss)
{
    switch (loss) {
        case LossType::Mse: return "mse";
        case LossType::Mae: return "mae";
        case LossType::BinaryCrossentropy: return "binary_crossentropy";
        case LossType::CategoricalCrossentropy: return "categorical_crossentropy";
        case LossType::SparseCategoricalCrossentropy: return "sparse_categorical_crossentropy";
    }
    return "mse";
}

bool isCategoricalLoss(LossType loss)
{
    return loss == LossType::CategoricalCrossentropy ||
           loss == LossType::SparseCategoricalCrossentropy;
}

std::int64_t targetClasses(const DataSourceConfig& source)
{
    switch (source.type) {
        case DataSourceType::SyntheticRegression: return source.classes;
        case DataSourceType::SyntheticTokens: return source.classes > 0 ? source.classes : 2;
        case DataSourceType::Npy:
        case DataSourceType::Npz:
        case DataSourceType::Csv:
        case DataSourceType::TextCsv:
        case DataSourceType::TextFolder: break;
    }
    return 0;
}

std::int64_t syntheticWordBand(std::int64_t vocabSize, std::int64_t classes)
{
    const std::int64_t roomPerClass = (vocabSize - 2) / std::max<std::int64_t>(classes, 1);
    return std::max<std::int64_t>(1, std::min(vocabSize / 100, roomPerClass));
}

std::string_view metricKey(Metric metric)
{
    switch (metric) {
        case Metric::Mae: return "mae";
        case Metric::Accuracy: return "accuracy";
    }
    return "mae";
}

std::string_view optimizerKey(OptimizerType type)
{
    switch (type) {
        case OptimizerType::Adam: return "adam";
        case OptimizerType::Sgd: return "sgd";
        case OptimizerType::RmsProp: return "rmsprop";
    }
    return "adam";
}

std::string_view dataSourceKey(DataSourceType type)
{
    switch (type) {
        case DataSourceType::SyntheticRegression: return "synthetic_regression";
        case DataSourceType::SyntheticTokens: return "synthetic_tokens";
        case DataSourceType::Npy: return "npy";
        case DataSourceType::Npz: return "npz";
        case DataSourceType::Csv: return "csv";
        case DataSourceType::TextCsv: return "text_csv";
        case DataSourceType::TextFolder: return "text_folder";
    }
    return "synthetic_regression";
}

std::string_view csvHeaderKey(CsvHeader header)
{
    switch (header) {
        case CsvHeader::Auto: return "auto";
        case CsvHeader::Present: return "present";
        case CsvHeader::Absent: return "absent";
    }
    return "auto";
}

std::string_view placementKey(Placement placement)
{
    switch (placement) {
        case Placement::Host: return "host";
        case Placement::Pinned: return "pinned";
        case Placement::Device: return "device";
    }
    return "host";
}

std::string_view paddingKey(Padding padding)
{
    return padding == Padding::Post ? "post" : "pre";
}

std::string_view backendKey(Backend backend)
{
    switch (backend) {
        case Backend::Auto: return "auto";
        case Backend::LibTorch: return "libtorch";
        case Backend::OneDnn: return "onednn";
    }
    return "auto";
}

std::string_view flushDenormalsKey(FlushDenormals mode)
{
    switch (mode) {
        case FlushDenormals::Auto: return "auto";
        case FlushDenormals::On: return "on";
        case FlushDenormals::Off: return "off";
    }
    return "auto";
}

std::string_view allocatorKey(HostAllocator allocator)
{
    switch (allocator) {
        case HostAllocator::Auto: return "auto";
        case HostAllocator::System: return "system";
        case HostAllocator::GlibcTuned: return "glibc-tuned";
        case HostAllocator::Jemalloc: return "jemalloc";
        case HostAllocator::Tcmalloc: return "tcmalloc";
    }
    return "auto";
}

std::string_view distributedBackendKey(DistributedBackend backend)
{
    switch (backend) {
        case DistributedBackend::Auto: return "auto";
        case DistributedBackend::Gloo: return "gloo";
        case DistributedBackend::Nccl: return "nccl";
    }
    return "auto";
}

}  // namespace es
