#include "ui/mainwindow.h"

#include "engine/diagnosis/savedfindings.h"
#include "engine/store/runstore.h"
#include "engine/summary/rankstats.h"
#include "ui/findings/findingsmodel.h"
#include "ui/findings/findingspanel.h"
#include "ui/live/runcontroller.h"
#include "ui/status/runstatusbar.h"

#include <QtWidgets/QDockWidget>

// A recorded run opened from the Runs panel: its charts, its findings, its title.

namespace es::ui {

namespace {

/// The run stored under `id` as the dashboard draws it.
RunTimeline timelineOf(const StoredRun& run)
{
    RunTimeline timeline;
    timeline.name = QString::fromStdString(run.header.name);
    timeline.device = QString::fromStdString(run.header.device);
    if (run.info.is_object()) {
        timeline.epochsPlanned = run.info.value("epochs_planned", 0);
        timeline.batchesPerEpoch = run.info.value("batches_per_epoch", 0);
        if (const auto ranks = run.info.find("ranks"); ranks != run.info.end())
            timeline.ranks = rankMembersFromJson(*ranks);
    }
    timeline.worldSize = run.header.worldSize;
    timeline.batches = run.batches;
    timeline.rankBatches = run.rankBatches;
    timeline.epochs = run.epochs;
    timeline.samples = run.samples;
    return timeline;
}

}  // namespace

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

}  // namespace es::ui
