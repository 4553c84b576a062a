#include "ui/setup/textlengthchart.h"

#include "ui/plots/qcustomplotinclude.h"

#include <algorithm>
#include <utility>

namespace es::ui {

namespace {

// At most this many bars: one per length for short texts, a few tokens each for reviews of
// hundreds, and still bars a pointer can pick out at the preview's width.
constexpr std::size_t kLengthChartBins = 60;
// The kept texts in the app's blue; what the sequence length cuts in the orange that the other
// charts give the second series, and the marker in red, apart from both.
const QColor kKeptLengthColor = QColor::fromRgb(0x4E79A7);
const QColor kCutLengthColor = QColor::fromRgb(0xF28E2B);
const QColor kSequenceMarkerColor = QColor::fromRgb(0xE15759);
// Room above the tallest bar for the marker's two lines of label.
constexpr double kLengthChartHeadroom = 1.4;
// Room beside the bars, as a share of their span, so that a marker at the last bar's edge
// (output_sequence_length 0) is not drawn on the frame.
constexpr double kLengthChartMargin = 0.02;
// Tall enough for the title, the bars, the axes and the legend in the default font.
constexpr int kLengthChartLines = 18;
// The marker's label over the bars it may cross: the background shows a little through.
constexpr int kMarkerTextAlpha = 210;
constexpr double kMarkerTextScale = 0.85;

}  // namespace

TextLengthChart::TextLengthChart(QWidget* parent) : RunChart(QStringLiteral("text-lengths"), parent)
{
    setObjectName("text_lengths");
    setMinimumHeight(fontMetrics().lineSpacing() * kLengthChartLines);
    plot()->xAxis->setLabel(tr("tokens per text"));
    plot()->yAxis->setLabel(tr("texts"));
    plot()->xAxis->grid()->setVisible(false);
    // Whole numbers on both axes: there is no half a token or half a text.
    for (QCPAxis* axis : {plot()->xAxis, plot()->yAxis}) {
        QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
        ticker->setTickStep(1.0);
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
        axis->setTicker(ticker);
    }

    m_kept = new QCPBars(plot()->xAxis, plot()->yAxis);
    m_kept->setName(tr("kept whole"));
    m_kept->setPen(QPen(kKeptLengthColor.darker(130), 1));
    m_kept->setBrush(kKeptLengthColor);
    m_cut = new QCPBars(plot()->xAxis, plot()->yAxis);
    m_cut->setName(tr("cut to the sequence length"));
    m_cut->setPen(QPen(kCutLengthColor.darker(130), 1));
    m_cut->setBrush(kCutLengthColor);
    m_cut->moveAbove(m_kept);

    m_marker = new QCPItemStraightLine(plot());
    m_marker->setPen(QPen(kSequenceMarkerColor, 1.5, Qt::DashLine));
    m_marker->setSelectable(false);
    m_marker->setLayer(QStringLiteral("axes"));  // over the bars, not hidden behind them
    m_markerText = new QCPItemText(plot());
    m_markerText->position->setTypeX(QCPItemPosition::ptPlotCoords);
    m_markerText->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_markerText->setPadding(QMargins(4, 2, 4, 2));
    QFont small = font();  // the legend's size: the label is read beside the bars, not first
    small.setPointSizeF(small.pointSizeF() * kMarkerTextScale);
    m_markerText->setFont(small);
    m_markerText->setSelectable(false);
    m_markerText->setLayer(QStringLiteral("axes"));
    // Placed once the axes have their size, which decides the side it has room on.
    connect(plot(), &QCustomPlot::afterLayout, this, &TextLengthChart::placeMarkerText);
    setLengths({}, 0, false);
}

void TextLengthChart::setLengths(std::vector<std::int64_t> lengths, std::int64_t sequenceLength,
                                 bool longest)
{
    m_lengths = std::move(lengths);
    m_sequenceLength = sequenceLength;
    m_longest = longest;
    m_bins = binTextLengths(m_lengths, kLengthChartBins);
    m_cutCounts.assign(m_bins.counts.size(), 0);
    for (const std::int64_t one : m_lengths) {
        if (one > m_sequenceLength)
            ++m_cutCounts[static_cast<std::size_t>((one - m_bins.low) / m_bins.width)];
    }

    QVector<QCPBarsData> kept;
    QVector<QCPBarsData> cut;
    for (std::size_t bin = 0; bin < m_bins.counts.size(); ++bin) {
        // A bin holds the lengths binStart .. binStart + width - 1; its bar spans half a token
        // beyond each, so that neighbouring bars touch.
        const double centre =
            static_cast<double>(m_bins.binStart(bin)) + 0.5 * static_cast<double>(m_bins.width - 1);
        kept.append(
            QCPBarsData(centre, static_cast<double>(m_bins.counts[bin] - m_cutCounts[bin])));
        cut.append(QCPBarsData(centre, static_cast<double>(m_cutCounts[bin])));
    }
    m_kept->data()->set(kept, true);  // true: the centres ascend with the bins
    m_cut->data()->set(cut, true);
    m_kept->setWidth(static_cast<double>(m_bins.width));
    m_cut->setWidth(static_cast<double>(m_bins.width));

    const bool drawn = !m_lengths.empty();
    m_marker->setVisible(drawn);
    m_markerText->setVisible(drawn);
    m_marker->point1->setCoords(markerPosition(), 0.0);
    m_marker->point2->setCoords(markerPosition(), 1.0);
    m_markerText->setText(markerText());
    setTitle(tr("Lengths of the texts in tokens"));
    setFollowingLive(true);  // fits the view and replots
}

double TextLengthChart::markerPosition() const
{
    return static_cast<double>(m_sequenceLength) + 0.5;
}

double TextLengthChart::cutShare() const
{
    if (m_lengths.empty())
        return 0.0;
    return static_cast<double>(textsLongerThan(m_lengths, m_sequenceLength)) /
           static_cast<double>(m_lengths.size());
}

QString TextLengthChart::markerText() const
{
    if (m_lengths.empty())
        return {};
    if (m_longest)
        return tr("output_sequence_length 0:\nthe longest text, %1 tokens").arg(m_sequenceLength);
    return tr("output_sequence_length %1:\n%2% of the texts cut")
        .arg(m_sequenceLength)
        .arg(100.0 * cutShare(), 0, 'f', 1);
}

void TextLengthChart::clearChart()
{
    m_lengths.clear();
    m_bins = TextLengthBins();
    m_cutCounts.clear();
    m_kept->data()->clear();
    m_cut->data()->clear();
}

void TextLengthChart::appendRecords(const RunTimeline&, const TimelineCursor&)
{
    // No timeline: setLengths() draws everything.
}

void TextLengthChart::fitToData()
{
    if (m_bins.counts.empty()) {
        plot()->xAxis->setRange(0.0, 1.0);
        plot()->yAxis->setRange(0.0, 1.0);
        return;
    }
    double low = static_cast<double>(m_bins.low) - 0.5;
    double high = static_cast<double>(m_bins.binStart(m_bins.counts.size())) - 0.5;
    low = std::min(low, markerPosition());
    high = std::max(high, markerPosition());
    const double margin = (high - low) * kLengthChartMargin;
    plot()->xAxis->setRange(low - margin, high + margin);
    const std::int64_t tallest = *std::max_element(m_bins.counts.begin(), m_bins.counts.end());
    plot()->yAxis->setRange(
        0.0, static_cast<double>(std::max<std::int64_t>(tallest, 1)) * kLengthChartHeadroom);
}

void TextLengthChart::placeMarkerText()
{
    // The label reads away from the marker, on the side with room for it (else the roomier
    // one), so that it is not cut at the frame.
    const QRect area = plot()->axisRect()->rect();
    const double x = plot()->xAxis->coordToPixel(markerPosition());
    const QMargins padding = m_markerText->padding();
    const int width = QFontMetrics(m_markerText->font())
                          .boundingRect(QRect(), Qt::AlignLeft, m_markerText->text())
                          .width() +
                      padding.left() + padding.right();
    const double roomRight = area.right() - x;
    const double roomLeft = x - area.left();
    const bool toTheRight = roomRight >= width || roomRight >= roomLeft;
    const Qt::Alignment side = toTheRight ? Qt::AlignLeft : Qt::AlignRight;
    // Where neither side has room, the label moves along the frame over the line rather than
    // past the frame.
    const double anchor = toTheRight ? std::min(x, static_cast<double>(area.right() - width))
                                     : std::max(x, static_cast<double>(area.left() + width));
    m_markerText->position->setCoords(plot()->xAxis->pixelToCoord(anchor), 0.0);
    m_markerText->setPositionAlignment(Qt::AlignTop | side);
    m_markerText->setTextAlignment(side);
    QColor background = palette().color(QPalette::Base);
    background.setAlpha(kMarkerTextAlpha);
    m_markerText->setBrush(background);
}

std::size_t TextLengthChart::binAt(double x) const
{
    const std::size_t bins = m_bins.counts.size();
    if (bins == 0)
        return bins;
    const double offset =
        (x - (static_cast<double>(m_bins.low) - 0.5)) / static_cast<double>(m_bins.width);
    if (offset < 0.0 || offset >= static_cast<double>(bins))
        return bins;
    return static_cast<std::size_t>(offset);
}

QString TextLengthChart::describeAt(double x) const
{
    const std::size_t bin = binAt(x);
    if (bin == m_bins.counts.size())
        return {};
    const int texts = static_cast<int>(m_bins.counts[bin]);
    const std::int64_t first = m_bins.binStart(bin);
    QString text = m_bins.width == 1 ? tr("%1 tokens: %n text(s)", nullptr, texts).arg(first)
                                     : tr("%1 to %2 tokens: %n text(s)", nullptr, texts)
                                           .arg(first)
                                           .arg(first + m_bins.width - 1);
    if (m_cutCounts[bin] > 0)
        text += QLatin1String(", ") + tr("%n cut", "texts longer than the sequence length",
                                         static_cast<int>(m_cutCounts[bin]));
    return text;
}

}  // namespace es::ui
