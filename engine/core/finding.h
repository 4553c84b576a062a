#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

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
};

inline nlohmann::json findingJson(const Finding& finding)
{
    return {{"id", finding.id},
            {"severity", std::string(severityKey(finding.severity))},
            {"title", finding.title},
            {"evidence", finding.evidence},
            {"recommendation", finding.recommendation},
            {"patch", finding.patch}};
}

}  // namespace es
