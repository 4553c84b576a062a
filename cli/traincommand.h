#pragma once

#include "engine/config/runconfigfwd.h"

#include <cstdint>
#include <string>

namespace es {

struct TrainCommandOptions {
    std::string jsonOut;  ///< where to write the run summary; empty for none
    bool quiet = false;   ///< errors only on the console
    /// The run database to record into (RunStore::defaultPath() by default); empty records
    /// nothing.
    std::string database;
    /// A recorded run (in `baselineDatabase`) to measure this run's scaling efficiency
    /// against; 0 for none.
    std::int64_t baselineRun = 0;
    std::string baselineDatabase;
};

/// `epochscope-cli train` once the config is settled: trains it with console output (live
/// progress on a terminal, epoch lines otherwise), stops after the current batch on the first
/// Ctrl+C, records the run into the run database as it goes (a database that cannot be opened
/// or written is a warning: the run goes on), writes the summary (docs/summary.md) atomically,
/// and returns the exit status (cli/exitstatus.h). A rank other than 0 of a distributed run
/// (config.rank) records nothing, writes no summary and prints only warnings and errors, each
/// line starting with `rank N: `: rank 0 speaks and writes for the run.
int runTrainCommand(const RunConfig& config, const TrainCommandOptions& options);

}  // namespace es
