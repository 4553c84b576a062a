#include "ui/predict/residualhistogramchart.h"

#include "ui/plots/qcustomplotinclude.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace es::ui {

namespace {

// The prediction's blue, as in the series and scatter charts: these are the model's misses.
const QColor kBarColor = QColor::fromRgb(0x4E79A7);
// The series chart's colour for the actual value, for where the prediction equals it: it
// stands out on the blue bars in light and dark themes.
const QColor kZeroColor = QColor::fromRgb(0xF28E2B);
constexpr int kHistogramTooltipDigits = 3;

}  // namespace

ResidualHistogramChart::ResidualHistogramChart(QWidget* parent)
    : RunChart(QStringLiteral("residuals"), parent)
{
    // One series: the title and the axes say what the bars are.
    plot()->legend->setVisible(false);
    plot()->plotLayout()->take(plot()->legend);
    plot()->plotLayout()->simplify();
    plot()->xAxis->setLabel(tr("residual (predicted \u2212 actual)"));
    plot()->yAxis->setLabel(tr("samples"));
    plot()->xAxis->grid()->setVisible(false);

    m_bars = new QCPBars(plot()->xAxis, plot()->yAxis);
    m_bars->setName(tr("samples"));
    m_bars->setPen(QPen(kBarColor.darker(130), 1));
    m_bars->setBrush(kBarColor);

    m_zeroLine = new QCPItemStraightLine(plot());
    m_zeroLine->point1->setCoords(0.0, 0.0);
    m_zeroLine->point2->setCoords(0.0, 1.0);
    m_zeroLine->setPen(QPen(kZeroColor, 1.2, Qt::DashLine));
    m_zeroLine->setSelectable(false);
    m_zeroLine->setLayer(QStringLiteral("axes"));  // over the bars, not hidden behind them
    setHistogram({});
}

int ResidualHistogramChart::binCount() const
{
    return m_bars->dataCount();
}

void ResidualHistogramChart::setHistogram(const es::Histogram& histogram)
{
    m_histogram = histogram;
    QVector<QCPBarsData> data;
    data.reserve(static_cast<int>(m_histogram.counts.size()));
    for (std::size_t bin = 0; bin < m_histogram.counts.size(); ++bin)
        data.append(
            QCPBarsData(m_histogram.binCentre(bin), static_cast<double>(m_histogram.counts[bin])));
    m_bars->data()->set(data, true);  // true: centres ascend with the bins
    // Bins touch: a gap between them would read as a range without residuals.
    m_bars->setWidth(m_histogram.width > 0.0 ? m_histogram.width : 1.0);

    const std::int64_t samples =
        std::accumulate(m_histogram.counts.begin(), m_histogram.counts.end(), std::int64_t{0});
    QString title = tr("Residuals of %n sample(s)", nullptr, static_cast<int>(samples));
    if (m_histogram.skipped > 0)
        title += QLatin1Char(' ') +
                 tr("(%n not finite, left out)", nullptr, static_cast<int>(m_histogram.skipped));
    setTitle(title);
    setFollowingLive(true);  // fits the view and replots
}

void ResidualHistogramChart::clearChart()
{
    m_histogram = es::Histogram();
    m_bars->data()->clear();
}

void ResidualHistogramChart::appendRecords(const RunTimeline&, const TimelineCursor&)
{
    // No timeline: setHistogram() draws everything.
}

void ResidualHistogramChart::fitToData()
{
    const std::size_t bins = m_histogram.counts.size();
    if (bins == 0) {
        plot()->xAxis->setRange(-1.0, 1.0);
        plot()->yAxis->setRange(0.0, 1.0);
        return;
    }
    const double low = m_histogram.low;
    const double high = low + static_cast<double>(bins) * m_histogram.width;
    const double span = high - low;
    QCPRange range(low - m_histogram.width * 0.5, high + m_histogram.width * 0.5);
    // Zero in view shows a bias as the distance to it; but residuals far from zero keep their
    // shape instead of shrinking to a sliver at the edge (the axis still says where they are).
    if (range.lower > 0.0 && range.lower <= span)
        range.lower = -m_histogram.width;
    if (range.upper < 0.0 && -range.upper <= span)
        range.upper = m_histogram.width;
    plot()->xAxis->setRange(range);
    const std::int64_t tallest =
        *std::max_element(m_histogram.counts.begin(), m_histogram.counts.end());
    plot()->yAxis->setRange(0.0, tallest > 0 ? static_cast<double>(tallest) * kChartHeadroom : 1.0);
}

QString ResidualHistogramChart::describeAt(double x) const
{
    if (m_histogram.counts.empty() || !(m_histogram.width > 0.0))
        return {};
    const double bin = std::floor((x - m_histogram.low) / m_histogram.width);
    if (bin < 0.0 || bin >= static_cast<double>(m_histogram.counts.size()))
        return {};
    const auto index = static_cast<std::size_t>(bin);
    const double from = m_histogram.low + bin * m_histogram.width;
    return tr("%1 to %2: %n sample(s)", nullptr, static_cast<int>(m_histogram.counts[index]))
        .arg(QString::number(from, 'g', kHistogramTooltipDigits),
             QString::number(from + m_histogram.width, 'g', kHistogramTooltipDigits));
}

}  // namespace es::ui
