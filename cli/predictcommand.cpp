#include "cli/predictcommand.h"

#include "cli/exitstatus.h"
#include "cli/interrupt.h"
#include "cli/messages.h"
#include "cli/predictreport.h"
#include "cli/progressbar.h"
#include "cli/terminal.h"
#include "engine/i18n/translate.h"
#include "engine/io/atomicfile.h"
#include "engine/predict/prediction.h"
#include "engine/predict/predictionfile.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <limits>
#include <optional>

namespace es {

namespace {

// A short prediction ends before a progress line would tell anyone anything.
constexpr double kProgressAfterS = 1.0;
// At most ten redraws a second, as training's progress line.
constexpr std::chrono::milliseconds kRedrawInterval{100};

/// The live line on a terminal's stderr (stdout may be a --json document or a pipe), shown once
/// predicting has taken a while, and cleared when it ends however it ends.
class ProgressLine {
public:
    ProgressLine() : m_enabled(isTerminal(stderr)) {}
    ~ProgressLine() { clear(); }
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    void update(const PredictProgress& progress)
    {
        if (!m_enabled || progress.batchesDone == 0 || progress.elapsedS < kProgressAfterS)
            return;
        const auto now = std::chrono::steady_clock::now();
        const bool last = progress.batchesDone == progress.batches;
        if (m_shown && !last && now - m_lastRedraw < kRedrawInterval)
            return;
        EpochProgress line;
        line.epoch = 1;
        line.batchesDone = clampedInt(progress.batchesDone);
        line.batchesPerEpoch = clampedInt(progress.batches);
        line.elapsedS = progress.elapsedS;
        std::fprintf(stderr, "\r%s\x1b[K", formatProgressLine(line, terminalWidth(stderr)).c_str());
        std::fflush(stderr);
        m_shown = true;
        m_lastRedraw = now;
    }

    void clear()
    {
        if (!m_shown)
            return;
        std::fprintf(stderr, "\r\x1b[K");
        std::fflush(stderr);
        m_shown = false;
    }

private:
    static int clampedInt(std::int64_t value)
    {
        return static_cast<int>(std::min<std::int64_t>(value, std::numeric_limits<int>::max()));
    }

    const bool m_enabled;
    bool m_shown = false;
    std::chrono::steady_clock::time_point m_lastRedraw;
};

/// The format --out names, after checking that it can be written; nullopt with the error
/// printed when not.
std::optional<PredictionFormat> checkedOutput(const std::string& out, bool& bad)
{
    bad = false;
    if (out.empty())
        return std::nullopt;
    const std::optional<PredictionFormat> format = predictionFormatOf(out);
    if (!format) {
        printError(fillText(
            engineText("PredictCommand", "--out: %1: expected a .npy or .csv file name"), {out}));
        bad = true;
        return std::nullopt;
    }
    if (const auto problem = checkWritableTarget(out)) {
        printError("--out " + *problem);
        bad = true;
        return std::nullopt;
    }
    return format;
}

std::string stoppedText(int signal, const PredictionResult& result)
{
    return fillText(
        engineText("PredictCommand", "%1 received: stopped after %2; no predictions written"),
        {stopSignalName(signal),
         countedText(result.batches, engineText("PredictCommand", "%1 batch"),
                     engineText("PredictCommand", "%1 batches"))});
}

}  // namespace

int runPredictCommand(const RunConfig& config, const PredictCommandOptions& options)
{
    // epochscope-cli deferred the stop signals before LibTorch started; a signal from then on
    // stops after the current batch, and nothing is written.
    const InterruptGuard interrupt;
    bool badOutput = false;
    const std::optional<PredictionFormat> format = checkedOutput(options.out, badOutput);
    if (badOutput)
        return kExitBadInput;

    const PredictRequest& request = options.request;
    PredictionResult result;
    {
        ProgressLine progress;
        result = predictCheckpoint(config, request, [&](const PredictProgress& state) {
            progress.update(state);
            return !interrupt.requested();
        });
    }
    for (const std::string& warning : result.warnings)
        printWarning(warning);
    if (result.stopped || interrupt.requested()) {
        printWarning(stoppedText(interrupt.signal(), result));
        return exitStatusForSignal(interrupt.signal());
    }
    if (format) {
        try {
            writePredictionFile(options.out, *format, result.values, result.shape);
        } catch (const std::exception& error) {
            printError(error.what());
            return kExitRunFailed;
        }
    }

    const PredictFiles files{request.checkpoint, request.x, request.y, options.out};
    if (options.json) {
        const std::string text = predictionJson(result, files)
                                     .dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
        std::printf("%s\n", text.c_str());
        return kExitFinished;
    }
    for (const std::string& line : predictionLines(result, files))
        std::printf("%s\n", line.c_str());
    return kExitFinished;
}

}  // namespace es
