#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace es {

enum class Severity { Info, Warning, Critical };

inline std::string_view severityKey(Severity severity)
{
    switch (severity) {
        case Severity::Info: return "info";
        case Severity::Warning: return "warning";
        case Severity::Critical: return "critical";
    }
    return "info";
}

/// The severity a key names; Info for anything else (a key from a newer version).
inline Severity severityFromKey(std::string_view key)
{
    if (key == "critical")
        return Severity::Critical;
    if (key == "warning")
        return Severity::Warning;
    return Severity::Info;
}

/// Something found about a run or the machine, with the numbers that show it and what to do.
struct Finding {
    std::string id;  ///< stable key of the rule ("reference-blas", "too-few-threads")
    Severity severity = Severity::Info;
    std::string title;           ///< one line
    std::string evidence;        ///< the measured numbers behind it
    std::string recommendation;  ///< what to change
    /// A config change that applies the fix (JSON merge patch), or null when the fix is
    /// outside the config (installing a package).
    nlohmann::json patch;
    /// The steps the evidence is about, 1-based over the whole run (step 1 is epoch 1's first
    /// batch); unset when the finding is about the run as a whole or the machine.
    std::optional<std::int64_t> firstStep;
    std::optional<std::int64_t> lastStep;
};

/// A recommendation may end in code: a script's findings show their fix as a short
/// before/after snippet (docs/diagnosis.md). The prose, a blank line, then each line of code
/// indented by four spaces, as Markdown shows code; plain text elsewhere reads the same.
inline constexpr std::string_view kRecommendationCodeIndent = "    ";

inline std::string withCodeBlock(std::string text, const std::vector<std::string>& lines)
{
    text += "\n";
    for (const std::string& line : lines)
        text += "\n" + std::string(kRecommendationCodeIndent) + line;
    return text;
}

struct RecommendationParts {
    std::string text;
    std::vector<std::string> code;  ///< without the indent; empty when there is none
};

/// A recommendation split into its prose and its code block (withCodeBlock's layout).
inline RecommendationParts splitRecommendation(const std::string& recommendation)
{
    const std::size_t blank = recommendation.find("\n\n");
    if (blank == std::string::npos)
        return {recommendation, {}};
    RecommendationParts parts{recommendation.substr(0, blank), {}};
    std::size_t start = blank + 2;
    while (start <= recommendation.size()) {
        std::size_t end = recommendation.find('\n', start);
        if (end == std::string::npos)
            end = recommendation.size();
        std::string line = recommendation.substr(start, end - start);
        if (line.compare(0, kRecommendationCodeIndent.size(), kRecommendationCodeIndent) == 0)
            line.erase(0, kRecommendationCodeIndent.size());
        parts.code.push_back(std::move(line));
        start = end + 1;
    }
    return parts;
}

inline nlohmann::json findingJson(const Finding& finding)
{
    const auto step = [](const std::optional<std::int64_t>& value) {
        return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
    };
    return {{"id", finding.id},
            {"severity", std::string(severityKey(finding.severity))},
            {"title", finding.title},
            {"evidence", finding.evidence},
            {"recommendation", finding.recommendation},
            {"patch", finding.patch},
            {"first_step", step(finding.firstStep)},
            {"last_step", step(finding.lastStep)}};
}

}  // namespace es
