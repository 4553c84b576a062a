#include "ui/mainwindow.h"

#include "ui/env/environmentpanel.h"
#include "ui/findings/findingspanel.h"
#include "ui/history/runspanel.h"
#include "ui/predict/predictpanel.h"
#include "ui/setup/configeditor.h"
#include "ui/whatif/whatifpanel.h"

#include <QtCore/QDateTime>
#include <QtGui/QFontDatabase>
#include <QtWidgets/QDockWidget>
#include <QtWidgets/QMenuBar>
#include <QtWidgets/QPlainTextEdit>

// The docks around the charts, their View menu, and the lines of the Log dock.

namespace es::ui {

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
    m_predictDock = dock(tr("Predict", "dock: a trained model run on data"), "predictDock",
                         m_predict, Qt::BottomDockWidgetArea);
    tabifyDockWidget(m_whatIfDock, m_predictDock);
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
    for (QDockWidget* widget :
         {setup, environment, runs, findings, m_whatIfDock, m_predictDock, log})
        view->addAction(widget->toggleViewAction());
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

}  // namespace es::ui
