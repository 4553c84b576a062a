#include "ui/live/runwritesquestion.h"

#include "engine/callbacks/callbackwrites.h"
#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "ui/core/qtext.h"

#include <QtCore/QDir>
#include <QtCore/QFileInfo>
#include <QtCore/QStringList>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPushButton>

namespace es::ui {

namespace {

/// What the user is asked about: each refusal at its field, and what allowing them takes.
struct Refusals {
    QStringList lines;
    bool outsideFolders = false;
    bool foreignFiles = false;
};

Refusals refusalsOf(const RunConfig& config)
{
    Refusals found;
    WritePermissions outside = config.writes;
    outside.outsideFolders = true;
    for (const PlannedWrite& write : plannedWrites(config)) {
        const auto refusal = refusalOf(write, config.writes);
        if (!refusal)
            continue;
        found.lines << toQString(configIssueText({write.field, refusal->message}));
        if (refusal->reason == WriteRefusal::Reason::ForeignFile) {
            found.foreignFiles = true;
            continue;
        }
        found.outsideFolders = true;
        // A file outside that is someone else's too: both are said before the user answers.
        if (const auto also = refusalOf(write, outside)) {
            found.lines << toQString(configIssueText({write.field, also->message}));
            found.foreignFiles = true;
        }
    }
    return found;
}

}  // namespace

WritePermissions RunWritesQuestion::permissions(const QString& configPath)
{
    WritePermissions writes;
    writes.folders.push_back(QDir::currentPath().toStdString());
    if (!configPath.isEmpty())
        writes.folders.push_back(QFileInfo(configPath).absolutePath().toStdString());
    return writes;
}

bool RunWritesQuestion::confirm(QWidget* parent, RunConfig& config, const QString& configPath)
{
    config.writes = permissions(configPath);
    const Refusals refused = refusalsOf(config);
    if (refused.lines.isEmpty())
        return true;
    QMessageBox question(QMessageBox::Warning, tr("Files this run would write"),
                         tr("This config would write files where a config from someone else "
                            "should not. Write them only if you trust the config."),
                         QMessageBox::Cancel, parent);
    question.setObjectName("runWritesQuestion");
    question.setInformativeText(refused.lines.join("\n\n"));
    QPushButton* anyway = question.addButton(tr("Write anyway"), QMessageBox::AcceptRole);
    anyway->setObjectName("writeAnyway");
    question.setDefaultButton(QMessageBox::Cancel);
    question.exec();
    if (question.clickedButton() != anyway)
        return false;
    // Only what the user was shown: a kind of refusal the config did not meet stays checked.
    config.writes.outsideFolders = refused.outsideFolders;
    config.writes.foreignFiles = refused.foreignFiles;
    return true;
}

}  // namespace es::ui
