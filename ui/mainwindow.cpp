#include "ui/mainwindow.h"

#include "ui/dashboard/dashboardview.h"
#include "ui/env/environmentpanel.h"
#include "ui/findings/findingspanel.h"
#include "ui/history/runspanel.h"
#include "ui/live/runcontroller.h"
#include "ui/predict/predictpanel.h"
#include "ui/settings/appsettings.h"
#include "ui/setup/configeditor.h"
#include "ui/status/runstatusbar.h"
#include "ui/whatif/whatifpanel.h"
#include "ui/windowlayout.h"

#include <QtWidgets/QDockWidget>
#include <QtWidgets/QLabel>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QStatusBar>

// The wiring: the panels are created here and connected to each other; what each connection
// leads to is in the file of its job (mainwindow.h lists them).

namespace es::ui {

MainWindow::MainWindow(const QString& databasePath, QWidget* parent)
    : QMainWindow(parent),
      m_controller(new RunController(this)),
      m_editor(new ConfigEditor()),
      m_dashboard(new DashboardView()),
      m_runs(new RunsPanel()),
      m_log(new QPlainTextEdit()),
      m_environment(new EnvironmentPanel()),
      m_findings(new FindingsPanel()),
      m_whatIf(new WhatIfPanel()),
      m_predict(new PredictPanel()),
      m_status(new RunStatusBar()),
      m_databaseWarning(new QLabel())
{
    setWindowTitle(tr("EpochScope"));
    const AppSettings chosen = AppSettings::load();
    m_databasePath = !databasePath.isEmpty() ? databasePath : chosen.databasePath;
    m_dashboard->setWindowSteps(chosen.chartWindowSteps);
    m_editor->setPresetSampleInterval(chosen.sampleIntervalMs);
    setCentralWidget(m_dashboard);
    m_dashboard->setTimeline(&m_controller->timeline());
    statusBar()->addWidget(m_status, 1);
    m_databaseWarning->setObjectName("databaseWarning");
    m_databaseWarning->setText(tr("Run database unusable: see the Runs panel"));
    m_databaseWarning->setToolTip(
        tr("Runs are neither recorded nor listed until another run database is chosen (File > "
           "Run database...)"));
    m_databaseWarning->hide();
    statusBar()->addPermanentWidget(m_databaseWarning);
    createActions();
    createDocks();

    connect(m_findings, &FindingsPanel::highlightRequested, m_dashboard,
            &DashboardView::highlightSteps);
    connect(m_findings, &FindingsPanel::highlightCleared, m_dashboard,
            &DashboardView::clearHighlight);
    connect(m_findings, &FindingsPanel::applyPatchRequested, this, &MainWindow::applyFindingPatch);
    // What a run found is the point of running it: shown as soon as there is something.
    connect(m_findings, &FindingsPanel::diagnosed, this, [this](int findings) {
        if (findings > 0)
            m_findingsDock->raise();
    });
    connect(m_findings, &FindingsPanel::problem, this,
            [this](const QString& message) { appendLog(LogLevel::Warning, message); });
    connect(m_findings, &FindingsPanel::tryFixRequested, this, &MainWindow::tryFindingFix);
    // An experiment and a run would time each other: one at a time.
    connect(m_whatIf, &WhatIfPanel::runningChanged, this, &MainWindow::updateActions);
    connect(m_whatIf, &WhatIfPanel::experimentFinished, m_runs, &RunsPanel::reload);
    connect(m_whatIf, &WhatIfPanel::logLine, this, &MainWindow::appendLog);
    connect(m_whatIf, &WhatIfPanel::problem, this,
            [this](const QString& message) { appendLog(LogLevel::Warning, message); });
    connect(m_editor, &ConfigEditor::validityChanged, this, &MainWindow::updateActions);
    connect(m_controller, &RunController::timelineReplaced, this, [this] {
        m_dashboard->setTimeline(&m_controller->timeline());
        m_status->startOver();
    });
    connect(m_controller, &RunController::updated, this, [this] {
        refreshDashboard(!m_controller->isActive());
        // The history's row of a live run follows it epoch by epoch.
        const std::size_t epochs = m_controller->timeline().epochs.size();
        if (m_controller->isActive() && epochs != m_epochsInHistory) {
            m_epochsInHistory = epochs;
            m_runs->reload();
        }
    });
    connect(m_controller, &RunController::stateChanged, this, [this](RunState state) {
        m_status->showState(state);
        updateActions();
    });
    connect(m_controller, &RunController::logLine, this, &MainWindow::appendLog);
    connect(m_controller, &RunController::notRecorded, m_runs, &RunsPanel::showRecordingProblem);
    connect(m_controller, &RunController::started, m_runs, &RunsPanel::reload);
    connect(m_controller, &RunController::finished, this, &MainWindow::onFinished);
    connect(m_runs, &RunsPanel::openRequested, this, &MainWindow::openStoredRun);
    connect(m_runs, &RunsPanel::predictRequested, this, &MainWindow::openPredict);
    connect(m_runs, &RunsPanel::exportPyTorchRequested, this, &MainWindow::openPyTorchExport);
    // A run that ended may have saved the checkpoints Predict lists; Run > Predict... takes it.
    connect(m_controller, &RunController::finished, this,
            [this](RunState, const QString&, qint64 runId) {
                if (runId != 0)
                    m_lastFinishedRun = runId;
                m_predict->reloadRuns();
            });
    connect(m_predict, &PredictPanel::logLine, this, &MainWindow::appendLog);
    connect(m_predict, &PredictPanel::problem, this,
            [this](const QString& message) { appendLog(LogLevel::Warning, message); });
    connect(m_runs, &RunsPanel::problem, this,
            [this](const QString& message) { appendLog(LogLevel::Warning, message); });
    connect(m_runs, &RunsPanel::databaseProblemChanged, this, &MainWindow::showDatabaseProblem);
    connect(m_runs, &RunsPanel::chooseDatabaseRequested, this, &MainWindow::chooseDatabase);
    // After every connection: a database that cannot be read is said at once, in the Log and
    // the window, not lost before anyone listens.
    m_runs->setDatabasePath(m_databasePath);
    m_findings->setDatabasePath(m_databasePath);
    m_whatIf->setDatabasePath(m_databasePath);
    m_predict->setDatabasePath(m_databasePath);

    resize(1500, 950);
    restoreWindowLayout(*this);
    updateActions();
}

MainWindow::~MainWindow()
{
    // A run still going (the app quit by --screenshot or by the session ending) is stopped and
    // recorded here, while this window's slots can still take its last signals: left to
    // ~QWidget, the controller would signal a window whose members are gone.
    m_controller->disconnect(this);
    delete m_controller;
}

}  // namespace es::ui
