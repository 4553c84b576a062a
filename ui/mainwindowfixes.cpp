#include "ui/mainwindow.h"

#include "engine/store/runstore.h"
#include "ui/setup/configeditor.h"
#include "ui/whatif/whatifpanel.h"

// A finding's fix, applied to Run setup or measured in a what-if experiment, and the What-if
// dock opened with Run setup's config as the baseline.

namespace es::ui {

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

}  // namespace es::ui
