#include "train/trainingstate_torch.h"

#include "config/configerror.h"
#include "train/modelweights_torch.h"

#include "core/text.h"

#include <ATen/Context.h>

#include <cmath>
#include <regex>
#include <stdexcept>
#include <utility>

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

namespace {

/// The backup's metadata, read field by field: a missing field or one of the wrong type or
/// range is a ConfigError naming it, never a JSON library's exception.
class MetaReader {
public:
    MetaReader(const nlohmann::json& meta, std::string where, std::string field, std::string advice)
        : m_meta(meta),
          m_where(std::move(where)),
          m_field(std::move(field)),
          m_advice(std::move(advice))
    {
    }

    [[noreturn]] void fail(const std::string& key, const std::string& problem) const
    {
        throw ConfigError(m_field,
                          m_where + ": backup field \"" + key + "\" " + problem + m_advice);
    }

    const nlohmann::json& at(const std::string& key) const
    {
        const auto found = m_meta.find(key);
        if (found == m_meta.end())
            fail(key, "is missing");
        return *found;
    }

    std::int64_t integer(const std::string& key, std::int64_t lowest, std::int64_t highest) const
    {
        const nlohmann::json& value = at(key);
        if (!value.is_number_integer() || value.get<std::int64_t>() < lowest ||
            value.get<std::int64_t>() > highest)
            fail(key, "is " + shortened(value) + "; expected a whole number from " +
                          std::to_string(lowest) + " to " + std::to_string(highest));
        return value.get<std::int64_t>();
    }

    bool boolean(const std::string& key) const
    {
        const nlohmann::json& value = at(key);
        if (!value.is_boolean())
            fail(key, "is " + shortened(value) + "; expected true or false");
        return value.get<bool>();
    }

    const nlohmann::json& array(const std::string& key, std::size_t size) const
    {
        const nlohmann::json& value = at(key);
        if (!value.is_array() || value.size() != size)
            fail(key, "is " + shortened(value) + "; expected a list of " + std::to_string(size));
        return value;
    }

    const nlohmann::json& object(const std::string& key) const
    {
        const nlohmann::json& value = at(key);
        if (!value.is_object())
            fail(key, "is " + shortened(value) + "; expected an object");
        return value;
    }

private:
    const nlohmann::json& m_meta;
    std::string m_where;
    std::string m_field;
    std::string m_advice;
};

bool finiteNumber(const nlohmann::json& value)
{
    return value.is_number() && std::isfinite(value.get<double>());
}

/// A generator the backup may restore: "cpu", or "cuda:N" of a run on a GPU.
bool generatorNameValid(const nlohmann::json& name)
{
    static const std::regex kName("cpu|cuda:[0-9]{1,3}");
    return name.is_string() && std::regex_match(name.get<std::string>(), kName);
}

/// The epoch's sums so far, each a finite number: they become the epoch's loss and metrics.
EpochAccumulator readEpochSums(const MetaReader& reader)
{
    const nlohmann::json& sums = reader.object("epoch_sums");
    const auto loss = sums.find("loss_sum");
    const auto samples = sums.find("samples");
    const auto metrics = sums.find("metric_sums");
    bool valid = loss != sums.end() && finiteNumber(*loss) && samples != sums.end() &&
                 samples->is_number_integer() && samples->get<std::int64_t>() >= 0 &&
                 metrics != sums.end() && metrics->is_object();
    if (valid) {
        for (const nlohmann::json& sum : *metrics)
            valid = valid && finiteNumber(sum);
    }
    if (!valid)
        reader.fail("epoch_sums", "is " + shortened(sums) +
                                      "; expected finite loss_sum, samples and metric_sums");
    return EpochAccumulator::fromJson(sums);
}

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
    const auto batchesPerEpoch = fingerprint.at("batches_per_epoch").get<std::int64_t>();
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
    const nlohmann::json meta = nlohmann::json::parse(metaValue.toStringRef(), nullptr, false);
    if (!meta.is_object() || meta.value("format", nlohmann::json()) != "epochscope-backup")
        throw ConfigError(field, path + " is not an EpochScope backup" + advice);
    const MetaReader reader(meta, path, field, advice);
    if (!reader.at("version").is_number_integer() || reader.at("version") != kFormatVersion)
        throw ConfigError(field, path + " has backup format version " +
                                     shortened(reader.at("version")) +
                                     ", this EpochScope reads version " +
                                     std::to_string(kFormatVersion) + advice);
    const std::string difference = fingerprintDifference(reader.object("fingerprint"), fingerprint);
    if (!difference.empty())
        throw ConfigError(field, path + " belongs to another run: " + difference + advice);

    TrainingState state;
    // After an epoch's end the position is the next epoch's start, one past the last.
    state.position.epoch = static_cast<int>(reader.integer("epoch", 1, epochs + 1));
    state.position.batchesDone = reader.integer("batches_done", 0, batchesPerEpoch);
    state.epochSums = readEpochSums(reader);
    const nlohmann::json& learningRates =
        reader.array("learning_rates", optimizer.param_groups().size());
    for (const nlohmann::json& rate : learningRates) {
        if (!finiteNumber(rate) || rate.get<double>() <= 0)
            reader.fail("learning_rates",
                        "holds " + shortened(rate) + "; expected positive numbers");
    }
    const nlohmann::json& rngNames = reader.at("rng");
    if (!rngNames.is_array() || rngNames.empty() || rngNames.size() > 2)
        reader.fail("rng",
                    "is " + shortened(rngNames) + "; expected [\"cpu\"] or [\"cpu\", \"cuda:N\"]");
    for (const nlohmann::json& name : rngNames) {
        if (!generatorNameValid(name))
            reader.fail("rng", "names the generator " + shortened(name) +
                                   "; expected \"cpu\" or \"cuda:N\"");
    }
    const bool haveOrder = reader.boolean("has_shuffle_order");
    try {
        for (const auto& name : rngNames) {
            torch::Tensor rng;
            archive.read("rng/" + name.get<std::string>(), rng, /*is_buffer=*/true);
            state.rngStates.emplace_back(name.get<std::string>(), rng);
        }
        archive.read("shuffle_generator", state.shuffle.generator, /*is_buffer=*/true);
        if (haveOrder) {
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
        groups[i].options().set_lr(learningRates[i].get<double>());
    return state;
}

}  // namespace es
