#pragma once

// What the dashboard draws: every record of one run, live (appended as the engine reports
// them) or reopened from the run store. Plain data; the charts keep what they have drawn and
// read only what is new.

#include "engine/core/records.h"

#include <QtCore/QString>

#include <vector>

namespace es::ui {

struct RunTimeline {
    QString name;           ///< the run's name ("quick-demo")
    QString device;         ///< "cpu", "cuda:0"
    int epochsPlanned = 0;  ///< 0 until the run started
    int batchesPerEpoch = 0;
    std::vector<BatchRecord> batches;   ///< in step order
    std::vector<EpochRecord> epochs;    ///< completed epochs, in order
    std::vector<SystemSample> samples;  ///< system sampler readings, in time order

    void clear() { *this = RunTimeline(); }
};

}  // namespace es::ui
