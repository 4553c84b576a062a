#include "cli/interrupt.h"

#include "cli/exitstatus.h"
#include "cli/rankenvironment.h"
#include "engine/i18n/translate.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstring>
#include <system_error>

namespace es {

namespace {

// Signal handlers may only touch lock-free atomics. All of these are constant-initialised, so
// they are usable from the preinit entry, before any constructor has run.
std::atomic<int> g_first{0};
std::atomic<int> g_received{0};
// The `train --nproc` that started this process (kLauncherPidVariable), 0 when none did.
std::atomic<int> g_launcher{0};
static_assert(std::atomic<int>::is_always_lock_free);

// Written by deferStopSignals() and releaseStopSignals() only, which run on one thread: first
// from the preinit entry, before any thread exists, then from the command on the main thread.
bool g_deferred = false;
bool g_caught[kStopSignalCount] = {};
struct sigaction g_previous[kStopSignalCount] = {};

extern "C" void onStopSignal(int signal, siginfo_t* info, void*)
{
    int none = 0;
    g_first.compare_exchange_strong(none, signal);
    // The launcher forwards a signal that was sent to it with kill(2), which may have been sent
    // to this process too (to the whole process group, or to every process of a Slurm step):
    // its copy asks for the same stop, never for the second, impatient one.
    const int launcher = g_launcher.load();
    if (launcher != 0 && info != nullptr && info->si_code == SI_USER && info->si_pid == launcher)
        return;
    if (g_received.fetch_add(1) > 0)
        ::_exit(exitStatusForSignal(signal));  // async-signal-safe, unlike std::exit
}

/// The value of variable `name` in `environment`, nullptr when it is not there.
/// Async-signal-safe, unlike getenv, which the preinit entry could not use anyway: the C
/// library has not set `environ` yet when it runs.
const char* findVariable(char* const* environment, const char* name)
{
    const std::size_t length = std::strlen(name);
    for (char* const* entry = environment; entry != nullptr && *entry != nullptr; ++entry) {
        if (std::strncmp(*entry, name, length) == 0 && (*entry)[length] == '=')
            return *entry + length + 1;
    }
    return nullptr;
}

/// Puts onStopSignal in place for `signal`; false when sigaction failed.
bool installStopHandler(int signal) noexcept
{
    struct sigaction action {};
    action.sa_sigaction = onStopSignal;
    sigemptyset(&action.sa_mask);
    // Blocking calls in LibTorch, SQLite and the C library resume instead of failing with
    // EINTR. SA_SIGINFO tells a signal the launcher forwarded from the others.
    action.sa_flags = SA_RESTART | SA_SIGINFO;
    return ::sigaction(signal, &action, nullptr) == 0;
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
        if (g_caught[i] && !installStopHandler(kStopSignals[i]))
            return false;
    }
    g_deferred = true;
    return true;
}

void reclaimStopSignals() noexcept
{
    if (!g_deferred)
        return;
    for (std::size_t i = 0; i < kStopSignalCount; ++i) {
        struct sigaction current {};
        if (!g_caught[i] || ::sigaction(kStopSignals[i], nullptr, &current) != 0)
            continue;
        if ((current.sa_flags & SA_SIGINFO) != 0 && current.sa_sigaction == onStopSignal)
            continue;
        installStopHandler(kStopSignals[i]);
    }
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

void noteLauncher(char* const* environment) noexcept
{
    const char* value = findVariable(environment, kLauncherPidVariable);
    if (value == nullptr)
        return;
    // A process id has at most 7 digits (pid_max is at most 2^22); anything else is not one.
    constexpr int kMaxPidDigits = 7;
    int pid = 0;
    int digits = 0;
    for (; value[digits] >= '0' && value[digits] <= '9' && digits <= kMaxPidDigits; ++digits)
        pid = pid * 10 + (value[digits] - '0');
    if (value[digits] == '\0' && digits > 0 && digits <= kMaxPidDigits)
        g_launcher = pid;
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
    noteLauncher(environ);
    if (!deferStopSignals())
        throw std::system_error(
            errno, std::generic_category(),
            engineText("Interrupt", "cannot install the handler of SIGINT, SIGTERM and SIGHUP"));
}

}  // namespace es
