#pragma once

namespace es {

/// How much a log line matters: the CLI prefixes warnings and errors, the app colours them.
enum class LogLevel { Info, Warning, Error };

}  // namespace es
