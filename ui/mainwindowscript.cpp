#include "ui/mainwindow.h"

#include "engine/script/scriptsession.h"
#include "ui/core/qtext.h"
#include "ui/live/runcontroller.h"
#include "ui/live/trainingidlegate.h"
#include "ui/script/profilescriptdialog.h"
#include "ui/script/scriptcommand.h"

#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPlainTextEdit>

// File > Profile a Python script...: the dialog, and the script it accepts started on the
// controller as a run, which Stop, the dashboard, the status bar and the Log then follow as
// they follow a training run (mainwindowrun.cpp).

namespace es::ui {

ProfileScriptDialog* MainWindow::profileScript()
{
    auto* dialog = new ProfileScriptDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { startScript(dialog->options()); });
    dialog->open();
    return dialog;
}

bool MainWindow::startScript(const ScriptSessionOptions& options)
{
    TrainingIdleGate& gate = TrainingIdleGate::instance();
    if (gate.toolWorkActive()) {
        // As for Start: the environment check's benchmarks would slow the script's first
        // steps, on the same cores.
        if (!m_startWaitsForTools) {
            m_startWaitsForTools = true;
            appendLog(LogLevel::Info,
                      tr("The script starts when the environment check or the prediction ends."));
            gate.whenToolsIdle(this, [this, options] {
                m_startWaitsForTools = false;
                startScript(options);
            });
        }
        return true;
    }
    m_log->clear();
    m_epochsInHistory = 0;
    appendLog(LogLevel::Info,
              tr("Profiling %1: %2 in %3")
                  .arg(toQString(options.name), ScriptCommand::commandLine(options.command),
                       toQString(options.workingFolder)));
    QString error;
    const bool started = m_controller->startScript(options, m_databasePath, &error);
    if (!started) {
        appendLog(LogLevel::Error, error);
        QMessageBox::warning(this, tr("Profile a Python script"),
                             tr("The script cannot start: %1").arg(error));
    }
    updateActions();
    return started;
}

}  // namespace es::ui
