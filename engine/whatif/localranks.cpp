#include "engine/whatif/localranks.h"

#include "engine/config/runconfig.h"
#include "engine/env/cpuinfo.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <filesystem>

namespace es {

namespace {

constexpr std::chrono::milliseconds kJoinPoll{50};

}  // namespace

RunConfig asLocalRankZero(RunConfig config, const std::string& scratchDirectory)
{
    const int ranks = config.distributed.worldSize;
    if (ranks <= 1)
        return config;
    std::error_code ignored;
    std::filesystem::create_directories(scratchDirectory, ignored);
    config.rank = 0;
    config.distributed.init =
        "file:" + (std::filesystem::path(scratchDirectory) / "rendezvous").string();
    if (config.device.intraOpThreads == 0)
        config.device.intraOpThreads = std::max(1, readCpuTopology().physicalCores / ranks);
    return config;
}

LocalRanks::LocalRanks(const RunConfig& rankZero)
{
    for (int rank = 1; rank < rankZero.distributed.worldSize; ++rank) {
        RunConfig config = rankZero;
        config.rank = rank;
        auto session = std::make_unique<TrainingSession>(config);
        try {
            session->start();
        } catch (const std::exception&) {
            // Rank 0 waits for this rank at the meeting until distributed.timeout_s and then
            // fails naming it; its own start checked the same config, so this is rare.
            continue;
        }
        m_sessions.push_back(std::move(session));
    }
}

LocalRanks::~LocalRanks()
{
    requestStop();
    join();
}

void LocalRanks::requestStop()
{
    for (const auto& session : m_sessions)
        session->requestStop();
}

void LocalRanks::join()
{
    for (const auto& session : m_sessions)
        while (!session->waitFor(kJoinPoll)) {
        }
}

}  // namespace es
