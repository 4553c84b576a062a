#pragma once

// Dotted paths into a config document (`data.placement`, `callbacks[0].save_freq`) and the
// JSON merge patches (RFC 7386) that set one value at such a path.

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace es {

/// One step of a path: an object key, or an array index when `isIndex`.
struct JsonPathStep {
    std::string key;
    std::size_t index = 0;
    bool isIndex = false;
};

/// Parses `name(.name|[N])*`, names being letters, digits and '_'. Throws
/// std::invalid_argument saying what is wrong and at which character.
std::vector<JsonPathStep> parseJsonPath(std::string_view path);

/// The path written back in the config's own spelling (`callbacks[0].save_freq`).
std::string jsonPathText(const std::vector<JsonPathStep>& steps);

/// The value at `steps`, or nullptr when the document has none there.
const nlohmann::json* findJsonValue(const nlohmann::json& document,
                                    const std::vector<JsonPathStep>& steps);

/// A merge patch that, applied to `document`, sets `value` at `steps`. Merge patches replace
/// arrays as a whole, so a path through an array (`callbacks[0].save_freq`) gives a patch that
/// carries the document's whole array with that one element changed. Throws
/// std::invalid_argument when the path runs through something that is not there (an index
/// past the end, a key of a non-object).
nlohmann::json mergePatchSetting(const nlohmann::json& document,
                                 const std::vector<JsonPathStep>& steps,
                                 const nlohmann::json& value);

/// The patch's changes as `path=value` text, one per leaf, joined by ", ":
/// {"data":{"prefetch":2}} -> "data.prefetch=2". Strings are written without quotes.
std::string describeMergePatch(const nlohmann::json& patch);

/// A value as a user would type it: strings bare, everything else as compact JSON.
std::string valueText(const nlohmann::json& value);

}  // namespace es
