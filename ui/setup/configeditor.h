#pragma once

// The Run setup panel: a built-in preset or a config file, with the common fields as a form and
// the whole config as JSON, checked by the engine's own parser on every change, so that a bad
// value is shown with its field path before Start is allowed. (Forms for the model, data and
// callbacks come next; they edit the same RunConfig.)

#include "config/runconfig.h"

#include <QtCore/QString>
#include <QtWidgets/QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QTimer;

namespace es::ui {

class TrainingForm;

class ConfigEditor : public QWidget {
    Q_OBJECT

public:
    explicit ConfigEditor(QWidget* parent = nullptr);

    /// Shows `config` as JSON. `baseDirectory` is where relative data paths point (the
    /// config file's directory; empty for presets: the current directory).
    void setConfig(const RunConfig& config, const QString& baseDirectory = QString());
    void loadPreset(const QString& name);
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

Q_SIGNALS:
    /// After every check: whether the text is a valid config now.
    void validityChanged(bool valid);

private:
    void check();

    QComboBox* m_presets;
    TrainingForm* m_form;
    QPlainTextEdit* m_editor;
    QLabel* m_status;
    QTimer* m_debounce;
    QString m_baseDirectory;
    std::optional<RunConfig> m_config;
    QString m_problems;
};

}  // namespace es::ui
