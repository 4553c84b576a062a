#include "ui/script/scriptcommand.h"

#include "ui/core/nativepath.h"
#include "ui/core/qtext.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QProcess>
#include <QtCore/QStandardPaths>

namespace es::ui {

namespace {

/// `problem` in `field`.
ScriptCommand refused(ScriptField field, const QString& problem)
{
    ScriptCommand command;
    command.field = field;
    command.problem = problem;
    return command;
}

}  // namespace

QStringList ScriptCommand::splitArguments(const QString& arguments)
{
    return QProcess::splitCommand(arguments);
}

QString ScriptCommand::commandLine(const std::vector<std::string>& command)
{
    QStringList words;
    for (const std::string& word : command) {
        QString text = toQString(word);
        const bool plain = !text.isEmpty() && !text.contains(QLatin1Char(' ')) &&
                           !text.contains(QLatin1Char('\t')) && !text.contains(QLatin1Char('"'));
        if (!plain)
            text = QLatin1Char('"') + text.replace(QLatin1String("\""), QLatin1String("\"\"\"")) +
                   QLatin1Char('"');
        words << text;
    }
    return words.join(QLatin1Char(' '));
}

ScriptCommand ScriptCommand::from(const ScriptProfileSettings& fields)
{
    // The interpreter: a path to a program, or a name found on PATH as the shell finds it.
    const QString interpreter = fields.interpreter.trimmed();
    if (interpreter.isEmpty())
        return refused(ScriptField::Interpreter,
                       tr("Interpreter: give the Python interpreter that runs the script "
                          "(python3, or the path of one)."));
    if (interpreter.contains(QLatin1Char('/'))) {
        const QFileInfo file(interpreter);
        if (!file.exists())
            return refused(ScriptField::Interpreter,
                           tr("Interpreter: %1 does not exist.").arg(interpreter));
        if (!file.isFile() || !file.isExecutable())
            return refused(ScriptField::Interpreter,
                           tr("Interpreter: %1 is not a program.").arg(interpreter));
    } else if (QStandardPaths::findExecutable(interpreter).isEmpty()) {
        return refused(ScriptField::Interpreter,
                       tr("Interpreter: no %1 on the PATH.").arg(interpreter));
    }
    // The probe runs as the interpreter's module (python3 -m epochscope.run): the engine
    // takes only a program named python*, as `epochscope-cli profile` does.
    if (!QFileInfo(interpreter).fileName().startsWith(QLatin1String("python")))
        return refused(ScriptField::Interpreter,
                       tr("Interpreter: %1 is not a Python interpreter (python3, python3.11, a "
                          "virtual environment's bin/python).")
                           .arg(interpreter));

    const QString script = fields.script.trimmed();
    if (script.isEmpty())
        return refused(ScriptField::Script, tr("Script: choose the Python script to profile."));
    const QString folderGiven = fields.workingFolder.trimmed();
    // A relative script is where the script will run: in the working folder, when given.
    const QDir base = folderGiven.isEmpty() ? QDir::current()
                                            : QDir(QDir::current().absoluteFilePath(folderGiven));
    const QFileInfo scriptFile(base.absoluteFilePath(script));
    if (!scriptFile.exists())
        return refused(ScriptField::Script,
                       tr("Script: %1 does not exist.").arg(scriptFile.absoluteFilePath()));
    if (!scriptFile.isFile())
        return refused(ScriptField::Script,
                       tr("Script: %1 is not a file.").arg(scriptFile.absoluteFilePath()));

    const QString folder = folderGiven.isEmpty() ? scriptFile.absolutePath()
                                                 : QDir::current().absoluteFilePath(folderGiven);
    const QFileInfo folderInfo(folder);
    if (!folderInfo.exists())
        return refused(ScriptField::WorkingFolder,
                       tr("Working folder: %1 does not exist.").arg(folder));
    if (!folderInfo.isDir())
        return refused(ScriptField::WorkingFolder,
                       tr("Working folder: %1 is not a folder.").arg(folder));

    ScriptCommand command;
    const QString name = fields.name.trimmed();
    command.options.name = (name.isEmpty() ? scriptFile.fileName() : name).toStdString();
    command.options.command = {nativePath(interpreter), nativePath(scriptFile.absoluteFilePath())};
    for (const QString& argument : splitArguments(fields.arguments))
        command.options.command.push_back(argument.toStdString());
    command.options.workingFolder = nativePath(QDir::cleanPath(folderInfo.absoluteFilePath()));
    return command;
}

}  // namespace es::ui
