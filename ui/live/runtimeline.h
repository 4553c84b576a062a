#pragma once

// What the dashboard draws: every record of one run, live (appended as the engine reports
// them) or reopened from the run store. Plain data; the charts keep what they have drawn and
// read only what is new.

#include "engine/core/records.h"

#include <QtCore/QString>

#include <cstddef>
#include <map>
#include <vector>

namespace es::ui {

struct RunTimeline {
    QString name;           ///< the run's name ("quick-demo")
    QString device;         ///< "cpu", "cuda:0"
    int epochsPlanned = 0;  ///< 0 until the run started
    int batchesPerEpoch = 0;
    int worldSize = 1;                  ///< processes that trained the run together
    std::vector<RankMember> ranks;      ///< each rank with its host; empty for one process
    std::vector<BatchRecord> batches;   ///< in step order (rank 0's in a distributed run)
    std::vector<EpochRecord> epochs;    ///< completed epochs, in order
    std::vector<SystemSample> samples;  ///< system sampler readings, in time order
    /// A distributed run's steps of ranks 1.., by rank, in step order. They arrive an epoch at
    /// a time (gathered by rank 0 at each epoch's end), so they trail `batches` while live.
    std::map<int, std::vector<BatchRecord>> rankBatches;

    void clear() { *this = RunTimeline(); }

    /// The steps of `rank` (0: `batches`); empty for a rank without any.
    const std::vector<BatchRecord>& stepsOf(int rank) const
    {
        static const std::vector<BatchRecord> kNone;
        if (rank == 0)
            return batches;
        const auto found = rankBatches.find(rank);
        return found == rankBatches.end() ? kNone : found->second;
    }

    /// Steps of ranks 1.. together: grows whenever another rank's steps arrive.
    std::size_t rankStepCount() const
    {
        std::size_t count = 0;
        for (const auto& entry : rankBatches)
            count += entry.second.size();
        return count;
    }
};

}  // namespace es::ui
