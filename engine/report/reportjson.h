#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace es {

struct RunComparison;

/// Identifies comparison documents; the version grows when a field changes meaning or goes
/// away (new fields alone keep it).
inline constexpr std::string_view kComparisonFormat = "epochscope-comparison";
inline constexpr int kComparisonFormatVersion = 1;

/// The whole comparison as JSON, field by field as docs/reports.md describes it; null where a
/// run did not record a value.
nlohmann::json comparisonJson(const RunComparison& comparison);

/// comparisonJson() as indented text with a final line break.
std::string writeJson(const RunComparison& comparison);

}  // namespace es
