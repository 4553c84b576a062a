#include "ui/predict/predictjob.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/data/trainedtokenizer.h"
#include "ui/live/trainingidlegate.h"

#include <QtCore/QStringList>

#include <chrono>
#include <exception>
#include <optional>
#include <string>
#include <utility>

namespace es::ui {

namespace {

// Thousands of batches of one sample would flood the GUI thread: a few updates a second say as
// much.
constexpr std::chrono::milliseconds kProgressInterval(100);

/// What the worker hands back: the result, or why there is none.
struct Outcome {
    std::optional<PredictionResult> result;
    QString error;
};

/// The engine's issues with the CLI's option names ("--x") said as the panel's fields.
QString describeConfigError(const ConfigError& error)
{
    QStringList lines;
    for (const ConfigIssue& issue : error.issues()) {
        ConfigIssue shown = issue;
        if (issue.path == "--x")
            shown.path = PredictJob::tr("X file").toStdString();
        else if (issue.path == "--y")
            shown.path = PredictJob::tr("Y file").toStdString();
        else if (issue.path == "--checkpoint")
            shown.path = PredictJob::tr("Checkpoint").toStdString();
        lines << QString::fromStdString(configIssueText(shown));
    }
    return lines.isEmpty() ? QString::fromUtf8(error.what()) : lines.join('\n');
}

}  // namespace

PredictJob::PredictJob(QObject* parent) : QObject(parent), m_worker(this, "es-predict") {}

PredictJob::~PredictJob() = default;

bool PredictJob::start(const RunConfig& config, const PredictRequest& request,
                       const std::string& tokenizerJson, const std::string& tokenizerOrigin)
{
    if (isRunning())
        return false;
    const std::uint64_t generation = ++m_generation;
    m_waiting = true;
    const bool now = TrainingIdleGate::instance().whenIdle(
        this, [this, generation, config, request, tokenizerJson, tokenizerOrigin] {
            if (generation == m_generation && m_waiting)
                run(config, request, tokenizerJson, tokenizerOrigin);
        });
    if (!now)
        Q_EMIT waitingForRun();
    return true;
}

void PredictJob::run(const RunConfig& config, PredictRequest request,
                     const std::string& tokenizerJson, const std::string& tokenizerOrigin)
{
    m_waiting = false;
    m_predicting = true;
    // A run asked to start now waits for the prediction, which has the cores.
    TrainingIdleGate::instance().toolWorkStarted();
    Q_EMIT predicting();
    m_worker.run(
        [this, config, request, tokenizerJson,
         tokenizerOrigin](const BackgroundJob::Ticket& ticket) mutable {
            auto lastPost = std::chrono::steady_clock::now() - kProgressInterval;
            // `this` only travels in the posted calls, which run on the GUI thread while the
            // job lives.
            const auto onProgress = [this, &ticket, &lastPost](const PredictProgress& at) {
                const auto now = std::chrono::steady_clock::now();
                if (now - lastPost >= kProgressInterval || at.batchesDone == at.batches) {
                    lastPost = now;
                    const qint64 done = at.batchesDone;
                    const qint64 batches = at.batches;
                    ticket.post([this, done, batches] { Q_EMIT this->progress(done, batches); });
                }
                return !ticket.isStale();
            };
            Outcome outcome;
            try {
                request.tokenizer =
                    trainedTokenizer(config, request.checkpoint, tokenizerJson, tokenizerOrigin);
                outcome.result = predictCheckpoint(config, request, onProgress);
            } catch (const ConfigError& error) {
                outcome.error = describeConfigError(error);
            } catch (const std::exception& error) {
                outcome.error = QString::fromUtf8(error.what());
            }
            return outcome;
        },
        [this](Outcome outcome) {
            m_predicting = false;
            if (outcome.result && !outcome.result->stopped)
                Q_EMIT finished(*outcome.result);
            else if (outcome.result)
                Q_EMIT stopped();  // not asked for here; the engine's own stop
            else
                Q_EMIT failed(outcome.error);
        },
        [] { TrainingIdleGate::instance().toolWorkEnded(); });
}

void PredictJob::stop()
{
    if (!isRunning())
        return;
    ++m_generation;  // a start still waiting for the run never begins
    m_waiting = false;
    m_predicting = false;
    m_worker.cancel();  // the worker stops after its batch; its result is dropped
    Q_EMIT stopped();
}

}  // namespace es::ui
