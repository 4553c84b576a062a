#include "ui/predict/checkpointpicker.h"

#include "engine/config/configerror.h"
#include "engine/store/runstore.h"
#include "ui/core/qtext.h"

#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QLocale>
#include <QtCore/QStringList>
#include <QtGui/QStandardItemModel>

#include <cstddef>
#include <optional>
#include <set>

namespace es::ui {

namespace {

/// Item data: the file's path (as the store recorded it, decoded), and whether it is usable.
constexpr int kPathRole = Qt::UserRole;
constexpr int kUsableRole = Qt::UserRole + 1;
constexpr int kProblemRole = Qt::UserRole + 2;
/// Significant digits of the monitored value, as "val_loss 0.1234".
constexpr int kValueDigits = 4;

/// The state of a file that is not as the run wrote it, in a word or two for its entry (the
/// same words as `runs show`, cli/runscommand.cpp); empty for a present one.
QString stateWord(CheckpointState state)
{
    switch (state) {
        case CheckpointState::Present: return {};
        case CheckpointState::Missing: return CheckpointPicker::tr("missing");
        case CheckpointState::Changed: return CheckpointPicker::tr("changed");
        case CheckpointState::Overwritten: return CheckpointPicker::tr("overwritten");
        case CheckpointState::Removed: return CheckpointPicker::tr("deleted by the run");
        case CheckpointState::Unreachable: return CheckpointPicker::tr("unreachable");
    }
    return {};
}

/// A path the store recorded (bytes, as the file system has them) as text, and back.
QString decodedPath(const std::string& path)
{
    return QFile::decodeName(path.c_str());
}

/// "epoch 3 · val_loss 0.1234 · best", "epoch 3, step 40 · val_loss 0.2 · missing"; with
/// `fileName` (when several model_checkpoint callbacks saved) the file's name at the end.
QString entryText(const CheckpointEntry& entry, bool best, bool fileName)
{
    const SavedFileRecord& file = entry.file;
    QStringList parts;
    parts << (file.batch
                  ? CheckpointPicker::tr("epoch %1, step %2").arg(file.epoch).arg(*file.batch)
                  : CheckpointPicker::tr("epoch %1").arg(file.epoch));
    if (file.value)
        parts << QStringLiteral("%1 %2").arg(toQString(file.monitor),
                                             QLocale().toString(*file.value, 'g', kValueDigits));
    if (best)
        parts << CheckpointPicker::tr("best", "the run's best checkpoint");
    if (fileName)
        parts << QFileInfo(decodedPath(file.path)).fileName();
    if (const QString state = stateWord(entry.state); !state.isEmpty())
        parts << state;
    return parts.join(QStringLiteral(" \u00b7 "));
}

}  // namespace

CheckpointPicker::CheckpointPicker(QWidget* parent) : QComboBox(parent)
{
    setObjectName(QStringLiteral("checkpointPicker"));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(this, &QComboBox::currentIndexChanged, this, [this] {
        // The combo box's own tooltip is the current entry's: its file, or what became of it.
        setToolTip(currentData(Qt::ToolTipRole).toString());
        if (!m_filling)
            emitChanged();
    });
}

bool CheckpointPicker::setRun(const QString& databasePath, qint64 runId)
{
    m_filling = true;
    clear();
    m_filling = false;
    m_runId = runId;
    m_runName.clear();
    m_config = RunConfig();
    m_tokenizerJson.clear();
    m_problem.clear();
    std::optional<StoredRunCheckpoints> run;
    try {
        const RunStore store(QFile::encodeName(databasePath).toStdString(), StoreAccess::ReadOnly);
        run = store.loadRunCheckpoints(runId);
    } catch (const std::exception& error) {
        // StoreError: not a database, a damaged one, one of a newer EpochScope, no permission.
        m_problem = tr("The run database %1 cannot be read: %2")
                        .arg(databasePath, QString::fromLocal8Bit(error.what()));
    }
    if (m_problem.isEmpty() && !run)
        m_problem =
            tr("There is no run %1 in the run database (it may have been deleted).").arg(runId);
    if (run) {
        m_runName = toQString(run->name);
        m_tokenizerJson = run->tokenizerJson;
        try {
            m_config = parseRunConfig(run->config);
        } catch (const ConfigError& error) {
            m_problem = tr("Run %1 (%2) cannot be used: its recorded config is not one this "
                           "EpochScope reads any more:\n%3")
                            .arg(runId)
                            .arg(m_runName, toQString(error.what()));
        }
    }
    if (m_problem.isEmpty()) {
        const std::vector<CheckpointEntry> entries = inspectCheckpoints(run->checkpoints);
        fill(entries);
        if (count() == 0)
            m_problem = tr("Run %1 (%2) saved no model checkpoint, so there is no trained model "
                           "to use. Add model_checkpoint in Run setup > Callbacks and train "
                           "again.")
                            .arg(runId)
                            .arg(m_runName);
        else if (!hasUsableCheckpoint())
            m_problem = tr("None of the %n model checkpoint(s) that run %1 (%2) saved is still "
                           "as the run wrote it; each entry says what became of its file.",
                           nullptr, count())
                            .arg(runId)
                            .arg(m_runName);
    }
    setToolTip(currentData(Qt::ToolTipRole).toString());
    emitChanged();
    return m_problem.isEmpty();
}

void CheckpointPicker::clearRun()
{
    m_filling = true;
    clear();
    m_filling = false;
    m_runId = 0;
    m_runName.clear();
    m_config = RunConfig();
    m_tokenizerJson.clear();
    m_problem.clear();
    setToolTip(QString());
    emitChanged();
}

void CheckpointPicker::fill(const std::vector<CheckpointEntry>& entries)
{
    const std::optional<std::size_t> best = chooseCheckpoint(entries, CheckpointChoice::Best);
    std::optional<std::size_t> preselected = best;
    if (!preselected)
        preselected = chooseCheckpoint(entries, CheckpointChoice::Last);
    std::set<int> callbacks;
    for (const CheckpointEntry& entry : entries)
        if (entry.file.kind == SavedFileKind::Model)
            callbacks.insert(entry.file.callback);
    const bool severalCallbacks = callbacks.size() > 1;

    m_filling = true;
    auto* items = qobject_cast<QStandardItemModel*>(model());
    // Newest first: the end of training is what one usually wants, and the best is near it.
    for (std::size_t i = entries.size(); i-- > 0;) {
        const CheckpointEntry& entry = entries[i];
        if (entry.file.kind != SavedFileKind::Model)
            continue;  // backup_and_restore's backups are for resuming, not for using the model
        const bool usable = entry.state == CheckpointState::Present;
        const QString path = decodedPath(entry.file.path);
        const QString problem = toQString(describeCheckpointState(entry, entries));
        addItem(entryText(entry, best == i, severalCallbacks), path);
        const int row = count() - 1;
        setItemData(row, usable, kUsableRole);
        setItemData(row, problem, kProblemRole);
        setItemData(row, usable ? path : problem, Qt::ToolTipRole);
        if (!usable && items)
            items->item(row)->setEnabled(false);  // listed, so that it is not a mystery; not chosen
        if (preselected == i)
            setCurrentIndex(row);
    }
    m_filling = false;
}

QString CheckpointPicker::selectedPath() const
{
    if (currentIndex() < 0 || !currentData(kUsableRole).toBool())
        return {};
    return currentData(kPathRole).toString();
}

QString CheckpointPicker::selectionProblem() const
{
    if (currentIndex() < 0)
        return {};
    return currentData(kProblemRole).toString();
}

bool CheckpointPicker::selectPath(const QString& path)
{
    for (int row = 0; row < count(); ++row) {
        if (itemData(row, kPathRole).toString() == path && itemData(row, kUsableRole).toBool()) {
            setCurrentIndex(row);
            return true;
        }
    }
    return false;
}

bool CheckpointPicker::hasUsableCheckpoint() const
{
    for (int row = 0; row < count(); ++row)
        if (itemData(row, kUsableRole).toBool())
            return true;
    return false;
}

void CheckpointPicker::emitChanged()
{
    Q_EMIT checkpointChanged(selectedPath());
}

}  // namespace es::ui
