#pragma once

// `epochscope-cli compare ID ID... [--out FILE]`: a comparison report of recorded runs
// (docs/reports.md), the first id being the baseline. The format comes from FILE's extension;
// without --out the Markdown report goes to stdout.

#include <cstdint>
#include <string>
#include <vector>

namespace es {

struct CompareOptions {
    std::string database;
    std::vector<std::int64_t> runIds;  ///< two or more distinct ids; the first is the baseline
    std::string out;                   ///< empty: Markdown to stdout
};

/// Writes the report (atomically) and prints where, with one attribution sentence per run
/// after the baseline; 0, or 2 for bad input: fewer than two distinct ids, an unknown id or
/// database, an extension that names no format (or .pdf in a build without cairo), a file
/// that cannot be written.
int runCompareCommand(const CompareOptions& options);

}  // namespace es
