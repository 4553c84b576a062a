#include "engine/script/proberecord.h"

#include "engine/config/configerror.h"
#include "engine/config/jsondocument.h"
#include "engine/i18n/evidencetext.h"
#include "engine/i18n/translate.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace es {

namespace {

using Json = nlohmann::json;

// Bounds that no real script reaches and that keep every count inside its C++ type.
constexpr std::int64_t kMaxCount = std::numeric_limits<std::int32_t>::max();
constexpr std::int64_t kMaxBytes = std::int64_t{1} << 52;  // exact in a double too
constexpr std::size_t kMaxTextBytes = 64 * 1024;
constexpr std::size_t kMaxListEntries = 4096;
// A run of a year, in seconds and milliseconds: beyond it a time is a broken clock.
constexpr double kMaxSeconds = 366.0 * 24 * 3600;
constexpr double kMaxMs = kMaxSeconds * 1000.0;
// A monotonic clock's reading counts from about the machine's boot: a century of uptime.
constexpr double kMaxMonotonicSeconds = 100 * kMaxSeconds;
// The phases' sum may pass the wall time by the rounding of the probe's own subtraction.
constexpr double kPhaseSumToleranceMs = 0.01;

[[noreturn]] void refuse(const std::string& field, std::string_view why)
{
    throw ProbeRecordError(field, fillText(engineText("ProbeRecord", "%1: %2"), {field, why}));
}

const Json& member(const Json& object, const std::string& key, const std::string& path)
{
    const auto found = object.find(key);
    if (found == object.end())
        refuse(path, engineText("ProbeRecord", "missing"));
    return *found;
}

/// A JSON integer that fits std::int64_t; nothing for any other value (3.0 included).
std::optional<std::int64_t> wholeNumber(const Json& value)
{
    if (value.is_number_unsigned()) {
        const std::uint64_t number = value.get<std::uint64_t>();
        if (number <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            return static_cast<std::int64_t>(number);
        return std::nullopt;
    }
    if (value.is_number_integer())
        return value.get<std::int64_t>();
    return std::nullopt;
}

std::int64_t integerIn(const Json& object, const std::string& key, std::int64_t low,
                       std::int64_t high, const std::string& prefix = {})
{
    const std::string path = prefix + key;
    const std::optional<std::int64_t> number = wholeNumber(member(object, key, path));
    if (!number || *number < low || *number > high)
        refuse(path, fillText(engineText("ProbeRecord", "expected a whole number from %1 to %2"),
                              {std::to_string(low), std::to_string(high)}));
    return *number;
}

/// A whole number from 0 to `high`, or 0 for null: a count the probe could not know (the
/// thread counts of a script that never imported torch).
std::int64_t countOrNull(const Json& object, const std::string& key, std::int64_t high)
{
    return member(object, key, key).is_null() ? 0 : integerIn(object, key, 0, high);
}

double numberIn(const Json& object, const std::string& key, double high,
                const std::string& prefix = {})
{
    const std::string path = prefix + key;
    const Json& value = member(object, key, path);
    if (value.is_number()) {
        const double number = value.get<double>();
        if (std::isfinite(number) && number >= 0.0 && number <= high)
            return number;
    }
    refuse(path, fillText(engineText("ProbeRecord", "expected a number from 0 to %1"),
                          {formatText("%.0f", high)}));
}

bool flag(const Json& object, const std::string& key, const std::string& prefix = {})
{
    const Json& value = member(object, key, prefix + key);
    if (!value.is_boolean())
        refuse(prefix + key, engineText("ProbeRecord", "expected true or false"));
    return value.get<bool>();
}

std::string textOf(const Json& value, const std::string& path)
{
    if (!value.is_string())
        refuse(path, engineText("ProbeRecord", "expected a string"));
    const auto& text = value.get_ref<const std::string&>();
    if (text.size() > kMaxTextBytes)
        refuse(path, fillText(engineText("ProbeRecord", "longer than %1 bytes"),
                              {std::to_string(kMaxTextBytes)}));
    return text;
}

std::string text(const Json& object, const std::string& key, const std::string& prefix = {})
{
    return textOf(member(object, key, prefix + key), prefix + key);
}

/// A string, or empty for null.
std::string textOrNull(const Json& object, const std::string& key)
{
    const Json& value = member(object, key, key);
    return value.is_null() ? std::string() : textOf(value, key);
}

std::vector<std::string> texts(const Json& object, const std::string& key)
{
    const Json& list = member(object, key, key);
    if (!list.is_array() || list.size() > kMaxListEntries)
        refuse(key, fillText(engineText("ProbeRecord", "expected a list of at most %1 strings"),
                             {std::to_string(kMaxListEntries)}));
    std::vector<std::string> result;
    for (std::size_t i = 0; i < list.size(); ++i)
        result.push_back(textOf(list[i], key + "[" + std::to_string(i) + "]"));
    return result;
}

ProbeHello helloFrom(const Json& record)
{
    const std::string format = text(record, "format");
    if (format != kProbeFormat)
        refuse("format", fillText(engineText("ProbeRecord", "expected \"%1\", got \"%2\""),
                                  {kProbeFormat, format}));
    const std::int64_t version = integerIn(record, "version", 1, kMaxCount);
    if (version != kProbeFormatVersion)
        refuse("version",
               fillText(engineText("ProbeRecord",
                                   "version %1 of the probe's records; this EpochScope reads "
                                   "version %2: use the probe that came with it"),
                        {std::to_string(version), std::to_string(kProbeFormatVersion)}));
    ProbeHello hello;
    hello.pid = integerIn(record, "pid", 1, kMaxCount);
    hello.python = text(record, "python");
    hello.torch = textOrNull(record, "torch");
    hello.argv = texts(record, "argv");
    hello.cwd = text(record, "cwd");
    hello.intraOpThreads = static_cast<int>(countOrNull(record, "intra_op_threads", 65536));
    hello.interOpThreads = static_cast<int>(countOrNull(record, "inter_op_threads", 65536));
    hello.cuda = flag(record, "cuda");
    hello.hooks = texts(record, "hooks");
    // Absent from a probe older than the field, null from a Python without CLOCK_MONOTONIC:
    // either way the records' times stay on the probe's own clock.
    if (record.contains("clock_s") && !record.at("clock_s").is_null())
        hello.clockS = numberIn(record, "clock_s", kMaxMonotonicSeconds);
    return hello;
}

ProbeStep stepFrom(const Json& record)
{
    ProbeStep result;
    BatchRecord& step = result.step;
    step.epoch = static_cast<int>(integerIn(record, "epoch", 1, kMaxCount));
    step.batch = static_cast<int>(integerIn(record, "batch", 1, kMaxCount));
    step.endS = numberIn(record, "end_s", kMaxSeconds);
    step.wallMs = numberIn(record, "wall_ms", kMaxMs);
    const Json& phases = member(record, "phase_ms", "phase_ms");
    if (!phases.is_object())
        refuse("phase_ms", engineText("ProbeRecord", "expected an object of phase times"));
    double named = 0.0;
    for (auto entry = phases.begin(); entry != phases.end(); ++entry) {
        const std::optional<Phase> phase = phaseFromKey(entry.key());
        if (!phase)
            refuse("phase_ms." + entry.key(), engineText("ProbeRecord", "not a phase"));
        const double ms = numberIn(phases, entry.key(), kMaxMs, "phase_ms.");
        step.phaseMs[phaseIndex(*phase)] = ms;
        if (*phase != Phase::Other)
            named += ms;
    }
    if (named > step.wallMs + kPhaseSumToleranceMs)
        refuse("phase_ms", fillText(engineText("ProbeRecord",
                                               "the phases add up to %1 ms, more than the "
                                               "step's wall_ms of %2 ms"),
                                    {formatText("%.3f", named), formatText("%.3f", step.wallMs)}));
    // Other is what the named phases leave of the wall time, as in every engine step.
    step.phaseMs[phaseIndex(Phase::Other)] = std::max(0.0, step.wallMs - named);
    const Json& loss = member(record, "loss", "loss");
    if (!loss.is_null()) {
        if (!loss.is_number() || !std::isfinite(loss.get<double>()))
            refuse("loss", engineText("ProbeRecord", "expected a finite number or null"));
        step.loss = loss.get<double>();
        result.hasLoss = true;
    }
    step.samples = integerIn(record, "samples", 0, kMaxBytes);
    step.h2dBytes = integerIn(record, "h2d_bytes", 0, kMaxBytes);
    step.minorFaults = integerIn(record, "minor_faults", 0, kMaxBytes);
    step.majorFaults = integerIn(record, "major_faults", 0, kMaxBytes);
    return result;
}

ProbeModules modulesFrom(const Json& record)
{
    const Json& list = member(record, "recurrent", "recurrent");
    if (!list.is_array() || list.size() > kMaxListEntries)
        refuse("recurrent",
               fillText(engineText("ProbeRecord", "expected a list of at most %1 modules"),
                        {std::to_string(kMaxListEntries)}));
    ProbeModules modules;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string prefix = "recurrent[" + std::to_string(i) + "].";
        const Json& entry = list[i];
        if (!entry.is_object())
            refuse(prefix.substr(0, prefix.size() - 1),
                   engineText("ProbeRecord", "expected an object"));
        ProbeRecurrentModule module;
        module.className = text(entry, "class", prefix);
        module.device = text(entry, "device", prefix);
        module.packedInput = flag(entry, "packed_input", prefix);
        module.bidirectional = flag(entry, "bidirectional", prefix);
        module.calls = integerIn(entry, "calls", 0, kMaxBytes, prefix);
        modules.recurrent.push_back(std::move(module));
    }
    return modules;
}

ProbeConversions conversionsFrom(const Json& record)
{
    const Json& list = member(record, "sites", "sites");
    if (!list.is_array() || list.size() > kMaxConversionSites)
        refuse("sites", fillText(engineText("ProbeRecord", "expected a list of at most %1 sites"),
                                 {std::to_string(kMaxConversionSites)}));
    ProbeConversions conversions;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string prefix = "sites[" + std::to_string(i) + "].";
        const Json& entry = list[i];
        if (!entry.is_object())
            refuse(prefix.substr(0, prefix.size() - 1),
                   engineText("ProbeRecord", "expected an object"));
        ProbeConversionSite site;
        site.function = text(entry, "function", prefix);
        site.file = text(entry, "file", prefix);
        site.line = integerIn(entry, "line", 1, kMaxCount, prefix);
        site.code = text(entry, "code", prefix);
        site.calls = integerIn(entry, "calls", 1, kMaxBytes, prefix);
        site.bytes = integerIn(entry, "bytes", 0, kMaxBytes, prefix);
        site.seconds = numberIn(entry, "seconds", kMaxSeconds, prefix);
        site.inSteps = integerIn(entry, "in_steps", 0, site.calls, prefix);
        conversions.sites.push_back(std::move(site));
    }
    return conversions;
}

ProbeEnd endFrom(const Json& record)
{
    ProbeEnd end;
    end.status = text(record, "status");
    if (end.status != "finished" && end.status != "failed" && end.status != "stopped")
        refuse("status", engineText("ProbeRecord", "expected finished, failed or stopped"));
    end.error = textOrNull(record, "error");
    end.exitCode = static_cast<int>(integerIn(record, "exit_code", -255, 255));
    end.steps = integerIn(record, "steps", 0, kMaxBytes);
    end.torchImported = flag(record, "torch_imported");
    return end;
}

}  // namespace

ProbeRecord parseProbeRecord(std::string_view line)
{
    if (line.size() > kMaxProbeLineBytes)
        throw ProbeRecordError(
            {}, fillText(engineText("ProbeRecord", "a record of %1 bytes, longer than %2"),
                         {std::to_string(line.size()), std::to_string(kMaxProbeLineBytes)}));
    Json record;
    try {
        // The project's JSON reader: a syntax error with its byte, a number beyond a double,
        // a duplicate key and nesting deeper than any record are refused alike.
        record = parseJsonDocument(line, "probe");
    } catch (const ConfigError& error) {
        throw ProbeRecordError(
            {}, fillText(engineText("ProbeRecord", "not a JSON record: %1"), {error.what()}));
    }
    if (!record.is_object())
        throw ProbeRecordError({}, engineText("ProbeRecord", "not a JSON object"));
    const std::string type = text(record, "type");
    if (type == "hello")
        return helloFrom(record);
    if (type == "epoch_begin")
        return ProbeEpochBegin{static_cast<int>(integerIn(record, "epoch", 1, kMaxCount)),
                               numberIn(record, "t_s", kMaxSeconds)};
    if (type == "epoch_end")
        return ProbeEpochEnd{static_cast<int>(integerIn(record, "epoch", 1, kMaxCount)),
                             numberIn(record, "t_s", kMaxSeconds),
                             static_cast<int>(integerIn(record, "batches", 0, kMaxCount))};
    if (type == "step")
        return stepFrom(record);
    if (type == "modules")
        return modulesFrom(record);
    if (type == "conversions")
        return conversionsFrom(record);
    if (type == "note")
        return ProbeNote{text(record, "text")};
    if (type == "end")
        return endFrom(record);
    refuse("type", fillText(engineText("ProbeRecord", "unknown record type \"%1\""), {type}));
}

}  // namespace es
