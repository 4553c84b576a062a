#include "ui/settings/settingsdialog.h"

#include "ui/settings/language.h"

#include <QtWidgets/QComboBox>
#include <QtWidgets/QDialogButtonBox>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QSpinBox>

#include <algorithm>

namespace es::ui {

namespace {

constexpr int kMinWindowSteps = 50;
constexpr int kMaxWindowSteps = 100'000;
constexpr int kMinSampleIntervalMs = 10;
constexpr int kMaxSampleIntervalMs = 1000;

}  // namespace

SettingsDialog::SettingsDialog(const AppSettings& settings, QWidget* parent)
    : QDialog(parent),
      m_database(new QLineEdit(settings.databasePath, this)),
      m_windowSteps(new QSpinBox(this)),
      m_sampleInterval(new QSpinBox(this)),
      m_theme(new QComboBox(this)),
      m_language(new QComboBox(this)),
      m_languageNote(new QLabel(tr("The language changes when EpochScope is started again."), this))
{
    setWindowTitle(tr("Settings"));
    auto* browse = new QPushButton(tr("&Browse..."), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Run database"), m_database->text(), tr("Run databases (*.sqlite)"), nullptr,
            QFileDialog::DontConfirmOverwrite);
        if (!path.isEmpty())
            m_database->setText(path);
    });
    auto* database = new QHBoxLayout();
    database->addWidget(m_database, 1);
    database->addWidget(browse);

    m_windowSteps->setRange(kMinWindowSteps, kMaxWindowSteps);
    m_windowSteps->setValue(settings.chartWindowSteps);
    m_windowSteps->setSuffix(tr(" steps"));
    // The config parser's range for profiling.sample_interval_ms.
    m_sampleInterval->setRange(kMinSampleIntervalMs, kMaxSampleIntervalMs);
    m_sampleInterval->setValue(settings.sampleIntervalMs);
    m_sampleInterval->setSuffix(tr(" ms"));
    m_sampleInterval->setToolTip(
        tr("How often CPU, memory and GPU use are sampled in runs of a "
           "preset; a config file keeps its own setting."));
    m_theme->addItem(tr("Follow the system"), static_cast<int>(AppSettings::Theme::System));
    m_theme->addItem(tr("Light"), static_cast<int>(AppSettings::Theme::Light));
    m_theme->addItem(tr("Dark"), static_cast<int>(AppSettings::Theme::Dark));
    m_theme->setCurrentIndex(m_theme->findData(static_cast<int>(settings.theme)));
    m_language->setObjectName("language");
    m_language->addItem(tr("System default"), QString());
    for (const QString& code : availableLanguages())
        m_language->addItem(languageNativeName(code), code);
    m_language->setCurrentIndex(std::max(m_language->findData(settings.language), 0));
    // The texts are translated as the window is built, so a new language needs a new start.
    m_languageNote->setObjectName("languageNote");
    m_languageNote->setWordWrap(true);
    m_languageNote->hide();
    const int startLanguage = m_language->currentIndex();
    connect(m_language, &QComboBox::currentIndexChanged, this, [this, startLanguage](int index) {
        m_languageNote->setVisible(index != startLanguage);
    });

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Run &database:"), database);
    form->addRow(tr("Live step charts &follow the last:"), m_windowSteps);
    form->addRow(tr("&Sample system use every:"), m_sampleInterval);
    form->addRow(tr("&Theme:"), m_theme);
    form->addRow(tr("&Language:"), m_language);
    form->addRow(QString(), m_languageNote);
    form->addRow(buttons);
}

AppSettings SettingsDialog::settings() const
{
    AppSettings chosen;
    chosen.databasePath = m_database->text().trimmed();
    chosen.chartWindowSteps = m_windowSteps->value();
    chosen.sampleIntervalMs = m_sampleInterval->value();
    chosen.theme = static_cast<AppSettings::Theme>(m_theme->currentData().toInt());
    chosen.language = m_language->currentData().toString();
    return chosen;
}

}  // namespace es::ui
