#include "ui/dashboard/dashboardview.h"

#include "ui/plots/batchphasechart.h"
#include "ui/plots/epochphasechart.h"
#include "ui/plots/losschart.h"
#include "ui/plots/memorychart.h"
#include "ui/plots/rankstepchart.h"
#include "ui/plots/stepchart.h"
#include "ui/plots/transferchart.h"
#include "ui/plots/utilisationchart.h"

#include "ui/plots/qcustomplotinclude.h"

#include <QtCore/QElapsedTimer>
#include <QtCore/QSignalBlocker>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QGridLayout>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>

#include <algorithm>

namespace es::ui {

namespace {
// Rows of the grid: the rank selector's bar (distributed runs only), then three rows of charts.
enum Row { kRankBarRow, kStepRow, kEpochRow, kTransferRow };
// Six columns of equal width: two charts share a row as halves, three as thirds.
constexpr int kColumns = 6;
constexpr int kHalf = kColumns / 2;
constexpr int kThird = kColumns / 3;
}  // namespace

DashboardView::DashboardView(QWidget* parent) : QWidget(parent)
{
    m_steps = new BatchPhaseChart(this);
    auto* epochs = new EpochPhaseChart(this);
    auto* loss = new LossChart(this);
    m_transfer = new TransferChart(this);
    m_memory = new MemoryChart(this);
    auto* utilisation = new UtilisationChart(this);
    m_rankChart = new RankStepChart(this);
    // The ranks' chart is drawn only for a run of several processes: not one of charts().
    m_charts = {m_steps, epochs, loss, m_transfer, m_memory, utilisation};
    m_stepCharts = {m_steps, m_transfer, m_memory, m_rankChart};

    m_rankBar = new QWidget(this);
    auto* bar = new QHBoxLayout(m_rankBar);
    bar->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(tr("Step charts show:"), m_rankBar);
    m_rankSelector = new QComboBox(m_rankBar);
    m_rankSelector->setObjectName("rankSelector");
    m_rankSelector->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_rankSelector->setToolTip(
        tr("Which process's steps the step time and host-to-device charts "
           "draw; each rank times its own phases"));
    label->setBuddy(m_rankSelector);
    bar->addWidget(label);
    bar->addWidget(m_rankSelector);
    bar->addStretch(1);
    connect(m_rankSelector, qOverload<int>(&QComboBox::currentIndexChanged), this,
            [this](int) { showSelectedRank(); });

    // The step chart is the one people watch: the whole width, the most height (beside the
    // ranks' chart in a distributed run). Each chart draws its own title (so that its exported
    // picture has one).
    m_grid = new QGridLayout(this);
    m_grid->setContentsMargins(4, 4, 4, 4);
    m_grid->addWidget(m_rankBar, kRankBarRow, 0, 1, kColumns);
    m_grid->addWidget(m_steps, kStepRow, 0, 1, kColumns);
    m_grid->addWidget(epochs, kEpochRow, 0, 1, kHalf);
    m_grid->addWidget(loss, kEpochRow, kHalf, 1, kHalf);
    // Tensor memory beside the RSS the utilisation chart draws.
    m_grid->addWidget(m_transfer, kTransferRow, 0, 1, kThird);
    m_grid->addWidget(m_memory, kTransferRow, kThird, 1, kThird);
    m_grid->addWidget(utilisation, kTransferRow, 2 * kThird, 1, kThird);
    for (int column = 0; column < kColumns; ++column)
        m_grid->setColumnStretch(column, 1);
    m_grid->setRowStretch(kRankBarRow, 0);
    m_grid->setRowStretch(kStepRow, 3);
    m_grid->setRowStretch(kEpochRow, 2);
    m_grid->setRowStretch(kTransferRow, 2);
    m_rankBar->hide();
    m_rankChart->hide();
}

void DashboardView::setTimeline(const RunTimeline* timeline)
{
    m_timeline = timeline;
    for (RunChart* chart : m_charts)
        chart->setTimeline(timeline);
    m_rankChart->setTimeline(timeline);
    updateRanks(true);
}

void DashboardView::refresh()
{
    QElapsedTimer timer;
    timer.start();
    updateRanks(false);
    for (RunChart* chart : m_charts)
        chart->refresh();
    // A run of one process has no ranks to compare: the hidden chart costs nothing.
    if (showsRanks())
        m_rankChart->refresh();
    m_lastRefreshMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

void DashboardView::updateRanks(bool startOver)
{
    QStringList labels;
    std::vector<int> ranks;
    if (m_timeline) {
        ranks = RankStepChart::ranksOf(*m_timeline);
        if (ranks.size() > 1) {
            for (int rank : ranks)
                labels << RankStepChart::rankLabel(*m_timeline, rank);
        }
    }
    if (!startOver && labels == m_rankLabels)
        return;
    const int selected =
        startOver || m_rankSelector->currentIndex() < 0 ? 0 : m_rankSelector->currentData().toInt();
    {
        const QSignalBlocker quiet(m_rankSelector);
        m_rankSelector->clear();
        for (int index = 0; index < labels.size(); ++index)
            m_rankSelector->addItem(labels[index], ranks[static_cast<std::size_t>(index)]);
        m_rankSelector->setCurrentIndex(std::max(0, m_rankSelector->findData(selected)));
    }
    const bool distributed = !labels.isEmpty();
    const bool layoutChanged = distributed != showsRanks() || startOver;
    m_rankLabels = labels;
    if (layoutChanged) {
        m_grid->removeWidget(m_steps);
        m_grid->removeWidget(m_rankChart);
        if (distributed) {
            m_grid->addWidget(m_steps, kStepRow, 0, 1, kHalf);
            m_grid->addWidget(m_rankChart, kStepRow, kHalf, 1, kHalf);
        } else {
            m_grid->addWidget(m_steps, kStepRow, 0, 1, kColumns);
        }
        m_rankBar->setVisible(distributed);
        m_rankChart->setVisible(distributed);
    }
    showSelectedRank();
}

void DashboardView::showSelectedRank()
{
    const bool distributed = showsRanks();
    const int rank = distributed ? m_rankSelector->currentData().toInt() : 0;
    const QString caption = distributed ? m_rankSelector->currentText() : QString();
    m_steps->setShownRank(rank, caption);
    m_transfer->setShownRank(rank, caption);
    m_memory->setShownRank(rank, caption);
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
    if (showsRanks())
        cost += m_rankChart->plot()->replotTime(/*average=*/true);
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
