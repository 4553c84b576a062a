#include "ui/dashboard/dashboardview.h"

#include "ui/plots/batchphasechart.h"
#include "ui/plots/epochphasechart.h"
#include "ui/plots/losschart.h"
#include "ui/plots/stepchart.h"
#include "ui/plots/transferchart.h"
#include "ui/plots/utilisationchart.h"

#include "ui/plots/qcustomplotinclude.h"

#include <QtCore/QElapsedTimer>
#include <QtWidgets/QGridLayout>

namespace es::ui {

DashboardView::DashboardView(QWidget* parent) : QWidget(parent)
{
    auto* steps = new BatchPhaseChart(this);
    auto* epochs = new EpochPhaseChart(this);
    auto* loss = new LossChart(this);
    auto* transfer = new TransferChart(this);
    auto* utilisation = new UtilisationChart(this);
    m_charts = {steps, epochs, loss, transfer, utilisation};
    m_stepCharts = {steps, transfer};

    // The step chart is the one people watch: the whole width, the most height. Each chart
    // draws its own title (so that its exported picture has one).
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(4, 4, 4, 4);
    grid->addWidget(steps, 0, 0, 1, 2);
    grid->addWidget(epochs, 1, 0);
    grid->addWidget(loss, 1, 1);
    grid->addWidget(transfer, 2, 0);
    grid->addWidget(utilisation, 2, 1);
    grid->setRowStretch(0, 3);
    grid->setRowStretch(1, 2);
    grid->setRowStretch(2, 2);
}

void DashboardView::setTimeline(const RunTimeline* timeline)
{
    for (RunChart* chart : m_charts)
        chart->setTimeline(timeline);
}

void DashboardView::refresh()
{
    QElapsedTimer timer;
    timer.start();
    for (RunChart* chart : m_charts)
        chart->refresh();
    m_lastRefreshMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

void DashboardView::setWindowSteps(int steps)
{
    for (StepChart* chart : m_stepCharts)
        chart->setWindowSteps(steps);
}

double DashboardView::drawCostMs() const
{
    double cost = m_lastRefreshMs;
    for (RunChart* chart : m_charts)
        cost += chart->plot()->replotTime(/*average=*/true);
    return cost;
}

void DashboardView::highlightSteps(std::int64_t first, std::int64_t last)
{
    for (StepChart* chart : m_stepCharts)
        chart->highlightSteps(first, last);
}

void DashboardView::clearHighlight()
{
    for (StepChart* chart : m_stepCharts)
        chart->clearHighlight();
}

}  // namespace es::ui
