#include "engine/config/runconfig.h"
#include "engine/data/dataset_torch.h"

#include "engine/data/sourcearrays.h"

#include <memory>
#include <utility>

namespace es {

namespace {

/// Wraps the loaded buffer in a tensor that owns it: no copy of a possibly huge array.
template <typename Element>
torch::Tensor adoptBuffer(std::vector<Element>&& values, const std::vector<std::int64_t>& shape,
                          torch::Dtype dtype)
{
    auto owned = std::make_unique<std::vector<Element>>(std::move(values));
    Element* data = owned->data();
    torch::Tensor tensor = torch::from_blob(
        data, shape, [buffer = owned.get()](void*) { delete buffer; },
        torch::TensorOptions().dtype(dtype));
    owned.release();  // the tensor's deleter owns it now
    return tensor;
}

torch::Tensor adoptArray(HostArray&& array)
{
    if (array.kind == ElementKind::Int64)
        return adoptBuffer(std::move(array.ints), array.shape, torch::kInt64);
    return adoptBuffer(std::move(array.floats), array.shape, torch::kFloat32);
}

/// x as loaded; y as what the model's output is compared with: a row of class probabilities
/// per sample for categorical_crossentropy (its one-hot targets), else an (N, 1) column.
Dataset adoptPair(SourceArray&& x, SourceArray&& y, LossType loss)
{
    Dataset data;
    data.x = adoptArray(std::move(x.array));
    const std::int64_t samples = data.x.size(0);
    const std::int64_t perSample = loss == LossType::CategoricalCrossentropy ? -1 : 1;
    data.y = adoptArray(std::move(y.array)).reshape({samples, perSample});
    return data;
}

/// A generator's class ids as the loss reads them: one-hot rows for categorical_crossentropy.
Dataset encodeTargets(Dataset data, const RunConfig& config)
{
    if (config.training.loss != LossType::CategoricalCrossentropy)
        return data;
    const std::int64_t classes = targetClasses(config.data.source);
    data.y = torch::one_hot(data.y.squeeze(1).to(torch::kInt64), classes)
                 .to(torch::kFloat32)
                 .contiguous();
    return data;
}

}  // namespace

TrainValidationSplit splitForValidation(const Dataset& data, std::int64_t trainCount)
{
    const std::int64_t n = data.size();
    TrainValidationSplit split;
    split.train = {data.x.narrow(0, 0, trainCount), data.y.narrow(0, 0, trainCount)};
    if (trainCount < n)
        split.validation = {data.x.narrow(0, trainCount, n - trainCount),
                            data.y.narrow(0, trainCount, n - trainCount)};
    return split;
}

RunData loadRunData(const RunConfig& config, const TextTokenizer* trained)
{
    RunData data;
    if (!config.data.source.fromFiles()) {
        data.split = splitForValidation(
            encodeTargets(generateSynthetic(config.data.source, config.seed), config),
            splitSamples(config.data).training);
        data.description = syntheticSourceDescription(config.data.source);
        return data;
    }
    SourceArrays arrays = loadSourceArrays(config, trained);
    data.description = std::move(arrays.description);
    data.notes = std::move(arrays.notes);
    data.classes = std::move(arrays.classes);
    data.textLengths = arrays.textLengths;
    data.tokenizer = std::move(arrays.tokenizer);
    if (arrays.hasValidation()) {
        data.split.train =
            adoptPair(std::move(arrays.x), std::move(arrays.y), config.training.loss);
        data.split.validation =
            adoptPair(std::move(arrays.xVal), std::move(arrays.yVal), config.training.loss);
        return data;
    }
    const Dataset all = adoptPair(std::move(arrays.x), std::move(arrays.y), config.training.loss);
    data.split =
        splitForValidation(all, splitSamples(all.size(), config.data.validationSplit).training);
    return data;
}

}  // namespace es
