#pragma once

// The What-if dock's "Past experiments" choice (whatif/whatifpanel.h): the experiments stored
// in the run database, the CLI's too, newest as the store lists them; choosing one asks the
// panel to show it.

#include <QtCore/QString>
#include <QtCore/QtGlobal>
#include <QtWidgets/QComboBox>

namespace es::ui {

class PastExperimentsBox : public QComboBox {
    Q_OBJECT

public:
    explicit PastExperimentsBox(QWidget* parent = nullptr);

    /// Lists the experiments of the run database at `databasePath` (none when it is empty) and
    /// shows `currentId` as the chosen one (none: 0). A database that cannot be read says so in
    /// the placeholder, why in the tooltip.
    void reload(const QString& databasePath, qint64 currentId);
    /// Shows experiment `id` as the chosen one (none: 0), without experimentChosen().
    void select(qint64 id);

Q_SIGNALS:
    /// The user chose experiment `id`.
    void experimentChosen(qint64 id);
};

}  // namespace es::ui
