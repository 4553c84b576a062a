#pragma once

// The run history as a table: one row per run in the store, newest first.

#include "engine/store/runstore.h"

#include <QtCore/QAbstractTableModel>
#include <QtCore/QString>

#include <vector>

namespace es::ui {

class RunsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        Id,
        Name,
        Started,
        Device,
        Backend,
        Ranks,  ///< processes that trained the run together (1: not distributed)
        Epochs,
        Steps,
        SteadyMs,
        Status,
        Notes,
        ColumnCount
    };
    /// The run id of a row, for the actions on it.
    static constexpr int kRunIdRole = Qt::UserRole + 1;

    explicit RunsModel(QObject* parent = nullptr);

    /// Reads the run list from `databasePath` again; false with the reason in `error` when
    /// the database cannot be read (the table is then empty).
    bool reload(const QString& databasePath, QString* error = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<StoredRunHeader> m_runs;
};

}  // namespace es::ui
