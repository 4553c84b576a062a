#pragma once

#include "cli/progressbar.h"
#include "engine/train/runobserver.h"
#include "engine/train/runresult.h"

#include <chrono>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace es {

enum class ConsoleMode {
    Tty,    ///< live progress line redrawn in place with '\r', plus the plain output
    Plain,  ///< header, one line per epoch, log lines: for pipes, files and CI logs
    Quiet,  ///< errors only (and warnings, with quietWarnings)
};

struct ConsoleOptions {
    ConsoleMode mode = ConsoleMode::Plain;
    int width = 80;  ///< terminal columns (TTY mode)
    /// Redraws of the progress line are at least this far apart: faster than a person reads,
    /// and a terminal that redraws every step can cost more than a small model's step.
    std::chrono::milliseconds redrawInterval{100};
    /// Quiet mode also prints warnings: a distributed run's ranks other than 0 say nothing but
    /// what could go wrong.
    bool quietWarnings = false;
    /// Put before each warning and error line (`rank 1: `), so that the lines of several
    /// processes on one terminal can be told apart.
    std::string linePrefix;
};

/// Prints a run to the console the way Keras' fit() does. Observer calls arrive on the engine
/// thread and only queue events under a short lock (and keep the latest in-epoch progress);
/// all formatting and output happens in drain(), which one other thread (the CLI's main
/// loop) calls periodically.
class ConsoleReporter final : public RunObserver {
public:
    explicit ConsoleReporter(ConsoleOptions options);

    void onRunStarted(const RunInfo& info) override;
    void onEpochStarted(int epoch) override;
    void onBatch(const BatchRecord& record) override;
    void onEpoch(const EpochRecord& record) override;
    /// Also safe to call from any other thread, e.g. for the CLI's own notices.
    void onLog(LogLevel level, const std::string& message) override;
    void onStateChanged(RunState state) override;

    /// Prints everything that arrived since the last call, then (TTY mode, at most every
    /// redrawInterval) the progress line. Warnings and errors go to `err`, the rest to `out`;
    /// both are flushed. Call from one thread only.
    void drain(std::FILE* out, std::FILE* err = stderr);

    /// Error lines printed so far, so that the CLI does not repeat a failed run's error.
    int errorsPrinted() const { return m_errorsPrinted; }

    /// Terminal columns for the next redraws (the terminal may have been resized). Call from
    /// the thread that calls drain().
    void setWidth(int width);

private:
    struct LogEvent {
        LogLevel level;
        std::string message;
    };
    using Event = std::variant<RunInfo, EpochRecord, LogEvent, RunState>;

    void print(const RunInfo& info, std::FILE* out);
    void print(const EpochRecord& record, std::FILE* out);
    void print(const LogEvent& log, std::FILE* out, std::FILE* err);
    void print(RunState state, std::FILE* out);
    void endProgressLine(std::FILE* out, bool keep);
    void redrawProgress(std::FILE* out, const EpochProgress& latest);

    const ConsoleOptions m_options;

    std::mutex m_mutex;
    // Guarded by m_mutex: written on the engine thread.
    std::vector<Event> m_queue;
    EpochProgress m_progress;
    int m_batchesPerEpoch = 0;
    double m_lossSum = 0.0;
    double m_lossWeight = 0.0;

    // drain()'s own state.
    int m_width;
    int m_epochs = 0;
    int m_lastEpochPrinted = 0;
    int m_errorsPrinted = 0;
    bool m_runEnded = false;
    bool m_lineOpen = false;  ///< a progress line is on screen without its newline
    std::optional<EpochProgress> m_shown;
    std::chrono::steady_clock::time_point m_lastRedraw;
};

}  // namespace es
