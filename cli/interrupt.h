#pragma once

#include <csignal>
#include <cstddef>
#include <iterator>

namespace es {

/// The signals that ask epochscope-cli to stop: SIGINT (Ctrl+C), SIGTERM (`kill`, `timeout`, a
/// job scheduler) and SIGHUP (the terminal closed). While they are deferred, the first one only
/// records its number, which `train` and `whatif` poll to stop after the current step and still
/// record the run and write its summary; a second one ends the process at once with status
/// 128 + its number, for a user who will not wait. A signal the process was started with
/// ignored (`nohup` ignores SIGHUP; a script's `cmd &` ignores SIGINT) stays ignored.
///
/// epochscope-cli blocks them from its first instruction (a small launcher, app/clilauncher/,
/// that then runs the real program), and the real program defers them in a preinit entry
/// (app/cli/preinit.cpp, before LibTorch's static initialisation) and unblocks them, so that a
/// signal while the loader maps LibTorch, the run database is created or the data loads is
/// neither lost nor fatal. Commands that record
/// nothing give them back to their default action with releaseStopSignals().

/// The stop signals, for the code that defers, blocks or forwards them.
inline constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};
inline constexpr std::size_t kStopSignalCount = std::size(kStopSignals);

/// Defers the stop signals. Async-signal-safe and idempotent, so that it can run before main()
/// and before any constructor; false when sigaction failed (errno says why).
bool deferStopSignals() noexcept;

/// Takes the deferred stop signals back from a library whose static constructor installed a
/// handler of its own after the preinit entry deferred them (Debian 13's UCX, which LibTorch
/// 2.6 loads, takes SIGHUP for its debug mode): a stop signal must stop the run, not wake a
/// library's debugger. main() calls it first. Async-signal-safe; no-op when not deferred.
void reclaimStopSignals() noexcept;

/// Gives the stop signals back their previous action. One that came while they were deferred
/// then takes that action, as if it had arrived now: a command that cannot stop half-way ends
/// as it would have without the deferral.
void releaseStopSignals();

/// Reads kLauncherPidVariable (cli/rankenvironment.h) from `environment` (a null-terminated
/// array of NAME=VALUE, as a preinit entry or main() gets it): this process is a rank that
/// `train --nproc` started. A stop signal that process sends (it forwards the ones sent to
/// it alone, cli/ranklauncher.h) then asks for a stop after the current step but never counts
/// as the second signal, since the same signal may have reached this rank directly too.
/// Async-signal-safe, for the preinit entry; InterruptGuard reads `environ` again.
void noteLauncher(char* const* environment) noexcept;

/// The first stop signal that came while they were deferred, 0 when none came.
int stopSignal();

/// "SIGINT", "SIGTERM" or "SIGHUP" (signal names are not translated).
const char* stopSignalName(int signal);

/// The stop signals deferred for a command that polls them (`train`, `whatif`). A signal that
/// came before the guard existed (while LibTorch started, say) counts: requested() is already
/// true. The handler stays in place until the process exits: once a run has stopped, a later
/// signal has nothing left to stop, and a second one still quits at once.
class InterruptGuard {
public:
    /// Defers the signals where the process did not already do so (a caller other than
    /// epochscope-cli's main); throws std::system_error when sigaction fails.
    InterruptGuard();

    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

    /// Whether a stop signal came.
    bool requested() const { return signal() != 0; }
    /// The first stop signal, 0 when none came.
    int signal() const { return stopSignal(); }
};

}  // namespace es
