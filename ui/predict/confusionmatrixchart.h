#pragma once

// The Predict view's confusion matrix: a classes x classes grid with the actual class down
// (class 0 in the top row) and the predicted class across. Each cell shows its count and its
// share of its actual class, and is shaded by that share, so that a weak class stands out
// whatever its size. Drawn with plot items rather than a table so that it exports like the
// other charts. Built on RunChart for the shared palette, tooltip and export; it has no
// timeline and draws whatever setMatrix() was given.

#include "engine/predict/predictionplots.h"
#include "ui/plots/runchart.h"

#include <QtCore/QPointF>
#include <QtCore/QStringList>

#include <vector>

class QCPItemRect;
class QCPItemText;

namespace es::ui {

class ConfusionMatrixChart : public RunChart {
    Q_OBJECT

public:
    explicit ConfusionMatrixChart(QWidget* parent = nullptr);

    /// `classNames` has matrix.classes entries ("0", "1" for a sigmoid unit; class ids for a
    /// softmax). Replaces what was drawn and fits the view.
    void setMatrix(const es::ConfusionMatrix& matrix, const QStringList& classNames);

    /// What cell (actual, predicted) shows: its count and its share of the actual class's row
    /// ("412\n82.4%"); just "0" for an empty cell; empty outside the matrix. For tests and the
    /// tooltip.
    QString cellText(int actual, int predicted) const;
    /// Classes drawn (the matrix's rows).
    int classCount() const;

protected:
    void clearChart() override;
    void appendRecords(const RunTimeline& timeline, const TimelineCursor& from) override;
    void fitToData() override;
    QString describeAt(double x) const override;
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Cell (actual, predicted)'s count over its row's; 0 for a row without samples.
    double rowShare(int actual, int predicted) const;
    void colourCells();
    void fitTickLabels();

    es::ConfusionMatrix m_matrix;
    QStringList m_classNames;
    /// Row by row, as the matrix's counts.
    std::vector<QCPItemRect*> m_cells;
    std::vector<QCPItemText*> m_labels;
    /// Where the pointer last moved over the plot, in its pixels.
    QPointF m_pointer;
};

}  // namespace es::ui
