#pragma once

#include <cstdint>
#include <string>

namespace es {

// `epochscope-cli runs ...`: the run database from the command line (docs/runs.md). Each
// returns the exit status: 0, or 2 for a run id that is not there, a database that cannot be
// opened, or an output file that cannot be written (the message says which).

/// One line per run, newest first: id, status, name, start time, epochs, steps, device.
int runRunsList(const std::string& database);
/// The run's header, config name, facts, per-epoch times with phase shares, the summary's
/// figures, and the checkpoints and backup its callbacks wrote, each with where it stands now
/// (present, missing, changed, overwritten, deleted by the run).
int runRunsShow(const std::string& database, std::int64_t id);
/// Writes the run as `json` (everything stored), `csv` (one row per step) or `trace` (Chrome
/// Trace Event Format for Perfetto), atomically.
int runRunsExport(const std::string& database, std::int64_t id, const std::string& format,
                  const std::string& out);
int runRunsDelete(const std::string& database, std::int64_t id);

}  // namespace es
