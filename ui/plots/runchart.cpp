#include "ui/plots/runchart.h"

#include "ui/plots/qcustomplotinclude.h"

#include <QtCore/QEvent>
#include <QtCore/QFileInfo>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QMenu>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QToolTip>
#include <QtWidgets/QVBoxLayout>

#include <algorithm>

namespace es::ui {

namespace {
// Below this the widget has not been laid out yet (QWidget starts at 100x30 or so).
constexpr int kSmallestLaidOutSide = 200;
// Legend entries per row at most: the longest chart (the epoch chart's eleven stacked series,
// nine phases, validation and epoch-end callbacks) takes two rows where its width allows.
constexpr int kLegendColumns = 6;
// The narrowest a chart gets. Set, not left to the plot's size hint: the legend's columns
// follow the chart's width (fitLegendColumns), so a hint that counts them would hold the
// window at whatever width it had.
constexpr int kMinPlotWidth = 160;
}  // namespace

RunChart::RunChart(const QString& exportStem, QWidget* parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)), m_exportStem(exportStem)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMinimumWidth(kMinPlotWidth);

    // Thousands of points per frame: skip the costly pen joins, keep fills crisp.
    m_plot->setPlottingHint(QCP::phFastPolylines, true);
    m_plot->setNoAntialiasingOnDrag(true);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->legend->setVisible(true);
    QFont legendFont = font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
    m_plot->legend->setFont(legendFont);
    // Below the axes, not inside them: an inset legend hides the very steps or bars a user
    // came to look at (the first epoch sits where a top-left legend would).
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->axisRect()->insetLayout()->simplify();
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(kLegendColumns);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setMargins(QMargins(4, 0, 4, 2));

    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_plot, &QWidget::customContextMenuRequested, this, &RunChart::showContextMenu);
    connect(m_plot, &QCustomPlot::mouseMove, this, &RunChart::showTooltip);
    connect(m_plot, &QCustomPlot::mouseWheel, this, [this](QWheelEvent*) { stopFollowing(); });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this,
            [this](QMouseEvent*) { setFollowingLive(true); });
}

RunChart::~RunChart() = default;

void RunChart::setTimeline(const RunTimeline* timeline)
{
    m_timeline = timeline;
    resetToEmpty();
    queueReplot();
}

void RunChart::resetToEmpty()
{
    clearChart();
    m_cursor = TimelineCursor();
    m_lastSeen = LastSeen();
}

bool RunChart::timelineWasReplaced() const
{
    const RunTimeline& t = *m_timeline;
    if (t.batches.size() < m_cursor.batches || t.epochs.size() < m_cursor.epochs ||
        t.samples.size() < m_cursor.samples || t.rankStepCount() < m_cursor.rankSteps)
        return true;
    // Same length or longer, but the record we read last is not where it was: the timeline was
    // cleared and refilled between two refreshes (another run, or the same one reloaded).
    if (m_cursor.batches > 0) {
        const BatchRecord& last = t.batches[m_cursor.batches - 1];
        if (last.endS != m_lastSeen.batchEndS || last.epoch != m_lastSeen.batchEpoch ||
            last.batch != m_lastSeen.batchIndex)
            return true;
    }
    if (m_cursor.epochs > 0 && t.epochs[m_cursor.epochs - 1].epoch != m_lastSeen.epoch)
        return true;
    if (m_cursor.samples > 0 && t.samples[m_cursor.samples - 1].tS != m_lastSeen.sampleS)
        return true;
    return false;
}

void RunChart::rememberLastSeen()
{
    const RunTimeline& t = *m_timeline;
    if (m_cursor.batches > 0) {
        const BatchRecord& last = t.batches[m_cursor.batches - 1];
        m_lastSeen.batchEndS = last.endS;
        m_lastSeen.batchEpoch = last.epoch;
        m_lastSeen.batchIndex = last.batch;
    }
    if (m_cursor.epochs > 0)
        m_lastSeen.epoch = t.epochs[m_cursor.epochs - 1].epoch;
    if (m_cursor.samples > 0)
        m_lastSeen.sampleS = t.samples[m_cursor.samples - 1].tS;
}

void RunChart::refresh()
{
    if (!m_timeline)
        return;
    const bool replaced = timelineWasReplaced();
    if (replaced)
        resetToEmpty();
    const RunTimeline& t = *m_timeline;
    const TimelineCursor now{t.batches.size(), t.epochs.size(), t.samples.size(),
                             t.rankStepCount()};
    const bool grew = now.batches != m_cursor.batches || now.epochs != m_cursor.epochs ||
                      now.samples != m_cursor.samples || now.rankSteps != m_cursor.rankSteps;
    if (!grew && !replaced)
        return;  // nothing new: no replot, an idle dashboard costs nothing
    appendRecords(t, m_cursor);
    m_cursor = now;
    rememberLastSeen();
    if (m_following)
        fitToData();
    queueReplot();
}

void RunChart::rebuild()
{
    resetToEmpty();
    refresh();
    queueReplot();  // also when the timeline holds nothing to read: the chart was emptied
}

void RunChart::setFollowingLive(bool follow)
{
    m_following = follow;
    // A chart without a timeline (a what-if result, a prediction) follows nothing, but a
    // double-click still asks for the full view back after zooming in.
    if (follow) {
        fitToData();
        queueReplot();
    }
}

void RunChart::stopFollowing()
{
    m_following = false;
}

void RunChart::queueReplot()
{
    fitLegendColumns();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void RunChart::fitLegendColumns()
{
    // As many columns as the widest entry allows: a fixed count cuts long names ("Loss per
    // step (smoothed)") in a narrow chart, and stacks short ones needlessly in a wide one.
    QCPLegend* legend = m_plot->legend;
    // Measuring the entries' text costs more than a frame should: only when they or the
    // width changed.
    const std::pair<int, int> layout{legend->itemCount(), m_plot->width()};
    if (layout == m_legendLayout)
        return;
    const bool entriesChanged = layout.first != m_legendLayout.first;
    m_legendLayout = layout;
    int widest = 1;
    for (int index = 0; index < legend->itemCount(); ++index) {
        if (QCPAbstractLegendItem* item = legend->item(index))
            widest = std::max(widest, item->minimumOuterSizeHint().width());
    }
    const int room = m_plot->width() - legend->margins().left() - legend->margins().right();
    const int columns = std::clamp(room / (widest + legend->columnSpacing()), 1, kLegendColumns);
    const bool rewrapped = columns != legend->wrap();
    if (rewrapped) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLegend::foColumnsFirst, true);  // true: re-lays the items out
    }
    // The chart's minimum height includes the legend's rows: entries that come later (the
    // busiest threads) or a narrower chart need the dashboard's layout to ask again, or the
    // rows are squeezed into each other (taller CJK text shows it first).
    if (entriesChanged || rewrapped)
        m_plot->updateGeometry();
}

void RunChart::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    queueReplot();
}

QString RunChart::describeAt(double) const
{
    return {};
}

void RunChart::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void RunChart::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    applyPalette();
}

void RunChart::applyPalette()
{
    const QPalette colours = palette();
    const QColor text = colours.color(QPalette::Text);
    QColor grid = colours.color(QPalette::Mid);
    grid.setAlpha(110);
    m_plot->setBackground(colours.brush(QPalette::Base));
    for (QCPAxis* axis : m_plot->axisRect()->axes()) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setLabelColor(text);
        axis->setTickLabelColor(text);
        axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
    }
    m_plot->legend->setBrush(colours.brush(QPalette::Base));
    m_plot->legend->setTextColor(text);
    for (int index = 0; index < m_plot->legend->itemCount(); ++index) {
        // A wrapped legend's grid has empty cells: no item there.
        if (QCPAbstractLegendItem* item = m_plot->legend->item(index))
            item->setTextColor(text);
    }
    if (auto* title = qobject_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0)))
        title->setTextColor(text);
    // Marks drawn on the data (the first epoch's outline and label) are drawn as text is.
    for (int index = 0; index < m_plot->itemCount(); ++index) {
        if (auto* label = qobject_cast<QCPItemText*>(m_plot->item(index))) {
            label->setColor(text);
        } else if (auto* outline = qobject_cast<QCPItemRect*>(m_plot->item(index))) {
            QPen pen = outline->pen();
            pen.setColor(text);
            outline->setPen(pen);
        }
    }
    queueReplot();
}

void RunChart::setTitle(const QString& title)
{
    if (m_plot->plotLayout()->rowCount() < 2 ||
        !qobject_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0))) {
        m_plot->plotLayout()->insertRow(0);
        QFont titleFont = font();
        titleFont.setBold(true);
        m_plot->plotLayout()->addElement(0, 0, new QCPTextElement(m_plot, title, titleFont));
        return;
    }
    static_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0))->setText(title);
}

bool RunChart::exportTo(const QString& path)
{
    int width = m_plot->width();
    int height = m_plot->height();
    if (width < kSmallestLaidOutSide || height < kSmallestLaidOutSide) {
        width = kFallbackExportWidth;
        height = kFallbackExportHeight;
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return m_plot->savePng(path, width, height);
    if (suffix == QLatin1String("jpg") || suffix == QLatin1String("jpeg"))
        return m_plot->saveJpg(path, width, height);
    if (suffix == QLatin1String("pdf"))
        return m_plot->savePdf(path, width, height);
    return false;
}

void RunChart::exportWithDialog(const QString& suffix, const QString& filter)
{
    QString stem = m_exportStem;
    if (m_timeline && !m_timeline->name.isEmpty())
        stem = m_timeline->name + QLatin1Char('-') + stem;
    QString path = QFileDialog::getSaveFileName(this, tr("Export chart"),
                                                stem + QLatin1Char('.') + suffix, filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + suffix;
    if (!exportTo(path))
        QMessageBox::warning(this, tr("Export chart"), tr("Could not write %1.").arg(path));
}

void RunChart::showContextMenu(const QPoint& pos)
{
    QMenu menu(this);
    menu.addAction(tr("Export as PNG…"), this,
                   [this] { exportWithDialog(QStringLiteral("png"), tr("PNG image (*.png)")); });
    menu.addAction(tr("Export as PDF…"), this,
                   [this] { exportWithDialog(QStringLiteral("pdf"), tr("PDF document (*.pdf)")); });
    // A chart drawn without a timeline (a what-if experiment's results) has nothing to follow.
    if (m_timeline) {
        menu.addSeparator();
        QAction* follow = menu.addAction(tr("Follow live"));
        follow->setCheckable(true);
        follow->setChecked(m_following);
        connect(follow, &QAction::toggled, this, &RunChart::setFollowingLive);
    }
    menu.exec(m_plot->mapToGlobal(pos));
}

void RunChart::showTooltip(QMouseEvent* event)
{
    if (event->buttons() != Qt::NoButton) {
        // Dragging pans the x axis: the user is navigating, not following any more.
        if (event->buttons() & Qt::LeftButton)
            stopFollowing();
        return;
    }
    const QRect area = m_plot->axisRect()->rect();
    const QPoint pos = event->position().toPoint();
    if (!area.contains(pos)) {
        QToolTip::hideText();
        return;
    }
    const QString text = describeAt(m_plot->xAxis->pixelToCoord(pos.x()));
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
}

}  // namespace es::ui
