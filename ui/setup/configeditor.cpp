#include "ui/setup/configeditor.h"

#include "engine/config/configerror.h"
#include "engine/config/presets.h"
#include "engine/config/runconfigtext.h"
#include "engine/env/environment.h"
#include "engine/io/atomicfile.h"
#include "ui/core/errorstyle.h"
#include "ui/core/qtext.h"
#include "ui/setup/callbacksform.h"
#include "ui/setup/dataform.h"
#include "ui/setup/deviceform.h"
#include "ui/setup/distributedfields.h"
#include "ui/setup/modelform.h"
#include "ui/setup/trainingform.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QTimer>
#include <QtGui/QFontDatabase>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QMessageBox>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QScrollArea>
#include <QtWidgets/QStyle>
#include <QtWidgets/QTabWidget>
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
      m_tabs(new QTabWidget(this)),
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
            choosePreset(m_presets->itemText(index));
    });

    const EnvironmentInfo machine = collectEnvironment();
    addForm(new ModelForm(), tr("Model"));
    addForm(new DataForm(), tr("Data", "setup tab: training data"));
    addForm(new TrainingForm(), tr("Training"));
    addForm(new DeviceForm(machine.cudaDeviceCount, machine.physicalCores),
            tr("Device", "setup tab: CPU or GPU, threads, backend"));
    addForm(new CallbacksForm(), tr("Callbacks"));

    m_editor->setObjectName("config_json");
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_editor->setTabChangesFocus(true);
    auto* jsonPage = new QWidget();
    auto* jsonLayout = new QVBoxLayout(jsonPage);
    jsonLayout->addWidget(new QLabel(tr("The whole run config (docs/config.md):"), jsonPage));
    jsonLayout->addWidget(m_editor, 1);
    m_tabs->addTab(jsonPage, tr("JSON"));

    m_status->setObjectName("config_status");
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kCheckDelayMs);
    connect(m_debounce, &QTimer::timeout, this, &ConfigEditor::check);
    connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
        m_writtenByForm = false;
        m_debounce->start();
    });

    auto* form = new QFormLayout();
    form->addRow(tr("P&reset:"), m_presets);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_status);
    check();
}

void ConfigEditor::addForm(ConfigForm* form, const QString& title)
{
    m_forms.push_back(form);
    // Each form scrolls, so that the tallest one (Data, with a CSV source's rows) does not set
    // the window's minimum height: with a CJK font it made the window taller than a 1080p screen.
    auto* page = new QScrollArea();
    page->setWidget(form);
    page->setWidgetResizable(true);
    page->setFrameShape(QFrame::NoFrame);
    m_tabs->addTab(page, title);
    connect(form, &ConfigForm::edited, this,
            [this, form](const RunConfig& config) { applyFormEdit(form, config); });
}

void ConfigEditor::applyFormEdit(ConfigForm* editedForm, const RunConfig& config)
{
    m_rank = config.rank;
    // The other tabs take the change at once, even when it makes the config invalid (and the
    // check below cannot hand them a parsed one): their next edit must build on it.
    for (ConfigForm* form : m_forms)
        if (form != editedForm)
            form->showConfig(config);
    // Data paths stay as written, relative or not: the text is what Save writes.
    {
        const QSignalBlocker quiet(m_editor);
        m_editor->setPlainText(QString::fromStdString(toJson(config).dump(kJsonIndent)));
    }
    m_writtenByForm = true;
    check();
}

void ConfigEditor::setBaseDirectory(const QString& directory)
{
    m_baseDirectory = directory;
    for (ConfigForm* form : m_forms) {
        if (auto* model = qobject_cast<ModelForm*>(form))
            model->setBaseDirectory(directory);
        else if (auto* data = qobject_cast<DataForm*>(form))
            data->setBaseDirectory(directory);
    }
}

void ConfigEditor::setConfig(const RunConfig& config, const QString& baseDirectory)
{
    setBaseDirectory(baseDirectory);
    setText(QString::fromStdString(toJson(config).dump(kJsonIndent)));
}

void ConfigEditor::loadPreset(const QString& name)
{
    RunConfig preset = es::loadPreset(name.toStdString());
    if (m_presetSampleIntervalMs)
        preset.profiling.sampleIntervalMs = *m_presetSampleIntervalMs;
    setConfig(preset);
    const int index = m_presets->findText(name);
    m_shownPresetIndex = index < 0 ? 0 : index;
    m_presets->setCurrentIndex(m_shownPresetIndex);
}

bool ConfigEditor::choosePreset(const QString& name)
{
    try {
        loadPreset(name);
        return true;
    } catch (const ConfigError& error) {
        // text-sentiment-demo writes its corpus on first use: a full disk or a read-only home
        // is a message, not the end of the app.
        QMessageBox::warning(this, tr("Load preset"), toQString(error.what()));
        m_presets->setCurrentIndex(m_shownPresetIndex);
        return false;
    }
}

bool ConfigEditor::openFile(const QString& path, QString* error)
{
    // Read as `train --config` reads it: a regular file of a config's size. QFile would wait
    // forever, with the window frozen, on a FIFO nobody writes to, and read /dev/zero until
    // memory ran out.
    std::string text;
    try {
        text = readRunConfigFile(QFile::encodeName(path).toStdString());
    } catch (const ConfigError& failure) {
        if (error)
            *error = toQString(failure.what());
        return false;
    }
    setBaseDirectory(QFileInfo(path).absolutePath());
    m_shownPresetIndex = 0;
    m_presets->setCurrentIndex(0);
    setText(toQString(text));
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
    setBaseDirectory(QFileInfo(path).absolutePath());
    return true;
}

QString ConfigEditor::text() const
{
    return m_editor->toPlainText();
}

void ConfigEditor::setText(const QString& text)
{
    m_rank = 0;  // a config loaded anew trains rank 0 until the Device tab says otherwise
    m_editor->setPlainText(text);
    m_writtenByForm = false;
    check();  // at once: a loaded config is usable without waiting for the debounce
}

void ConfigEditor::check()
{
    m_debounce->stop();
    try {
        RunConfig asWritten = parseRunConfigText(text().toStdString(), "config");
        // No config file holds the rank: the Device tab's, in a run of several processes.
        asWritten.rank = asWritten.distributed.enabled() ? m_rank : 0;
        for (ConfigForm* form : m_forms) {
            form->showConfig(asWritten);
            form->setEnabled(true);
        }
        // A config the engine takes but this window cannot run is shown as a problem at its
        // field (the forms can show it: they stay editable).
        if (const std::vector<ConfigIssue> issues = windowIssues(asWritten); !issues.empty()) {
            showInvalid(issues);
            Q_EMIT validityChanged(false);
            return;
        }
        RunConfig config = asWritten;
        if (!m_baseDirectory.isEmpty())
            resolveDataPaths(config.data, m_baseDirectory.toStdString());
        m_config = std::move(config);
        m_problems.clear();
        showProblems({});
        const QString name = QString::fromStdString(m_config->name);
        m_status->setText(m_config->distributed.enabled()
                              ? tr("Ready: %1, rank %2 of %3 processes")
                                    .arg(name)
                                    .arg(m_config->rank)
                                    .arg(m_config->distributed.worldSize)
                              : tr("Ready: %1").arg(name));
        m_status->setStyleSheet(QString());
    } catch (const ConfigError& error) {
        // Text typed in the JSON tab may say something no form shows; a form left editable
        // would then overwrite it with its older picture of the config.
        for (ConfigForm* form : m_forms)
            form->setEnabled(m_writtenByForm);
        showInvalid(error.issues());
    }
    Q_EMIT validityChanged(m_config.has_value());
}

void ConfigEditor::showInvalid(const std::vector<ConfigIssue>& issues)
{
    m_config.reset();
    QStringList lines;
    for (const ConfigIssue& issue : issues)
        lines << QString::fromStdString(configIssueText(issue));
    m_problems = lines.join('\n');
    showProblems(issues);
    m_status->setText(m_problems);
    m_status->setStyleSheet(errorTextStyle());
}

std::vector<ConfigIssue> ConfigEditor::windowIssues(const RunConfig& config) const
{
    std::vector<ConfigIssue> issues;
    const DistributedConfig& distributed = config.distributed;
    if (!distributed.enabled())
        return issues;
    // No meeting point: several processes on this machine, whose other ranks the window
    // starts itself (LocalRankProcesses), unless the user chose to join a run elsewhere.
    const auto* fields = findChild<DistributedFields*>();
    if (distributed.init.empty() && fields && fields->mode() == DistributedFields::Mode::Join)
        issues.push_back({"distributed.init",
                          tr("type rank 0's address to join a run started elsewhere, or choose "
                             "Several on this machine (Device tab)")
                              .toStdString()});
    if (config.rank >= distributed.worldSize)
        issues.push_back({"rank", tr("rank %1 is not below the run's %2 processes (ranks count "
                                     "from 0)")
                                      .arg(config.rank)
                                      .arg(distributed.worldSize)
                                      .toStdString()});
    return issues;
}

void ConfigEditor::showProblems(const std::vector<ConfigIssue>& issues)
{
    // Each tab with a marked field gets a warning sign, so an issue on a hidden tab is found.
    const QIcon warning = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    bool anyShown = false;
    for (ConfigForm* form : m_forms) {
        const bool shown = form->markProblems(issues) > 0;
        anyShown = anyShown || shown;
        for (int tab = 0; tab < m_tabs->count(); ++tab) {
            if (const auto* page = qobject_cast<QScrollArea*>(m_tabs->widget(tab));
                page && page->widget() == form)
                m_tabs->setTabIcon(tab, shown ? warning : QIcon());
        }
    }
    const bool inText = !issues.empty() && !anyShown;
    m_tabs->setTabIcon(m_tabs->indexOf(m_editor->parentWidget()), inText ? warning : QIcon());
}

}  // namespace es::ui
