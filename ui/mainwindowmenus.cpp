#include "engine/config/runconfig.h"
#include "ui/mainwindow.h"

#include "engine/config/presets.h"
#include "ui/history/runspanel.h"

#include <QtWidgets/QFileDialog>
#include <QtWidgets/QMenuBar>
#include <QtWidgets/QStyle>
#include <QtWidgets/QToolBar>

// The menus, their shortcuts and the Run toolbar (the View menu comes with the docks).

namespace es::ui {

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
    QAction* importKeras =
        file->addAction(tr("&Import Keras model..."), this, &MainWindow::chooseKerasModel);
    importKeras->setObjectName("importKerasModel");
    importKeras->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    importKeras->setStatusTip(
        tr("Bring a Keras model (model.to_json() or a .keras file) into Run setup"));
    // A config or a Keras model dropped on the window opens as these actions open it.
    setAcceptDrops(true);
    m_profileAction =
        file->addAction(tr("&Profile a Python script..."), this, [this] { profileScript(); });
    m_profileAction->setObjectName("profileScriptAction");
    m_profileAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_profileAction->setStatusTip(
        tr("Run your own PyTorch training script under the probe: its steps by phase, live, "
           "and why it is slow"));
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
        QAction* action = presets->addAction(name, this, [this, name] { choosePreset(name); });
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
    // No key of its own: Ctrl+Shift+P is the Runs panel's Predict..., on the selected run.
    m_predictAction = run->addAction(tr("P&redict..."), this, &MainWindow::predictChosenRun);
    m_predictAction->setObjectName("predictMenuAction");
    m_predictAction->setStatusTip(
        tr("Run a recorded run's trained model on its validation data or on files, and see how "
           "well it predicts"));
    // The Runs panel's action: enabled while two or more runs are selected there.
    run->addAction(m_runs->compareAction());

    QToolBar* toolbar = addToolBar(tr("Run", "toolbar name"));
    toolbar->setObjectName("runToolbar");
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar->addAction(m_start);
    toolbar->addAction(m_pause);
    toolbar->addAction(m_stop);
}

}  // namespace es::ui
