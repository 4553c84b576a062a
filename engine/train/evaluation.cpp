#include "engine/train/evaluation.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/data/dataset_torch.h"
#include "engine/model/backendchoice.h"
#include "engine/model/globalgenerator.h"
#include "engine/train/checkpointweights_torch.h"
#include "engine/train/evaluation_torch.h"
#include "engine/train/losses_torch.h"

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

Evaluation evaluateCheckpoint(const RunConfig& config, const std::string& checkpointPath,
                              const TextTokenizer* tokenizer)
{
    requireCheckpointFile(checkpointPath);  // before the data, which may take long to load
    torch::manual_seed(config.seed);
    RunData data = loadRunData(config, tokenizer);
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
    SequentialModel model = [&] {
        const std::lock_guard<std::mutex> turn(globalGeneratorLock());
        return SequentialModel(config.model, inputFeatures, backend, config.device.type);
    }();
    const std::string kind = loadCheckpointWeights(*model, checkpointPath, train.size());
    model->to(device);

    BatchSource source(validation, validationDataConfig(config.data), device, 0);
    const EpochAccumulator sums = evaluateModel(model, source, config.training);
    Evaluation result;
    result.checkpointKind = kind;
    result.dataSource = data.description;
    result.samples = sums.samples;
    result.loss = sums.meanLoss();
    sums.writeMetrics(result.metrics, "");
    return result;
}

}  // namespace es
