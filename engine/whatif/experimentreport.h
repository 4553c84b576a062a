#pragma once

// The results of an experiment as the CLI prints them: a table, one row per configuration, or
// the `--json` document (docs/whatif.md). Measured numbers and projected ones are labelled apart.

#include "engine/whatif/experiment.h"
#include "engine/whatif/experimentresults.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace es {

struct ScriptExperimentPlan;

/// Identifies the `whatif --json` document; the version grows when a field changes meaning or
/// goes away (new fields alone keep it).
inline constexpr std::string_view kWhatifFormat = "epochscope-whatif";
inline constexpr int kWhatifFormatVersion = 1;

/// Everything the table and the document show.
struct ExperimentReport {
    std::int64_t experimentId = 0;  ///< 0 when not recorded
    std::string name;
    std::string createdAt;  ///< stored experiments only
    ExperimentSettings settings;
    std::vector<std::string> skipped;
    std::vector<std::string> notes;
    std::vector<VariantResult> rows;
    std::vector<ExperimentRun> runs;
    bool stopped = false;  ///< ended early: Ctrl+C, a signal, Stop (live experiments only)
    /// A Python script's experiment (scriptexperiment.h): its epochs are counted in its runs,
    /// when a run got through one, rather than worked out from a config.
    bool script = false;

    /// Whether every planned run of every configuration was measured.
    bool complete() const;
};

/// The report of a live experiment.
ExperimentReport makeReport(const ExperimentPlan& plan, const ExperimentOutcome& outcome);
/// The report of a live script's experiment.
ExperimentReport makeReport(const ScriptExperimentPlan& plan, const ExperimentOutcome& outcome);
/// The report of a stored one, with the same numbers as when it ran.
ExperimentReport makeReport(const StoredExperiment& experiment);

/// The table with a header line and a footnote on what is projected.
std::string formatReportTable(const ExperimentReport& report);

/// The `--json` document.
nlohmann::json reportJson(const ExperimentReport& report);

/// "Forward -12.1 ms, Data wait -3.0 ms".
std::string phaseChangesText(const std::vector<PhaseChange>& changes);

}  // namespace es
