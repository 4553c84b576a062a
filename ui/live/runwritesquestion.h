#pragma once

// Before Start: the files a run will write, checked as the CLI checks them, and the user asked
// when the config would write outside the run's folders or replace files EpochScope did not
// write (engine/io/writetarget.h). A config may come from someone else.

#include "engine/config/runconfigfwd.h"
#include "engine/io/writepermissions.h"

#include <QtCore/QCoreApplication>
#include <QtCore/QString>

class QWidget;

namespace es::ui {

class RunWritesQuestion {
    Q_DECLARE_TR_FUNCTIONS(es::ui::RunWritesQuestion)

public:
    /// The run's own folders: the current directory and, when the config came from a file,
    /// that file's folder.
    static WritePermissions permissions(const QString& configPath);

    /// Fills `config.writes` with permissions(configPath); when some file would be refused,
    /// asks (a modal question over `parent`, Cancel by default) and, on "Write anyway", allows
    /// what was refused for this run. False when the user declined.
    static bool confirm(QWidget* parent, RunConfig& config, const QString& configPath);
};

}  // namespace es::ui
