#include "ui/plots/epochphasechart.h"

#include "engine/core/siunits.h"
#include "engine/i18n/phasename.h"
#include "ui/core/qtext.h"
#include "ui/plots/phasepalette.h"
#include "ui/plots/qcustomplotinclude.h"

#include <algorithm>
#include <cmath>

namespace es::ui {

namespace {
constexpr double kBarWidth = 0.7;
// Room above the tallest bar for the "first epoch" label.
constexpr double kLabelHeadroom = 1.18;

QCPBars* addBars(QCustomPlot* plot, const QString& name, const QColor& color, QCPBars* below)
{
    auto* bars = new QCPBars(plot->xAxis, plot->yAxis);
    bars->setName(name);
    bars->setWidth(kBarWidth);
    bars->setPen(QPen(color.darker(130), 0));
    bars->setBrush(color);
    bars->setStackingGap(0);
    if (below)
        bars->moveAbove(below);
    return bars;
}
}  // namespace

EpochPhaseChart::EpochPhaseChart(QWidget* parent) : RunChart(QStringLiteral("epoch-phases"), parent)
{
    setTitle(tr("Epoch time by phase"));
    plot()->xAxis->setLabel(tr("Epoch", "axis: epoch number"));
    plot()->yAxis->setLabel(tr("Seconds"));
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);  // 1, 2, 5, 10 epochs apart
    plot()->xAxis->setTicker(ticker);

    QCPBars* below = nullptr;
    for (Phase phase : kAllPhases) {
        below = addBars(plot(), toQString(phaseName(phase)), phaseColor(phase), below);
        m_phaseBars[phaseIndex(phase)] = below;
    }
    m_validation = addBars(plot(), tr("Validation", "legend: the validation pass's time"),
                           seriesColor(SeriesRole::Validation), below);
    m_callbacks = addBars(plot(), tr("Callbacks (epoch end)"),
                          seriesColor(SeriesRole::EpochEndCallbacks), m_validation);

    m_firstOutline = new QCPItemRect(plot());
    m_firstOutline->setPen(QPen(Qt::black, 1.5, Qt::DashLine));
    m_firstOutline->setBrush(Qt::NoBrush);
    m_firstLabel = new QCPItemText(plot());
    m_firstLabel->setText(tr("first epoch"));
    // From the bar's left edge rightwards: centred on the first bar it would be cut by the axis.
    m_firstLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_firstLabel->setPadding(QMargins(0, 0, 0, 3));
    clearChart();
    fitToData();
}

double EpochPhaseChart::epochEndCallbackSeconds(const EpochRecord& epoch)
{
    double all = 0.0;
    for (const CallbackCost& callback : epoch.callbacks)
        all += callback.seconds;
    return std::max(0.0, all - epoch.phaseS[phaseIndex(Phase::Callbacks)]);
}

void EpochPhaseChart::clearChart()
{
    for (QCPBars* bars : m_phaseBars)
        bars->data()->clear();
    m_validation->data()->clear();
    m_callbacks->data()->clear();
    m_firstLabel->setVisible(false);
    m_firstOutline->setVisible(false);
    m_epochsRead = 0;
    m_lastEpoch = 0;
    m_tallest = 0.0;
}

void EpochPhaseChart::appendRecords(const RunTimeline& timeline, const TimelineCursor& from)
{
    for (std::size_t i = from.epochs; i < timeline.epochs.size(); ++i) {
        const EpochRecord& epoch = timeline.epochs[i];
        const double x = epoch.epoch;
        double total = 0.0;
        for (std::size_t p = 0; p < kPhaseCount; ++p) {
            m_phaseBars[p]->addData(x, epoch.phaseS[p]);
            total += epoch.phaseS[p];
        }
        const double callbacks = epochEndCallbackSeconds(epoch);
        m_validation->addData(x, epoch.validationS);
        m_callbacks->addData(x, callbacks);
        total += epoch.validationS + callbacks;
        if (i == 0)
            markFirstEpoch(epoch, total);
        m_tallest = std::max(m_tallest, total);
        m_lastEpoch = std::max(m_lastEpoch, epoch.epoch);
    }
    m_epochsRead = timeline.epochs.size();
}

void EpochPhaseChart::markFirstEpoch(const EpochRecord& first, double total)
{
    const double x = first.epoch;
    m_firstOutline->topLeft->setCoords(x - kBarWidth / 2, total);
    m_firstOutline->bottomRight->setCoords(x + kBarWidth / 2, 0.0);
    m_firstOutline->setVisible(true);
    m_firstLabel->position->setCoords(x - kBarWidth / 2, total);
    m_firstLabel->setVisible(true);
}

void EpochPhaseChart::fitToData()
{
    // The planned epochs fix the x axis from the start, so the bars do not jump as they come.
    const int planned = timeline() ? timeline()->epochsPlanned : 0;
    const int last = std::max({planned, m_lastEpoch, 1});
    plot()->xAxis->setRange(0.5, last + 0.5);
    plot()->yAxis->setRange(0.0, m_tallest > 0.0 ? m_tallest * kLabelHeadroom : 1.0);
}

QString EpochPhaseChart::describeAt(double x) const
{
    if (!timeline() || m_epochsRead == 0)
        return {};
    const int wanted = static_cast<int>(std::lround(x));
    const auto& epochs = timeline()->epochs;
    // Between refreshes the timeline may already be shorter than what was read (a new run).
    const auto end =
        epochs.begin() + static_cast<std::ptrdiff_t>(std::min(m_epochsRead, epochs.size()));
    const auto found = std::find_if(epochs.begin(), end,
                                    [wanted](const EpochRecord& e) { return e.epoch == wanted; });
    if (found == end || std::abs(x - wanted) > kBarWidth / 2)
        return {};
    const EpochRecord& epoch = *found;
    QString text = tr("Epoch %1: %2 s (training %3 s, validation %4 s)")
                       .arg(epoch.epoch)
                       .arg(epoch.wallS, 0, 'f', 2)
                       .arg(epoch.trainS, 0, 'f', 2)
                       .arg(epoch.validationS, 0, 'f', 2);
    for (auto it = kAllPhases.rbegin(); it != kAllPhases.rend(); ++it)
        text += QStringLiteral("\n%1: %2 s")
                    .arg(toQString(phaseName(*it)))
                    .arg(epoch.phaseS[phaseIndex(*it)], 0, 'f', 3);
    for (const CallbackCost& callback : epoch.callbacks) {
        text += QLatin1Char('\n') +
                tr("%1: %2 s, %3 MB in %n file(s)", nullptr, callback.writes)
                    .arg(QString::fromStdString(callback.name))
                    .arg(callback.seconds, 0, 'f', 3)
                    .arg(static_cast<double>(callback.bytesWritten) / kBytesPerMb, 0, 'f', 1);
    }
    return text;
}

}  // namespace es::ui
