#pragma once

// Runs a session to its end, for tests that only need its records.

#include "engine/config/runconfig.h"
#include "engine/train/trainingsession.h"

namespace es::test {

inline RunResult runToEnd(const RunConfig& config)
{
    TrainingSession session(config);
    session.start();
    session.wait();
    return session.result();
}

}  // namespace es::test
