#pragma once

// File > Profile a Python script...'s fields, as typed, turned into the ScriptSession the
// controller runs: the defaults filled in (the script's folder, its file name), the arguments
// split as a shell splits them, and each problem named with its field, so that the dialog
// shows it there and nothing starts that cannot.

#include "engine/script/scriptsession.h"
#include "ui/settings/appsettings.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QString>
#include <QtCore/QStringList>

namespace es::ui {

/// A field of the dialog, for the problem found in it.
enum class ScriptField { None, Interpreter, Script, WorkingFolder };

struct ScriptCommand {
    Q_DECLARE_TR_FUNCTIONS(ScriptCommand)

public:
    /// `fields` checked: the interpreter found and named python*, the script an existing file
    /// (a relative path taken from the working folder, as the script will run there), the
    /// working folder an existing folder (empty: the script's), the run's name (empty: the
    /// script's file name).
    static ScriptCommand from(const ScriptProfileSettings& fields);

    ScriptSessionOptions options;  ///< what to run; complete when `problem` is empty
    ScriptField field = ScriptField::None;
    QString problem;  ///< what is wrong, starting with the field's name; empty: it can run

    /// The script's arguments as QProcess::splitCommand() splits them: words apart at blanks,
    /// kept together inside double quotes, three double quotes one literal quote. Single quotes
    /// are characters like any other.
    static QStringList splitArguments(const QString& arguments);
    /// A command as one line a person reads, and splitArguments() splits back: each word with
    /// a blank or a double quote in it quoted.
    static QString commandLine(const std::vector<std::string>& command);
};

}  // namespace es::ui
