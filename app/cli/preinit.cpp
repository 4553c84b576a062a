// epochscope-cli's first code: entries of .preinit_array, which the loader runs before any
// library's static constructors. Compiled into the executable itself (app/CMakeLists.txt):
// nothing references them, so from a static library the linker would leave them out.
#include "cli/interrupt.h"
#include "engine/core/threadname.h"

#include <csignal>

namespace {

/// Defers SIGINT, SIGTERM and SIGHUP (cli/interrupt.h) from the first instruction of ours
/// that runs, then unblocks them. Preinit entries run once the dynamic loader has mapped and
/// relocated the libraries (a tenth to a third of a second, in which nothing of ours can run) and
/// before every library's static constructors, LibTorch's among them, which take about a second
/// more. A signal in that second would otherwise end the process at once; now `train` and
/// `whatif` record it as a stopped run, and the other commands end with it as soon as they know
/// they cannot stop gracefully. A failure to defer comes back with its reason from the
/// command's own InterruptGuard.
///
/// The loader's time is covered by the launcher the user runs as epochscope-cli
/// (app/clilauncher/main.cpp): it blocks these signals before it executes this program, and the
/// mask and any signal pending under it survive execve. Unblocking them here, with the handler
/// in place, delivers such a signal to the handler, which takes it as a Ctrl+C at the start.
/// Started without the launcher, nothing is blocked and this changes nothing. Only a signal
/// that arrives while the kernel still executes the launcher, before its first instruction (a
/// millisecond or less), ends the process at once. A parent that started the CLI with these
/// signals blocked finds them unblocked: stopping a run needs them.
void deferStopSignalsFromTheStart(int, char**, char** environment)
{
    es::noteLauncher(environment);
    es::deferStopSignals();
    // Also when deferring failed: blocked for good, the signals could not stop the process.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGTERM);
    sigaddset(&stopSignals, SIGHUP);
    sigprocmask(SIG_UNBLOCK, &stopSignals, nullptr);
}

/// The kernel names a process after the file it executes, here epochscope-cli-engine, cut to
/// "epochscope-cli-". The name the user started is what `ps -e`, `top` and `pkill -x` look for;
/// before any thread starts, so that LibTorch's workers inherit it as before the launcher.
void nameTheProcessAsStarted(int, char**, char**)
{
    es::nameThisThread("epochscope-cli");
}

using PreinitEntry = void (*)(int, char**, char**);
// NOLINTNEXTLINE(cppcoreguidelines-avoid-non-const-global-variables): the loader reads them
__attribute__((section(".preinit_array"), used))
PreinitEntry g_preinitEntries[] = {deferStopSignalsFromTheStart, nameTheProcessAsStarted};

}  // namespace
