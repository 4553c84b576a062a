#include "engine/whatif/scriptvariants.h"

#include "engine/config/configerror.h"
#include "engine/core/text.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"
#include "engine/script/scriptprocess.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <map>
#include <optional>
#include <utility>

namespace es {

namespace {

using Json = nlohmann::json;

constexpr std::string_view kEnvironmentPrefix = "env:";
constexpr std::string_view kArgumentPrefix = "arg:";
// `threads=N` is the thread count a script's PyTorch starts with: it reads OMP_NUM_THREADS for
// its intra-op threads, as OpenMP does.
constexpr std::string_view kThreadsKey = "threads";
constexpr std::string_view kThreadsVariable = "OMP_NUM_THREADS";

// What the probe is started with (engine/script/scriptprocess.h, scriptsession.h): a variant
// that set them would cut the probe off from its pipe, its package or its bound.
constexpr std::array<std::string_view, 4> kProbeVariables = {
    "EPOCHSCOPE_PROBE_FD", "EPOCHSCOPE_PROBE_FILE", "EPOCHSCOPE_PROBE_MAX_STEPS", "PYTHONPATH"};

[[noreturn]] void badScriptVary(const std::string& message)
{
    throw ConfigError("--vary", message);
}

/// Splits at commas outside double quotes; a quoted value is read as a JSON string, so that a
/// value can hold a comma (CUDA_VISIBLE_DEVICES="0,1").
std::vector<std::string> splitScriptValues(std::string_view key, std::string_view text,
                                           std::string_view argument)
{
    std::vector<std::string> values;
    bool quoted = false;
    std::size_t start = 0;
    const auto take = [&](std::string_view part) {
        part = trimmed(part);
        if (part.size() >= 2 && part.front() == '"' && part.back() == '"') {
            const Json value = Json::parse(part.begin(), part.end(), nullptr, false);
            if (!value.is_string())
                badScriptVary(fillText(engineText("ScriptVariants", "%1: %2 is not a JSON string"),
                                       {key, part}));
            values.push_back(value.get<std::string>());
            return;
        }
        if (part.empty())
            badScriptVary(fillText(engineText("ScriptVariants",
                                              "%1: empty value in '%2' (write \"\" for the "
                                              "empty string)"),
                                   {key, argument}));
        values.emplace_back(part);
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (quoted && text[i] == '\\')
            ++i;
        else if (text[i] == '"')
            quoted = !quoted;
        else if (text[i] == ',' && !quoted) {
            take(text.substr(start, i - start));
            start = i + 1;
        }
    }
    take(text.substr(start));
    return values;
}

bool isVariableName(std::string_view name)
{
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front())))
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
}

bool isFlagName(std::string_view flag)
{
    if (flag.size() < 2 || flag.front() != '-' || flag == "--")
        return false;
    return std::none_of(flag.begin(), flag.end(),
                        [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
}

/// A config key turned into the flag a script likely has for it: batch_size -> --batch-size.
std::string likelyFlag(std::string_view key)
{
    std::string flag = "--";
    for (char c : key.substr(key.rfind('.') == std::string_view::npos ? 0 : key.rfind('.') + 1))
        flag += c == '_' ? '-' : c;
    return flag;
}

/// Whether a word after a flag is its value rather than the next flag: not an option, or a
/// negative number (`--shift -1`).
bool isFlagValue(const std::string& word)
{
    if (word.empty() || word.front() != '-' || word.size() == 1)
        return true;
    return std::isdigit(static_cast<unsigned char>(word[1])) || word[1] == '.';
}

/// Where the script's own arguments begin in `command`: after the interpreter, its options and
/// the script, as probedCommand() finds them. Throws ScriptCommandError for a command that
/// runs no script.
std::size_t scriptArgumentsBegin(const std::vector<std::string>& command)
{
    const std::vector<std::string> probed = probedCommand(command);
    std::size_t at = 0;
    while (at + 1 < probed.size() && !(probed[at] == "-m" && probed[at + 1] == "epochscope.run"))
        ++at;
    // After `-m epochscope.run` come the script and its arguments, the tail of `command` too.
    const std::size_t arguments = probed.size() - (at + 3);
    return command.size() - arguments;
}

/// One place a flag's value is given: the word after the flag, or `--flag=V` itself.
struct FlagValueAt {
    std::size_t index = 0;
    bool joined = false;  ///< `--flag=V` in one word
};

/// Every place `flag` is given a value in the script's arguments, before a bare `--` (after it
/// a word is the script's positional argument, not a flag). Throws ConfigError at `--vary` for
/// the flag given without a value.
std::vector<FlagValueAt> flagValues(const std::vector<std::string>& command, std::size_t begin,
                                    const std::string& flag, std::string_view key)
{
    std::vector<FlagValueAt> found;
    for (std::size_t i = begin; i < command.size() && command[i] != "--"; ++i) {
        const std::string& word = command[i];
        if (word.size() > flag.size() && word.compare(0, flag.size(), flag) == 0 &&
            word[flag.size()] == '=') {
            found.push_back({i, true});
        } else if (word == flag) {
            if (i + 1 >= command.size() || !isFlagValue(command[i + 1]))
                badScriptVary(fillText(engineText("ScriptVariants",
                                                  "%1: the command gives %2 without a value "
                                                  "after it; arg: varies a flag that takes a "
                                                  "value (use env: for a variable)"),
                                       {key, flag}));
            found.push_back({i + 1, false});
            ++i;
        }
    }
    return found;
}

std::size_t endOfOptions(const std::vector<std::string>& command, std::size_t begin)
{
    const auto dashes = std::find(command.begin() + static_cast<std::ptrdiff_t>(begin),
                                  command.end(), std::string("--"));
    return static_cast<std::size_t>(dashes - command.begin());
}

/// `command` with `flag` given `value` everywhere it is given one, or added before a bare `--`
/// (or at the end) when it is not given.
void setFlagValue(std::vector<std::string>& command, std::size_t begin, const std::string& flag,
                  const std::string& value)
{
    const std::vector<FlagValueAt> found = flagValues(command, begin, flag, "arg:" + flag);
    for (const FlagValueAt& at : found)
        command[at.index] = at.joined ? flag + "=" + value : value;
    if (found.empty())
        command.insert(command.begin() + static_cast<std::ptrdiff_t>(endOfOptions(command, begin)),
                       flag + "=" + value);
}

/// The value the baseline has for a factor: the variable as the baseline sets it, else this
/// process's (the baseline's run inherits it), or the flag's last value in the command
/// (argparse keeps the last).
std::optional<std::string> baselineValue(const ScriptCommand& baseline, std::size_t begin,
                                         const ScriptVaryFactor& factor)
{
    if (factor.kind == ScriptVaryKind::Environment) {
        // The last entry of the name is the one the run is started with.
        const auto own = std::find_if(
            baseline.environment.rbegin(), baseline.environment.rend(),
            [&factor](const EnvironmentEntry& entry) { return entry.first == factor.name; });
        if (own != baseline.environment.rend())
            return own->second;
        const char* set = std::getenv(factor.name.c_str());
        return set != nullptr ? std::optional<std::string>(set) : std::nullopt;
    }
    const std::vector<FlagValueAt> found =
        flagValues(baseline.command, begin, factor.name, factor.key);
    if (found.empty())
        return std::nullopt;
    const FlagValueAt& last = found.back();
    const std::string& word = baseline.command[last.index];
    return last.joined ? word.substr(factor.name.size() + 1) : word;
}

Json factorPatch(const ScriptVaryFactor& factor, const std::string& value)
{
    const char* section = factor.kind == ScriptVaryKind::Environment ? "env" : "args";
    return {{section, {{factor.name, value}}}};
}

/// `more` added to `patch`: its sections merged key by key.
void addToPatch(Json& patch, const Json& more)
{
    for (const auto& [section, entries] : more.items()) {
        for (const auto& [name, value] : entries.items())
            patch[section][name] = value;
    }
}

void combineScriptFactors(const std::vector<ScriptVaryFactor>& factors, std::size_t next,
                          const Variant& partial, std::vector<Variant>& out)
{
    if (next == factors.size()) {
        out.push_back(partial);
        return;
    }
    const ScriptVaryFactor& factor = factors[next];
    for (const std::string& value : factor.values) {
        Variant variant = partial;
        variant.label += (variant.label.empty() ? "" : ", ") + factor.key + "=" + value;
        addToPatch(variant.patch, factorPatch(factor, value));
        combineScriptFactors(factors, next + 1, variant, out);
    }
}

/// What tells two runs apart: the command, and the variables set to a value other than this
/// process's (which every run inherits).
using ScriptRunIdentity = std::pair<std::vector<std::string>, std::map<std::string, std::string>>;

ScriptRunIdentity runIdentity(const ScriptRunSetup& setup)
{
    std::map<std::string, std::string> changed;
    for (const auto& [name, value] : setup.environment) {
        const char* inherited = std::getenv(name.c_str());
        if (inherited == nullptr || value != inherited)
            changed[name] = value;
        else
            changed.erase(name);
    }
    return {setup.command, std::move(changed)};
}

}  // namespace

bool isScriptVaryArgument(std::string_view argument)
{
    return argument.substr(0, kEnvironmentPrefix.size()) == kEnvironmentPrefix ||
           argument.substr(0, kArgumentPrefix.size()) == kArgumentPrefix;
}

ScriptVaryFactor parseScriptVaryArgument(std::string_view argument)
{
    const std::size_t equals = argument.find('=');
    if (equals == std::string_view::npos)
        badScriptVary(fillText(engineText("ScriptVariants",
                                          "'%1': expected env:NAME=V1,V2,..., arg:--flag=V1,V2,... "
                                          "or threads=V1,V2,... (for example "
                                          "arg:--batch-size=32,64)"),
                               {argument}));
    ScriptVaryFactor factor;
    factor.key = std::string(trimmed(argument.substr(0, equals)));
    const std::string_view key = factor.key;
    if (key.substr(0, kEnvironmentPrefix.size()) == kEnvironmentPrefix) {
        factor.kind = ScriptVaryKind::Environment;
        factor.name = std::string(key.substr(kEnvironmentPrefix.size()));
        if (!isVariableName(factor.name))
            badScriptVary(fillText(engineText("ScriptVariants",
                                              "%1: '%2' is no environment variable name "
                                              "(letters, digits and _, not starting with a "
                                              "digit)"),
                                   {key, factor.name}));
        if (std::find(kProbeVariables.begin(), kProbeVariables.end(), factor.name) !=
            kProbeVariables.end())
            badScriptVary(fillText(engineText("ScriptVariants",
                                              "%1 cannot be varied: the probe that measures "
                                              "the script is started with it"),
                                   {factor.name}));
    } else if (key.substr(0, kArgumentPrefix.size()) == kArgumentPrefix) {
        factor.kind = ScriptVaryKind::Argument;
        factor.name = std::string(key.substr(kArgumentPrefix.size()));
        if (!isFlagName(factor.name))
            badScriptVary(fillText(engineText("ScriptVariants",
                                              "%1: '%2' is no flag; arg: takes one such as "
                                              "--batch-size or -b"),
                                   {key, factor.name}));
    } else if (key == kThreadsKey) {
        factor.kind = ScriptVaryKind::Environment;
        factor.name = std::string(kThreadsVariable);
    } else {
        badScriptVary(fillText(engineText("ScriptVariants",
                                          "'%1' varies a config key, and a script has no config: "
                                          "use arg:%2=... for a flag of the script, env:NAME=... "
                                          "for an environment variable, or threads=..."),
                               {argument, likelyFlag(key)}));
    }
    factor.values = splitScriptValues(key, argument.substr(equals + 1), argument);
    if (key == kThreadsKey) {
        for (const std::string& value : factor.values) {
            const bool positive =
                std::all_of(value.begin(), value.end(),
                            [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) &&
                std::strtol(value.c_str(), nullptr, 10) > 0;
            if (!positive)
                badScriptVary(fillText(
                    engineText("ScriptVariants", "threads: expected a positive integer, got '%1'"),
                    {value}));
        }
    }
    return factor;
}

ScriptRunSetup applyScriptPatch(const ScriptCommand& baseline, const Json& patch)
{
    ScriptRunSetup setup{baseline.command, baseline.environment};
    const std::size_t begin = scriptArgumentsBegin(baseline.command);
    if (patch.contains("args")) {
        for (const auto& [flag, value] : patch.at("args").items())
            setFlagValue(setup.command, begin, flag, value.get<std::string>());
    }
    if (patch.contains("env")) {
        for (const auto& [name, value] : patch.at("env").items())
            putEnvironmentEntry(setup.environment, {name, value.get<std::string>()});
    }
    return setup;
}

ScriptVariants buildScriptVariants(const ScriptCommand& baseline,
                                   const std::vector<ScriptVaryFactor>& factors, VaryMode mode)
{
    for (std::size_t i = 0; i < factors.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j) {
            if (factors[i].kind == factors[j].kind && factors[i].name == factors[j].name)
                badScriptVary(fillText(engineText("ScriptVariants",
                                                  "%1 is varied twice (%2, %3); give all its "
                                                  "values in one --vary"),
                                       {factors[i].name, factors[j].key, factors[i].key}));
        }
    }
    const std::size_t begin = scriptArgumentsBegin(baseline.command);
    std::vector<Variant> candidates;
    if (mode == VaryMode::Combine && !factors.empty()) {
        combineScriptFactors(factors, 0, Variant{"", Json::object()}, candidates);
    } else {
        for (const ScriptVaryFactor& factor : factors) {
            const std::optional<std::string> current = baselineValue(baseline, begin, factor);
            for (const std::string& value : factor.values) {
                if (current && *current == value)
                    continue;
                candidates.push_back({factor.key + "=" + value, factorPatch(factor, value)});
            }
        }
    }
    ScriptVariants built;
    // The label of each run kept, the baseline's first.
    std::vector<std::pair<std::string, ScriptRunIdentity>> seen = {
        {"", runIdentity(applyScriptPatch(baseline, Json::object()))}};
    for (Variant& variant : candidates) {
        const ScriptRunIdentity identity = runIdentity(applyScriptPatch(baseline, variant.patch));
        const auto same = std::find_if(seen.begin(), seen.end(), [&identity](const auto& earlier) {
            return earlier.second == identity;
        });
        if (same != seen.end()) {
            // Recorded with the experiment (and in --json): English, shown with recordedText().
            built.skipped.push_back(
                same == seen.begin()
                    ? fillText(markedText("RunRecord", "%1: same run as the baseline"),
                               {variant.label})
                    : fillText(markedText("RunRecord", "%1: same run as %2"),
                               {variant.label, same->first}));
            continue;
        }
        seen.emplace_back(variant.label, identity);
        built.variants.push_back(std::move(variant));
    }
    return built;
}

}  // namespace es
