#pragma once

// One prediction of the Predict view off the GUI thread (jobs/backgroundjob.h): the engine's
// predictCheckpoint() on a worker, its batch counts posted to the window as they go, then the
// result or the error. A prediction uses the cores a training run uses, so it waits while one
// trains (live/trainingidlegate.h), and a run asked to start while it predicts waits for it,
// as with the app's other tools.
//
// Stop drops the prediction: the worker ends after its current batch and nothing of it is
// delivered. The engine would hand back the batches already run, but predictions for the
// first part of the data only, with metrics over that part, read too easily as the whole.

#include "engine/config/runconfigfwd.h"
#include "engine/predict/prediction.h"
#include "ui/jobs/backgroundjob.h"

#include <QtCore/QObject>
#include <QtCore/QString>

#include <cstdint>

namespace es::ui {

class PredictJob : public QObject {
    Q_OBJECT

public:
    explicit PredictJob(QObject* parent = nullptr);
    /// Drops a prediction in progress and waits for its current batch.
    ~PredictJob() override;
    PredictJob(const PredictJob&) = delete;
    PredictJob& operator=(const PredictJob&) = delete;

    /// Predicts with `config`'s model on the worker: now, or when no run trains any more
    /// (waitingForRun() first). False when a prediction is already waiting or running.
    /// A model trained on text reads its texts with the tokenizer its run recorded
    /// (`tokenizerJson`, from `tokenizerOrigin`, "run 12"), or else the one beside the
    /// checkpoint (trainedTokenizer()).
    bool start(const es::RunConfig& config, const es::PredictRequest& request,
               const std::string& tokenizerJson = {}, const std::string& tokenizerOrigin = {});
    /// Drops the prediction waiting or running; stopped() follows at once.
    void stop();

    /// A prediction is waiting for the run to end or running.
    bool isRunning() const { return m_waiting || m_predicting; }
    bool isWaiting() const { return m_waiting; }

Q_SIGNALS:
    /// start() was asked while a run trains: the prediction begins when it has ended.
    void waitingForRun();
    /// The worker has the prediction now.
    void predicting();
    /// `batchesDone` of `batches` are through the model (at most a few times a second).
    void progress(qint64 batchesDone, qint64 batches);
    void finished(const es::PredictionResult& result);
    /// The engine refused or failed: `message` names the field or file and what is wrong.
    void failed(const QString& message);
    void stopped();

private:
    void run(const es::RunConfig& config, es::PredictRequest request,
             const std::string& tokenizerJson, const std::string& tokenizerOrigin);

    bool m_waiting = false;
    bool m_predicting = false;
    /// Counts start() and stop(): a start waiting for the run that was stopped meanwhile (or
    /// superseded) does nothing when the run ends.
    std::uint64_t m_generation = 0;
    BackgroundJob m_worker;  ///< declared last, so gone first: drops the prediction and waits
};

}  // namespace es::ui
