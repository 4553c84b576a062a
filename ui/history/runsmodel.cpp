#include "ui/history/runsmodel.h"

#include "engine/i18n/runstatusname.h"
#include "ui/core/qtext.h"

#include <QtCore/QDateTime>

namespace es::ui {

RunsModel::RunsModel(QObject* parent) : QAbstractTableModel(parent) {}

bool RunsModel::reload(const QString& databasePath, QString* error)
{
    std::vector<StoredRunHeader> runs;
    bool ok = true;
    try {
        // Read-only: listing never changes the file (a damaged one, one on read-only storage)
        // nor creates it before a run is recorded there.
        const RunStore store(databasePath.toStdString(), StoreAccess::ReadOnly);
        runs = store.listRuns();
    } catch (const StoreError& storeError) {
        ok = false;
        if (error)
            *error = QString::fromStdString(storeError.what());
    }
    beginResetModel();
    m_runs = std::move(runs);
    endResetModel();
    return ok;
}

int RunsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_runs.size());
}

int RunsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const StoredRunHeader& run = m_runs[static_cast<std::size_t>(index.row())];
    if (role == kRunIdRole)
        return QVariant::fromValue<qint64>(run.id);
    if (role == Qt::TextAlignmentRole) {
        const bool number = index.column() == Id || index.column() == Ranks ||
                            index.column() == Epochs || index.column() == Steps ||
                            index.column() == SteadyMs;
        return QVariant::fromValue(number ? Qt::AlignRight | Qt::AlignVCenter
                                          : Qt::AlignLeft | Qt::AlignVCenter);
    }
    // Sorting uses EditRole: numbers as numbers, dates as dates.
    if (role != Qt::DisplayRole && role != Qt::EditRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
        case Id: return QVariant::fromValue<qint64>(run.id);
        case Name: return QString::fromStdString(run.name);
        case Started: {
            const QDateTime started =
                QDateTime::fromString(QString::fromStdString(run.startedAt), Qt::ISODate);
            if (role == Qt::EditRole)
                return started;
            return started.toLocalTime().toString("yyyy-MM-dd HH:mm:ss");
        }
        case Device: return QString::fromStdString(run.device);
        case Backend: return QString::fromStdString(run.backend);
        case Ranks:
            if (role == Qt::ToolTipRole)
                return run.worldSize > 1
                           ? tr("%n processes trained this run together", nullptr, run.worldSize)
                           : tr("One process trained this run");
            return run.worldSize;
        case Epochs: return run.epochs;
        case Steps: return QVariant::fromValue<qint64>(run.batches);
        case SteadyMs:
            if (!run.steadyStepMs)
                return {};
            return role == Qt::EditRole ? QVariant(*run.steadyStepMs)
                                        : QVariant(QString::number(*run.steadyStepMs, 'f', 2));
        case Status: return toQString(runStatusName(runStatusKey(run.status)));
        case Notes: return QString::fromStdString(run.notes);
        default: return {};
    }
}

QVariant RunsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
        case Id: return tr("ID");
        case Name: return tr("Name");
        case Started: return tr("Started", "column: when the run started");
        case Device: return tr("Device");
        case Backend: return tr("Backend", "column: the LSTM backend (libtorch, onednn)");
        case Ranks: return tr("Ranks", "column: processes that trained the run together");
        case Epochs: return tr("Epochs", "column: number of epochs trained");
        case Steps: return tr("Steps", "column: number of training steps");
        case SteadyMs: return tr("Steady ms/step");
        case Status: return tr("Status");
        case Notes: return tr("Notes");
        default: return {};
    }
}

}  // namespace es::ui
