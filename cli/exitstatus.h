#pragma once

namespace es {

/// epochscope-cli's exit statuses (docs/cli.md), stable for scripts and CI.
enum ExitStatus : int {
    kExitFinished = 0,
    kExitRunFailed = 1,      ///< the run failed, or its summary could not be written
    kExitBadInput = 2,       ///< bad flags, config, preset name or file: nothing ran
    kExitInterrupted = 130,  ///< 128 + SIGINT, as shells report Ctrl+C
};

/// Shells report a process that a signal ended as 128 + the signal's number; a command that a
/// stop signal ended early says the same (130 SIGINT, 143 SIGTERM, 129 SIGHUP).
constexpr int kExitSignalBase = 128;

/// The exit status of a command stopped by `signal`. Async-signal-safe.
constexpr int exitStatusForSignal(int signal)
{
    return kExitSignalBase + signal;
}

}  // namespace es
