#pragma once

// The Run setup panel: a built-in preset or a config file, shown as tabs of forms (Model, Data,
// Training, Device, Callbacks) and as the whole config in JSON. The JSON text is the one source
// of truth: a form edit rewrites it, and every change is checked by the engine's own parser, so
// a bad value is marked at its field with the engine's message before Start is allowed.

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"

#include <QtCore/QString>
#include <QtWidgets/QWidget>

#include <optional>

#include <vector>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTimer;

namespace es::ui {

class ConfigForm;

class ConfigEditor : public QWidget {
    Q_OBJECT

public:
    explicit ConfigEditor(QWidget* parent = nullptr);

    /// Shows `config` as JSON. `baseDirectory` is where relative data paths point (the
    /// config file's directory; empty for presets: the current directory).
    void setConfig(const RunConfig& config, const QString& baseDirectory = QString());
    /// Loads a built-in preset, with the sampler interval chosen in Settings. Throws
    /// ConfigError for a preset that is not there or whose generated corpus cannot be written.
    void loadPreset(const QString& name);
    /// loadPreset() for a preset the user picked: a failure is shown in a message box and
    /// leaves the editor as it was. False then.
    bool choosePreset(const QString& name);
    void setPresetSampleInterval(int milliseconds) { m_presetSampleIntervalMs = milliseconds; }
    /// False with the reason in `error` when the file cannot be read or parsed; the editor
    /// then keeps what it had.
    bool openFile(const QString& path, QString* error);
    /// Writes the text as it is (atomically); false with the reason in `error`.
    bool saveFile(const QString& path, QString* error);

    /// The parsed config, or nullopt while the text is invalid.
    const std::optional<RunConfig>& config() const { return m_config; }
    /// The problems found in the text, one per line with its field path; empty when valid.
    QString problems() const { return m_problems; }
    QString text() const;
    void setText(const QString& text);

    /// The tabs, for tests and for keyboard shortcuts: Model, Data, Training, Device,
    /// Callbacks, JSON.
    QTabWidget* tabs() const { return m_tabs; }

Q_SIGNALS:
    /// After every check: whether the text is a valid config now.
    void validityChanged(bool valid);

private:
    void addForm(ConfigForm* form, const QString& title);
    void applyFormEdit(ConfigForm* editedForm, const RunConfig& config);
    void check();
    void showProblems(const std::vector<ConfigIssue>& issues);
    /// No config now: `issues` listed under the tabs and marked at their fields.
    void showInvalid(const std::vector<ConfigIssue>& issues);
    /// What the engine accepts but this window cannot run: joining a run without rank 0's
    /// address, or a rank outside the run.
    std::vector<ConfigIssue> windowIssues(const RunConfig& config) const;
    void setBaseDirectory(const QString& directory);

    QComboBox* m_presets;
    QTabWidget* m_tabs;
    std::vector<ConfigForm*> m_forms;
    /// Whether the text being checked was written by a form: then the forms still say what
    /// the text says, even when it is invalid, and stay editable.
    bool m_writtenByForm = false;
    /// The rank this window trains (RunConfig::rank, in no config file): set on the Device
    /// tab, 0 again when a config is loaded or set as a whole.
    int m_rank = 0;
    QPlainTextEdit* m_editor;
    QLabel* m_status;
    QTimer* m_debounce;
    QString m_baseDirectory;
    std::optional<RunConfig> m_config;
    QString m_problems;
    std::optional<int> m_presetSampleIntervalMs;
    /// The preset list's entry for what the editor shows: the preset loaded last, or 0 (none)
    /// after a file; shown again when a chosen preset fails to load.
    int m_shownPresetIndex = 0;
};

}  // namespace es::ui
