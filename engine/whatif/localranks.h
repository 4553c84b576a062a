#pragma once

// What-if measures `distributed.world_size` on this machine (docs/whatif.md): a variant of N
// ranks trains as N sessions of this process, each on its own engine thread, meeting at a
// c10d file store in the run's scratch directory, with the machine's cores split between
// them as `epochscope-cli train --nproc N` splits them. Rank 0 is the run that is recorded
// and measured; this holds the others.

#include "engine/config/runconfigfwd.h"
#include "engine/train/trainingsession.h"

#include <memory>
#include <string>
#include <vector>

namespace es {

/// `config` as rank 0 of its local ranks: rendezvous at a file under `scratchDirectory`
/// (created), and, when device.intra_op_threads is 0, the physical cores divided by the ranks
/// (at least one) for each. A config of one process is returned as it is.
RunConfig asLocalRankZero(RunConfig config, const std::string& scratchDirectory);

/// Ranks 1 to N-1 of a rank-0 config made by asLocalRankZero(); none for one process.
class LocalRanks {
public:
    /// Starts them; a rank that cannot start is kept as its error (rank 0, which has the same
    /// config, then fails at the meeting and says so).
    explicit LocalRanks(const RunConfig& rankZero);
    ~LocalRanks();  ///< stops and joins the ranks still running
    LocalRanks(const LocalRanks&) = delete;
    LocalRanks& operator=(const LocalRanks&) = delete;

    void requestStop();
    /// Waits for every rank to end.
    void join();

private:
    std::vector<std::unique_ptr<TrainingSession>> m_sessions;
};

}  // namespace es
