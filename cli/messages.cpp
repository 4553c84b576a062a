#include "cli/messages.h"

#include "engine/core/text.h"
#include "engine/i18n/translate.h"

#include <cstdio>

namespace es {

namespace {

// Set once by `train` before its threads start, read by every line after that.
std::string g_rankPrefix;

/// `pattern` filled with `message`, on a line of its own on stderr. A message can quote what
/// a user or a file wrote (a path, a run's name): its controls are shown escaped, its line
/// breaks kept.
void printLine(const char* pattern, const std::string& message)
{
    std::fflush(stdout);
    std::fprintf(stderr, "%s%s\n", g_rankPrefix.c_str(),
                 fillText(pattern, {escapeControls(message, LineBreaks::Keep)}).c_str());
}

}  // namespace

void printError(const std::string& message)
{
    printLine(engineText("Messages", "epochscope-cli: error: %1"), message);
}

void printWarning(const std::string& message)
{
    printLine(engineText("Messages", "epochscope-cli: warning: %1"), message);
}

void printConfigIssues(const ConfigError& error)
{
    for (const ConfigIssue& issue : error.issues())
        printError(configIssueText(issue));
}

std::string rankLinePrefix(int rank)
{
    if (rank == 0)
        return {};
    return fillText(engineText("Messages", "rank %1: "), {std::to_string(rank)});
}

void setMessageRank(int rank)
{
    g_rankPrefix = rankLinePrefix(rank);
}

}  // namespace es
