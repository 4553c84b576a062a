#pragma once

#include "engine/store/runstore.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace es {

/// Identifies `runs export --format json` documents (docs/runs.md).
inline constexpr std::string_view kRunExportFormat = "epochscope-run-export";
inline constexpr int kRunExportFormatVersion = 1;

/// Everything stored for a run as one JSON document: the run's header, config, info and
/// summary as stored, every epoch, step (a distributed run's other ranks' under
/// "rank_steps"), system sample, and the files its callbacks wrote ("checkpoints", as
/// recorded).
nlohmann::json runExportJson(const StoredRun& run);

/// One CSV row per step (header row first): epoch, batch, end_s, wall_ms, each phase's
/// milliseconds, loss, samples, h2d_bytes, minor_faults, major_faults, reduced_bytes,
/// overlapped_ms, rank; rank 0's (or the only process's) steps first, then each other rank's.
std::string stepsCsv(const StoredRun& run);

}  // namespace es
