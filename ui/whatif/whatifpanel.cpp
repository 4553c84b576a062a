#include "ui/whatif/whatifpanel.h"

#include "engine/config/configerror.h"
#include "engine/store/runstore.h"
#include "engine/whatif/experiment.h"
#include "ui/whatif/experimentjob.h"
#include "ui/whatif/pastexperiments.h"
#include "ui/whatif/whatifresults.h"
#include "ui/whatif/whatifsetup.h"

#include <QtWidgets/QSplitter>
#include <QtWidgets/QVBoxLayout>

#include <exception>
#include <utility>

namespace es::ui {

WhatIfPanel::WhatIfPanel(QWidget* parent)
    : QWidget(parent),
      m_job(new ExperimentJob(this)),
      m_setup(new WhatIfSetup(this)),
      m_past(new PastExperimentsBox(this)),
      m_results(new WhatIfResults(this))
{
    m_results->setCornerWidget(m_past);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_setup);
    splitter->addWidget(m_results);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 5);
    splitter->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    connect(m_setup, &WhatIfSetup::runRequested, this, &WhatIfPanel::start);
    connect(m_setup, &WhatIfSetup::stopRequested, this, &WhatIfPanel::stop);
    // The variants' problems replace whatever the panel said before: they are what stops Run.
    connect(m_setup, &WhatIfSetup::variantsChanged, m_results, &WhatIfResults::showError);
    connect(m_past, &PastExperimentsBox::experimentChosen, this, &WhatIfPanel::loadExperiment);
    connect(m_job, &ExperimentJob::runStarting, this, &WhatIfPanel::onRunStarting);
    connect(m_job, &ExperimentJob::runFinished, this, &WhatIfPanel::onRunFinished);
    connect(m_job, &ExperimentJob::logLine, this, &WhatIfPanel::logLine);
    connect(m_job, &ExperimentJob::finished, this, &WhatIfPanel::onFinished);

    m_setup->setStatus(tr("No experiment run yet"));
    reloadPastExperiments();
    m_results->showError(m_setup->problems());
    updateControls();
}

WhatIfPanel::~WhatIfPanel() = default;  // the job, a child, stops and waits for its thread

void WhatIfPanel::setDatabasePath(const QString& path)
{
    m_databasePath = path;
    reloadPastExperiments();
}

void WhatIfPanel::setBaseline(const RunConfig& config, const QString& label)
{
    m_setup->setBaseline(config, label);
}

void WhatIfPanel::addVariant(const QString& label, const nlohmann::json& patch)
{
    m_setup->addVariant(label, patch);
}

QString WhatIfPanel::addFactor(const QString& key, const QString& values)
{
    return m_setup->addFactor(key, values);
}

void WhatIfPanel::clearVariants()
{
    m_setup->clearVariants();
}

void WhatIfPanel::setCombine(bool combine)
{
    m_setup->setCombine(combine);
}

void WhatIfPanel::setSettings(const ExperimentSettings& settings)
{
    m_setup->setSettings(settings);
}

ExperimentSettings WhatIfPanel::settings() const
{
    return m_setup->settings();
}

void WhatIfPanel::setBlockedReason(const QString& reason)
{
    m_setup->setBlockedReason(reason);
}

const std::vector<Variant>& WhatIfPanel::variants() const
{
    return m_setup->variants();
}

QString WhatIfPanel::baselineLabel() const
{
    return m_setup->baselineLabel();
}

const std::optional<RunConfig>& WhatIfPanel::baseline() const
{
    return m_setup->baseline();
}

ExperimentResultsModel* WhatIfPanel::resultsModel() const
{
    return m_results->model();
}

ExperimentChart* WhatIfPanel::chart() const
{
    return m_results->chart();
}

QComboBox* WhatIfPanel::pastExperiments() const
{
    return m_past;
}

QString WhatIfPanel::errorText() const
{
    return m_results->errorText();
}

QString WhatIfPanel::statusText() const
{
    return m_setup->statusText();
}

bool WhatIfPanel::isRunning() const
{
    return m_job->isRunning();
}

void WhatIfPanel::updateControls()
{
    m_setup->setRunState(isRunning(), m_job->isStopping());
    m_past->setEnabled(!isRunning());
}

bool WhatIfPanel::start()
{
    if (isRunning())
        return false;
    if (!m_setup->blockedReason().isEmpty()) {
        m_results->showError(m_setup->blockedReason());
        return false;
    }
    if (!m_setup->baseline()) {
        m_results->showError(tr("There is no baseline to measure against."));
        return false;
    }
    ExperimentPlan plan;
    try {
        plan = planExperiment(*m_setup->baseline(), m_setup->variants(), m_setup->settings());
    } catch (const ConfigError& error) {
        m_results->showError(tr("The experiment cannot run:\n%1").arg(configIssuesText(error)));
        return false;
    }
    m_results->showError({});
    m_results->showPlan(plan);
    m_report.reset();
    m_past->select(0);
    m_setup->setProgress(0, plan.runCount());
    m_setup->setStatus(tr("Starting %n run(s)...", nullptr, plan.runCount()));
    m_job->start(std::move(plan), m_databasePath);
    updateControls();
    Q_EMIT runningChanged(true);
    return true;
}

void WhatIfPanel::stop()
{
    if (!isRunning())
        return;
    m_job->stop();
    m_setup->setStatus(tr("Stopping after the current step..."));
    updateControls();
}

void WhatIfPanel::onRunStarting(int number, int total, const QString& description)
{
    Q_UNUSED(number);
    Q_UNUSED(total);
    if (!m_job->isStopping())
        m_setup->setStatus(tr("Measuring %1...").arg(description));
}

void WhatIfPanel::onRunFinished()
{
    m_setup->setProgressValue(static_cast<int>(m_job->runs().size()));
    m_results->showResults(m_job->results());
}

void WhatIfPanel::onFinished(const ExperimentReport& report, const QString& problem)
{
    m_report = report;
    m_results->showReport(report);
    const int runs = static_cast<int>(report.runs.size());
    // A failed variant gets no more runs: the experiment still went to its end.
    m_setup->setProgressValue(report.stopped || !problem.isEmpty() ? runs
                                                                   : m_setup->progressMaximum());
    QString status = report.stopped
                         ? tr("Stopped after %n run(s); what was measured is kept", nullptr, runs)
                         : tr("Finished: %n run(s)", nullptr, runs);
    if (!problem.isEmpty())
        status = tr("Ended after %n run(s): see the message above the table", nullptr, runs);
    if (report.experimentId > 0)
        status += tr(", recorded as experiment %1").arg(report.experimentId);
    m_setup->setStatus(status);
    m_results->showError(problem);
    reloadPastExperiments();
    updateControls();
    Q_EMIT runningChanged(false);
    if (!problem.isEmpty())
        Q_EMIT this->problem(problem);
    Q_EMIT experimentFinished(report.experimentId);
}

void WhatIfPanel::reloadPastExperiments()
{
    m_past->reload(m_databasePath, m_report ? m_report->experimentId : 0);
}

bool WhatIfPanel::loadExperiment(qint64 id)
{
    if (isRunning())
        return false;
    try {
        const RunStore store(m_databasePath.toStdString());
        const std::optional<StoredExperiment> experiment = store.loadExperiment(id);
        if (!experiment) {
            m_results->showError(tr("Experiment %1 is not in the run database any more.").arg(id));
            reloadPastExperiments();
            return false;
        }
        m_report = makeReport(*experiment);
    } catch (const std::exception& error) {
        const QString message = tr("Cannot read experiment %1: %2").arg(id).arg(error.what());
        m_results->showError(message);
        Q_EMIT problem(message);
        return false;
    }
    m_results->showError({});
    m_results->showReport(*m_report);
    m_setup->setProgress(1, 1);
    m_setup->setStatus(tr("Experiment %1 from the run database").arg(id));
    m_past->select(id);
    return true;
}

void WhatIfPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // The CLI may have added experiments since; the list is cheap to read.
    if (!isRunning())
        reloadPastExperiments();
}

}  // namespace es::ui
