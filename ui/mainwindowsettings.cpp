#include "ui/mainwindow.h"

#include "ui/dashboard/dashboardview.h"
#include "ui/findings/findingspanel.h"
#include "ui/history/runspanel.h"
#include "ui/predict/predictpanel.h"
#include "ui/settings/appsettings.h"
#include "ui/settings/settingsdialog.h"
#include "ui/setup/configeditor.h"
#include "ui/whatif/whatifpanel.h"

#include <QtCore/QFileInfo>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QLabel>

// Edit > Settings, and the run database: chosen, remembered, and said when it cannot be used.

namespace es::ui {

void MainWindow::editSettings()
{
    AppSettings current = AppSettings::load();
    current.databasePath = m_databasePath;
    SettingsDialog dialog(current, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const AppSettings chosen = dialog.settings();
    chosen.save();
    applyTheme(chosen.theme);
    m_dashboard->setWindowSteps(chosen.chartWindowSteps);
    m_editor->setPresetSampleInterval(chosen.sampleIntervalMs);
    if (chosen.databasePath != m_databasePath && !chosen.databasePath.isEmpty())
        setDatabase(chosen.databasePath);
}

void MainWindow::setDatabase(const QString& path)
{
    if (path.isEmpty())
        return;
    AppSettings settings = AppSettings::load();
    settings.databasePath = path;
    settings.save();
    // The next run records there; the history shows it now.
    m_databasePath = path;
    appendLog(LogLevel::Info, tr("Run database: %1").arg(path));
    m_runs->setDatabasePath(m_databasePath);
    m_findings->setDatabasePath(m_databasePath);
    m_whatIf->setDatabasePath(m_databasePath);
    m_predict->setDatabasePath(m_databasePath);
}

void MainWindow::chooseDatabase()
{
    // A name that is there is opened as it is, never replaced: no overwrite question.
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Choose the run database"), QFileInfo(m_databasePath).absolutePath(),
        tr("Run databases (*.sqlite *.db);;All files (*)"), nullptr,
        QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty())
        setDatabase(path);
}

void MainWindow::showDatabaseProblem(const QString& problem)
{
    // Beside the run's numbers, not over them: a run can still train (unrecorded).
    m_databaseWarning->setVisible(!problem.isEmpty());
    if (problem.isEmpty())
        return;
    appendLog(LogLevel::Error, problem);
    // The notice with its button is in the Runs dock.
    if (m_runsDock != nullptr) {
        m_runsDock->show();
        m_runsDock->raise();
    }
}

}  // namespace es::ui
