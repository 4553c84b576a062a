#include "ui/script/profilescriptdialog.h"

#include "ui/core/errorstyle.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QDir>
#include <QtCore/QFileInfo>
#include <QtGui/QFontDatabase>
#include <QtWidgets/QDialogButtonBox>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QVBoxLayout>

#include <functional>

namespace es::ui {

namespace {

/// `field` with a Browse… button beside it that asks `choose` for a path.
QWidget* withBrowse(QLineEdit* field, const QString& title, std::function<QString()> choose,
                    QWidget* parent)
{
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    // The Data tab's button text, translated there.
    auto* button =
        new QPushButton(QCoreApplication::translate("es::ui::DataSourcePage", "Browse…"), row);
    button->setObjectName(field->objectName() + QStringLiteral("_browse"));
    button->setToolTip(title);
    button->setAccessibleName(title);
    layout->addWidget(field, 1);
    layout->addWidget(button);
    QObject::connect(button, &QPushButton::clicked, field, [field, choose = std::move(choose)] {
        const QString path = choose();
        if (!path.isEmpty())
            field->setText(QDir::toNativeSeparators(path));
    });
    return row;
}

/// Where a file dialog for `path` opens: its folder when it has one, else `fallback`'s.
QString startFolder(const QString& path, const QString& fallback)
{
    for (const QString& candidate : {path, fallback}) {
        if (candidate.trimmed().isEmpty())
            continue;
        const QFileInfo info(candidate.trimmed());
        const QString folder = info.isDir() ? info.absoluteFilePath() : info.absolutePath();
        if (QFileInfo(folder).isDir())
            return folder;
    }
    return QDir::homePath();
}

}  // namespace

ProfileScriptDialog::ProfileScriptDialog(QWidget* parent)
    : QDialog(parent),
      m_interpreter(new QLineEdit()),
      m_script(new QLineEdit()),
      m_arguments(new QLineEdit()),
      m_workingFolder(new QLineEdit()),
      m_name(new QLineEdit()),
      m_command(new QLabel()),
      m_problem(new QLabel())
{
    setWindowTitle(tr("Profile a Python script"));
    setObjectName("profileScriptDialog");
    m_interpreter->setObjectName("profileInterpreter");
    m_script->setObjectName("profileScript");
    m_arguments->setObjectName("profileArguments");
    m_workingFolder->setObjectName("profileWorkingFolder");
    m_name->setObjectName("profileRunName");
    m_command->setObjectName("profileCommand");
    m_problem->setObjectName("profileProblem");

    auto* intro = new QLabel(
        tr("Runs your PyTorch training script unchanged under EpochScope's probe, which times "
           "each step by phase, and records it as a run: the dashboard draws it live, and its "
           "output goes to the Log. Stop interrupts it as Ctrl+C does, then ends it."));
    intro->setWordWrap(true);

    m_interpreter->setToolTip(
        tr("The Python that runs the script, with the script's PyTorch: python3, or the path "
           "of one (a virtual environment's bin/python)"));
    m_script->setPlaceholderText(QStringLiteral("train.py"));
    m_arguments->setPlaceholderText(QStringLiteral("--epochs 3 --lr 0.01"));
    m_arguments->setToolTip(
        tr("The script's arguments, split at blanks; double quotes keep blanks in one argument "
           "(\"my data\")"));
    m_workingFolder->setToolTip(tr("Where the script runs; empty: the script's folder"));
    m_name->setToolTip(tr("The run's name in Runs; empty: the script's file name"));

    auto* form = new QFormLayout();
    form->addRow(tr("&Interpreter:"),
                 withBrowse(
                     m_interpreter, tr("Choose the Python interpreter"),
                     [this] {
                         return QFileDialog::getOpenFileName(
                             this, tr("Choose the Python interpreter"),
                             startFolder(m_interpreter->text(), QStringLiteral("/usr/bin")));
                     },
                     this));
    form->addRow(tr("&Script:"), withBrowse(
                                     m_script, tr("Choose the Python script"),
                                     [this] {
                                         return QFileDialog::getOpenFileName(
                                             this, tr("Choose the Python script"),
                                             startFolder(m_script->text(), m_workingFolder->text()),
                                             tr("Python scripts (*.py);;All files (*)"));
                                     },
                                     this));
    form->addRow(tr("&Arguments:"), m_arguments);
    form->addRow(tr("&Working folder:"),
                 withBrowse(
                     m_workingFolder, tr("Choose the working folder"),
                     [this] {
                         return QFileDialog::getExistingDirectory(
                             this, tr("Choose the working folder"),
                             startFolder(m_workingFolder->text(), m_script->text()));
                     },
                     this));
    form->addRow(tr("Run &name:"), m_name);
    m_command->setWordWrap(true);
    m_command->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_command->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    form->addRow(tr("Runs:"), m_command);

    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(errorTextStyle());
    m_problem->hide();

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    QPushButton* start =
        buttons->addButton(tr("&Start", "button: start profiling"), QDialogButtonBox::AcceptRole);
    start->setObjectName("profileStart");
    start->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &ProfileScriptDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ProfileScriptDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addStretch(1);
    layout->addWidget(buttons);

    const ScriptProfileSettings remembered = ScriptProfileSettings::load();
    m_interpreter->setText(remembered.interpreter);
    m_script->setText(remembered.script);
    m_arguments->setText(remembered.arguments);
    m_workingFolder->setText(remembered.workingFolder);
    m_name->setText(remembered.name);
    for (QLineEdit* field : {m_interpreter, m_script, m_arguments, m_workingFolder, m_name})
        connect(field, &QLineEdit::textChanged, this, &ProfileScriptDialog::updatePreview);
    updatePreview();
    constexpr int kWidth = 640;
    resize(kWidth, sizeHint().height());
    (m_script->text().isEmpty() ? m_script : m_arguments)->setFocus();
}

ScriptProfileSettings ProfileScriptDialog::fields() const
{
    ScriptProfileSettings typed;
    typed.interpreter = m_interpreter->text();
    typed.script = m_script->text();
    typed.arguments = m_arguments->text();
    typed.workingFolder = m_workingFolder->text();
    typed.name = m_name->text();
    return typed;
}

QString ProfileScriptDialog::problemText() const
{
    return m_problem->text();
}

void ProfileScriptDialog::updatePreview()
{
    const QString script = m_script->text().trimmed();
    const QFileInfo scriptFile(script);
    // The defaults the empty fields stand for, shown where they would be typed.
    m_workingFolder->setPlaceholderText(script.isEmpty()
                                            ? tr("the script's folder")
                                            : QDir::toNativeSeparators(scriptFile.absolutePath()));
    m_name->setPlaceholderText(script.isEmpty() ? tr("the script's file name")
                                                : scriptFile.fileName());
    std::vector<std::string> words = {
        m_interpreter->text().trimmed().toStdString(),
        script.isEmpty() ? tr("SCRIPT").toStdString() : script.toStdString()};
    for (const QString& argument : ScriptCommand::splitArguments(m_arguments->text()))
        words.push_back(argument.toStdString());
    const QString folder = !m_workingFolder->text().trimmed().isEmpty()
                               ? m_workingFolder->text().trimmed()
                               : m_workingFolder->placeholderText();
    m_command->setText(tr("%1\nin %2").arg(ScriptCommand::commandLine(words), folder));
}

QLineEdit* ProfileScriptDialog::lineEditOf(ScriptField field) const
{
    switch (field) {
        case ScriptField::Interpreter: return m_interpreter;
        case ScriptField::Script: return m_script;
        case ScriptField::WorkingFolder: return m_workingFolder;
        case ScriptField::None: break;
    }
    return nullptr;
}

void ProfileScriptDialog::showProblem(ScriptField field, const QString& problem)
{
    for (QLineEdit* edit : {m_interpreter, m_script, m_workingFolder}) {
        edit->setStyleSheet(edit == lineEditOf(field) ? invalidFieldStyle() : QString());
    }
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    if (QLineEdit* edit = lineEditOf(field))
        edit->setFocus();
}

void ProfileScriptDialog::accept()
{
    const ScriptCommand command = ScriptCommand::from(fields());
    showProblem(command.field, command.problem);
    if (!command.problem.isEmpty())
        return;
    fields().save();
    m_options = command.options;
    QDialog::accept();
}

}  // namespace es::ui
