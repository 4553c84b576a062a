#include "engine/whatif/variantspec.h"

#include "engine/config/configerror.h"
#include "engine/core/text.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <utility>

namespace es {

namespace {

using Json = nlohmann::json;

struct Alias {
    std::string_view name;
    std::string_view path;
};

constexpr std::array<Alias, 8> kAliases = {{
    {"threads", "device.intra_op_threads"},
    {"batch_size", "data.batch_size"},
    {"placement", "data.placement"},
    {"prefetch", "data.prefetch"},
    {"backend", "backend"},
    {"device", "device.name"},
    // Warm-up off (0) or on (N steps): the first-step cost moves into the Warm-up phase.
    {"warmup", "training.warmup_steps"},
    // Ranks on this machine, trained as sessions of the experiment's process (localranks.h).
    {"ranks", "distributed.world_size"},
}};

// The experiment sets these itself: each measured run is one epoch of warm-up + measured steps.
constexpr std::array<std::string_view, 2> kFixedPaths = {"training.epochs",
                                                         "training.steps_per_epoch"};

std::string aliasList()
{
    std::string text;
    for (const Alias& alias : kAliases)
        text += (text.empty() ? "" : ", ") + std::string(alias.name);
    return text;
}

[[noreturn]] void badVary(const std::string& message)
{
    throw ConfigError("--vary", message);
}

/// Splits at commas outside brackets, braces and double quotes, so that JSON values with
/// commas ([1,2], {"a":1,"b":2}) stay whole.
std::vector<std::string_view> splitValues(std::string_view text)
{
    std::vector<std::string_view> values;
    int depth = 0;
    bool quoted = false;
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                quoted = false;
        } else if (c == '"') {
            quoted = true;
        } else if (c == '[' || c == '{') {
            ++depth;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        } else if (c == ',' && depth == 0) {
            values.push_back(trimmed(text.substr(start, i - start)));
            start = i + 1;
        }
    }
    values.push_back(trimmed(text.substr(start)));
    return values;
}

Json parseValue(std::string_view text)
{
    Json value = Json::parse(text.begin(), text.end(), nullptr, false);
    if (value.is_discarded())
        return std::string(text);
    return value;
}

Json patchFor(const Json& baseline, const VaryFactor& factor, const Json& value)
{
    try {
        return mergePatchSetting(baseline, factor.path, value);
    } catch (const std::invalid_argument& error) {
        badVary(factor.key + ": " + error.what());
    }
}

std::string settingLabel(const VaryFactor& factor, const Json& value)
{
    return factor.key + "=" + valueText(value);
}

/// Adds `more` to `patch` as one patch doing both; unlike merge_patch, a null in `more` (which
/// removes a key) stays in the result.
void composePatch(Json& patch, const Json& more)
{
    for (const auto& [key, value] : more.items()) {
        Json& slot = patch[key];
        if (slot.is_object() && value.is_object())
            composePatch(slot, value);
        else
            slot = value;
    }
}

/// Every combination of the factors' values, the first factor varying slowest.
void combine(const Json& baseline, const std::vector<VaryFactor>& factors, std::size_t next,
             const Variant& partial, std::vector<Variant>& out)
{
    if (next == factors.size()) {
        out.push_back(partial);
        return;
    }
    const VaryFactor& factor = factors[next];
    for (const Json& value : factor.values) {
        Variant variant = partial;
        variant.label += (variant.label.empty() ? "" : ", ") + settingLabel(factor, value);
        composePatch(variant.patch, patchFor(baseline, factor, value));
        combine(baseline, factors, next + 1, variant, out);
    }
}

}  // namespace

std::string_view resolveVaryAlias(std::string_view key)
{
    for (const Alias& alias : kAliases) {
        if (alias.name == key)
            return alias.path;
    }
    return key;
}

VaryFactor parseVaryArgument(std::string_view argument)
{
    const std::size_t equals = argument.find('=');
    if (equals == std::string_view::npos)
        badVary(fillText(
            engineText("VariantSpec", "'%1': expected KEY=V1,V2,... (for example threads=1,2)"),
            {argument}));
    VaryFactor factor;
    factor.key = std::string(trimmed(argument.substr(0, equals)));
    if (factor.key == "epochs")
        badVary(engineText("VariantSpec",
                           "epochs cannot be varied: each measured run trains one epoch of "
                           "--warmup-steps + --measured-steps steps, and the projection uses the "
                           "config's own epoch length"));
    const std::string_view resolved = resolveVaryAlias(factor.key);
    try {
        factor.path = parseJsonPath(resolved);
    } catch (const std::invalid_argument& error) {
        badVary(fillText(engineText("VariantSpec", "key %1"), {error.what()}));
    }
    // A single name that is no alias must be a top-level config key; a typo of an alias
    // ("thread") is the likely mistake, so say which aliases there are.
    static const std::array<std::string_view, 11> kTopLevel = {
        "name",   "description", "seed",    "model",     "data",       "training",
        "device", "callbacks",   "backend", "profiling", "distributed"};
    if (factor.path.size() == 1 &&
        std::find(kTopLevel.begin(), kTopLevel.end(), factor.path[0].key) == kTopLevel.end())
        badVary(fillText(engineText("VariantSpec",
                                    "unknown key '%1'; use an alias (%2) or a dotted config path "
                                    "such as data.placement or callbacks[0].save_freq"),
                         {factor.key, aliasList()}));
    const std::string path = jsonPathText(factor.path);
    if (std::find(kFixedPaths.begin(), kFixedPaths.end(), path) != kFixedPaths.end())
        badVary(fillText(engineText("VariantSpec",
                                    "%1 cannot be varied: each measured run trains one epoch of "
                                    "--warmup-steps + --measured-steps steps"),
                         {path}));
    for (std::string_view text : splitValues(argument.substr(equals + 1))) {
        if (text.empty())
            badVary(fillText(engineText("VariantSpec", "%1: empty value in '%2'"),
                             {factor.key, argument}));
        factor.values.push_back(parseValue(text));
    }
    return factor;
}

Json parsePatchArgument(std::string_view text)
{
    Json patch = Json::parse(text.begin(), text.end(), nullptr, false);
    if (patch.is_discarded())
        throw ConfigError("--patch",
                          fillText(engineText("VariantSpec", "'%1' is not valid JSON"), {text}));
    if (!patch.is_object() || patch.empty())
        throw ConfigError("--patch", engineText("VariantSpec",
                                                "expected a JSON object that changes the config, "
                                                "such as {\"data\":{\"prefetch\":2}}"));
    return patch;
}

std::vector<Variant> buildVariants(const RunConfig& baseline,
                                   const std::vector<VaryFactor>& factors,
                                   const std::vector<Json>& patches, VaryMode mode)
{
    for (std::size_t i = 0; i < factors.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j) {
            if (jsonPathText(factors[i].path) == jsonPathText(factors[j].path))
                badVary(fillText(engineText("VariantSpec",
                                            "%1 is varied twice (%2, %3); give all "
                                            "its values in one --vary"),
                                 {jsonPathText(factors[i].path), factors[j].key, factors[i].key}));
        }
    }
    const Json document = toJson(baseline);
    std::vector<Variant> variants;
    if (mode == VaryMode::Combine && !factors.empty()) {
        combine(document, factors, 0, Variant{"", Json::object()}, variants);
    } else {
        for (const VaryFactor& factor : factors) {
            const Json* current = findJsonValue(document, factor.path);
            for (const Json& value : factor.values) {
                if (current != nullptr && *current == value)
                    continue;
                variants.push_back(
                    {settingLabel(factor, value), patchFor(document, factor, value)});
            }
        }
    }
    for (const Json& patch : patches)
        variants.push_back({describeMergePatch(patch), patch});
    return variants;
}

RunConfig applyVariantPatch(const RunConfig& baseline, const Json& patch)
{
    Json document = toJson(baseline);
    document.merge_patch(patch);
    RunConfig config = parseRunConfig(document);
    config.ignoreBackup = baseline.ignoreBackup;
    return config;
}

CheckedVariants checkVariants(const RunConfig& baseline, const std::vector<Variant>& variants)
{
    CheckedVariants checked;
    std::vector<ConfigIssue> issues;
    for (const Variant& variant : variants) {
        try {
            RunConfig config = applyVariantPatch(baseline, variant.patch);
            if (config == baseline) {
                // Recorded with the experiment (and in --json): English, shown with
                // recordedText().
                checked.skipped.push_back(fillText(
                    markedText("RunRecord", "%1: same config as the baseline"), {variant.label}));
                continue;
            }
            const auto same = std::find_if(
                checked.variants.begin(), checked.variants.end(),
                [&config](const CheckedVariant& earlier) { return earlier.config == config; });
            if (same != checked.variants.end()) {
                checked.skipped.push_back(fillText(markedText("RunRecord", "%1: same config as %2"),
                                                   {variant.label, same->variant.label}));
                continue;
            }
            checked.variants.push_back({variant, std::move(config)});
        } catch (const ConfigError& error) {
            for (const ConfigIssue& issue : error.issues())
                issues.push_back({"variant '" + variant.label + "'" +
                                      (issue.path.empty() ? "" : ": " + issue.path),
                                  issue.message});
        }
    }
    if (!issues.empty())
        throw ConfigError(std::move(issues));
    return checked;
}

}  // namespace es
