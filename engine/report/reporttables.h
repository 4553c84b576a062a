#pragma once

// The comparison as sections of tables of text, the same for every format people read
// (Markdown, HTML), so that they show the same rows with the same figures. Cells hold plain
// text; each writer escapes it for its own format.

#include "engine/report/runcomparison.h"

#include <optional>
#include <string>
#include <vector>

namespace es {

struct ReportCell {
    std::string text;
    /// A bar of this length (0..1) drawn with the text, where a format can draw one.
    std::optional<double> bar;
    /// Shown as code (a config path or value), where a format has code.
    bool code = false;
};

struct ReportTable {
    std::string caption;  ///< a line above the table; may be empty
    std::vector<std::string> headers;
    std::vector<bool> numeric;  ///< per column: right-aligned figures
    std::vector<std::vector<ReportCell>> rows;
};

struct ReportSection {
    std::string anchor;  ///< stable id: "runs", "config"
    std::string title;
    std::vector<std::string> paragraphs;
    std::vector<ReportTable> tables;
};

/// "Comparison of 2 runs: A #1 quick-demo, B #2 pinned".
std::string reportTitle(const RunComparison& comparison);

/// The sections in the order every readable report shows them.
std::vector<ReportSection> reportSections(const RunComparison& comparison);

}  // namespace es
