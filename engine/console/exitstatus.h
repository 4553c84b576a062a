#pragma once

namespace es {

/// epochscope-cli's exit statuses (docs/cli.md), stable for scripts and CI.
enum ExitStatus : int {
    kExitFinished = 0,
    kExitRunFailed = 1,      ///< the run failed, or its summary could not be written
    kExitBadInput = 2,       ///< bad flags, config, preset name or file: nothing ran
    kExitInterrupted = 130,  ///< 128 + SIGINT, as shells report Ctrl+C
};

}  // namespace es
