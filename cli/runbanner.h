#pragma once

#include "engine/core/text.h"
#include "engine/train/runresult.h"

#include <cstdint>
#include <string>
#include <vector>

namespace es {

/// The lines printed once when a run starts: model size and cost, data, device and threads,
/// the recurrent backend and why it was chosen.
std::vector<std::string> formatRunHeader(const RunInfo& info);

/// One line when the run ends: how it ended, its length, and the numbers that say whether it
/// was slow (steady-state step time, first-epoch ratio, throughput).
std::string formatRunFooter(const RunResult& result);

}  // namespace es
