#pragma once

// The Runs dock: the run history with a filter, and what can be done with a run or, for
// Compare and Delete, with several.

#include <QtCore/QList>
#include <QtCore/QString>
#include <QtWidgets/QWidget>

class QAction;
class QFrame;
class QLabel;
class QPushButton;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace es::ui {

class ReportExportDialog;
class RunsModel;

class RunsPanel : public QWidget {
    Q_OBJECT

public:
    explicit RunsPanel(QWidget* parent = nullptr);

    void setDatabasePath(const QString& path);
    QString databasePath() const { return m_databasePath; }
    RunsModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    /// Compare... (Ctrl+E): enabled while two or more runs are selected.
    QAction* compareAction() const { return m_compare; }
    /// Predict... (Ctrl+Shift+P): enabled while exactly one run is selected; emits
    /// predictRequested() with it.
    QAction* predictAction() const { return m_predict; }
    /// Export for PyTorch...: enabled while exactly one run is selected; emits
    /// exportPyTorchRequested() with it.
    QAction* exportPyTorchAction() const { return m_exportPyTorch; }

    /// The selected runs' ids, ascending.
    QList<qint64> selectedRunIds() const;
    /// Opens the comparison export dialog (not modal, deleted when closed) on the selected
    /// runs in id order, the oldest as the baseline; nullptr when fewer than two are selected.
    ReportExportDialog* compareSelected();

    /// Why the run database cannot be read or cannot take new runs (what is wrong and what to
    /// do), as the panel shows it above the table; empty when it is usable.
    QString databaseProblem() const { return m_databaseProblem; }
    /// Shows above the table that the run just started or ended was not recorded, with
    /// `reason`; the next reload() that finds the database usable takes it away.
    void showRecordingProblem(const QString& reason);

    /// Renames a stored run (the name is trimmed; an empty one is refused); false with the
    /// reason emitted as problem() when it cannot be done.
    bool renameRun(qint64 runId, const QString& name);

public Q_SLOTS:
    /// Reads the list again (after a run started or ended).
    void reload();

Q_SIGNALS:
    void openRequested(qint64 runId);
    /// Predict... was chosen for the one selected run: use its trained model on data.
    void predictRequested(qint64 runId);
    /// Export for PyTorch... was chosen for the one selected run.
    void exportPyTorchRequested(qint64 runId);
    void problem(const QString& message);
    /// The run database became unreadable or unwritable, or a run was not recorded (`problem`
    /// says why and what to do), or it is usable again (`problem` empty).
    void databaseProblemChanged(const QString& problem);
    /// "Choose another run database..." was clicked in the panel's notice.
    void chooseDatabaseRequested();

private:
    /// The run the single-run actions act on: the current row's when it is selected, else
    /// the first selected one's; 0 when none is selected.
    qint64 selectedRunId() const;
    void updateActions();
    void deleteSelected();
    void annotateSelected();
    void renameSelected();

    void showDatabaseProblem(const QString& problem);
    /// False, with the reason in the Log, on a database this user cannot write: renaming,
    /// notes and deleting would fail only after the user typed or confirmed them.
    bool canEditRuns();

    QString m_databasePath;
    QString m_databaseProblem;
    RunsModel* m_model;
    QSortFilterProxyModel* m_filter;
    QTableView* m_view;
    QLineEdit* m_filterEdit;
    QAction* m_compare;
    QAction* m_predict;
    QAction* m_exportPyTorch;
    QFrame* m_problemBanner;
    QLabel* m_problemText;
    /// Rename, Notes and Delete: disabled while the database cannot be written.
    QList<QPushButton*> m_editButtons;
    /// Why the database cannot be written, empty when it can.
    QString m_readOnlyReason;
};

}  // namespace es::ui
