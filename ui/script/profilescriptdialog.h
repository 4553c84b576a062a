#pragma once

// File > Profile a Python script...: the interpreter, the script, its arguments, the working
// folder and the run's name, each remembered (ScriptProfileSettings), checked at Start with
// the problem said at its field (ScriptCommand). Start closes it with the session to run;
// MainWindow starts it on the RunController.

#include "engine/script/scriptsession.h"
#include "ui/script/scriptcommand.h"
#include "ui/settings/appsettings.h"

#include <QtWidgets/QDialog>

class QLabel;
class QLineEdit;

namespace es::ui {

class ProfileScriptDialog : public QDialog {
    Q_OBJECT

public:
    /// Opens on the fields given last.
    explicit ProfileScriptDialog(QWidget* parent = nullptr);

    /// The fields as typed.
    ScriptProfileSettings fields() const;
    /// What Start accepted: the session to run.
    const ScriptSessionOptions& options() const { return m_options; }
    /// The problem Start found, empty when none.
    QString problemText() const;

    /// Checks the fields: a problem is shown at its field and the dialog stays open; else the
    /// fields are remembered and the dialog closes accepted.
    void accept() override;

private:
    /// The command line and the defaults the fields give now.
    void updatePreview();
    /// Marks `field` (none: clears the marks) and shows `problem`.
    void showProblem(ScriptField field, const QString& problem);
    QLineEdit* lineEditOf(ScriptField field) const;

    QLineEdit* m_interpreter;
    QLineEdit* m_script;
    QLineEdit* m_arguments;
    QLineEdit* m_workingFolder;
    QLineEdit* m_name;
    QLabel* m_command;
    QLabel* m_problem;
    ScriptSessionOptions m_options;
};

}  // namespace es::ui
