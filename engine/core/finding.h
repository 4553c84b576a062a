#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
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
