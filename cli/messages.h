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

}  // namespace es
