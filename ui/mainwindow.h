#pragma once

// The EpochScope window: Run setup, the live dashboard, the run history, the findings, what-if
// experiments, predictions with a trained model, the log and the environment report, with
// Start/Pause/Stop wired to one RunController.
//
// Its members are defined by job: mainwindow.cpp creates the panels and wires them together;
// mainwindowmenus.cpp has the menus, shortcuts and toolbar, mainwindowdocks.cpp the docks and
// the Log, mainwindowrun.cpp a run from Start to its end and closing the window,
// mainwindowconfigfiles.cpp presets, config files and the recent ones, mainwindowimport.cpp
// Keras models imported and files dropped on the window, mainwindowhistory.cpp recorded runs,
// mainwindowfixes.cpp a finding's fix and the What-if baseline, mainwindowpredict.cpp the
// Predict view and the export for PyTorch, mainwindowscript.cpp a Python script profiled,
// mainwindowsettings.cpp the settings and the run database; windowlayout.h keeps the layout.

#include "engine/store/runstore.h"
#include "engine/train/runobserver.h"
#include "engine/train/runresult.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QString>
#include <QtWidgets/QMainWindow>

#include <optional>

class QAction;
class QMenu;
class QDockWidget;
class QDragEnterEvent;
class QDropEvent;
class QLabel;
class QPlainTextEdit;

namespace es {
struct ScriptSessionOptions;
}  // namespace es

namespace es::ui {

class ConfigEditor;
class DashboardView;
class EnvironmentPanel;
class RunController;
class RunStatusBar;
class FindingsPanel;
class PredictPanel;
class ProfileScriptDialog;
class RunsPanel;
class WhatIfPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    /// `databasePath`: the run store (empty: the one in the settings, else the default).
    explicit MainWindow(const QString& databasePath = QString(), QWidget* parent = nullptr);
    ~MainWindow() override;

    ConfigEditor* configEditor() const { return m_editor; }
    RunController* controller() const { return m_controller; }
    DashboardView* dashboard() const { return m_dashboard; }
    RunsPanel* runsPanel() const { return m_runs; }
    RunStatusBar* runStatusBar() const { return m_status; }
    FindingsPanel* findingsPanel() const { return m_findings; }
    WhatIfPanel* whatIfPanel() const { return m_whatIf; }
    QDockWidget* whatIfDock() const { return m_whatIfDock; }
    QAction* whatIfAction() const { return m_whatIfAction; }
    PredictPanel* predictPanel() const { return m_predict; }
    QDockWidget* predictDock() const { return m_predictDock; }
    /// Run > Predict...: the Predict view on the run selected in Runs, else the last run that
    /// finished in this session, else the newest run with a model checkpoint.
    QAction* predictAction() const { return m_predictAction; }
    /// File > Profile a Python script...: enabled while no run or experiment is going.
    QAction* profileAction() const { return m_profileAction; }
    QAction* startAction() const { return m_start; }
    QAction* pauseAction() const { return m_pause; }
    QAction* stopAction() const { return m_stop; }
    QString databasePath() const { return m_databasePath; }

public Q_SLOTS:
    /// Throws ConfigError for a preset that cannot be loaded (see ConfigEditor::loadPreset()).
    void loadPreset(const QString& name);
    /// loadPreset() for the Presets menu: a failure is shown in a message box.
    void choosePreset(const QString& name);
    bool openConfig(const QString& path);
    /// Imports a Keras model (model.to_json()'s JSON or a .keras archive) into Run setup, as
    /// a config that is not yet saved anywhere, with the importer's notes in the Log. A model
    /// the importer refuses is named in a message box (its layer and option) and changes
    /// nothing. False when nothing was imported.
    bool importKerasModel(const QString& path);
    /// Opens a file dropped on the window: a Keras model (.keras, or JSON whose top level is a
    /// Keras object) is imported, any other .json opened as a run config.
    bool openDroppedFile(const QString& path);
    void startRun();
    /// File > Profile a Python script...: opens the dialog (window-modal, deleted when closed)
    /// on the fields given last; its Start profiles the script (startScript()).
    ProfileScriptDialog* profileScript();
    /// Profiles a Python script as a run: recorded into the run database, drawn live in the
    /// dashboard, its output in the Log, stopped by Stop. Waits, as Start does, while the
    /// app's own tools measure. False, with the reason in the Log and a message box, when it
    /// cannot start.
    bool startScript(const es::ScriptSessionOptions& options);
    void togglePause();
    void stopRun();
    void openStoredRun(qint64 runId);
    /// The recorded run, or nullopt after logging why there is none.
    std::optional<StoredRun> loadStoredRun(qint64 runId);
    /// Opens the What-if dock with Run setup's config as the baseline.
    void openWhatIf();
    /// Shows the Predict dock with run `runId` chosen, its best checkpoint preselected. False
    /// when the run has no checkpoint to predict with (the view and the Log say why).
    bool openPredict(qint64 runId);
    /// Opens "Export for PyTorch..." on run `runId` (not modal, deleted when closed).
    void openPyTorchExport(qint64 runId);
    /// Records into and browses `path` from now on, and remembers it in the settings. The
    /// file is created when the first run is recorded; an existing one is never replaced.
    void setDatabase(const QString& path);
    /// Asks for another run database (an existing file or a new name) and uses it.
    void chooseDatabase();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // mainwindowmenus.cpp
    void createActions();
    // mainwindowdocks.cpp
    void createDocks();
    /// Shows and raises the What-if dock, tall enough for its table and chart.
    void showWhatIfDock();
    /// Shows and raises the Predict dock, tall enough for its form and charts.
    void showPredictDock();
    void appendLog(es::LogLevel level, const QString& message);
    // mainwindowrun.cpp
    void updateActions();
    /// Redraws the dashboard and the status bar, at most as often as keeps drawing a small
    /// share of one core (training competes for the same cores); `force` draws now.
    void refreshDashboard(bool force);
    void onFinished(es::RunState state, const QString& error, qint64 runId);
    // mainwindowfixes.cpp
    /// Loads run `runId`'s config with a finding's JSON merge patch applied into Run setup.
    void applyFindingPatch(qint64 runId, const QString& patch);
    /// Measures a finding's patch against run `runId`'s config in a what-if experiment.
    void tryFindingFix(qint64 runId, const QString& findingId, const QString& patch);
    // mainwindowpredict.cpp
    /// Run > Predict...: see predictAction().
    void predictChosenRun();
    // mainwindowconfigfiles.cpp
    void saveConfig(bool askForPath);
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();
    // mainwindowimport.cpp
    /// File > Import Keras model...: asks for the file, in the folder of the last import.
    void chooseKerasModel();
    // mainwindowsettings.cpp
    void editSettings();
    /// Tells the user, in the status bar and the Log, that the run database cannot be used
    /// (`problem`) or can again (empty).
    void showDatabaseProblem(const QString& problem);

    QString m_databasePath;
    QString m_configPath;
    RunController* m_controller;
    ConfigEditor* m_editor;
    DashboardView* m_dashboard;
    RunsPanel* m_runs;
    QPlainTextEdit* m_log;
    EnvironmentPanel* m_environment;
    FindingsPanel* m_findings;
    QDockWidget* m_findingsDock = nullptr;
    WhatIfPanel* m_whatIf;
    QDockWidget* m_whatIfDock = nullptr;
    QDockWidget* m_runsDock = nullptr;
    QAction* m_whatIfAction = nullptr;
    PredictPanel* m_predict;
    QDockWidget* m_predictDock = nullptr;
    QAction* m_predictAction = nullptr;
    QAction* m_profileAction = nullptr;
    qint64 m_lastFinishedRun = 0;  ///< the last run of this session that ended recorded
    RunStatusBar* m_status;
    QLabel* m_databaseWarning;  ///< in the status bar while the run database cannot be used
    QAction* m_start = nullptr;
    QAction* m_pause = nullptr;
    QAction* m_stop = nullptr;
    QMenu* m_recentMenu = nullptr;
    bool m_closeWhenStopped = false;
    std::size_t m_epochsInHistory = 0;
    bool m_startWaitsForTools = false;  ///< Start waits for the environment check to end
    QElapsedTimer m_sinceRefresh;
    qint64 m_refreshIntervalMs = 0;
};

}  // namespace es::ui
