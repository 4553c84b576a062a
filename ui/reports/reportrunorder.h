#pragma once

// The runs of a comparison report in order, the baseline (A) first (reports/
// reportexportdialog.h): a list the user reorders with Make baseline, Up and Down, Ctrl+Up and
// Ctrl+Down, or a double click that makes a run the baseline. Each change asks for a new
// comparison.

#include <QtCore/QList>
#include <QtCore/QtGlobal>
#include <QtWidgets/QWidget>

#include <memory>
#include <vector>

class QListWidget;
class QPushButton;

namespace es {
struct StoredRun;
}  // namespace es

namespace es::ui {

class ReportRunOrder : public QWidget {
    Q_OBJECT

public:
    /// Wide enough for "A  a run name of some length (run 1234)" without crowding the preview.
    static constexpr int kWidth = 260;

    /// The runs `runIds` in that order, each once: a run compared with itself says nothing.
    explicit ReportRunOrder(const QList<qint64>& runIds, QWidget* parent = nullptr);

    /// The baseline (A) first, then B, C, ...
    const QList<qint64>& order() const { return m_order; }
    /// Names the runs from `loaded` (in any order) once they were read.
    void setLoadedRuns(std::shared_ptr<const std::vector<StoredRun>> loaded);
    /// Makes `runId` the baseline (moved to the top, the others keep their order).
    void setBaseline(qint64 runId);
    /// Moves the run at `row` up (delta -1) or down (+1) in the order.
    void moveRun(int row, int delta);
    QListWidget* list() const { return m_list; }

Q_SIGNALS:
    void orderChanged();

private:
    void showRuns();
    void updateButtons();

    QList<qint64> m_order;
    std::shared_ptr<const std::vector<StoredRun>> m_loaded;
    QListWidget* m_list;
    QPushButton* m_baseline;
    QPushButton* m_up;
    QPushButton* m_down;
};

}  // namespace es::ui
