#pragma once

// The what-if table (docs/whatif.md): one row per configuration, the baseline first, with the
// measured step times (min, median, max over the runs), the projected epoch time and the
// speedup against the baseline, and the phases that moved most. Projected numbers are marked
// as such (italic, with the projection in their tooltip); a failed configuration says why.

#include "engine/whatif/experimentresults.h"

#include <QtCore/QAbstractTableModel>

#include <vector>

namespace es::ui {

class ExperimentResultsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        Configuration,
        Runs,  ///< measured / planned
        MinMs,
        MedianMs,
        MaxMs,
        FirstStep,       ///< the runs' first step (outside the window) and its warm-up
        ProjectedEpoch,  ///< seconds, projected
        Speedup,
        /// The mean training loss of the measured windows: a variant that changes the model
        /// (a layer's options) changes it, and it shows beside the speed it buys.
        Loss,
        /// The most tensor memory a measured step held (median over the runs), in MB.
        TensorPeak,
        Changes,  ///< the largest phase changes, or the error
        ColumnCount
    };
    /// The number behind a numeric cell (double), for tests and charts; invalid when the
    /// configuration has none (not measured).
    static constexpr int kValueRole = Qt::UserRole + 1;

    explicit ExperimentResultsModel(QObject* parent = nullptr);

    /// Replaces the rows (a reset: after each run the table is summarised anew).
    void setResults(std::vector<VariantResult> results);
    const std::vector<VariantResult>& results() const { return m_results; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    /// "25.4" (milliseconds; two decimals below 10 ms, as the CLI prints them).
    static QString millisecondsText(double ms);
    /// "Forward -1.02 ms, Backward -2.84 ms", with the phases' translated names.
    static QString changesText(const std::vector<PhaseChange>& changes);

private:
    QVariant display(const VariantResult& row, int column) const;
    QVariant value(const VariantResult& row, int column) const;
    QString toolTip(const VariantResult& row, int column) const;

    std::vector<VariantResult> m_results;
};

}  // namespace es::ui
