#include "ui/whatif/pastexperiments.h"

#include "engine/store/runstore.h"
#include "ui/core/qtext.h"

#include <QtCore/QDateTime>
#include <QtCore/QSignalBlocker>
#include <QtCore/QVariant>

namespace es::ui {

namespace {

/// Wide enough for "#12  2024-05-01 10:00  threads=1,2 (6 runs)" to be told apart.
constexpr int kMinimumContentsLength = 24;

}  // namespace

PastExperimentsBox::PastExperimentsBox(QWidget* parent) : QComboBox(parent)
{
    setObjectName("whatIfPast");
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(kMinimumContentsLength);
    connect(this, &QComboBox::activated, this,
            [this](int index) { Q_EMIT experimentChosen(itemData(index).toLongLong()); });
}

void PastExperimentsBox::reload(const QString& databasePath, qint64 currentId)
{
    const QSignalBlocker quiet(this);
    clear();
    setPlaceholderText(tr("Past experiments..."));
    setToolTip(tr("Experiments in the run database, the CLI's too: choose one to show it"));
    if (databasePath.isEmpty())
        return;
    try {
        const RunStore store(databasePath.toStdString());
        for (const StoredExperimentHeader& experiment : store.listExperiments()) {
            const QDateTime created =
                QDateTime::fromString(toQString(experiment.createdAt), Qt::ISODate).toLocalTime();
            addItem(tr("#%1  %2  %3 (%n run(s))", nullptr, experiment.runs)
                        .arg(experiment.id)
                        .arg(created.toString(QStringLiteral("yyyy-MM-dd HH:mm")),
                             toQString(experiment.name)),
                    QVariant::fromValue<qint64>(experiment.id));
        }
    } catch (const StoreError& error) {
        setPlaceholderText(tr("Past experiments: cannot read the run database"));
        setToolTip(toQString(error.what()));
        return;
    }
    setCurrentIndex(currentId > 0 ? findData(QVariant::fromValue<qint64>(currentId)) : -1);
}

void PastExperimentsBox::select(qint64 id)
{
    const QSignalBlocker quiet(this);
    setCurrentIndex(id > 0 ? findData(QVariant::fromValue<qint64>(id)) : -1);
}

}  // namespace es::ui
