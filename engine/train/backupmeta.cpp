#include "engine/train/backupmeta.h"

#include "engine/config/configerror.h"

#include <cmath>
#include <regex>
#include <utility>

namespace es {

namespace {

/// Appends `value` as dump() writes it, until `text` holds more than `limit` bytes. dump()
/// recurses once per level of nesting, and a hostile backup nests a value a million levels
/// deep in a few megabytes (the stack overflowed); here each level appends a byte before it
/// goes deeper, so the recursion ends within `limit` levels. Invalid UTF-8, which only a value
/// that was not parsed from text can hold, is replaced rather than thrown about.
void appendDump(const nlohmann::json& value, std::string& text, std::size_t limit)
{
    const auto scalar = [](const nlohmann::json& item) {
        return item.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    };
    if (value.is_object()) {
        text += '{';
        for (auto item = value.begin(); item != value.end() && text.size() <= limit; ++item) {
            if (item != value.begin())
                text += ',';
            text += scalar(item.key()) + ':';
            appendDump(item.value(), text, limit);
        }
        text += '}';
    } else if (value.is_array()) {
        text += '[';
        for (auto item = value.begin(); item != value.end() && text.size() <= limit; ++item) {
            if (item != value.begin())
                text += ',';
            appendDump(*item, text, limit);
        }
        text += ']';
    } else {
        text += scalar(value);
    }
}

/// The value as JSON, cut after 100 bytes.
std::string shortened(const nlohmann::json& value)
{
    constexpr std::size_t kMaxChars = 100;
    std::string text;
    appendDump(value, text, kMaxChars);
    if (text.size() > kMaxChars)
        text = text.substr(0, kMaxChars) + "...";
    return text;
}

/// What differs between the backup's run and this one, or empty.
std::string fingerprintDifference(const nlohmann::json& stored, const nlohmann::json& expected)
{
    for (const auto& [key, value] : expected.items()) {
        const auto found = stored.find(key);
        // Not `!=`, which calls a NaN equal to anything (a parsed document may hold one).
        if (found == stored.end() || !(*found == value))
            return key + " is " + (found == stored.end() ? "missing" : shortened(*found)) +
                   " in the backup but " + shortened(value) + " in this run";
    }
    return {};
}

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
void readEpochSums(const MetaReader& reader, BackupMeta& meta)
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
    meta.lossSum = loss->get<double>();
    meta.samples = samples->get<std::int64_t>();
    for (Metric metric : kAllMetrics) {
        const auto found = metrics->find(std::string(metricKey(metric)));
        if (found != metrics->end())
            meta.metricSums[metric] = found->get<double>();
    }
}

}  // namespace

BackupMeta parseBackupMeta(std::string_view text, const BackupMetaContext& context)
{
    // Text that is not JSON is discarded: it reads as no object.
    return readBackupMeta(nlohmann::json::parse(text, nullptr, false), context);
}

BackupMeta readBackupMeta(const nlohmann::json& json, const BackupMetaContext& context)
{
    const std::string& path = context.path;
    if (!json.is_object() || json.value("format", nlohmann::json()) != kBackupFormat)
        throw ConfigError(context.field, path + " is not an EpochScope backup" + context.advice);
    const MetaReader reader(json, path, context.field, context.advice);
    if (!reader.at("version").is_number_integer() || reader.at("version") != kBackupFormatVersion)
        throw ConfigError(context.field, path + " has backup format version " +
                                             shortened(reader.at("version")) +
                                             ", this EpochScope reads version " +
                                             std::to_string(kBackupFormatVersion) + context.advice);
    const std::string difference =
        fingerprintDifference(reader.object("fingerprint"), context.fingerprint);
    if (!difference.empty())
        throw ConfigError(context.field,
                          path + " belongs to another run: " + difference + context.advice);

    BackupMeta meta;
    // After an epoch's end the position is the next epoch's start, one past the last.
    meta.epoch =
        static_cast<int>(reader.integer("epoch", 1, static_cast<std::int64_t>(context.epochs) + 1));
    meta.batchesDone = reader.integer(
        "batches_done", 0, context.fingerprint.at("batches_per_epoch").get<std::int64_t>());
    readEpochSums(reader, meta);
    for (const nlohmann::json& rate : reader.array("learning_rates", context.learningRates)) {
        if (!finiteNumber(rate) || rate.get<double>() <= 0)
            reader.fail("learning_rates",
                        "holds " + shortened(rate) + "; expected positive numbers");
        meta.learningRates.push_back(rate.get<double>());
    }
    const nlohmann::json& rngNames = reader.at("rng");
    if (!rngNames.is_array() || rngNames.empty() || rngNames.size() > 2)
        reader.fail("rng",
                    "is " + shortened(rngNames) + "; expected [\"cpu\"] or [\"cpu\", \"cuda:N\"]");
    for (const nlohmann::json& name : rngNames) {
        if (!generatorNameValid(name))
            reader.fail("rng", "names the generator " + shortened(name) +
                                   "; expected \"cpu\" or \"cuda:N\"");
        meta.rngNames.push_back(name.get<std::string>());
    }
    // What writeBackup() saves: the CPU generator first, then the run's one GPU.
    const bool cpuFirst = meta.rngNames.front() == "cpu";
    const bool oneGpuAfter = meta.rngNames.size() == 1 || meta.rngNames.back() != "cpu";
    if (!cpuFirst || !oneGpuAfter)
        reader.fail("rng",
                    "is " + shortened(rngNames) + "; expected [\"cpu\"] or [\"cpu\", \"cuda:N\"]");
    meta.hasShuffleOrder = reader.boolean("has_shuffle_order");
    return meta;
}

}  // namespace es
