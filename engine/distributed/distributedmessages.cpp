#include "engine/distributed/distributedmessages.h"

#include "engine/config/jsonreader.h"
#include "engine/i18n/recordedtext.h"
#include "engine/i18n/translate.h"

#include <string_view>

namespace es {

std::string rendezvousNeededText()
{
    return engineText("DataParallel",
                      "a run of several processes needs a rendezvous: set distributed.init to "
                      "tcp://HOST:PORT or file:PATH, or start it with epochscope-cli train "
                      "--nproc N, torchrun or --master");
}

std::string ranksDidNotArriveText(const std::vector<std::string>& ranks, const std::string& where,
                                  const std::string& seconds)
{
    const char* pattern =
        ranks.size() == 1 ? engineText("ProcessGroup", "rank %1 did not arrive at %2 within %3 s")
                          : engineText("ProcessGroup", "ranks %1 did not arrive at %2 within %3 s");
    return fillText(pattern, {listText(ranks), where, seconds});
}

std::string rankOutsideWorldText(int rank, int worldSize)
{
    return fillText(engineText("ProcessGroup", "rank %1 is outside a world of %2 processes"),
                    {std::to_string(rank), std::to_string(worldSize)});
}

std::string rankStoppedMeetingText(int rank, int worldSize, const std::string& meeting)
{
    return fillText(
        engineText("ProcessGroup", "rank %1 of %2 stopped while meeting the others at %3"),
        {std::to_string(rank), std::to_string(worldSize), meeting});
}

std::string rankCouldNotMeetText(int rank, int worldSize, const std::string& meeting,
                                 const std::string& error)
{
    return fillText(engineText("ProcessGroup",
                               "rank %1 of %2 could not meet the others at %3 (distributed.init, "
                               "distributed.interface, distributed.timeout_s): %4"),
                    {std::to_string(rank), std::to_string(worldSize), meeting, error});
}

std::string storeKeyRemovedText(const std::string& where, const std::string& key)
{
    return fillText(
        engineText("RendezvousStore", "%1: the key \"%2\" was removed while it was read"),
        {where, key});
}

std::string storeKeysMissingText(const std::string& seconds, const std::string& where,
                                 const std::vector<std::string>& missing)
{
    return fillText(engineText("RendezvousStore", "waited %1 s at %2 for %3, which no rank set"),
                    {seconds, where, listText(missing)});
}

std::string builtWithoutGlooText()
{
    return engineText("ProcessGroup",
                      "this EpochScope was built without Gloo's headers (Debian: libgloo-dev), "
                      "so it cannot train on several processes; set distributed.world_size to 1");
}

std::string rankOnHostText(int rank, const std::string& host, std::int64_t pid)
{
    return fillText(engineText("DataParallel", "rank %1 on %2 (pid %3)"),
                    {std::to_string(rank), host, std::to_string(pid)});
}

std::string otherRanksLostText(const std::vector<std::string>& otherRanks)
{
    if (otherRanks.size() == 1)
        return fillText(engineText("DataParallel", "%1 ended or cannot be reached"),
                        {otherRanks.front()});
    return fillText(
        engineText("DataParallel", "one of the other ranks ended or cannot be reached: %1"),
        {joinNames(std::vector<std::string_view>(otherRanks.begin(), otherRanks.end()))});
}

std::string groupOperationText(GroupOperation operation)
{
    switch (operation) {
        case GroupOperation::AllReduce: return engineText("ProcessGroup", "all-reduce");
        case GroupOperation::Broadcast: return engineText("ProcessGroup", "broadcast");
        case GroupOperation::Gather: return engineText("ProcessGroup", "gather");
        case GroupOperation::StoreWrite: return engineText("ProcessGroup", "writing to the store");
        case GroupOperation::StoreRead: return engineText("ProcessGroup", "reading the store");
        case GroupOperation::Barrier: return engineText("ProcessGroup", "barrier");
    }
    return {};
}

std::string groupOperationFailedText(int rank, GroupOperation operation, const std::string& error)
{
    return fillText(engineText("ProcessGroup", "rank %1: %2 failed: %3"),
                    {std::to_string(rank), groupOperationText(operation), error});
}

std::string ranksConfigDiffersText(int differing, int worldSize)
{
    return fillText(engineText("DataParallel",
                               "%1 of the %2 ranks train a config that differs from rank 0's; "
                               "their messages name the field"),
                    {std::to_string(differing), std::to_string(worldSize)});
}

std::string fieldDiffersBetweenRanksText(const std::string& rankZeroValue, int rank,
                                         const std::string& value)
{
    return fillText(engineText("DataParallel",
                               "differs between the ranks: rank 0 has %1, rank %2 has %3; every "
                               "rank must train the same config"),
                    {rankZeroValue, std::to_string(rank), value});
}

std::string absentValueText()
{
    return engineText("DataParallel", "nothing");
}

std::string bucketedAllReduceRecord(bool overlapped, int worldSize, double bucketMegabytes)
{
    const char* pattern = overlapped
                              ? markedText("RunRecord",
                                           "bucketed all-reduce during backward over c10d Gloo, %1 "
                                           "processes, buckets of %2 MiB")
                              : markedText("RunRecord",
                                           "bucketed all-reduce after backward over c10d Gloo, %1 "
                                           "processes, buckets of %2 MiB");
    return fillText(pattern, {std::to_string(worldSize), formatNumber(bucketMegabytes)});
}

}  // namespace es
