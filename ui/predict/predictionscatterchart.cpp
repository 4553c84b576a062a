#include "ui/predict/predictionscatterchart.h"

#include "ui/plots/qcustomplotinclude.h"

#include <QtGui/QMouseEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace es::ui {

namespace {

// The prediction's colour in the series chart, translucent: where thousands of dots pile up
// the colour deepens, so the density shows where single dots would merge into one blot.
const QColor kDotColor(0x4E, 0x79, 0xA7, 90);
// The series chart's colour for the actual value, for where the prediction equals it: it
// stands out on the blue dots in light and dark themes.
const QColor kDiagonalColor = QColor::fromRgb(0xF28E2B);
constexpr double kDotSize = 4.0;  // pixels
// Room around the values, so that the extremes do not sit on the frame.
constexpr double kRangeMargin = 0.05;
// How near the pointer a dot must be to be described, in pixels.
constexpr double kNearPx = 12.0;
constexpr int kScatterTooltipDigits = 4;

QString scatterValueText(float value)
{
    return QString::number(static_cast<double>(value), 'g', kScatterTooltipDigits);
}

}  // namespace

PredictionScatterChart::PredictionScatterChart(QWidget* parent)
    : RunChart(QStringLiteral("prediction-scatter"), parent)
{
    // One series: the title says what the dots and the line are, and a legend would only take
    // the height the square-ish plot needs.
    plot()->legend->setVisible(false);
    plot()->plotLayout()->take(plot()->legend);
    plot()->plotLayout()->simplify();
    setTitle(tr("Predicted against actual (dashed: predicted = actual)"));
    plot()->xAxis->setLabel(tr("actual"));
    plot()->yAxis->setLabel(tr("predicted"));
    // Both axes carry values: zooming into a corner of the cloud is as useful as along x.
    plot()->axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    plot()->axisRect()->setRangeZoom(Qt::Horizontal | Qt::Vertical);

    m_points = plot()->addGraph();
    m_points->setName(tr("samples"));
    m_points->setLineStyle(QCPGraph::lsNone);
    // The graph's pen too: a scatter style without a pen of its own draws with it.
    m_points->setPen(QPen(kDotColor));
    m_points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, kDotColor, kDotSize));

    m_diagonal = new QCPItemStraightLine(plot());
    m_diagonal->point1->setCoords(0.0, 0.0);
    m_diagonal->point2->setCoords(1.0, 1.0);
    m_diagonal->setPen(QPen(kDiagonalColor, 1.2, Qt::DashLine));
    m_diagonal->setSelectable(false);
    m_diagonal->setLayer(QStringLiteral("axes"));  // over the dots, not hidden behind them

    // The tooltip needs the pointer's height too; the filter sees each move before the plot
    // reports it to RunChart's tooltip.
    plot()->installEventFilter(this);
    setPoints({}, {});
}

int PredictionScatterChart::pointCount() const
{
    return m_points->dataCount();
}

void PredictionScatterChart::setPoints(const std::vector<float>& predicted,
                                       const std::vector<float>& actual)
{
    m_predictedValues.clear();
    m_actualValues.clear();
    const std::size_t count = std::min(predicted.size(), actual.size());
    m_samples.clear();
    QVector<QCPGraphData> data;
    data.reserve(static_cast<int>(count));
    for (std::size_t i = 0; i < count; ++i) {
        if (!std::isfinite(predicted[i]) || !std::isfinite(actual[i]))
            continue;
        m_samples.push_back(i);
        m_predictedValues.push_back(predicted[i]);
        m_actualValues.push_back(actual[i]);
        data.append(QCPGraphData(actual[i], predicted[i]));
    }
    m_points->data()->set(data);  // sorts by actual value; the vectors keep the sample order
    setFollowingLive(true);       // fits the view and replots
}

void PredictionScatterChart::clearChart()
{
    m_samples.clear();
    m_predictedValues.clear();
    m_actualValues.clear();
    m_points->data()->clear();
}

void PredictionScatterChart::appendRecords(const RunTimeline&, const TimelineCursor&)
{
    // No timeline: setPoints() draws everything.
}

void PredictionScatterChart::fitToData()
{
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const std::vector<float>* values : {&m_predictedValues, &m_actualValues}) {
        for (float value : *values) {
            low = std::min(low, static_cast<double>(value));
            high = std::max(high, static_cast<double>(value));
        }
    }
    if (low > high) {
        low = 0.0;
        high = 1.0;
    }
    const double margin = high > low ? (high - low) * kRangeMargin : 0.5;
    // One range for both: the diagonal then runs corner to corner, and a miss above it reads
    // as far as the same miss below.
    const QCPRange range(low - margin, high + margin);
    plot()->xAxis->setRange(range);
    plot()->yAxis->setRange(range);
}

bool PredictionScatterChart::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == plot() && event->type() == QEvent::MouseMove)
        m_pointer = static_cast<QMouseEvent*>(event)->position();
    return RunChart::eventFilter(watched, event);
}

QString PredictionScatterChart::describeAt(double x) const
{
    // The dot nearest the pointer on screen, not in values: the axes may be zoomed apart.
    const double px = plot()->xAxis->coordToPixel(x);
    const double py = m_pointer.y();
    double nearest = kNearPx * kNearPx;
    std::size_t found = m_samples.size();
    for (std::size_t i = 0; i < m_samples.size(); ++i) {
        const double dx = plot()->xAxis->coordToPixel(m_actualValues[i]) - px;
        const double dy = plot()->yAxis->coordToPixel(m_predictedValues[i]) - py;
        const double distance = dx * dx + dy * dy;
        if (distance < nearest) {
            nearest = distance;
            found = i;
        }
    }
    if (found == m_samples.size())
        return {};
    return tr("sample %1: predicted %2, actual %3")
        .arg(m_samples[found])
        .arg(scatterValueText(m_predictedValues[found]), scatterValueText(m_actualValues[found]));
}

}  // namespace es::ui
