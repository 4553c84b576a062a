#include "engine/config/runconfig.h"
#include "engine/train/trainingstate_torch.h"

#include "engine/config/configerror.h"
#include "engine/train/backupmeta.h"
#include "engine/train/modelweights_torch.h"

#include "engine/core/text.h"

#include <ATen/Context.h>

#include <stdexcept>
#include <utility>

namespace es {

namespace {

/// The archive entry that marks a file as an EpochScope backup, holding the position, the
/// epoch's sums and the fingerprint as JSON (train/backupmeta.h reads it).
constexpr const char* kMetaKey = "epochscope_backup";

at::Generator generatorNamed(const std::string& name)
{
    return at::globalContext().defaultGenerator(torch::Device(name));
}

}  // namespace

nlohmann::json backupFingerprint(const RunConfig& config, std::int64_t trainSamples,
                                 std::int64_t batchesPerEpoch)
{
    const nlohmann::json json = toJson(config);
    return {
        {"model", json.at("model")},
        {"optimizer", json.at("training").at("optimizer")},
        {"loss", json.at("training").at("loss")},
        {"seed", json.at("seed")},
        {"batch_size", json.at("data").at("batch_size")},
        {"shuffle", json.at("data").at("shuffle")},
        {"train_samples", trainSamples},
        {"batches_per_epoch", batchesPerEpoch},
    };
}

std::vector<std::pair<std::string, torch::Tensor>> captureRngStates(const torch::Device& device)
{
    std::vector<std::pair<std::string, torch::Tensor>> states;
    states.emplace_back("cpu", generatorNamed("cpu").get_state());
    if (device.is_cuda()) {
        const std::string name = "cuda:" + std::to_string(device.has_index() ? device.index() : 0);
        states.emplace_back(name, generatorNamed(name).get_state());
    }
    return states;
}

void restoreRngStates(const std::vector<std::pair<std::string, torch::Tensor>>& states)
{
    for (const auto& [name, state] : states) {
        at::Generator generator = generatorNamed(name);
        std::lock_guard<std::mutex> lock(generator.mutex());
        generator.set_state(state);
    }
}

std::int64_t writeBackup(const std::string& path, torch::nn::Module& model,
                         torch::optim::Optimizer& optimizer, const TrainingState& state,
                         const nlohmann::json& fingerprint)
{
    torch::serialize::OutputArchive archive = modelArchive(model, &optimizer);

    nlohmann::json learningRates = nlohmann::json::array();
    for (const auto& group : optimizer.param_groups())
        learningRates.push_back(group.options().get_lr());
    nlohmann::json rngNames = nlohmann::json::array();
    for (const auto& [name, rng] : state.rngStates) {
        archive.write("rng/" + name, rng, /*is_buffer=*/true);
        rngNames.push_back(name);
    }
    archive.write("shuffle_generator", state.shuffle.generator, /*is_buffer=*/true);
    const bool haveOrder = state.shuffle.order.defined();
    if (haveOrder)
        archive.write("shuffle_order", state.shuffle.order, /*is_buffer=*/true);
    const nlohmann::json meta = {
        {"format", kBackupFormat},
        {"version", kBackupFormatVersion},
        {"epoch", state.position.epoch},
        {"batches_done", state.position.batchesDone},
        {"epoch_sums", state.epochSums.toJson()},
        {"learning_rates", learningRates},
        {"rng", rngNames},
        {"has_shuffle_order", haveOrder},
        {"fingerprint", fingerprint},
    };
    archive.write(kMetaKey, c10::IValue(meta.dump()));

    return writeArchiveAtomically(archive, path);
}

namespace {

/// The saved epoch order: every training sample once (the batcher indexes the data with it).
void checkShuffleOrder(const torch::Tensor& order, std::int64_t trainSamples)
{
    const auto sizes = order.sizes();
    if (order.scalar_type() != torch::kInt64 || order.dim() != 1 || order.size(0) != trainSamples)
        throw std::runtime_error(
            "shuffle_order: " + std::string(c10::toString(order.scalar_type())) + " " +
            bracketedList({sizes.begin(), sizes.end()}) + ", expected Long [" +
            std::to_string(trainSamples) + "]");
    if (!torch::equal(std::get<0>(order.sort()), torch::arange(trainSamples, torch::kInt64)))
        throw std::runtime_error("shuffle_order: not an order of the " +
                                 std::to_string(trainSamples) + " training samples");
}

}  // namespace

TrainingState readBackup(const std::string& path, const std::string& field,
                         torch::nn::Module& model, torch::optim::Optimizer& optimizer,
                         const nlohmann::json& fingerprint, int epochs)
{
    const std::string advice =
        "; move it away to keep it, or start fresh with --ignore-backup (it is replaced at the "
        "first save)";
    const auto trainSamples = fingerprint.at("train_samples").get<std::int64_t>();
    torch::serialize::InputArchive archive;
    try {
        // The shuffle order: one int64 per training sample.
        loadArchiveChecked(archive, path,
                           archiveByteBudget(model, 8 * static_cast<std::uint64_t>(trainSamples)));
    } catch (const std::exception& error) {
        throw ConfigError(field, path +
                                     " cannot be read as a backup (corrupt or truncated, or "
                                     "not written by EpochScope: " +
                                     errorText(error) + ")" + advice);
    }
    c10::IValue metaValue;
    if (!archive.try_read(kMetaKey, metaValue) || !metaValue.isString())
        throw ConfigError(field, path + " is a LibTorch archive but not an EpochScope backup (no " +
                                     kMetaKey + " entry)" + advice);
    const BackupMeta meta = parseBackupMeta(
        metaValue.toStringRef(),
        {path, field, advice, fingerprint, epochs, optimizer.param_groups().size()});

    TrainingState state;
    state.position.epoch = meta.epoch;
    state.position.batchesDone = meta.batchesDone;
    state.epochSums.lossSum = meta.lossSum;
    state.epochSums.samples = meta.samples;
    state.epochSums.metricSums = meta.metricSums;
    try {
        for (const std::string& name : meta.rngNames) {
            torch::Tensor rng;
            archive.read("rng/" + name, rng, /*is_buffer=*/true);
            state.rngStates.emplace_back(name, rng);
        }
        archive.read("shuffle_generator", state.shuffle.generator, /*is_buffer=*/true);
        if (meta.hasShuffleOrder) {
            archive.read("shuffle_order", state.shuffle.order, /*is_buffer=*/true);
            checkShuffleOrder(state.shuffle.order, trainSamples);
        }
        torch::serialize::InputArchive optimizerArchive;
        archive.read("optimizer", optimizerArchive);
        // Weights last: the optimizer and everything else are read into fresh objects first,
        // so that a bad file leaves the model untouched.
        optimizer.load(optimizerArchive);
        checkOptimizerState(optimizer, model);
        loadWeightsChecked(model, archive);
    } catch (const std::exception& error) {
        throw ConfigError(field, path + " is damaged: " + errorText(error) + advice);
    }
    auto& groups = optimizer.param_groups();
    for (std::size_t i = 0; i < groups.size(); ++i)
        groups[i].options().set_lr(meta.learningRates[i]);
    return state;
}

}  // namespace es
