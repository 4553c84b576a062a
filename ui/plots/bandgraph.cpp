#include "ui/plots/bandgraph.h"

#include <algorithm>
#include <cmath>

namespace es::ui {

namespace {

/// One run of pixel columns with the same band, flushed as one rectangle.
struct PendingRect {
    int left = 0;
    int right = 0;  ///< exclusive
    int top = 0;
    int bottom = 0;  ///< exclusive
    bool valid = false;
};

}  // namespace

BandGraph::BandGraph(QCPAxis* keyAxis, QCPAxis* valueAxis) : QCPGraph(keyAxis, valueAxis)
{
    setLineStyle(lsStepLeft);
}

void BandGraph::draw(QCPPainter* painter)
{
    if (!mKeyAxis || !mValueAxis || mKeyAxis->orientation() != Qt::Horizontal) {
        QCPGraph::draw(painter);  // vertical keys: the stock polygon fill is correct, if slower
        return;
    }
    if (mBrush.style() != Qt::NoBrush && mBrush.color().alpha() > 0)
        drawColumns(painter);
    // The outline and scatter points as QCPGraph draws them, minus its polygon fill.
    const QBrush brush = mBrush;
    mBrush = Qt::NoBrush;
    QCPGraph::draw(painter);
    mBrush = brush;
}

void BandGraph::drawColumns(QCPPainter* painter) const
{
    const QCPGraphDataContainer& tops = *mDataContainer;
    const int count = tops.size();
    if (count < 2)
        return;
    // The band's lower edge: the graph below when it holds the same buckets, else zero.
    const QCPGraph* below = mChannelFillGraph.data();
    const bool stacked = below && below->data()->size() == count;
    const QCPAxis* keyAxis = mKeyAxis.data();
    const QCPAxis* valueAxis = mValueAxis.data();
    const double zeroPixel = valueAxis->coordToPixel(0.0);

    painter->save();
    painter->setAntialiasing(false);
    PendingRect pending;
    const auto flush = [&] {
        if (pending.valid && pending.bottom > pending.top)
            painter->fillRect(QRect(pending.left, pending.top, pending.right - pending.left,
                                    pending.bottom - pending.top),
                              mBrush);
        pending.valid = false;
    };
    auto top = tops.constBegin();
    for (int i = 0; i + 1 < count; ++i, ++top) {
        const double value = top->value;
        const double base = stacked ? (below->data()->constBegin() + i)->value : 0.0;
        if (std::isnan(value) || std::isnan(base)) {
            flush();
            continue;
        }
        const int left = static_cast<int>(std::lround(keyAxis->coordToPixel(top->key)));
        // A bucket narrower than a pixel still owns the column it starts in.
        const int right = std::max(
            left + 1, static_cast<int>(std::lround(keyAxis->coordToPixel((top + 1)->key))));
        const double y1 = valueAxis->coordToPixel(value);
        const double y2 = stacked ? valueAxis->coordToPixel(base) : zeroPixel;
        const int upper = static_cast<int>(std::lround(std::min(y1, y2)));
        const int lower = static_cast<int>(std::lround(std::max(y1, y2)));
        if (pending.valid && left < pending.right) {
            // Same pixel column as the pending run: keep the envelope of both.
            if (upper == pending.top && lower == pending.bottom) {
                pending.right = std::max(pending.right, right);
                continue;
            }
            if (pending.right - pending.left == 1) {
                pending.top = std::min(pending.top, upper);
                pending.bottom = std::max(pending.bottom, lower);
                pending.right = std::max(pending.right, right);
                continue;
            }
            pending.right = left;  // end the wider run where this column starts
        }
        if (pending.valid && left == pending.right && upper == pending.top &&
            lower == pending.bottom) {
            pending.right = right;  // same band continues: widen instead of another rect
            continue;
        }
        flush();
        pending = {left, right, upper, lower, true};
    }
    flush();
    painter->restore();
}

}  // namespace es::ui
