#pragma once

// The CLI's error and warning lines on stderr, in one format for every command.

#include "engine/config/configerror.h"

#include <string>

namespace es {

/// `epochscope-cli: error: <message>`, after flushing stdout so the lines keep their order.
void printError(const std::string& message);
/// `epochscope-cli: warning: <message>`.
void printWarning(const std::string& message);
/// One error line per issue, `path: message` (just the message for an empty path).
void printConfigIssues(const ConfigError& error);

/// `rank N: ` for a rank other than 0 of a distributed run, empty for rank 0, whose lines read
/// as a single process's: what the lines of the other ranks start with, so that several ranks'
/// lines on one terminal can be told apart.
std::string rankLinePrefix(int rank);

/// Starts this process's error and warning lines with rankLinePrefix(rank) from now on. Call
/// before other threads print.
void setMessageRank(int rank);

}  // namespace es
