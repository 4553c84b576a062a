#include "ui/mainwindow.h"

#include "ui/history/runspanel.h"
#include "ui/predict/predictpanel.h"
#include "ui/predict/pytorchexportdialog.h"

#include <QtWidgets/QDockWidget>

// Using what a run trained: the Predict dock opened on a run (from Runs, the Run menu or the
// command line), and "Export for PyTorch..." from Runs.

namespace es::ui {

bool MainWindow::openPredict(qint64 runId)
{
    showPredictDock();
    return m_predict->showRun(runId);  // when not, the view says why, and the Log
}

void MainWindow::showPredictDock()
{
    // The bottom docks start a few rows tall; the form, the metrics and a chart need more, as
    // far as the dashboard's own minimum leaves room.
    constexpr int kPredictHeight = 460;
    m_predictDock->show();
    m_predictDock->raise();
    if (m_predictDock->height() < kPredictHeight)
        resizeDocks({m_predictDock}, {kPredictHeight}, Qt::Vertical);
}

void MainWindow::predictChosenRun()
{
    const QList<qint64> selected = m_runs->selectedRunIds();
    qint64 runId = !selected.isEmpty() ? selected.constLast() : m_lastFinishedRun;
    if (runId == 0) {
        m_predict->reloadRuns();
        runId = m_predict->newestRunWithCheckpoints();
    }
    if (runId == 0) {
        // Nothing to choose: the view says how to get a checkpoint.
        showPredictDock();
        return;
    }
    openPredict(runId);
}

void MainWindow::openPyTorchExport(qint64 runId)
{
    auto* dialog = new PyTorchExportDialog(m_databasePath, runId, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PyTorchExportDialog::problem, this,
            [this](const QString& message) { appendLog(LogLevel::Warning, message); });
    connect(dialog, &PyTorchExportDialog::exported, this, [this](const QString& directory) {
        appendLog(LogLevel::Info, tr("Exported for PyTorch to %1").arg(directory));
    });
    dialog->show();
}

}  // namespace es::ui
