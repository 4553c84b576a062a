#include "ui/predict/rocchart.h"

#include "ui/plots/qcustomplotinclude.h"

#include <QtGui/QMouseEvent>

#include <cmath>

namespace es::ui {

namespace {

// The prediction's blue of the other Predict charts for the curve; the operating point in the
// dashboard's validation-loss red, which stands out on the curve in light and dark themes; a
// neutral grey for chance, which is a reference and not a series.
const QColor kCurveColor = QColor::fromRgb(0x4E79A7);
const QColor kMarkerColor = QColor::fromRgb(0xE15759);
const QColor kChanceColor = QColor::fromRgb(0x7F7F7F);
constexpr double kMarkerSize = 10.0;  // pixels
// Room around the unit square, so that a curve along an axis is not hidden by it.
constexpr double kRocRangeMargin = 0.02;
// How near the pointer a point of the curve must be to be described, in pixels.
constexpr double kRocNearPx = 14.0;
constexpr int kRateDigits = 3;

QString rateText(double rate)
{
    return QString::number(rate, 'f', kRateDigits);
}

}  // namespace

RocChart::RocChart(QWidget* parent) : RunChart(QStringLiteral("roc-curve"), parent)
{
    setTitle(tr("ROC curve"));
    plot()->xAxis->setLabel(tr("false positive rate"));
    plot()->yAxis->setLabel(tr("true positive rate"));
    // Rates on both axes: zooming into the top-left corner, where curves differ, is the use.
    plot()->axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    plot()->axisRect()->setRangeZoom(Qt::Horizontal | Qt::Vertical);

    // A graph, not a straight line item, so that the legend says what the dashes are.
    m_chance = plot()->addGraph();
    m_chance->setName(tr("chance"));
    m_chance->setPen(QPen(kChanceColor, 1.2, Qt::DashLine));
    m_chance->setData({0.0, 1.0}, {0.0, 1.0}, true);

    // A curve, not a graph: tied scores step diagonally and equal rates repeat, so x does not
    // strictly increase, and a graph would sort the points out of the curve's order.
    m_curve = new QCPCurve(plot()->xAxis, plot()->yAxis);
    m_curve->setPen(QPen(kCurveColor, 2.0));

    m_marker = plot()->addGraph();
    m_marker->setLineStyle(QCPGraph::lsNone);
    m_marker->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                              QPen(kMarkerColor.darker(130), 1.5),
                                              QBrush(kMarkerColor), kMarkerSize));

    m_placeholder = new QCPItemText(plot());
    m_placeholder->position->setType(QCPItemPosition::ptAxisRectRatio);
    // Top left, where a curve would rise: clear of the chance diagonal.
    m_placeholder->position->setCoords(0.04, 0.06);
    m_placeholder->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_placeholder->setTextAlignment(Qt::AlignLeft);
    m_placeholder->setText(QString());  // not QCPItemText's placeholder
    m_placeholder->setSelectable(false);

    // The tooltip needs the pointer's height too; the filter sees each move before the plot
    // reports it to RunChart's tooltip.
    plot()->installEventFilter(this);
    setCurve({}, std::nullopt);
}

int RocChart::pointCount() const
{
    return static_cast<int>(m_curve->dataCount());
}

std::optional<QPointF> RocChart::markedPoint() const
{
    if (!m_markedIndex)
        return std::nullopt;
    const RocPoint& point = m_points[*m_markedIndex];
    return QPointF(point.falsePositiveRate, point.truePositiveRate);
}

QString RocChart::placeholderText() const
{
    return m_placeholder->visible() ? m_placeholder->text() : QString();
}

void RocChart::setCurve(const std::vector<es::RocPoint>& curve, std::optional<double> auc)
{
    clearChart();
    // Without an AUC the rates are not defined: whatever points came, none mean anything.
    if (auc && !curve.empty()) {
        m_points = curve;
        m_auc = auc;
    }
    QVector<QCPCurveData> data;
    data.reserve(static_cast<int>(m_points.size()));
    for (std::size_t i = 0; i < m_points.size(); ++i)
        data.append(QCPCurveData(static_cast<double>(i), m_points[i].falsePositiveRate,
                                 m_points[i].truePositiveRate));
    m_curve->data()->set(data, true);  // true: t is the curve's order already

    const bool drawn = !m_points.empty();
    m_placeholder->setVisible(!drawn);
    m_placeholder->setText(
        drawn
            ? QString()
            : tr("No ROC curve:\nthe targets hold one class only,\nso the rates are not defined."));
    // The legend in reading order, the curve first, whichever entries were there before.
    m_curve->removeFromLegend();
    m_chance->removeFromLegend();
    if (drawn) {
        m_curve->setName(tr("ROC curve (AUC %1)").arg(*m_auc, 0, 'f', 3));
        m_curve->addToLegend();
    }
    // Also without a curve: an empty legend would squeeze the plot to its own width.
    m_chance->addToLegend();
    m_marker->removeFromLegend();
    placeMarker();           // adds the marker's entry after them
    setFollowingLive(true);  // fits the view
    applyPalette();          // legend entries that came back take the theme's text colour
}

void RocChart::setThreshold(double threshold)
{
    m_threshold = threshold;
    placeMarker();
    applyPalette();  // a legend entry that came back takes the theme's text colour; replots
}

void RocChart::placeMarker()
{
    m_markedIndex.reset();
    m_marker->data()->clear();
    if (m_points.empty()) {
        m_marker->removeFromLegend();
        return;
    }
    // The curve's thresholds descend: the last point still above the threshold is where every
    // score above it counts as positive, as the confusion matrix and the metrics count
    // (binaryConfusion(), binaryMetrics()), so that a score exactly at the threshold is
    // negative in all three. The first point's threshold is above every score, so there
    // always is one (a NaN threshold marks nothing predicted positive).
    std::size_t index = 0;
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        if (m_points[i].threshold > m_threshold)
            index = i;
    }
    m_markedIndex = index;
    const RocPoint& point = m_points[index];
    m_marker->addData(point.falsePositiveRate, point.truePositiveRate);
    // Short, for the legend's one row: the axes and the tooltip spell the rates out.
    m_marker->setName(tr("threshold %1 (FPR %2, TPR %3)")
                          .arg(QString::number(m_threshold, 'g', 3),
                               rateText(point.falsePositiveRate),
                               rateText(point.truePositiveRate)));
    m_marker->addToLegend();
}

void RocChart::clearChart()
{
    m_points.clear();
    m_auc.reset();
    m_markedIndex.reset();
    m_curve->data()->clear();
    m_marker->data()->clear();
}

void RocChart::appendRecords(const RunTimeline&, const TimelineCursor&)
{
    // No timeline: setCurve() draws everything.
}

void RocChart::fitToData()
{
    // Rates: the unit square always, curve or not, so that curves compare at a glance.
    plot()->xAxis->setRange(-kRocRangeMargin, 1.0 + kRocRangeMargin);
    plot()->yAxis->setRange(-kRocRangeMargin, 1.0 + kRocRangeMargin);
}

bool RocChart::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == plot() && event->type() == QEvent::MouseMove)
        m_pointer = static_cast<QMouseEvent*>(event)->position();
    return RunChart::eventFilter(watched, event);
}

QString RocChart::describeAt(double x) const
{
    // The point nearest the pointer on screen: a vertical run of the curve has one x for many.
    const double px = plot()->xAxis->coordToPixel(x);
    double nearest = kRocNearPx * kRocNearPx;
    std::optional<std::size_t> found;
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        const double dx = plot()->xAxis->coordToPixel(m_points[i].falsePositiveRate) - px;
        const double dy = plot()->yAxis->coordToPixel(m_points[i].truePositiveRate) - m_pointer.y();
        if (dx * dx + dy * dy < nearest) {
            nearest = dx * dx + dy * dy;
            found = i;
        }
    }
    if (!found)
        return {};
    const RocPoint& point = m_points[*found];
    const QString rates =
        tr("false positive rate %1, true positive rate %2")
            .arg(rateText(point.falsePositiveRate), rateText(point.truePositiveRate));
    if (std::isinf(point.threshold))
        return tr("threshold above every score: %1").arg(rates);
    return tr("threshold %1: %2").arg(QString::number(point.threshold, 'g', 4), rates);
}

}  // namespace es::ui
