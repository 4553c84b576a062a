#include "cli/interrupt.h"

#include "cli/exitstatus.h"
#include "engine/i18n/translate.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstddef>
#include <system_error>

namespace es {

namespace {

constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};
constexpr std::size_t kStopSignalCount = std::size(kStopSignals);

// Signal handlers may only touch lock-free atomics. All of these are constant-initialised, so
// they are usable from the preinit entry, before any constructor has run.
std::atomic<int> g_first{0};
std::atomic<int> g_received{0};
static_assert(std::atomic<int>::is_always_lock_free);

// Written by deferStopSignals() and releaseStopSignals() only, which run on one thread: first
// from the preinit entry, before any thread exists, then from the command on the main thread.
bool g_deferred = false;
bool g_caught[kStopSignalCount] = {};
struct sigaction g_previous[kStopSignalCount] = {};

extern "C" void onStopSignal(int signal)
{
    int none = 0;
    g_first.compare_exchange_strong(none, signal);
    if (g_received.fetch_add(1) > 0)
        ::_exit(exitStatusForSignal(signal));  // async-signal-safe, unlike std::exit
}

}  // namespace

bool deferStopSignals() noexcept
{
    if (g_deferred)
        return true;
    for (std::size_t i = 0; i < kStopSignalCount; ++i) {
        if (::sigaction(kStopSignals[i], nullptr, &g_previous[i]) != 0)
            return false;
        // Whoever started us asked for this signal to be ignored (nohup, a script's `cmd &`):
        // catching it would undo that.
        g_caught[i] = g_previous[i].sa_handler != SIG_IGN;
        if (!g_caught[i])
            continue;
        struct sigaction action {};
        action.sa_handler = onStopSignal;
        sigemptyset(&action.sa_mask);
        // Blocking calls in LibTorch, SQLite and the C library resume instead of failing with
        // EINTR.
        action.sa_flags = SA_RESTART;
        if (::sigaction(kStopSignals[i], &action, nullptr) != 0)
            return false;
    }
    g_deferred = true;
    return true;
}

void releaseStopSignals()
{
    if (!g_deferred)
        return;
    for (std::size_t i = 0; i < kStopSignalCount; ++i) {
        if (g_caught[i])
            ::sigaction(kStopSignals[i], &g_previous[i], nullptr);
        g_caught[i] = false;
    }
    g_deferred = false;
    const int pending = g_first.exchange(0);
    g_received = 0;
    if (pending != 0)
        std::raise(pending);
}

int stopSignal()
{
    return g_first.load();
}

const char* stopSignalName(int signal)
{
    switch (signal) {
        case SIGINT: return "SIGINT";
        case SIGTERM: return "SIGTERM";
        case SIGHUP: return "SIGHUP";
        default: return "signal";
    }
}

InterruptGuard::InterruptGuard()
{
    if (!deferStopSignals())
        throw std::system_error(
            errno, std::generic_category(),
            engineText("Interrupt", "cannot install the handler of SIGINT, SIGTERM and SIGHUP"));
}

}  // namespace es
