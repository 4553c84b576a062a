#pragma once

// What an experiment varies: `--vary KEY=V1,V2,...` factors and JSON merge patches (from
// `--patch`, a finding's fix or the desktop app), turned into variants of a baseline config
// that are all checked before anything runs (docs/whatif.md).

#include "engine/config/runconfig.h"
#include "engine/whatif/jsonpath.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace es {

/// One configuration measured against the baseline.
struct Variant {
    std::string label;     ///< "threads=2", "threads=2, placement=device", "data.prefetch=2"
    nlohmann::json patch;  ///< JSON merge patch (RFC 7386) on toJson(baseline)
};

/// A parsed `--vary KEY=V1,V2,...`.
struct VaryFactor {
    std::string key;                 ///< as written ("threads"), for labels
    std::vector<JsonPathStep> path;  ///< what it stands for (device.intra_op_threads)
    std::vector<nlohmann::json> values;
};

/// The dotted path a short alias stands for (`threads` -> device.intra_op_threads,
/// `batch_size`, `placement`, `prefetch`, `backend`, `device`, `warmup` ->
/// training.warmup_steps); other keys unchanged.
std::string_view resolveVaryAlias(std::string_view key);

/// Parses `KEY=V1,V2,...`. Each value is JSON when it parses as JSON (2, true, "x", null),
/// else a string (host); commas inside brackets or quotes do not split. Throws ConfigError at
/// `--vary` for a malformed argument, an unknown alias, or a key that cannot be varied
/// (training.epochs, training.steps_per_epoch: the experiment sets them).
VaryFactor parseVaryArgument(std::string_view argument);

/// Parses a `--patch` argument: a JSON object. Throws ConfigError at `--patch`.
nlohmann::json parsePatchArgument(std::string_view text);

enum class VaryMode {
    OneFactorAtATime,  ///< one variant per value, the other factors at the baseline's value
    Combine,           ///< every combination of the factors' values (cartesian product)
};

/// The variants the factors and patches describe, factors first, then one per patch.
/// One factor at a time leaves out values the baseline already has. Throws ConfigError at
/// `--vary` for a factor given twice or a path that runs through something the baseline does
/// not have (callbacks[3] of two callbacks).
std::vector<Variant> buildVariants(const RunConfig& baseline,
                                   const std::vector<VaryFactor>& factors,
                                   const std::vector<nlohmann::json>& patches, VaryMode mode);

/// A variant with the config its patch gives.
struct CheckedVariant {
    Variant variant;
    RunConfig config;
};

struct CheckedVariants {
    std::vector<CheckedVariant> variants;
    /// Why a variant was left out: "threads=1: same config as the baseline".
    std::vector<std::string> skipped;
};

/// Applies every patch to the baseline and parses the result with parseRunConfig. Throws one
/// ConfigError with every issue of every invalid variant, each path prefixed with the variant
/// (`variant 'placement=gpu': data.placement`). Variants whose config equals the baseline's or
/// an earlier variant's are left out and listed in `skipped`.
CheckedVariants checkVariants(const RunConfig& baseline, const std::vector<Variant>& variants);

/// The config `patch` gives applied to toJson(baseline), parsed.
RunConfig applyVariantPatch(const RunConfig& baseline, const nlohmann::json& patch);

}  // namespace es
