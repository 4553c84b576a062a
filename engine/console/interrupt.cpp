#include "console/interrupt.h"

#include "console/exitstatus.h"
#include "i18n/translate.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <system_error>

namespace es {

namespace {

// Signal handlers may only touch lock-free atomics.
std::atomic<int> g_interrupts{0};
static_assert(std::atomic<int>::is_always_lock_free);

struct sigaction g_previous {};

extern "C" void onInterrupt(int)
{
    if (g_interrupts.fetch_add(1) > 0)
        ::_exit(kExitInterrupted);  // async-signal-safe, unlike std::exit
}

}  // namespace

InterruptGuard::InterruptGuard()
{
    g_interrupts = 0;
    struct sigaction action {};
    action.sa_handler = onInterrupt;
    sigemptyset(&action.sa_mask);
    // Blocking calls in LibTorch and the C library resume instead of failing with EINTR.
    action.sa_flags = SA_RESTART;
    if (::sigaction(SIGINT, &action, &g_previous) != 0)
        throw std::system_error(errno, std::generic_category(),
                                engineText("Interrupt", "cannot install SIGINT handler"));
}

InterruptGuard::~InterruptGuard()
{
    ::sigaction(SIGINT, &g_previous, nullptr);
}

bool InterruptGuard::requested() const
{
    return g_interrupts.load() > 0;
}

}  // namespace es
