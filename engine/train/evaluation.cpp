#include "engine/train/evaluation.h"

#include "engine/config/configerror.h"
#include "engine/data/dataset_torch.h"
#include "engine/model/backendchoice.h"
#include "engine/train/evaluation_torch.h"
#include "engine/train/losses_torch.h"
#include "engine/train/modelweights_torch.h"

#include <filesystem>

namespace es {

DataConfig validationDataConfig(const DataConfig& training)
{
    DataConfig validation = training;
    validation.shuffle = false;
    validation.dropLast = false;
    validation.prefetch = 0;
    return validation;
}

EpochAccumulator evaluateModel(SequentialModel& model, BatchSource& source,
                               const TrainingConfig& training)
{
    EpochAccumulator sums;
    if (source.samples() == 0)
        return sums;
    torch::NoGradGuard noGrad;
    model->eval();
    const double regularization = model->regularizationLoss().item<double>();
    source.startEpoch(source.batchCount());
    for (std::int64_t index = 0; index < source.batchCount(); ++index) {
        const Dataset batch = source.toDevice(source.next()).batch;
        if (batch.size() == 0)
            continue;  // a rank's empty slice of the last batch (distributed runs)
        const auto prediction = model->forward(batch.x);
        const double loss =
            computeLoss(training.loss, prediction, batch.y).item<double>() + regularization;
        sums.add(loss, batch.size(), training.metrics, prediction, batch.y);
    }
    model->train();
    return sums;
}

namespace {

constexpr const char* kCheckpointField = "--checkpoint";

std::string checkpointKind(torch::serialize::InputArchive& archive)
{
    c10::IValue meta;
    if (archive.try_read("epochscope_backup", meta))
        return "BackupAndRestore backup";
    torch::serialize::InputArchive optimizer;
    if (archive.try_read("optimizer", optimizer))
        return "weights and optimizer state";
    return "weights only";
}

}  // namespace

Evaluation evaluateCheckpoint(const RunConfig& config, const std::string& checkpointPath)
{
    std::error_code missing;
    if (!std::filesystem::is_regular_file(checkpointPath, missing))
        throw ConfigError(kCheckpointField, checkpointPath + ": no such file");
    torch::manual_seed(config.seed);
    RunData data = loadRunData(config);
    const Dataset& validation = data.split.validation;
    if (validation.size() == 0)
        throw ConfigError("data.validation_split",
                          "the config has no validation data: evaluate uses the configured "
                          "validation data, so set data.validation_split or give "
                          "data.source.x_val/y_val");
    const torch::Device device(config.device.name());
    const Dataset& train = data.split.train;
    const std::int64_t inputFeatures = train.x.dim() == 3 ? train.x.size(2) : 1;
    // The backend the config's training runs use: the weights are the same either way.
    const Backend backend = resolveBackend(config, config.device.type, oneDnnBuilt()).backend;
    SequentialModel model(config.model, inputFeatures, backend, config.device.type);
    torch::serialize::InputArchive archive;
    try {
        // A backup holds the shuffle order besides: one int64 per training sample.
        loadArchiveChecked(archive, checkpointPath,
                           archiveByteBudget(*model, 8 * static_cast<std::uint64_t>(train.size())));
    } catch (const std::exception& error) {
        throw ConfigError(kCheckpointField,
                          checkpointPath +
                              ": not a LibTorch archive EpochScope can read (corrupt, truncated, "
                              "or not written by EpochScope's model_checkpoint or "
                              "backup_and_restore): " +
                              errorText(error));
    }
    try {
        loadWeightsChecked(*model, archive);
    } catch (const std::exception& error) {
        throw ConfigError(kCheckpointField,
                          checkpointPath + " does not fit the config's model: " + errorText(error));
    }
    model->to(device);

    BatchSource source(validation, validationDataConfig(config.data), device, 0);
    const EpochAccumulator sums = evaluateModel(model, source, config.training);
    Evaluation result;
    result.checkpointKind = checkpointKind(archive);
    result.dataSource = data.description;
    result.samples = sums.samples;
    result.loss = sums.meanLoss();
    sums.writeMetrics(result.metrics, "");
    return result;
}

}  // namespace es
