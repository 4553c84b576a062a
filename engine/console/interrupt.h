#pragma once

namespace es {

/// Ctrl+C handling for the CLI while it trains. The first SIGINT only raises a flag that the
/// main loop polls, so the run can stop after the current batch and still write its
/// summary; a second SIGINT ends the process at once with status 130 (128 + SIGINT), for
/// a user who will not wait. The previous handler is restored on destruction. One guard
/// at a time.
class InterruptGuard {
public:
    /// Installs the handler; throws std::system_error when sigaction fails.
    InterruptGuard();
    ~InterruptGuard();

    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

    /// Whether SIGINT arrived since the guard was installed.
    bool requested() const;
};

}  // namespace es
