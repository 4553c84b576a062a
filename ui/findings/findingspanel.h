#pragma once

// The Findings dock: why the shown run was slow, as the diagnosis rules found it
// (docs/diagnosis.md). Diagnose runs the rules (and, if asked, the environment doctor) on a
// thread of its own and saves the findings with the run; selecting a finding marks its steps
// in the charts; "Apply fix to setup" hands its config patch to the Run setup panel, "Try this
// fix" to a what-if experiment that measures it.

#include "engine/core/finding.h"
#include "ui/jobs/backgroundjob.h"

#include <QtCore/QString>
#include <QtWidgets/QWidget>

#include <vector>

class QCheckBox;
class QLabel;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace es::ui {

class FindingsModel;

class FindingsPanel : public QWidget {
    Q_OBJECT

public:
    explicit FindingsPanel(QWidget* parent = nullptr);
    ~FindingsPanel() override;

    void setDatabasePath(const QString& path) { m_databasePath = path; }
    /// Shows run `runId` (0: no run) with the findings saved with it, which the caller has
    /// just read with the run.
    void showRun(qint64 runId, std::vector<Finding> saved);
    qint64 runId() const { return m_runId; }
    FindingsModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }

    /// Diagnoses the shown run on a worker thread, saves and shows the findings; `diagnosed`
    /// follows. With `measureMachine` the doctor measures this machine first (about a second).
    void diagnose(bool measureMachine);
    void selectFinding(int row);

Q_SIGNALS:
    void diagnosed(int findings);
    /// A finding about steps `first`..`last` (1-based) was selected.
    void highlightRequested(qint64 first, qint64 last);
    /// A finding about the whole run was selected, or none is.
    void highlightCleared();
    /// The selected finding's JSON merge patch (as text), for the config of run `runId`.
    void applyPatchRequested(qint64 runId, const QString& patch);
    /// "Try this fix": measure the selected finding's patch (as text) against run `runId`'s
    /// config in a what-if experiment.
    void tryFixRequested(qint64 runId, const QString& findingId, const QString& patch);
    void problem(const QString& message);

private:
    void showFindings(std::vector<Finding> findings, const QString& note);
    void showSelected();

    QString m_databasePath;
    qint64 m_runId = 0;
    FindingsModel* m_model;
    QLabel* m_title;
    QPushButton* m_diagnose;
    QCheckBox* m_measureMachine;
    QTableView* m_view;
    QTextBrowser* m_details;
    QPushButton* m_apply;
    QPushButton* m_tryFix;
    BackgroundJob m_diagnosis;  ///< declared last, so gone first: waits for a diagnosis
};

}  // namespace es::ui
