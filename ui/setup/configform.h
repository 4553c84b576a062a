#pragma once

// The base of the Run setup tabs (Model, Data, Training, Device, Callbacks): each shows part of
// one RunConfig and emits the whole config with the user's change applied. The JSON editor
// is the single source of truth; a form never validates on its own, the engine's parser does,
// and its issues come back to the form through markProblems() so that the bad value is marked
// where the user typed it.

#include "engine/config/configerror.h"
#include "engine/config/runconfigfwd.h"

#include <QtCore/QString>
#include <QtWidgets/QWidget>

#include <vector>

namespace es::ui {

/// The dynamic property that ties a field widget to its config path ("training.epochs",
/// "data.source.x", "callbacks[0].filepath"). markFieldProblems() looks for it.
inline constexpr char kConfigPathProperty[] = "configPath";

/// Tags `field` with its config path (see kConfigPathProperty).
void setConfigPath(QWidget* field, const QString& path);

/// Marks each descendant of `form` tagged with a path that has an issue (red frame, the
/// engine's message as tooltip) and clears the marks of the others. An issue marks the field
/// with its exact path, else the nearest field whose path is a prefix of it
/// (`data.source.x` marks a field tagged `data.source.x`, or one tagged `data.source`).
/// Returns how many issues found a field.
int markFieldProblems(QWidget* form, const std::vector<ConfigIssue>& issues);

class ConfigForm : public QWidget {
    Q_OBJECT

public:
    explicit ConfigForm(QWidget* parent = nullptr);

    /// Fills the fields from `config` without emitting edited().
    virtual void showConfig(const RunConfig& config) = 0;

    /// Shows the engine's issues at the fields they name; the default marks tagged widgets
    /// (markFieldProblems). Returns how many issues found a field here.
    virtual int markProblems(const std::vector<ConfigIssue>& issues);

Q_SIGNALS:
    /// The config as shown, with the user's change applied.
    void edited(const es::RunConfig& config);
};

}  // namespace es::ui
