#include "setup/configeditor.h"

#include "config/configerror.h"
#include "config/presets.h"
#include "core/atomicfile.h"
#include "setup/trainingform.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QTimer>
#include <QtGui/QFontDatabase>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QVBoxLayout>

namespace es::ui {

namespace {

/// Checking is cheap, but not on every keystroke of a fast typist.
constexpr int kCheckDelayMs = 250;
constexpr int kJsonIndent = 2;

}  // namespace

ConfigEditor::ConfigEditor(QWidget* parent)
    : QWidget(parent),
      m_presets(new QComboBox(this)),
      m_form(new TrainingForm(this)),
      m_editor(new QPlainTextEdit(this)),
      m_status(new QLabel(this)),
      m_debounce(new QTimer(this))
{
    m_presets->addItem(tr("(choose a preset)"));
    for (const PresetInfo& preset : builtinPresets()) {
        m_presets->addItem(QString::fromStdString(preset.name));
        m_presets->setItemData(m_presets->count() - 1, QString::fromStdString(preset.description),
                               Qt::ToolTipRole);
    }
    connect(m_presets, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            loadPreset(m_presets->itemText(index));
    });

    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_editor->setTabChangesFocus(true);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kCheckDelayMs);
    connect(m_debounce, &QTimer::timeout, this, &ConfigEditor::check);
    connect(m_editor, &QPlainTextEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));

    // A form change rewrites the JSON (keeping the data paths as written, relative or not).
    connect(m_form, &TrainingForm::edited, this, [this](const RunConfig& config) {
        m_editor->setPlainText(QString::fromStdString(toJson(config).dump(kJsonIndent)));
        check();
    });

    auto* form = new QFormLayout();
    form->addRow(tr("P&reset:"), m_presets);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_form);
    layout->addWidget(new QLabel(tr("The whole run config (JSON, docs/config.md):"), this));
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_status);
    check();
}

void ConfigEditor::setConfig(const RunConfig& config, const QString& baseDirectory)
{
    m_baseDirectory = baseDirectory;
    setText(QString::fromStdString(toJson(config).dump(kJsonIndent)));
}

void ConfigEditor::loadPreset(const QString& name)
{
    setConfig(es::loadPreset(name.toStdString()));
    const int index = m_presets->findText(name);
    m_presets->setCurrentIndex(index < 0 ? 0 : index);
}

bool ConfigEditor::openFile(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("%1: %2").arg(path, file.errorString());
        return false;
    }
    m_baseDirectory = QFileInfo(path).absolutePath();
    m_presets->setCurrentIndex(0);
    setText(QString::fromUtf8(file.readAll()));
    return true;
}

bool ConfigEditor::saveFile(const QString& path, QString* error)
{
    try {
        writeFileAtomically(path.toStdString(), text().toStdString());
    } catch (const std::exception& failure) {
        if (error)
            *error = QString::fromStdString(failure.what());
        return false;
    }
    m_baseDirectory = QFileInfo(path).absolutePath();
    return true;
}

QString ConfigEditor::text() const
{
    return m_editor->toPlainText();
}

void ConfigEditor::setText(const QString& text)
{
    m_editor->setPlainText(text);
    check();  // at once: a loaded config is usable without waiting for the debounce
}

void ConfigEditor::check()
{
    m_debounce->stop();
    try {
        const RunConfig asWritten = parseRunConfigText(text().toStdString(), "config");
        m_form->showConfig(asWritten);
        m_form->setEnabled(true);
        RunConfig config = asWritten;
        if (!m_baseDirectory.isEmpty())
            resolveDataPaths(config.data.source, m_baseDirectory.toStdString());
        m_config = std::move(config);
        m_problems.clear();
        m_status->setText(tr("Ready: %1").arg(QString::fromStdString(m_config->name)));
        m_status->setStyleSheet(QString());
    } catch (const ConfigError& error) {
        m_config.reset();
        m_form->setEnabled(false);  // its fields would not say what the text says
        QStringList lines;
        for (const ConfigIssue& issue : error.issues())
            lines << (issue.path.empty()
                          ? QString::fromStdString(issue.message)
                          : QString::fromStdString(issue.path + ": " + issue.message));
        m_problems = lines.join('\n');
        m_status->setText(m_problems);
        m_status->setStyleSheet(QStringLiteral("color: #c0392b;"));
    }
    Q_EMIT validityChanged(m_config.has_value());
}

}  // namespace es::ui
