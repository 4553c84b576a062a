#pragma once

// "Export for PyTorch..." from the app (docs/predict.md#exporting-to-pytorch): a recorded run's
// model checkpoint, chosen in a CheckpointPicker, written into a folder as model.py, weights.pt
// and README.txt by the engine's exportForPyTorch(), the same export as `epochscope-cli export
// --run ID --format pytorch`. The export runs on a thread of its own; the dialog shows that it
// works, then what it wrote, or the engine's reason why not, and stays open either way.

#include "ui/jobs/backgroundjob.h"

#include <QtCore/QString>
#include <QtCore/QStringList>
#include <QtCore/QtGlobal>
#include <QtWidgets/QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace es::ui {

class CheckpointPicker;

class PyTorchExportDialog : public QDialog {
    Q_OBJECT

public:
    /// Exports run `runId`'s model (its checkpoints in a CheckpointPicker, the best preselected)
    /// from the run database at `databasePath`. A run that cannot be exported (no checkpoint,
    /// an unreadable database) says why in the dialog, with Export disabled.
    PyTorchExportDialog(const QString& databasePath, qint64 runId, QWidget* parent = nullptr);
    /// Waits for an export in progress (it finishes whole or leaves nothing, as the engine
    /// writes it); its result is not shown.
    ~PyTorchExportDialog() override;

    CheckpointPicker* checkpointPicker() const { return m_picker; }

    /// The folder the export writes (created; see setReplace() for one that is not empty).
    /// At first `<run name>-pytorch` beside the folder of the last export (PyTorchExportSettings),
    /// or in the user's documents folder.
    void setOutputDirectory(const QString& directory);
    QString outputDirectory() const;
    /// "Replace the folder's contents": without it, a folder that is not empty is refused.
    void setReplace(bool replace);
    bool replace() const;

    /// Starts the export as the Export button does (for tests and scripts); nothing while one
    /// runs or when no checkpoint or folder is chosen (the message says which).
    void startExport();
    bool isExporting() const { return m_exporting; }

    /// The line under the form: progress, what was exported, or what went wrong.
    QString message() const;
    bool messageIsError() const { return m_messageIsError; }
    /// What the export wrote (the folder, its files with their sizes and README.txt's lines
    /// that load the model), as the dialog shows it; empty until one succeeds, and from the
    /// start of the next.
    QString resultText() const;
    /// The folder the last successful export wrote; empty before one.
    QString exportedDirectory() const { return m_exportedDirectory; }
    QPushButton* exportButton() const { return m_export; }
    QPushButton* showFolderButton() const { return m_showFolder; }

public Q_SLOTS:
    /// Asks for the output folder (QFileDialog), starting at the one named now.
    void chooseDirectory();
    /// Opens the folder the last export wrote with the desktop's file manager.
    void showFolder();
    /// Closes the dialog unless an export runs (it is not interrupted half-way).
    void reject() override;

Q_SIGNALS:
    /// After a successful export, with the folder it wrote.
    void exported(const QString& directory);
    /// An export failed: the reason, for the main window's Log.
    void problem(const QString& message);

private:
    /// The outcome of one export, handed from the worker thread.
    struct Outcome {
        bool succeeded = false;
        QString error;               ///< why not, in words for the user
        bool folderRefused = false;  ///< the engine refused the folder before reading anything
        QStringList files;           ///< the names written into the folder
        QString checkpointKind;
        qint64 parameters = 0;
    };

    QString defaultDirectory() const;
    void finishExport(const QString& directory, const QString& checkpoint, bool replaced,
                      const Outcome& outcome);
    void showResult(const QString& directory, const QStringList& files);
    void showMessage(const QString& text, bool error);
    void updateActions();

    qint64 m_runId;
    bool m_exporting = false;
    bool m_messageIsError = false;
    QString m_exportedDirectory;

    CheckpointPicker* m_picker;
    QLineEdit* m_directory;
    QPushButton* m_choose;
    QCheckBox* m_replace;
    QProgressBar* m_busy;
    QLabel* m_message;
    QPlainTextEdit* m_result;
    QPushButton* m_export;
    QPushButton* m_showFolder;
    QPushButton* m_close;
    BackgroundJob m_job;  ///< declared last, so gone first: waits for an export
};

}  // namespace es::ui
