#include "console/messages.h"

#include <cstdio>

namespace es {

namespace {

void printLine(const char* kind, const std::string& message)
{
    std::fflush(stdout);
    std::fprintf(stderr, "epochscope-cli: %s: %s\n", kind, message.c_str());
}

}  // namespace

void printError(const std::string& message)
{
    printLine("error", message);
}

void printWarning(const std::string& message)
{
    printLine("warning", message);
}

void printConfigIssues(const ConfigError& error)
{
    for (const ConfigIssue& issue : error.issues())
        printError(issue.path.empty() ? issue.message : issue.path + ": " + issue.message);
}

}  // namespace es
