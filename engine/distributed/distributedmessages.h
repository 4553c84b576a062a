#pragma once

// The words of the distributed LibTorch sources (dataparallel.cpp, processgroup.cpp,
// rendezvousstore.cpp, processgroupunavailable.cpp), composed in distributedmessages.cpp, which
// includes no LibTorch, so that an edit of engine/i18n/translate.h recompiles none of them
// (engine/train/trainingmessages.h says why). All but bucketedAllReduceRecord() are in
// engineLanguage().

#include <cstdint>
#include <string>
#include <vector>

namespace es {

// Meeting the other ranks.
std::string rendezvousNeededText();
/// `ranks` (their numbers) did not arrive at `where` within `seconds`.
std::string ranksDidNotArriveText(const std::vector<std::string>& ranks, const std::string& where,
                                  const std::string& seconds);
std::string rankOutsideWorldText(int rank, int worldSize);
std::string rankStoppedMeetingText(int rank, int worldSize, const std::string& meeting);
std::string rankCouldNotMeetText(int rank, int worldSize, const std::string& meeting,
                                 const std::string& error);
std::string storeKeyRemovedText(const std::string& where, const std::string& key);
/// Waited `seconds` at `where` for `missing` keys, which no rank set.
std::string storeKeysMissingText(const std::string& seconds, const std::string& where,
                                 const std::vector<std::string>& missing);
std::string builtWithoutGlooText();

// The ranks, and what one of them was doing when it failed.
/// "rank 1 on host (pid 42)", as a message names another rank.
std::string rankOnHostText(int rank, const std::string& host, std::int64_t pid);
/// `otherRanks` (rankOnHostText()'s words): the one that ended, or all of them when more.
std::string otherRanksLostText(const std::vector<std::string>& otherRanks);

enum class GroupOperation { AllReduce, Broadcast, Gather, StoreWrite, StoreRead, Barrier };
std::string groupOperationText(GroupOperation operation);
std::string groupOperationFailedText(int rank, GroupOperation operation, const std::string& error);

// Ranks that train different configs.
std::string ranksConfigDiffersText(int differing, int worldSize);
/// The field's value in rank 0's config and in `rank`'s; absentValueText() where one has none.
std::string fieldDiffersBetweenRanksText(const std::string& rankZeroValue, int rank,
                                         const std::string& value);
std::string absentValueText();

/// How the ranks sum their gradients, as the run records it (English, shown through
/// recordedText()).
std::string bucketedAllReduceRecord(bool overlapped, int worldSize, double bucketMegabytes);

}  // namespace es
