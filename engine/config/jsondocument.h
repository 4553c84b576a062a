#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>

namespace es {

/// The indent of the JSON that EpochScope writes for people to read: reports, `--json` output.
inline constexpr int kJsonIndent = 2;

/// `value`, or JSON null for a figure that was not measured.
inline nlohmann::json numberOrNull(const std::optional<double>& value)
{
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

/// Parses user-written JSON text. A syntax error throws ConfigError at `<origin>@byte N` (the
/// parser's 1-based position) with the line, column and what was expected. Duplicate keys,
/// which JSON parsers silently resolve to the last value, throw ConfigError at their JSON
/// path, as does nesting far deeper than any config needs.
nlohmann::json parseJsonDocument(std::string_view text, std::string_view origin);

}  // namespace es
