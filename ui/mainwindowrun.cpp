#include "ui/mainwindow.h"

#include "engine/i18n/recordedtext.h"
#include "ui/dashboard/dashboardview.h"
#include "ui/findings/findingspanel.h"
#include "ui/history/runspanel.h"
#include "ui/live/runcontroller.h"
#include "ui/live/runwritesquestion.h"
#include "ui/live/trainingidlegate.h"
#include "ui/setup/configeditor.h"
#include "ui/status/runstatusbar.h"
#include "ui/whatif/whatifpanel.h"
#include "ui/windowlayout.h"

#include <QtGui/QAction>
#include <QtGui/QCloseEvent>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPlainTextEdit>

#include <algorithm>

// A run's life in the window: Start, Pause and Stop and when they can be pressed, the
// dashboard's redraws while it trains, its end, and closing the window while one is going.

namespace es::ui {

void MainWindow::updateActions()
{
    const RunState state = m_controller->state();
    const bool active = m_controller->isActive();
    const bool experimenting = m_whatIf->isRunning();
    m_start->setEnabled(!active && !experimenting && m_editor->config().has_value());
    m_profileAction->setEnabled(!active && !experimenting);
    if (experimenting)
        m_start->setToolTip(tr("A what-if experiment is measuring: start when it has ended"));
    else
        m_start->setToolTip(m_editor->config()
                                ? tr("Start training (F5)")
                                : tr("Fix the config first:\n%1").arg(m_editor->problems()));
    m_whatIf->setBlockedReason(active ? tr("A run is training: an experiment now would measure "
                                           "both. Run it when the run has ended.")
                                      : QString());
    // A script runs in a process of its own, which the probe cannot hold between two steps.
    m_pause->setEnabled(active && !m_controller->isScript() &&
                        (state == RunState::Running || state == RunState::Paused));
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

void MainWindow::startRun()
{
    if (!m_editor->config())
        return;
    TrainingIdleGate& gate = TrainingIdleGate::instance();
    if (gate.toolWorkActive()) {
        // The environment check's benchmarks (or a prediction) would slow the run's first
        // steps, and its diagnosis would read them as warm-up: the run starts once they are
        // done.
        if (!m_startWaitsForTools) {
            m_startWaitsForTools = true;
            appendLog(LogLevel::Info,
                      tr("The run starts when the environment check or the prediction ends."));
            gate.whenToolsIdle(this, [this] {
                m_startWaitsForTools = false;
                startRun();
            });
        }
        return;
    }
    RunConfig config = *m_editor->config();
    if (!RunWritesQuestion::confirm(this, config, m_configPath)) {
        appendLog(LogLevel::Info, tr("Not started: the config's files were not allowed."));
        return;
    }
    QString error;
    m_log->clear();
    m_epochsInHistory = 0;
    if (!m_controller->start(config, m_databasePath, &error)) {
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
    appendLog(LogLevel::Info,
              m_controller->isScript()
                  ? tr("Stopping the script: SIGINT now, SIGTERM after 10 s and SIGKILL 5 s "
                       "later while it still runs...")
                  : tr("Stopping after the current step..."));
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
    saveWindowLayout(*this);
    event->accept();
}

}  // namespace es::ui
