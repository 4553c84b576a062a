#include "engine/predict/prediction.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/data/dataset_torch.h"
#include "engine/data/npyheader.h"
#include "engine/data/sourcearrays.h"
#include "engine/data/textsource.h"
#include "engine/env/cpuinfo.h"
#include "engine/model/backendchoice.h"
#include "engine/model/globalgenerator.h"
#include "engine/model/sequentialmodel_torch.h"
#include "engine/predict/predictionmessages.h"
#include "engine/predict/predictiontexts.h"
#include "engine/predict/trainedinput.h"
#include "engine/text/texttokenizer.h"
#include "engine/train/allocator.h"
#include "engine/train/checkpointweights_torch.h"
#include "engine/train/denormals.h"
#include "engine/train/epochaccumulator_torch.h"
#include "engine/train/losses_torch.h"
#include "engine/train/preflight.h"
#include "engine/train/threading.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <map>

namespace es {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

/// A tensor over a loaded array's buffer, not a copy of it: the array outlives the tensor.
torch::Tensor viewOf(HostArray& array)
{
    if (array.kind == ElementKind::Int64)
        return torch::from_blob(array.ints.data(), array.shape, torch::kInt64);
    return torch::from_blob(array.floats.data(), array.shape, torch::kFloat32);
}

/// Targets as the loss reads them, as training lays them out (dataset.cpp): one-hot rows for
/// categorical_crossentropy, else one column.
torch::Tensor targetsOf(HostArray& array, LossType loss)
{
    const std::int64_t samples = array.shape.front();
    return viewOf(array).reshape({samples, loss == LossType::CategoricalCrossentropy ? -1 : 1});
}

std::int64_t featuresOf(const SourceArray& x, bool tokens)
{
    return tokens ? 1 : x.array.shape.back();
}

/// A model's weights fit the feature count it was trained on; said in the data's words here,
/// rather than as the first layer's weights that do not fit.
void checkTrainedFeatures(const SourceArray& x, const TrainedInput& trained, bool tokens)
{
    if (tokens || !trained.sampleShape || trained.sampleShape->size() != 2)
        return;
    const std::int64_t expected = trained.sampleShape->back();
    const std::int64_t actual = x.array.shape.back();
    if (actual == expected)
        return;
    throw ConfigError(x.field,
                      trainedFeaturesMismatchText(x.origin, actual, expected, trained.origin,
                                                  npyShapeText(*trained.sampleShape)));
}

/// What a prediction runs on: tensors over host memory that the struct owns (the loaded files'
/// arrays, or the config's own validation samples).
struct PredictionInputs {
    SourceArrays files;
    Dataset own;
    torch::Tensor x;
    torch::Tensor y;  ///< undefined without targets
    std::int64_t features = 0;
    std::string description;
    std::vector<std::string> notes;
    std::vector<PredictedText> texts;  ///< raw texts, as the model saw them
};

/// The files a request names, read and checked as training reads them.
void loadFiles(const RunConfig& config, const PredictRequest& request, const TrainedInput& trained,
               PredictionInputs& inputs)
{
    const bool tokens = modelReadsTokens(config.model);
    inputs.files = loadPredictionArrays(config, request.x, request.y);
    checkTrainedFeatures(inputs.files.x, trained, tokens);
    inputs.features = featuresOf(inputs.files.x, tokens);
    inputs.description = inputs.files.description;
    inputs.notes = inputs.files.notes;
    inputs.x = viewOf(inputs.files.x.array);
    if (inputs.files.y.present())
        inputs.y = targetsOf(inputs.files.y.array, config.training.loss);
}

/// Whether a request for a model trained on text gives raw texts: --text, a folder, or a
/// delimited text file (a .npy or .npz of token ids is read as any model's inputs).
bool givesRawTexts(const RunConfig& config, const PredictRequest& request)
{
    if (!config.data.source.fromText())
        return false;
    if (!request.texts.empty())
        return true;
    if (request.x.empty())
        return false;
    std::error_code error;
    if (std::filesystem::is_directory(request.x, error))
        return true;
    const std::string extension = std::filesystem::path(request.x).extension().string();
    return extension != ".npy" && extension != ".npz" &&
           request.x.find(".npz:") == std::string::npos;
}

/// The tokenizer the model was trained with: the request's, or else learned again from the
/// config's data exactly as training learned it (the same texts give the same ids), which the
/// notes say.
std::shared_ptr<const TextTokenizer> tokenizerFor(const RunConfig& config,
                                                  const PredictRequest& request,
                                                  std::vector<std::string>& notes)
{
    if (request.tokenizer)
        return request.tokenizer;
    notes.push_back(tokenizerLearnedAgainText(request.checkpoint, config.data.source.path));
    return loadSourceArrays(config).tokenizer;
}

/// Raw texts tokenized as the model was trained, with their labels as targets when they have
/// them.
void loadTexts(const RunConfig& config, const PredictRequest& request, PredictionInputs& inputs)
{
    if (!request.y.empty())
        throw ConfigError("--y", textTargetsComeFromLabelsText());
    const std::shared_ptr<const TextTokenizer> tokenizer =
        tokenizerFor(config, request, inputs.notes);
    PredictionTexts texts = readPredictionTexts(config, request);
    inputs.files = tokenizedCorpus(texts.corpus, *tokenizer, config, texts.field, texts.origin);
    checkPredictionArrays(inputs.files, config);
    inputs.features = 1;
    inputs.description = std::move(texts.description);
    if (texts.corpus.emptyTexts > 0)
        inputs.notes.push_back(emptyTextsSkippedText(texts.corpus.emptyTexts));
    inputs.x = viewOf(inputs.files.x.array);
    if (inputs.files.y.present())
        inputs.y = targetsOf(inputs.files.y.array, config.training.loss);
    for (std::size_t i = 0; i < texts.corpus.texts.size(); ++i) {
        const TokenizedText tokenized = tokenizeText(*tokenizer, texts.corpus.texts[i]);
        inputs.texts.push_back({texts.corpus.origins[i],
                                static_cast<std::int64_t>(tokenized.tokens.size()),
                                tokenized.unknown, tokenized.cut});
    }
}

/// The validation samples of the config's own data, with their targets: what the run was
/// judged on while it trained (a synthetic source is generated again from its seed).
void loadOwnValidation(const RunConfig& config, const PredictRequest& request,
                       PredictionInputs& inputs)
{
    if (!request.y.empty())
        throw ConfigError("--y", targetsWithoutInputsText());
    RunData data = loadRunData(config, request.tokenizer.get());
    if (data.split.validation.size() == 0)
        throw ConfigError("--x", noValidationSamplesText(data.description));
    inputs.own = std::move(data.split.validation);
    inputs.x = inputs.own.x;
    inputs.y = inputs.own.y;
    inputs.features = inputs.x.dim() == 3 ? inputs.x.size(2) : 1;
    inputs.description = validationSamplesOfText(inputs.own.size(), data.description);
    inputs.notes = std::move(data.notes);
}

/// The targets as the loss read them, for the caller's charts.
void keepTargets(const torch::Tensor& y, PredictionResult& result)
{
    const torch::Tensor flat = y.to(torch::kFloat32).contiguous();
    const float* first = flat.data_ptr<float>();
    result.targets.assign(first, first + flat.numel());
    result.targetWidth = y.size(1);
}

/// Every sample through the model in order, `result.batchSize` at a time; the outputs are
/// copied into `result.values` and, when `y` is defined, the loss and the config's metrics are
/// summed as `evaluate` sums them (engine/train/evaluation.cpp).
EpochAccumulator runBatches(SequentialModel& model, const torch::Tensor& x, const torch::Tensor& y,
                            const RunConfig& config, const PredictProgressCallback& progress,
                            PredictionResult& result)
{
    const torch::InferenceMode inference;
    model->eval();
    const torch::Device device(config.device.name());
    const std::int64_t samples = x.size(0);
    const std::int64_t batchSize = result.batchSize;
    const std::int64_t batches = (samples + batchSize - 1) / batchSize;
    const bool scored = y.defined();
    const double regularization = scored ? model->regularizationLoss().item<double>() : 0.0;
    EpochAccumulator sums;

    const auto start = Clock::now();
    PredictProgress state{0, batches, 0.0};
    if (progress && !progress(state)) {
        result.stopped = true;
        return sums;
    }
    std::int64_t perSample = 0;
    for (std::int64_t index = 0; index < batches; ++index) {
        const std::int64_t first = index * batchSize;
        const std::int64_t count = std::min(batchSize, samples - first);
        const torch::Tensor output = model->forward(x.narrow(0, first, count).to(device));
        if (scored) {
            const torch::Tensor target = y.narrow(0, first, count).to(device);
            const double loss =
                computeLoss(config.training.loss, output, target).item<double>() + regularization;
            sums.add(loss, count, config.training.metrics, output, target);
        }
        const torch::Tensor host = output.to(torch::kCPU, torch::kFloat32).contiguous();
        if (index == 0) {
            result.shape = host.sizes().vec();
            result.shape.front() = samples;
            perSample = host.numel() / count;
            result.values.assign(static_cast<std::size_t>(samples * perSample), 0.0F);
        }
        std::memcpy(result.values.data() + first * perSample, host.data_ptr<float>(),
                    static_cast<std::size_t>(host.numel()) * sizeof(float));
        result.batches = index + 1;
        state.batchesDone = index + 1;
        state.elapsedS = secondsSince(start);
        if (progress && !progress(state) && index + 1 < batches) {
            result.stopped = true;
            break;
        }
    }
    result.predictSeconds = secondsSince(start);
    return sums;
}

/// The config's loss and metrics, then the task's usual ones under names not yet used.
void score(const EpochAccumulator& sums, const RunConfig& config, PredictionResult& result)
{
    result.scored = true;
    result.loss = sums.meanLoss();
    std::map<std::string, double> configured;
    sums.writeMetrics(configured, "");
    const auto named = [&result](const std::string& name) {
        return std::any_of(result.metrics.begin(), result.metrics.end(),
                           [&name](const NamedValue& value) { return value.name == name; });
    };
    for (const Metric metric : config.training.metrics) {
        const std::string name(metricKey(metric));
        if (!named(name))
            result.metrics.push_back({name, configured[name]});
    }
    // A model that outputs a sequence per sample has no per-sample row (width 0: no metrics).
    const std::int64_t outputWidth = result.shape.size() == 2 ? result.shape[1] : 0;
    TaskScore task =
        taskMetrics(result.task, result.values, outputWidth, result.targets, result.targetWidth);
    for (NamedValue& value : task.metrics)
        if (!named(value.name))
            result.metrics.push_back(std::move(value));
    result.counts = std::move(task.counts);
}

}  // namespace

PredictionResult predictCheckpoint(const RunConfig& config, const PredictRequest& request,
                                   const PredictProgressCallback& progress)
{
    const auto started = Clock::now();
    // Refused before any work: a device or an allocator this machine lacks, a backend it
    // cannot run.
    checkRunnable(config);
    const BackendChoice backend = resolveBackend(config, config.device.type, oneDnnBuilt());
    const TrainedInput trained = trainedInputOf(config);
    PredictionInputs inputs;
    if (request.x.empty() && request.texts.empty())
        loadOwnValidation(config, request, inputs);
    else if (givesRawTexts(config, request))
        loadTexts(config, request, inputs);
    else
        loadFiles(config, request, trained, inputs);

    PredictionResult result;
    result.data = inputs.description;
    result.notes = inputs.notes;
    result.texts = std::move(inputs.texts);
    result.classes = inputs.files.classes;
    result.device = config.device.name();
    result.backend = std::string(backendKey(backend.backend));
    result.backendReason = backend.reason;
    result.batchSize = request.batchSize > 0 ? request.batchSize : config.data.batchSize;
    result.task = predictionTask(config);

    // As the config's training runs go: their allocator, threads and denormal mode, so that
    // predicting is as fast as training's forward passes and computes as they do.
    const AllocatorLease lease(resolveAllocator(config.device.allocator).allocator);
    result.warnings = applyThreadSettings(config.device, readCpuTopology().physicalCores).warnings;
    applyFlushDenormals(resolveFlushDenormals(config.device, backend.backend).flush);

    // Every weight is replaced by the checkpoint's, so the model's own start does not matter;
    // but building it draws from the generator a training run in this process may be seeding.
    SequentialModel model = [&] {
        const std::lock_guard<std::mutex> turn(globalGeneratorLock());
        return SequentialModel(config.model, inputs.features, backend.backend, config.device.type);
    }();
    result.checkpointKind = loadCheckpointWeights(*model, request.checkpoint,
                                                  std::max(trained.samples, inputs.x.size(0)));
    model->to(torch::Device(config.device.name()));
    result.loadSeconds = secondsSince(started);

    const EpochAccumulator sums = runBatches(model, inputs.x, inputs.y, config, progress, result);
    if (inputs.y.defined())
        keepTargets(inputs.y, result);
    if (!result.stopped && inputs.y.defined())
        score(sums, config, result);
    return result;
}

}  // namespace es
