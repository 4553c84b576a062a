#pragma once

// The Predict view's left column (predict/predictpanel.h): which run, which of its checkpoints,
// which data (the run's validation samples, or files: the inputs and the optional targets),
// the batch size; Predict and Stop with a progress bar and a status line; then Save
// predictions and Export for PyTorch. It holds what is to be predicted; the panel runs it.

#include <QtCore/QString>
#include <QtCore/QStringList>
#include <QtWidgets/QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace es::ui {

class CheckpointPicker;

class PredictSetup : public QWidget {
    Q_OBJECT

public:
    explicit PredictSetup(QWidget* parent = nullptr);

    /// Lists the runs of `databasePath` that recorded a model checkpoint.
    void setDatabasePath(const QString& path);
    QString databasePath() const { return m_databasePath; }
    /// Reads the list again, keeping the run chosen when it is still there. A run that is not
    /// listed any more is replaced by the newest. Empty string when the database was read,
    /// else why not.
    QString reloadRuns();
    /// Chooses run `runId` and reads its checkpoints; false when it is not listed (no such run,
    /// or no model checkpoint: checkpointPicker()->problem() then says why).
    bool selectRun(qint64 runId);
    /// The run chosen; 0 when none.
    qint64 runId() const;
    /// The newest listed run (the list is newest first); 0 when there is none.
    qint64 newestRun() const;
    QComboBox* runCombo() const { return m_runs; }
    CheckpointPicker* checkpointPicker() const { return m_checkpoint; }

    /// The run's validation samples (the default), or the files below.
    bool usesValidationData() const;
    void useValidationData();
    /// Files: `x` the inputs, `y` the targets (empty: none).
    void setInputFiles(const QString& x, const QString& y);
    QString xPath() const;
    QString yPath() const;
    /// Files dropped on the view: the first fills X, a second (or one named like targets:
    /// y_test.npy, labels.npy) fills Y. False when none was taken.
    bool takeDroppedFiles(const QStringList& paths);

    /// Samples per forward pass; 0: the config's batch_size.
    int batchSize() const;
    void setBatchSize(int samples);

    /// While predicting nothing that says what to predict can change; Stop is on.
    void setPredicting(bool predicting);
    /// The progress bar: `done` of `total` batches (total 0: busy, without a count).
    void setProgress(qint64 done, qint64 total);
    void resetProgress();
    void setStatus(const QString& text);
    QString statusText() const;
    /// Save predictions is on while there are predictions to save.
    void setCanSave(bool canSave);

    QPushButton* predictButton() const { return m_predict; }
    QPushButton* stopButton() const { return m_stop; }
    QPushButton* saveButton() const { return m_save; }
    QPushButton* exportButton() const { return m_export; }
    QProgressBar* progressBar() const { return m_progress; }

Q_SIGNALS:
    /// Another run or checkpoint was chosen (the run's checkpoints are read already; `runId` 0:
    /// none).
    void runChanged(qint64 runId);
    void predictRequested();
    void stopRequested();
    void saveRequested();
    void exportRequested();

private:
    QLayout* fileRow(QLineEdit* field, const QString& browseText, bool targets);
    void browse(QLineEdit* field, bool targets);
    void onRunChosen();
    void updateControls();

    QString m_databasePath;
    bool m_predicting = false;
    bool m_canSave = false;
    bool m_readingRun = false;  ///< the picker reads the chosen run's checkpoints
    QComboBox* m_runs;
    CheckpointPicker* m_checkpoint;
    QRadioButton* m_validation;
    QRadioButton* m_files;
    QLineEdit* m_x;
    QLineEdit* m_y;
    QWidget* m_fileFields;
    QSpinBox* m_batch;
    QPushButton* m_predict;
    QPushButton* m_stop;
    QProgressBar* m_progress;
    QLabel* m_status;
    QPushButton* m_save;
    QPushButton* m_export;
};

}  // namespace es::ui
