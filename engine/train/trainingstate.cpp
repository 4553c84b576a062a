#include "train/trainingstate_torch.h"

#include "config/configerror.h"
#include "train/modelweights_torch.h"

#include <ATen/Context.h>

#include <stdexcept>

namespace es {

namespace {

/// The archive entry that marks a file as an EpochScope backup, holding the position, the
/// epoch's sums and the fingerprint as JSON.
constexpr const char* kMetaKey = "epochscope_backup";
constexpr int kFormatVersion = 1;

std::string shortened(const nlohmann::json& value)
{
    constexpr std::size_t kMaxChars = 100;
    std::string text = value.dump();
    if (text.size() > kMaxChars)
        text = text.substr(0, kMaxChars) + "...";
    return text;
}

/// What differs between the backup's run and this one, or empty.
std::string fingerprintDifference(const nlohmann::json& stored, const nlohmann::json& expected)
{
    for (const auto& [key, value] : expected.items()) {
        const auto found = stored.find(key);
        if (found == stored.end() || *found != value)
            return key + " is " + (found == stored.end() ? "missing" : shortened(*found)) +
                   " in the backup but " + shortened(value) + " in this run";
    }
    return {};
}

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
        {"format", "epochscope-backup"},
        {"version", kFormatVersion},
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

TrainingState readBackup(const std::string& path, const std::string& field,
                         torch::nn::Module& model, torch::optim::Optimizer& optimizer,
                         const nlohmann::json& fingerprint)
{
    const std::string advice =
        "; move it away to keep it, or start fresh with --ignore-backup (it is replaced at the "
        "first save)";
    torch::serialize::InputArchive archive;
    try {
        archive.load_from(path);
    } catch (const c10::Error& error) {
        throw ConfigError(field, path +
                                     " cannot be read as a backup (corrupt or truncated, or "
                                     "not written by EpochScope)" +
                                     advice);
    }
    c10::IValue metaValue;
    if (!archive.try_read(kMetaKey, metaValue) || !metaValue.isString())
        throw ConfigError(field, path + " is a LibTorch archive but not an EpochScope backup (no " +
                                     kMetaKey + " entry)" + advice);
    const nlohmann::json meta = nlohmann::json::parse(metaValue.toStringRef(), nullptr, false);
    if (meta.is_discarded() || meta.value("format", "") != "epochscope-backup")
        throw ConfigError(field, path + " is not an EpochScope backup" + advice);
    if (meta.value("version", 0) != kFormatVersion)
        throw ConfigError(field, path + " has backup format version " +
                                     std::to_string(meta.value("version", 0)) +
                                     ", this EpochScope reads version " +
                                     std::to_string(kFormatVersion) + advice);
    const std::string difference = fingerprintDifference(meta.at("fingerprint"), fingerprint);
    if (!difference.empty())
        throw ConfigError(field, path + " belongs to another run: " + difference + advice);

    TrainingState state;
    try {
        state.position.epoch = meta.at("epoch").get<int>();
        state.position.batchesDone = meta.at("batches_done").get<std::int64_t>();
        state.epochSums = EpochAccumulator::fromJson(meta.at("epoch_sums"));
        for (const auto& name : meta.at("rng")) {
            torch::Tensor rng;
            archive.read("rng/" + name.get<std::string>(), rng, /*is_buffer=*/true);
            state.rngStates.emplace_back(name.get<std::string>(), rng);
        }
        archive.read("shuffle_generator", state.shuffle.generator, /*is_buffer=*/true);
        if (meta.at("has_shuffle_order").get<bool>())
            archive.read("shuffle_order", state.shuffle.order, /*is_buffer=*/true);
        torch::serialize::InputArchive optimizerArchive;
        archive.read("optimizer", optimizerArchive);
        // Weights last: the optimizer and everything else are read into fresh objects first,
        // so that a bad file leaves the model untouched.
        optimizer.load(optimizerArchive);
        loadWeightsChecked(model, archive);
    } catch (const std::exception& error) {
        throw ConfigError(field, path + " is damaged: " + error.what() + advice);
    }
    const auto& learningRates = meta.at("learning_rates");
    auto& groups = optimizer.param_groups();
    for (std::size_t i = 0; i < groups.size() && i < learningRates.size(); ++i)
        groups[i].options().set_lr(learningRates[i].get<double>());
    return state;
}

}  // namespace es
