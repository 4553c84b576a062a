#include "mainwindow.h"

#include "config/presets.h"
#include "dashboard/dashboardview.h"
#include "diagnosis/savedfindings.h"
#include "env/environmentpanel.h"
#include "findings/findingsmodel.h"
#include "findings/findingspanel.h"
#include "history/runspanel.h"
#include "i18n/recordedtext.h"
#include "live/runcontroller.h"
#include "live/trainingidlegate.h"
#include "settings/appsettings.h"
#include "settings/settingsdialog.h"
#include "setup/configeditor.h"
#include "status/runstatusbar.h"
#include "store/runstore.h"
#include "whatif/whatifpanel.h"

#include <QtCore/QDateTime>

#include <QtCore/QFileInfo>
#include <QtCore/QSettings>
#include <QtGui/QCloseEvent>
#include <QtGui/QFontDatabase>
#include <QtWidgets/QApplication>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QLabel>
#include <QtWidgets/QMenuBar>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QStatusBar>
#include <QtWidgets/QStyle>
#include <QtWidgets/QToolBar>
#include <algorithm>

namespace es::ui {

namespace {

constexpr int kMaxRecentFiles = 8;
constexpr const char* kRecentKey = "files/recent";
constexpr const char* kGeometryKey = "window/geometry";
constexpr const char* kStateKey = "window/state";

/// The run stored under `id` as the dashboard draws it.
RunTimeline timelineOf(const StoredRun& run)
{
    RunTimeline timeline;
    timeline.name = QString::fromStdString(run.header.name);
    timeline.device = QString::fromStdString(run.header.device);
    if (run.info.is_object()) {
        timeline.epochsPlanned = run.info.value("epochs_planned", 0);
        timeline.batchesPerEpoch = run.info.value("batches_per_epoch", 0);
    }
    timeline.batches = run.batches;
    timeline.epochs = run.epochs;
    timeline.samples = run.samples;
    return timeline;
}

}  // namespace

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
      m_status(new RunStatusBar()),
      m_databaseWarning(new QLabel())
{
    setWindowTitle(tr("EpochScope"));
    QSettings settings;
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
    connect(m_controller, &RunController::started, m_runs, &RunsPanel::reload);
    connect(m_controller, &RunController::finished, this, &MainWindow::onFinished);
    connect(m_runs, &RunsPanel::openRequested, this, &MainWindow::openStoredRun);
    connect(m_runs, &RunsPanel::problem, this,
            [this](const QString& message) { appendLog(LogLevel::Warning, message); });
    connect(m_runs, &RunsPanel::databaseProblemChanged, this, &MainWindow::showDatabaseProblem);
    connect(m_runs, &RunsPanel::chooseDatabaseRequested, this, &MainWindow::chooseDatabase);
    // After every connection: a database that cannot be read is said at once, in the Log and
    // the window, not lost before anyone listens.
    m_runs->setDatabasePath(m_databasePath);
    m_findings->setDatabasePath(m_databasePath);
    m_whatIf->setDatabasePath(m_databasePath);

    resize(1500, 950);
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    restoreState(settings.value(kStateKey).toByteArray());
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

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open config..."), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open run config"), QString(),
                                                          tr("Run configs (*.json)"));
        if (!path.isEmpty())
            openConfig(path);
    });
    open->setShortcut(QKeySequence::Open);
    QAction* save = file->addAction(tr("&Save config"), this, [this] { saveConfig(false); });
    save->setShortcut(QKeySequence::Save);
    QAction* saveAs = file->addAction(tr("Save config &as..."), this, [this] { saveConfig(true); });
    saveAs->setShortcut(QKeySequence::SaveAs);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    rebuildRecentMenu();
    file->addSeparator();
    QAction* database = file->addAction(tr("Run &database..."), this, &MainWindow::chooseDatabase);
    database->setObjectName("chooseDatabase");
    database->setStatusTip(tr("Choose the file runs are recorded into and browsed from"));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* preferences = edit->addAction(tr("&Settings..."), this, &MainWindow::editSettings);
    preferences->setShortcut(QKeySequence::Preferences);
    preferences->setMenuRole(QAction::PreferencesRole);

    QMenu* presets = menuBar()->addMenu(tr("&Presets"));
    for (const PresetInfo& preset : builtinPresets()) {
        const QString name = QString::fromStdString(preset.name);
        QAction* action = presets->addAction(name, this, [this, name] { loadPreset(name); });
        action->setStatusTip(QString::fromStdString(preset.description));
    }

    QMenu* run = menuBar()->addMenu(tr("&Run", "menu: the training run"));
    m_start = run->addAction(style()->standardIcon(QStyle::SP_MediaPlay),
                             tr("&Start", "action: start training"), this, &MainWindow::startRun);
    m_start->setShortcut(Qt::Key_F5);
    m_pause = run->addAction(style()->standardIcon(QStyle::SP_MediaPause), tr("&Pause"), this,
                             &MainWindow::togglePause);
    m_pause->setShortcut(Qt::Key_F6);
    m_stop = run->addAction(style()->standardIcon(QStyle::SP_MediaStop), tr("S&top"), this,
                            &MainWindow::stopRun);
    m_stop->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    run->addSeparator();
    m_whatIfAction = run->addAction(tr("&What-if experiment..."), this, &MainWindow::openWhatIf);
    m_whatIfAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_whatIfAction->setStatusTip(
        tr("Measure Run setup's config against variants of it (threads, batch size, placement, "
           "...) side by side"));
    // The Runs panel's action: enabled while two or more runs are selected there.
    run->addAction(m_runs->compareAction());

    QToolBar* toolbar = addToolBar(tr("Run", "toolbar name"));
    toolbar->setObjectName("runToolbar");
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar->addAction(m_start);
    toolbar->addAction(m_pause);
    toolbar->addAction(m_stop);
}

void MainWindow::createDocks()
{
    const auto dock = [this](const QString& title, const QString& name, QWidget* widget,
                             Qt::DockWidgetArea area) {
        auto* dockWidget = new QDockWidget(title, this);
        dockWidget->setObjectName(name);  // saveState() needs names
        dockWidget->setWidget(widget);
        addDockWidget(area, dockWidget);
        return dockWidget;
    };
    QDockWidget* setup = dock(tr("Run setup"), "setupDock", m_editor, Qt::LeftDockWidgetArea);
    QDockWidget* runs = dock(tr("Runs", "dock: recorded training runs"), "runsDock", m_runs,
                             Qt::BottomDockWidgetArea);
    m_runsDock = runs;
    m_log->setObjectName("log");
    m_log->setReadOnly(true);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setMaximumBlockCount(5000);
    QDockWidget* log = dock(tr("Log"), "logDock", m_log, Qt::BottomDockWidgetArea);
    tabifyDockWidget(runs, log);
    QDockWidget* findings = dock(tr("Findings", "dock: the diagnosis's findings"), "findingsDock",
                                 m_findings, Qt::BottomDockWidgetArea);
    m_findingsDock = findings;
    tabifyDockWidget(runs, findings);
    m_whatIfDock = dock(tr("What-if"), "whatIfDock", m_whatIf, Qt::BottomDockWidgetArea);
    tabifyDockWidget(findings, m_whatIfDock);
    runs->raise();
    QDockWidget* environment =
        dock(tr("Environment"), "environmentDock", m_environment, Qt::LeftDockWidgetArea);
    tabifyDockWidget(setup, environment);
    setup->raise();
    // The charts get the room; the history shows a handful of rows until dragged taller.
    constexpr int kSetupWidth = 440;
    constexpr int kHistoryHeight = 170;
    resizeDocks({setup}, {kSetupWidth}, Qt::Horizontal);
    resizeDocks({runs}, {kHistoryHeight}, Qt::Vertical);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* widget : {setup, environment, runs, findings, m_whatIfDock, log})
        view->addAction(widget->toggleViewAction());
}

void MainWindow::updateActions()
{
    const RunState state = m_controller->state();
    const bool active = m_controller->isActive();
    const bool experimenting = m_whatIf->isRunning();
    m_start->setEnabled(!active && !experimenting && m_editor->config().has_value());
    if (experimenting)
        m_start->setToolTip(tr("A what-if experiment is measuring: start when it has ended"));
    else
        m_start->setToolTip(m_editor->config()
                                ? tr("Start training (F5)")
                                : tr("Fix the config first:\n%1").arg(m_editor->problems()));
    m_whatIf->setBlockedReason(active ? tr("A run is training: an experiment now would measure "
                                           "both. Run it when the run has ended.")
                                      : QString());
    m_pause->setEnabled(active && (state == RunState::Running || state == RunState::Paused));
    m_pause->setText(state == RunState::Paused ? tr("&Resume") : tr("&Pause"));
    m_stop->setEnabled(active && state != RunState::Stopping);
    m_editor->setEnabled(!active);
}

void MainWindow::refreshDashboard(bool force)
{
    // Drawing at most ~3% of one core: the charts' cost times this is the interval. At 2 ms a
    // frame that is the drain rate (30/s); software-rendered under Xvfb, a few frames a second.
    constexpr double kIntervalPerCostMs = 30.0;
    constexpr qint64 kMinIntervalMs = RunController::kDrainIntervalMs;
    constexpr qint64 kMaxIntervalMs = 1000;
    if (!force && m_sinceRefresh.isValid() && m_sinceRefresh.elapsed() < m_refreshIntervalMs)
        return;
    m_dashboard->refresh();
    m_status->showProgress(m_controller->timeline(), m_controller->info(), force);
    m_refreshIntervalMs =
        std::clamp(static_cast<qint64>(m_dashboard->drawCostMs() * kIntervalPerCostMs),
                   kMinIntervalMs, kMaxIntervalMs);
    m_sinceRefresh.restart();
}

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
void MainWindow::loadPreset(const QString& name)
{
    m_editor->loadPreset(name);
    m_configPath.clear();
    setWindowTitle(tr("EpochScope - %1").arg(name));
}

bool MainWindow::openConfig(const QString& path)
{
    QString error;
    if (!m_editor->openFile(path, &error)) {
        QMessageBox::warning(this, tr("Open run config"), error);
        return false;
    }
    m_configPath = path;
    addRecentFile(path);
    setWindowTitle(tr("EpochScope - %1").arg(QFileInfo(path).fileName()));
    return true;
}

void MainWindow::saveConfig(bool askForPath)
{
    QString path = m_configPath;
    if (askForPath || path.isEmpty())
        path = QFileDialog::getSaveFileName(this, tr("Save run config"), path,
                                            tr("Run configs (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!m_editor->saveFile(path, &error)) {
        QMessageBox::warning(this, tr("Save run config"), error);
        return;
    }
    m_configPath = path;
    addRecentFile(path);
}

void MainWindow::addRecentFile(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(kRecentKey).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecentFiles)
        recent.removeLast();
    settings.setValue(kRecentKey, recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(kRecentKey).toStringList();
    for (const QString& path : recent)
        m_recentMenu->addAction(path, this, [this, path] { openConfig(path); });
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::startRun()
{
    if (!m_editor->config())
        return;
    TrainingIdleGate& gate = TrainingIdleGate::instance();
    if (gate.toolWorkActive()) {
        // The environment check's benchmarks would slow the run's first steps, and its
        // diagnosis would read them as warm-up: the run starts once they are done.
        if (!m_startWaitsForTools) {
            m_startWaitsForTools = true;
            appendLog(LogLevel::Info, tr("The run starts when the environment check ends."));
            gate.whenToolsIdle(this, [this] {
                m_startWaitsForTools = false;
                startRun();
            });
        }
        return;
    }
    QString error;
    m_log->clear();
    m_epochsInHistory = 0;
    if (!m_controller->start(*m_editor->config(), m_databasePath, &error)) {
        appendLog(LogLevel::Error, error);
        QMessageBox::warning(this, tr("Start", "message box title"),
                             tr("The run cannot start: %1").arg(error));
    }
    updateActions();
}

void MainWindow::togglePause()
{
    if (m_controller->state() == RunState::Paused)
        m_controller->resume();
    else
        m_controller->pause();
}

void MainWindow::stopRun()
{
    m_controller->requestStop();
    appendLog(LogLevel::Info, tr("Stopping after the current step..."));
}

void MainWindow::openStoredRun(qint64 runId)
{
    if (m_controller->isActive()) {
        appendLog(LogLevel::Warning, tr("A run is in progress: the dashboard shows it until it "
                                        "ends."));
        return;
    }
    const std::optional<StoredRun> run = loadStoredRun(runId);
    if (!run)
        return;
    m_controller->showTimeline(timelineOf(*run));
    m_status->showProgress(m_controller->timeline(), std::nullopt, true);
    setWindowTitle(
        tr("EpochScope - run %1 (%2)").arg(runId).arg(QString::fromStdString(run->header.name)));
    // The database keeps the texts of the language they were diagnosed in; the rules' findings
    // are written again in the app's.
    m_findings->showRun(runId, savedFindingsInLanguage(*run));
    if (m_findings->model()->rowCount() > 0)
        m_findingsDock->raise();
}

std::optional<StoredRun> MainWindow::loadStoredRun(qint64 runId)
{
    try {
        const RunStore store(m_databasePath.toStdString(), StoreAccess::ReadOnly);
        std::optional<StoredRun> run = store.loadRun(runId);
        if (!run)
            appendLog(LogLevel::Warning, tr("Run %1 is not in the database any more.").arg(runId));
        return run;
    } catch (const StoreError& error) {
        appendLog(LogLevel::Error, tr("Cannot open run %1: %2").arg(runId).arg(error.what()));
        return std::nullopt;
    }
}

void MainWindow::applyFindingPatch(qint64 runId, const QString& patch)
{
    const std::optional<StoredRun> run = loadStoredRun(runId);
    if (!run)
        return;
    try {
        nlohmann::json config = run->config;
        config.merge_patch(nlohmann::json::parse(patch.toStdString()));
        config["name"] = run->header.name + "-fixed";
        m_editor->setText(QString::fromStdString(config.dump(2)));
        m_configPath.clear();
        appendLog(LogLevel::Info, tr("Run %1's config with the fix %2 is in Run setup: press Start "
                                     "to measure it.")
                                      .arg(runId)
                                      .arg(patch));
    } catch (const std::exception& error) {
        appendLog(LogLevel::Error,
                  tr("Cannot apply the fix to run %1's config: %2").arg(runId).arg(error.what()));
    }
}

void MainWindow::openWhatIf()
{
    if (m_whatIf->isRunning()) {
        showWhatIfDock();  // the running experiment keeps its baseline
        return;
    }
    if (m_editor->config())
        m_whatIf->setBaseline(
            *m_editor->config(),
            tr("current setup (%1)").arg(QString::fromStdString(m_editor->config()->name)));
    else
        appendLog(LogLevel::Warning,
                  tr("Run setup's config has problems, so it cannot be the what-if baseline: %1")
                      .arg(m_editor->problems()));
    showWhatIfDock();
}

void MainWindow::tryFindingFix(qint64 runId, const QString& findingId, const QString& patch)
{
    if (m_whatIf->isRunning()) {
        appendLog(LogLevel::Warning,
                  tr("A what-if experiment is running: stop it before trying another fix."));
        showWhatIfDock();
        return;
    }
    const std::optional<StoredRun> run = loadStoredRun(runId);
    if (!run)
        return;
    try {
        const RunConfig config = parseRunConfig(run->config);
        m_whatIf->clearVariants();
        m_whatIf->setBaseline(
            config, tr("run %1 (%2)").arg(runId).arg(QString::fromStdString(run->header.name)));
        m_whatIf->addVariant(findingId, nlohmann::json::parse(patch.toStdString()));
    } catch (const std::exception& error) {
        appendLog(LogLevel::Error,
                  tr("Cannot try the fix on run %1's config: %2").arg(runId).arg(error.what()));
        return;
    }
    showWhatIfDock();
    m_whatIf->start();  // when it cannot, the panel says why
}

void MainWindow::showWhatIfDock()
{
    // The bottom docks start a few rows tall; the table and chart need more, as far as the
    // dashboard's own minimum leaves room.
    constexpr int kWhatIfHeight = 380;
    m_whatIfDock->show();
    m_whatIfDock->raise();
    if (m_whatIfDock->height() < kWhatIfHeight)
        resizeDocks({m_whatIfDock}, {kWhatIfHeight}, Qt::Vertical);
}

void MainWindow::appendLog(LogLevel level, const QString& message)
{
    const QString time = QDateTime::currentDateTime().toString("HH:mm:ss");
    QString prefix;
    if (level == LogLevel::Warning)
        prefix = tr("warning: ");
    else if (level == LogLevel::Error)
        prefix = tr("error: ");
    m_log->appendPlainText(time + "  " + prefix + message);
}

void MainWindow::onFinished(RunState state, const QString& error, qint64 runId)
{
    m_status->showProgress(m_controller->timeline(), m_controller->info(), true);
    m_status->showState(state);
    if (state == RunState::Failed)
        appendLog(LogLevel::Error,
                  tr("The run failed: %1")
                      .arg(QString::fromStdString(recordedText(error.toStdString()))));
    else
        appendLog(LogLevel::Info, state == RunState::Finished ? tr("The run finished.")
                                                              : tr("The run was stopped."));
    if (runId != 0)
        appendLog(LogLevel::Info, tr("Recorded as run %1 in %2").arg(runId).arg(m_databasePath));
    m_runs->reload();
    updateActions();
    if (m_closeWhenStopped) {
        close();
        return;
    }
    if (runId != 0) {
        // The rules alone take a moment; the doctor's measurement is left to the user's click,
        // since it competes with whatever runs next.
        m_findings->showRun(runId, {});  // a run that just ended has no findings yet
        m_findings->diagnose(false);
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_controller->isActive()) {
        if (!m_closeWhenStopped &&
            QMessageBox::question(this, tr("Quit EpochScope"),
                                  tr("A run is in progress. Stop it and quit?")) !=
                QMessageBox::Yes) {
            event->ignore();
            return;
        }
        // Stop cleanly: the window closes when the run has ended and is recorded.
        m_closeWhenStopped = true;
        m_controller->requestStop();
        event->ignore();
        return;
    }
    if (m_whatIf->isRunning()) {
        if (QMessageBox::question(this, tr("Quit EpochScope"),
                                  tr("A what-if experiment is measuring. Stop it and quit?")) !=
            QMessageBox::Yes) {
            event->ignore();
            return;
        }
        m_whatIf->stop();  // the panel waits for the current step as it goes
    }
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
    event->accept();
}

}  // namespace es::ui
