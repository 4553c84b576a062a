#include "cli/progressbar.h"

#include "engine/core/text.h"
#include "engine/i18n/textwidth.h"
#include "engine/i18n/translate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>

namespace es {

namespace {

// Keras' bar width: familiar to the people this tool is for, and it leaves room for the
// loss on an 80-column terminal.
constexpr int kBarWidth = 30;
// Narrower than this a bar stops being readable; the line drops it instead.
constexpr int kMinBarWidth = 10;
// Keras switches to scientific notation at this magnitude so small losses keep digits.
constexpr double kScientificBelow = 1e-3;
constexpr std::string_view kValidationPrefix = "val_";

template <typename... Args>
std::string format(const char* pattern, Args... args)
{
    char buffer[64];
    const int length = std::snprintf(buffer, sizeof buffer, pattern, args...);
    return std::string(buffer, static_cast<std::size_t>(std::max(0, length)));
}

int digitCount(int value)
{
    int digits = 1;
    for (; value >= 10; value /= 10)
        ++digits;
    return digits;
}

std::string counter(const EpochProgress& progress)
{
    if (progress.batchesPerEpoch <= 0)
        return format(" %d/?", progress.batchesDone);
    // The done count is right-aligned to the width of the total so the bar does not jump.
    const int width = digitCount(progress.batchesPerEpoch);
    return format(" %*d/%d", width, progress.batchesDone, progress.batchesPerEpoch);
}

std::string bar(int done, int total, int width)
{
    const int filled = std::min(
        width, static_cast<int>(static_cast<long long>(width) * std::max(0, done) / total));
    std::string text = "[";
    if (filled > 0) {
        text.append(static_cast<std::size_t>(filled - 1), '=');
        text.push_back(done < total ? '>' : '=');
    }
    text.append(static_cast<std::size_t>(width - filled), '.');
    text.push_back(']');
    return text;
}

std::string metric(std::string_view name, double value)
{
    std::string text = " - ";
    text.append(name);
    text += ": ";
    text += formatMetricValue(value);
    return text;
}

}  // namespace

bool EpochProgress::operator==(const EpochProgress& other) const
{
    return epoch == other.epoch && batchesDone == other.batchesDone &&
           batchesPerEpoch == other.batchesPerEpoch && elapsedS == other.elapsedS &&
           loss == other.loss;
}

std::optional<double> epochEtaS(int batchesDone, int batchesPerEpoch, double elapsedS)
{
    if (batchesDone <= 0 || batchesPerEpoch <= 0)
        return std::nullopt;
    const int left = std::max(0, batchesPerEpoch - batchesDone);
    return elapsedS / batchesDone * left;
}

std::string formatEta(double seconds)
{
    const long long total = std::llround(std::max(0.0, seconds));
    if (total >= 3600)
        return format("%lld:%02lld:%02lld", total / 3600, total % 3600 / 60, total % 60);
    if (total >= 60)
        return format("%lld:%02lld", total / 60, total % 60);
    return format("%llds", total);
}

std::string formatMetricValue(double value)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    return format(std::fabs(value) > kScientificBelow ? "%.4f" : "%.4e", value);
}

std::string formatDuration(double seconds)
{
    if (seconds >= 1.0)
        return format("%.1fs", seconds);
    if (seconds >= 1e-3)
        return format("%.0fms", seconds * 1e3);
    return format("%.0fus", seconds * 1e6);
}

std::string formatStepTime(double secondsPerStep)
{
    if (secondsPerStep >= 1.0)
        return fillText(engineText("ProgressBar", "%1s/step"), {format("%.0f", secondsPerStep)});
    if (secondsPerStep >= 1e-3)
        return fillText(engineText("ProgressBar", "%1ms/step"),
                        {format("%.0f", secondsPerStep * 1e3)});
    return fillText(engineText("ProgressBar", "%1us/step"), {format("%.0f", secondsPerStep * 1e6)});
}

std::string formatProgressLine(const EpochProgress& progress, int width)
{
    const std::string head = counter(progress);
    std::string tail;
    if (const auto eta =
            epochEtaS(progress.batchesDone, progress.batchesPerEpoch, progress.elapsedS))
        tail += " - " + fillText(engineText("ProgressBar", "ETA: %1"), {formatEta(*eta)});
    if (progress.loss)
        tail += metric("loss", *progress.loss);

    if (progress.batchesPerEpoch <= 0)
        return head + tail;
    const std::size_t limit = width > 0 ? static_cast<std::size_t>(width - 1) : std::string::npos;
    // " [" + bar + "]" costs three columns on top of the bar itself.
    const std::size_t fixed = displayWidth(head) + displayWidth(tail) + 3;
    int barWidth = kBarWidth;
    if (limit != std::string::npos && fixed + kBarWidth > limit)
        barWidth = limit > fixed ? static_cast<int>(limit - fixed) : 0;

    std::string line = head;
    if (barWidth >= kMinBarWidth)
        line += " " + bar(progress.batchesDone, progress.batchesPerEpoch, barWidth);
    line += tail;
    if (limit != std::string::npos && displayWidth(line) > limit)
        line = fittedText(line, limit);
    return line;
}

std::string formatEpochLine(const EpochRecord& record, int epochs)
{
    // Callback time shows on the epoch line above this share of the epoch.
    constexpr double kCallbackShareShown = 0.05;
    std::string line = fillText(
        engineText("ProgressBar", "Epoch %1/%2 - %3"),
        {std::to_string(record.epoch), std::to_string(epochs), format("%.1fs", record.wallS)});
    if (record.batches > 0)
        line += " - " + formatStepTime(record.trainS / record.batches);
    line += metric("loss", record.trainLoss);
    if (record.valLoss)
        line += metric("val_loss", *record.valLoss);
    for (const bool validation : {false, true}) {
        for (const auto& [name, value] : record.metrics) {
            const bool isValidation =
                name.compare(0, kValidationPrefix.size(), kValidationPrefix) == 0;
            if (isValidation == validation)
                line += metric(name, value);
        }
    }
    // Keras only says "a callback is slow"; say which, once they cost a noticeable share.
    double callbackS = 0.0;
    for (const CallbackCost& callback : record.callbacks)
        callbackS += callback.seconds;
    if (record.wallS > 0.0 && callbackS > kCallbackShareShown * record.wallS) {
        line += " - " +
                fillText(engineText("ProgressBar", "callbacks %1"), {formatDuration(callbackS)});
        for (const CallbackCost& callback : record.callbacks) {
            if (callback.seconds <= kCallbackShareShown * record.wallS)
                continue;
            if (callback.writes > 0)
                line +=
                    fillText(engineText("ProgressBar", " (%1 %2, %3 saves, %4)"),
                             {callback.name, formatDuration(callback.seconds),
                              std::to_string(callback.writes), formatBytes(callback.bytesWritten)});
            else
                line += fillText(engineText("ProgressBar", " (%1 %2)"),
                                 {callback.name, formatDuration(callback.seconds)});
        }
    }
    return line;
}

}  // namespace es
