#pragma once

// The Runs dock: the run history with a filter, and what can be done with a run.

#include <QtCore/QString>
#include <QtWidgets/QWidget>

class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace es::ui {

class RunsModel;

class RunsPanel : public QWidget {
    Q_OBJECT

public:
    explicit RunsPanel(QWidget* parent = nullptr);

    void setDatabasePath(const QString& path);
    QString databasePath() const { return m_databasePath; }
    RunsModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }

    /// Renames a stored run (the name is trimmed; an empty one is refused); false with the
    /// reason emitted as problem() when it cannot be done.
    bool renameRun(qint64 runId, const QString& name);

public Q_SLOTS:
    /// Reads the list again (after a run started or ended).
    void reload();

Q_SIGNALS:
    void openRequested(qint64 runId);
    void problem(const QString& message);

private:
    qint64 selectedRunId() const;
    void deleteSelected();
    void annotateSelected();
    void renameSelected();

    QString m_databasePath;
    RunsModel* m_model;
    QSortFilterProxyModel* m_filter;
    QTableView* m_view;
    QLineEdit* m_filterEdit;
};

}  // namespace es::ui
