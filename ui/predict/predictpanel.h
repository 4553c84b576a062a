#pragma once

// The Predict dock (docs/predict.md, docs/gui.md): a recorded run's trained model run on data,
// its validation samples or files the user gives, and what it predicted shown against the
// targets with the task's metrics and charts; the predictions saved as .npy or CSV, and the
// model exported for PyTorch.
//
// The panel composes its parts and runs the prediction: the form on the left
// (predict/predictsetup.h), the results on the right (predict/predictionresultview.h) and the
// worker (predict/predictjob.h). Stop drops the prediction: nothing of it is shown (see
// predictjob.h for why).

#include "engine/core/loglevel.h"
#include "engine/predict/prediction.h"

#include <QtCore/QString>
#include <QtWidgets/QWidget>

#include <memory>

class QDragEnterEvent;
class QDropEvent;
class QPushButton;
class QShowEvent;

namespace es::ui {

class CheckpointPicker;
class PredictJob;
class PredictSetup;
class PredictionMetricsTable;
class PredictionResultView;
class PyTorchExportDialog;
class TextScoreBox;

class PredictPanel : public QWidget {
    Q_OBJECT

public:
    explicit PredictPanel(QWidget* parent = nullptr);
    ~PredictPanel() override;  ///< drops a prediction in progress and waits for its batch

    /// The run database the runs and their checkpoints are read from.
    void setDatabasePath(const QString& path);
    QString databasePath() const;
    /// Lists the runs again (after a run ended), keeping the one chosen.
    void reloadRuns();

    /// Chooses run `runId`, its best checkpoint preselected. False when it has no checkpoint
    /// to predict with (or is not in the database, or still trains): the panel says why, and
    /// problem() is emitted.
    bool showRun(qint64 runId);
    /// The run chosen; 0 when none.
    qint64 runId() const;
    /// The newest recorded run with a model checkpoint; 0 when there is none.
    qint64 newestRunWithCheckpoints() const;

    /// Predicts on files: `x` the inputs, `y` the targets (empty: none). Paths as typed in the
    /// fields: "archive.npz:member" names an archive's array.
    void setInputFiles(const QString& x, const QString& y = {});
    /// Predicts on the run's validation samples, with their targets (the default).
    void useValidationData();
    bool usesValidationData() const;
    /// Samples per forward pass; 0 takes the run config's batch_size.
    void setBatchSize(int samples);

    /// Starts predicting as Predict does. False, with the reason shown (and problem() and
    /// predictionFinished() emitted), when nothing can start: no checkpoint, no inputs, a
    /// prediction already running.
    bool startPrediction();
    /// Drops the prediction in progress: nothing of it is shown; predictionFinished() follows.
    void stopPrediction();
    /// A prediction is running or waiting for a training run to end.
    bool isPredicting() const;
    bool isWaitingForRun() const;
    /// The predictions shown; null before the first, while predicting and after an error or
    /// a stop.
    const es::PredictionResult* result() const { return m_result.get(); }

    /// A binary classifier's decision threshold: the metrics, the confusion matrix and the ROC
    /// curve's mark follow it.
    void setThreshold(double threshold);
    double threshold() const;

    /// Writes the predictions to `path` (.npy or .csv by its suffix), whole or not at all.
    /// False, with the reason shown, when there are none or the file cannot be written.
    bool savePredictions(const QString& path);
    /// Opens "Export for PyTorch..." for the run chosen, with the panel's checkpoint selected
    /// (not modal, deleted when closed); null when no run is chosen.
    PyTorchExportDialog* openPyTorchExport();

    PredictSetup* setup() const { return m_setup; }
    PredictionResultView* resultView() const { return m_view; }
    /// The text box of a model trained on text (hidden for other models).
    TextScoreBox* textScoreBox() const { return m_textBox; }
    PredictionMetricsTable* metricsTable() const;
    CheckpointPicker* checkpointPicker() const;
    QPushButton* predictButton() const;
    QPushButton* stopButton() const;
    /// The status line under the progress bar.
    QString statusText() const;
    /// The problem shown in red above the results; empty when none is.
    QString errorText() const;

public Q_SLOTS:
    /// "Save predictions...": asks where (the run's name and "-predictions.npy" proposed).
    void chooseAndSavePredictions();

Q_SIGNALS:
    void predictingChanged(bool predicting);
    /// A prediction ended: its results are shown, or why not (an error, a stop, a refusal).
    void predictionFinished();
    /// Why a prediction or a save failed, for the Log.
    void problem(const QString& message);
    /// What the engine noted (conversions, threads it could not set), and saves, for the Log.
    void logLine(es::LogLevel level, const QString& message);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void onFinished(const es::PredictionResult& result);
    void onFailed(const QString& message);
    void onStopped();
    /// Ends a prediction that did not give results: `status` on the left, `error` in red.
    void endWithout(const QString& status, const QString& error);
    QString headingFor(const es::PredictionResult& result) const;
    /// The run, checkpoint and data a prediction is of, fixed when it starts (the form may
    /// show another run by the time it ends).
    struct Source {
        qint64 runId = 0;
        QString runName;
        QString checkpoint;
    };

    Source m_running;
    Source m_shown;
    std::shared_ptr<const es::PredictionResult> m_result;

    PredictSetup* m_setup;
    PredictionResultView* m_view;
    TextScoreBox* m_textBox;
    PredictJob* m_job;
};

}  // namespace es::ui
