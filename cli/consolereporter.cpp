#include "cli/consolereporter.h"

#include "cli/runbanner.h"
#include "engine/core/records.h"
#include "engine/core/text.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <type_traits>

namespace es {

namespace {

// Moves to the start of the line and erases it: the progress line is redrawn in place.
constexpr const char* kClearLine = "\r\x1b[K";
/// A log line as printed: warnings and errors say which they are.
std::string logLine(LogLevel level, const std::string& message)
{
    switch (level) {
        case LogLevel::Info: return message;
        case LogLevel::Warning:
            return fillText(engineText("ConsoleReporter", "warning: %1"), {message});
        case LogLevel::Error:
            return fillText(engineText("ConsoleReporter", "error: %1"), {message});
    }
    return message;
}

}  // namespace

ConsoleReporter::ConsoleReporter(ConsoleOptions options)
    : m_options(options), m_width(options.width)
{
}

void ConsoleReporter::onRunStarted(const RunInfo& info)
{
    std::lock_guard lock(m_mutex);
    m_batchesPerEpoch = info.batchesPerEpoch;
    m_progress.batchesPerEpoch = info.batchesPerEpoch;
    if (m_options.mode != ConsoleMode::Quiet)
        m_queue.emplace_back(info);
}

void ConsoleReporter::onEpochStarted(int epoch)
{
    if (m_options.mode != ConsoleMode::Tty)
        return;
    std::lock_guard lock(m_mutex);
    m_progress = EpochProgress{epoch, 0, m_batchesPerEpoch, 0.0, std::nullopt};
    m_lossSum = 0.0;
    m_lossWeight = 0.0;
}

void ConsoleReporter::onBatch(const BatchRecord& record)
{
    if (m_options.mode != ConsoleMode::Tty)
        return;
    std::lock_guard lock(m_mutex);
    if (record.epoch != m_progress.epoch) {
        m_progress = EpochProgress{record.epoch, 0, m_batchesPerEpoch, 0.0, std::nullopt};
        m_lossSum = 0.0;
        m_lossWeight = 0.0;
    }
    m_progress.batchesDone = record.batch;
    m_progress.elapsedS += record.wallMs / kMsPerS;
    // Weighted by samples like the epoch's loss, so the last redraw matches the epoch line.
    const double weight = record.samples > 0 ? static_cast<double>(record.samples) : 1.0;
    m_lossSum += record.loss * weight;
    m_lossWeight += weight;
    m_progress.loss = m_lossSum / m_lossWeight;
}

void ConsoleReporter::onEpoch(const EpochRecord& record)
{
    if (m_options.mode == ConsoleMode::Quiet)
        return;
    std::lock_guard lock(m_mutex);
    m_queue.emplace_back(record);
}

void ConsoleReporter::onLog(LogLevel level, const std::string& message)
{
    const bool shownWhenQuiet =
        level == LogLevel::Error || (level == LogLevel::Warning && m_options.quietWarnings);
    if (m_options.mode == ConsoleMode::Quiet && !shownWhenQuiet)
        return;
    std::lock_guard lock(m_mutex);
    m_queue.emplace_back(LogEvent{level, message});
}

void ConsoleReporter::onStateChanged(RunState state)
{
    if (!isTerminal(state))
        return;
    std::lock_guard lock(m_mutex);
    m_queue.emplace_back(state);
}

void ConsoleReporter::setWidth(int width)
{
    m_width = width;
}

void ConsoleReporter::drain(std::FILE* out, std::FILE* err)
{
    std::vector<Event> events;
    EpochProgress latest;
    {
        std::lock_guard lock(m_mutex);
        events.swap(m_queue);
        latest = m_progress;
    }
    for (const Event& event : events) {
        std::visit(
            [&](const auto& value) {
                using T = std::decay_t<decltype(value)>;
                if constexpr (std::is_same_v<T, LogEvent>)
                    print(value, out, err);
                else
                    print(value, out);
            },
            event);
    }
    if (m_options.mode == ConsoleMode::Tty && !m_runEnded)
        redrawProgress(out, latest);
    std::fflush(out);
    if (err != out)
        std::fflush(err);
}

void ConsoleReporter::print(const RunInfo& info, std::FILE* out)
{
    m_epochs = info.epochs;
    endProgressLine(out, false);
    // The header quotes the config (its name, data paths): controls are shown escaped.
    for (const std::string& line : formatRunHeader(info))
        std::fprintf(out, "%s\n", escapeControls(line).c_str());
}

void ConsoleReporter::print(const EpochRecord& record, std::FILE* out)
{
    endProgressLine(out, false);
    std::fprintf(out, "%s\n", formatEpochLine(record, m_epochs).c_str());
    m_lastEpochPrinted = std::max(m_lastEpochPrinted, record.epoch);
}

void ConsoleReporter::print(const LogEvent& log, std::FILE* out, std::FILE* err)
{
    endProgressLine(out, false);
    std::FILE* stream = log.level == LogLevel::Info ? out : err;
    if (stream != out)
        std::fflush(out);  // keeps the order when both streams reach the same terminal
    // Log lines quote paths and values from the config; a message of several lines keeps them.
    const char* prefix = log.level == LogLevel::Info ? "" : m_options.linePrefix.c_str();
    std::fprintf(stream, "%s%s\n", prefix,
                 logLine(log.level, escapeControls(log.message, LineBreaks::Keep)).c_str());
    if (log.level == LogLevel::Error)
        ++m_errorsPrinted;
}

void ConsoleReporter::print(RunState state, std::FILE* out)
{
    m_runEnded = true;
    // A run stopped or failed mid-epoch keeps its last progress line on screen.
    endProgressLine(out, true);
}

void ConsoleReporter::endProgressLine(std::FILE* out, bool keep)
{
    if (!m_lineOpen)
        return;
    std::fputs(keep ? "\n" : kClearLine, out);
    m_lineOpen = false;
    m_shown.reset();
}

void ConsoleReporter::redrawProgress(std::FILE* out, const EpochProgress& latest)
{
    // Progress of an epoch whose line is already printed is stale.
    if (latest.epoch <= m_lastEpochPrinted)
        return;
    if (m_shown && *m_shown == latest)
        return;
    const auto now = std::chrono::steady_clock::now();
    if (m_lineOpen && now - m_lastRedraw < m_options.redrawInterval)
        return;
    std::fprintf(out, "\r%s\x1b[K", formatProgressLine(latest, m_width).c_str());
    m_lineOpen = true;
    m_shown = latest;
    m_lastRedraw = now;
}

}  // namespace es
