#include "ui/predict/confusionmatrixchart.h"

#include "ui/plots/qcustomplotinclude.h"

#include <QtGui/QFontInfo>
#include <QtGui/QFontMetricsF>
#include <QtGui/QMouseEvent>

#include <algorithm>
#include <cmath>

namespace es::ui {

namespace {

// The prediction's blue of the other Predict charts, mixed into the background by a cell's
// share of its row. At most kStrongestMix of it: the palette's text colour then stays readable
// on the strongest cell in a light theme (black on mid-blue) and in a dark one (white on
// deep blue).
const QColor kCellColor = QColor::fromRgb(0x4E79A7);
constexpr double kStrongestMix = 0.75;
// The gap between cells, in the background's colour, so that equal neighbours stay apart.
constexpr double kCellGapPx = 2.0;
// Below this a cell's text is not drawn (a softmax of 20 classes in a small dock): the tooltip
// still has it.
constexpr double kSmallestTextPx = 7.0;
// Line height over font size, and the widest label's width over its characters, in ems, with
// room to spare so that a cell's text keeps off its edges.
constexpr double kLineHeightEms = 1.35;
constexpr double kCharWidthEms = 0.62;
// What the class axis, its label and the margins take of the chart's width besides the widest
// class name, in pixels.
constexpr int kValueAxisRoomPx = 60;
// As RunChart::exportTo: a plot narrower than this was not laid out yet, and is exported at
// RunChart's fallback width.
constexpr int kSmallestLaidOutPx = 200;

QColor mixed(const QColor& from, const QColor& to, double share)
{
    const double keep = 1.0 - share;
    return QColor::fromRgbF(static_cast<float>(from.redF() * keep + to.redF() * share),
                            static_cast<float>(from.greenF() * keep + to.greenF() * share),
                            static_cast<float>(from.blueF() * keep + to.blueF() * share));
}

/// A cell's count and share. Its font follows the cell's size in pixels when drawn, so that the
/// text fits at any widget or export size; too small a cell draws none. Every cell takes the
/// size the matrix's longest text fits in, so that one size reads across the grid.
class CellText : public QCPItemText {
public:
    CellText(QCustomPlot* plot, const QFont& font) : QCPItemText(plot), m_baseFont(font) {}

    /// The longest line of any cell and the most lines, in characters.
    void fitTo(qsizetype widestChars, qsizetype lines)
    {
        m_widestChars = std::max<qsizetype>(widestChars, 1);
        m_lines = std::max<qsizetype>(lines, 1);
    }

protected:
    void draw(QCPPainter* painter) override
    {
        QCPAxis* x = position->keyAxis();
        QCPAxis* y = position->valueAxis();
        const double cellWidth = std::abs(x->coordToPixel(1.0) - x->coordToPixel(0.0));
        const double cellHeight = std::abs(y->coordToPixel(1.0) - y->coordToPixel(0.0));
        const double fitting =
            std::min(cellHeight / (kLineHeightEms * static_cast<double>(m_lines)),
                     cellWidth / (kCharWidthEms * static_cast<double>(m_widestChars)));
        // Large cells keep the app's text size: bigger text would only shout.
        const double pixels = std::min(fitting, QFontInfo(m_baseFont).pixelSize() * 1.2);
        if (pixels < kSmallestTextPx)
            return;
        QFont sized = m_baseFont;
        sized.setPixelSize(static_cast<int>(pixels));
        setFont(sized);
        QCPItemText::draw(painter);
    }

private:
    QFont m_baseFont;
    qsizetype m_widestChars = 1;
    qsizetype m_lines = 1;
};

}  // namespace

ConfusionMatrixChart::ConfusionMatrixChart(QWidget* parent)
    : RunChart(QStringLiteral("confusion-matrix"), parent)
{
    // The cells are the data: no legend, no grid, nothing to zoom into.
    plot()->legend->setVisible(false);
    plot()->plotLayout()->take(plot()->legend);
    plot()->plotLayout()->simplify();
    plot()->setInteractions(QCP::Interactions());
    plot()->xAxis->setLabel(tr("predicted class"));
    plot()->yAxis->setLabel(tr("actual class"));
    // Class 0 in the top row, as the matrix is written down.
    plot()->yAxis->setRangeReversed(true);
    for (QCPAxis* axis : {plot()->xAxis, plot()->yAxis}) {
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
        axis->setTickLength(0, 3);
    }
    // The tooltip needs the pointer's row too; the filter sees each move before the plot
    // reports it to RunChart's tooltip.
    plot()->installEventFilter(this);
    setMatrix({}, {});
}

int ConfusionMatrixChart::classCount() const
{
    return static_cast<int>(m_matrix.classes);
}

void ConfusionMatrixChart::setMatrix(const es::ConfusionMatrix& matrix,
                                     const QStringList& classNames)
{
    clearChart();
    if (matrix.counts.size() == matrix.classes * matrix.classes)
        m_matrix = matrix;
    const int classes = classCount();
    m_classNames = classNames;
    for (int index = static_cast<int>(m_classNames.size()); index < classes; ++index)
        m_classNames.append(QString::number(index));  // a name the caller left out: its id

    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int index = 0; index < classes; ++index)
        ticker->addTick(index, m_classNames[index]);
    plot()->xAxis->setTicker(ticker);
    plot()->yAxis->setTicker(ticker);

    for (int actual = 0; actual < classes; ++actual) {
        for (int predicted = 0; predicted < classes; ++predicted) {
            auto* cell = new QCPItemRect(plot());
            cell->topLeft->setCoords(predicted - 0.5, actual - 0.5);
            cell->bottomRight->setCoords(predicted + 0.5, actual + 0.5);
            cell->setSelectable(false);
            m_cells.push_back(cell);
            auto* label = new CellText(plot(), font());
            label->position->setCoords(predicted, actual);
            label->setPositionAlignment(Qt::AlignCenter);
            label->setTextAlignment(Qt::AlignCenter);
            label->setText(cellText(actual, predicted));
            label->setSelectable(false);
            m_labels.push_back(label);
        }
    }
    qsizetype widest = 1;
    qsizetype lines = 1;
    for (QCPItemText* label : m_labels) {
        const QStringList parts = label->text().split(QLatin1Char('\n'));
        lines = std::max(lines, parts.size());
        for (const QString& part : parts)
            widest = std::max(widest, part.size());
    }
    for (QCPItemText* label : m_labels)
        static_cast<CellText*>(label)->fitTo(widest, lines);
    setTitle(tr("Confusion matrix of %n sample(s)", nullptr,
                static_cast<int>(classes > 0 ? m_matrix.total() : 0)));
    fitTickLabels();
    setFollowingLive(true);  // fits the view
    applyPalette();          // the new labels take the theme's text colour; replots
    colourCells();
}

double ConfusionMatrixChart::rowShare(int actual, int predicted) const
{
    std::int64_t row = 0;
    for (std::size_t column = 0; column < m_matrix.classes; ++column)
        row += m_matrix.at(static_cast<std::size_t>(actual), column);
    if (row <= 0)
        return 0.0;
    return static_cast<double>(
               m_matrix.at(static_cast<std::size_t>(actual), static_cast<std::size_t>(predicted))) /
           static_cast<double>(row);
}

QString ConfusionMatrixChart::cellText(int actual, int predicted) const
{
    const int classes = classCount();
    if (actual < 0 || predicted < 0 || actual >= classes || predicted >= classes)
        return {};
    const std::int64_t count =
        m_matrix.at(static_cast<std::size_t>(actual), static_cast<std::size_t>(predicted));
    std::int64_t row = 0;
    for (std::size_t column = 0; column < m_matrix.classes; ++column)
        row += m_matrix.at(static_cast<std::size_t>(actual), column);
    // A class without samples has no share to give; an empty cell's is plain, and without it
    // a softmax's matrix of mostly empty cells is not a wall of "0.0%".
    if (row <= 0 || count == 0)
        return QString::number(count);
    return tr("%1\n%2%").arg(count).arg(rowShare(actual, predicted) * 100.0, 0, 'f', 1);
}

void ConfusionMatrixChart::colourCells()
{
    // RunChart::applyPalette outlines rectangles in the text colour (for marks on the data); a
    // matrix reads better with gaps of background between its cells.
    const QColor background = palette().color(QPalette::Base);
    const int classes = classCount();
    for (std::size_t index = 0; index < m_cells.size(); ++index) {
        const int actual = static_cast<int>(index) / classes;
        const int predicted = static_cast<int>(index) % classes;
        m_cells[index]->setPen(QPen(background, kCellGapPx));
        m_cells[index]->setBrush(
            mixed(background, kCellColor, kStrongestMix * rowShare(actual, predicted)));
    }
    queueReplot();
}

void ConfusionMatrixChart::fitTickLabels()
{
    // Class names across a narrow chart would run into each other: turned, they take height
    // instead, which a matrix has as much of as width.
    const QFontMetrics metrics(plot()->xAxis->tickLabelFont());
    int widest = 0;
    for (const QString& name : m_classNames)
        widest = std::max(widest, metrics.horizontalAdvance(name));
    const int classes = std::max(classCount(), 1);
    // Before the first layout (a chart exported without being shown) the export's width.
    const int plotWidth =
        plot()->width() >= kSmallestLaidOutPx ? plot()->width() : kFallbackExportWidth;
    const int room = plotWidth - widest - kValueAxisRoomPx;
    const bool crowded = widest + metrics.averageCharWidth() > room / classes;
    plot()->xAxis->setTickLabelRotation(crowded ? -90.0 : 0.0);
}

void ConfusionMatrixChart::clearChart()
{
    for (QCPItemRect* cell : m_cells)
        plot()->removeItem(cell);
    for (QCPItemText* label : m_labels)
        plot()->removeItem(label);
    m_cells.clear();
    m_labels.clear();
    m_matrix = es::ConfusionMatrix();
    m_classNames.clear();
}

void ConfusionMatrixChart::appendRecords(const RunTimeline&, const TimelineCursor&)
{
    // No timeline: setMatrix() draws everything.
}

void ConfusionMatrixChart::fitToData()
{
    const double last = std::max(classCount(), 1) - 0.5;
    plot()->xAxis->setRange(-0.5, last);
    plot()->yAxis->setRange(-0.5, last);
}

void ConfusionMatrixChart::changeEvent(QEvent* event)
{
    RunChart::changeEvent(event);  // the palette's colours for axes and text
    if (event->type() == QEvent::PaletteChange)
        colourCells();
}

void ConfusionMatrixChart::showEvent(QShowEvent* event)
{
    RunChart::showEvent(event);
    colourCells();
}

void ConfusionMatrixChart::resizeEvent(QResizeEvent* event)
{
    fitTickLabels();
    RunChart::resizeEvent(event);  // replots
}

bool ConfusionMatrixChart::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == plot() && event->type() == QEvent::MouseMove)
        m_pointer = static_cast<QMouseEvent*>(event)->position();
    return RunChart::eventFilter(watched, event);
}

QString ConfusionMatrixChart::describeAt(double x) const
{
    const auto predicted = static_cast<int>(std::lround(x));
    const auto actual = static_cast<int>(std::lround(plot()->yAxis->pixelToCoord(m_pointer.y())));
    const int classes = classCount();
    if (actual < 0 || predicted < 0 || actual >= classes || predicted >= classes)
        return {};
    const std::int64_t count =
        m_matrix.at(static_cast<std::size_t>(actual), static_cast<std::size_t>(predicted));
    return tr("actual %1, predicted %2: %n sample(s) (%3% of actual %1)", nullptr,
              static_cast<int>(count))
        .arg(m_classNames[actual], m_classNames[predicted])
        .arg(rowShare(actual, predicted) * 100.0, 0, 'f', 1);
}

}  // namespace es::ui
