#include "ui/reports/reportexportdialog.h"

#include "engine/i18n/language.h"
#include "engine/io/atomicfile.h"
#include "engine/report/reportformat.h"
#include "engine/store/runstore.h"
#include "ui/core/nativepath.h"
#include "ui/core/qtext.h"
#include "ui/live/trainingidlegate.h"
#include "ui/reports/reportpreview.h"
#include "ui/reports/reportrunorder.h"
#include "ui/settings/appsettings.h"
#include "ui/settings/language.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QLocale>
#include <QtCore/QStandardPaths>
#include <QtCore/QUrl>
#include <QtGui/QAction>
#include <QtGui/QDesktopServices>
#include <QtGui/QGuiApplication>
#include <QtGui/QKeySequence>
#include <QtGui/QScreen>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDialogButtonBox>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QListWidget>
#include <QtWidgets/QProgressBar>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QSplitter>
#include <QtWidgets/QStyle>
#include <QtWidgets/QVBoxLayout>

#include <algorithm>
#include <exception>
#include <string_view>

namespace es::ui {

namespace {

constexpr int kRunListWidth = ReportRunOrder::kWidth;
constexpr QSize kInitialSize(1100, 760);
constexpr int kMessageIconSize = 16;
/// The share of the screen the dialog may take at first.
constexpr double kMaxScreenShare = 0.9;

QString formatLabel(ReportFormat format)
{
    switch (format) {
        case ReportFormat::Html: return ReportExportDialog::tr("HTML");
        case ReportFormat::Pdf: return ReportExportDialog::tr("PDF");
        case ReportFormat::Markdown: return ReportExportDialog::tr("Markdown");
        case ReportFormat::Csv: return ReportExportDialog::tr("CSV");
        case ReportFormat::Json: return ReportExportDialog::tr("JSON");
    }
    return {};
}

/// What a file of `format` is, for the file chooser's filter.
QString fileKind(ReportFormat format)
{
    switch (format) {
        case ReportFormat::Html: return ReportExportDialog::tr("HTML report");
        case ReportFormat::Pdf: return ReportExportDialog::tr("PDF report");
        case ReportFormat::Markdown: return ReportExportDialog::tr("Markdown report");
        case ReportFormat::Csv: return ReportExportDialog::tr("CSV table");
        case ReportFormat::Json: return ReportExportDialog::tr("JSON document");
    }
    return {};
}

/// "HTML report (*.html *.htm)": the patterns are the engine's extensions of the format
/// (engine/report/reportformat.h), so that the chooser shows the files the format reads.
QString formatFilter(ReportFormat format)
{
    QStringList patterns;
    for (std::string_view extension : reportFormatInfo(format).extensions)
        if (!extension.empty())
            patterns << QStringLiteral("*.") + toQString(extension);
    return QStringLiteral("%1 (%2)").arg(fileKind(format), patterns.join(QLatin1Char(' ')));
}

QString formatExtension(ReportFormat format)
{
    return toQString(reportFormatExtension(format));
}

QString sizeText(std::size_t bytes)
{
    return QLocale().formattedDataSize(static_cast<qint64>(bytes), 1, QLocale::DataSizeSIFormat);
}

/// The dialog's first size: kInitialSize, or less on a small screen.
QSize initialSize(const QWidget* parent)
{
    QSize initial = kInitialSize;
    if (const QScreen* screen = parent ? parent->screen() : QGuiApplication::primaryScreen())
        initial = initial.boundedTo(screen->availableSize() * kMaxScreenShare);
    return initial;
}

}  // namespace

ReportExportDialog::ReportExportDialog(const QString& databasePath, const QList<qint64>& runIds,
                                       QWidget* parent)
    : QDialog(parent),
      m_databasePath(databasePath),
      m_runOrder(new ReportRunOrder(runIds, this)),
      m_preview(new ReportPreview(this)),
      m_busy(new QProgressBar(this)),
      m_messageIcon(new QLabel(this)),
      m_message(new QLabel(this)),
      m_format(new QComboBox(this)),
      m_language(new QComboBox(this)),
      m_save(new QPushButton(tr("&Save..."), this)),
      m_open(new QPushButton(tr("&Open"), this)),
      m_comparer(this, "es-compare")
{
    QStringList ids;
    for (qint64 id : runOrder())
        ids << QString::number(id);
    setWindowTitle(tr("Compare runs %1").arg(ids.join(QLatin1String(", "))));
    setSizeGripEnabled(true);
    connect(m_runOrder, &ReportRunOrder::orderChanged, this, [this] {
        ++m_generation;
        startComparison();
    });

    setUpPreview();
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_runOrder);
    splitter->addWidget(m_preview);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({kRunListWidth, kInitialSize.width() - kRunListWidth});
    splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addLayout(createMessageRow());
    layout->addLayout(createSaveRow());
    resize(initialSize(parent));

    updateActions();
    if (runOrder().size() < 2) {
        showMessage(tr("A comparison needs at least two runs."), true);
        updateActions();
        return;
    }
    startComparison();
}

// m_comparer waits for a comparison in progress: its result has nowhere to go, but it is not
// left running beside whatever the app does next.
ReportExportDialog::~ReportExportDialog() = default;

void ReportExportDialog::setUpPreview()
{
    m_preview->setPlaceholderText(tr("The report's preview appears here."));
    connect(m_preview, &ReportPreview::externalLinkRefused, this, [this](const QUrl& url) {
        showMessage(tr("Links out of the report are not opened from the preview: %1")
                        .arg(url.toDisplayString()),
                    false);
    });
}

QLayout* ReportExportDialog::createMessageRow()
{
    m_busy->setRange(0, 0);  // no known length: the bar moves to show that work goes on
    m_busy->setTextVisible(false);
    m_busy->setMaximumWidth(kRunListWidth / 2);
    m_busy->setMaximumHeight(fontMetrics().height());
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_messageIcon->setFixedSize(kMessageIconSize, kMessageIconSize);
    auto* messageRow = new QHBoxLayout();
    messageRow->addWidget(m_busy);
    messageRow->addWidget(m_messageIcon, 0, Qt::AlignTop);
    messageRow->addWidget(m_message, 1);
    return messageRow;
}

QLayout* ReportExportDialog::createSaveRow()
{
    QLabel* formatLabelWidget = setUpFormatChoice();
    QLabel* languageLabel = setUpLanguageChoice();
    setUpSaveButtons();
    // Escape closes too (QDialog rejects on it).
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    close->button(QDialogButtonBox::Close)->setAutoDefault(false);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* bottom = new QHBoxLayout();
    bottom->addWidget(formatLabelWidget);
    bottom->addWidget(m_format);
    bottom->addWidget(languageLabel);
    bottom->addWidget(m_language);
    bottom->addWidget(m_save);
    bottom->addWidget(m_open);
    bottom->addStretch(1);
    bottom->addWidget(close);
    return bottom;
}

QLabel* ReportExportDialog::setUpFormatChoice()
{
    m_format->setObjectName(QStringLiteral("reportFormat"));
    // The engine's order, HTML (the one with a preview) first.
    for (const ReportFormatInfo& info : kReportFormats)
        m_format->addItem(formatLabel(info.format), static_cast<int>(info.format));
    if (const std::optional<ReportFormat> remembered =
            reportFormatFromName(ReportExportSettings::load().format.toStdString()))
        setFormat(*remembered);
    auto* label = new QLabel(tr("&Format:"), this);
    label->setBuddy(m_format);
    return label;
}

QLabel* ReportExportDialog::setUpLanguageChoice()
{
    // Each language in its own words, as Settings lists them; the app's language first chosen.
    for (const QString& code : availableLanguages())
        m_language->addItem(languageNativeName(code), code);
    m_language->setObjectName(QStringLiteral("reportLanguage"));
    m_language->setCurrentIndex(
        std::max(0, m_language->findData(QString::fromStdString(engineLanguage()))));
    m_language->setToolTip(tr("The language the report is written in"));
    // Connected after the first choice: the first comparison is started once, by the dialog.
    connect(m_language, &QComboBox::currentIndexChanged, this, [this] {
        ++m_generation;
        startComparison();
    });
    auto* label = new QLabel(tr("&Language:", "label: the report's language"), this);
    label->setBuddy(m_language);
    return label;
}

void ReportExportDialog::setUpSaveButtons()
{
    m_save->setToolTip(tr("Save the report in the chosen format (Ctrl+S)"));
    m_save->setDefault(true);
    connect(m_save, &QPushButton::clicked, this, &ReportExportDialog::chooseFileAndSave);
    m_open->setToolTip(tr("Open the saved report with the desktop's application for it"));
    m_open->setAutoDefault(false);
    connect(m_open, &QPushButton::clicked, this, &ReportExportDialog::openSaved);
    auto* saveShortcut = new QAction(this);
    saveShortcut->setShortcut(QKeySequence::Save);
    connect(saveShortcut, &QAction::triggered, this, [this] {
        if (m_save->isEnabled())
            chooseFileAndSave();
    });
    addAction(saveShortcut);
}

QList<qint64> ReportExportDialog::runOrder() const
{
    return m_runOrder->order();
}

void ReportExportDialog::setBaseline(qint64 runId)
{
    m_runOrder->setBaseline(runId);
}

void ReportExportDialog::moveRun(int row, int delta)
{
    m_runOrder->moveRun(row, delta);
}

QListWidget* ReportExportDialog::runList() const
{
    return m_runOrder->list();
}

ReportFormat ReportExportDialog::format() const
{
    return static_cast<ReportFormat>(m_format->currentData().toInt());
}

void ReportExportDialog::setFormat(ReportFormat format)
{
    const int index = m_format->findData(static_cast<int>(format));
    if (index >= 0)
        m_format->setCurrentIndex(index);
}

QString ReportExportDialog::language() const
{
    return m_language->currentData().toString();
}

void ReportExportDialog::setLanguage(const QString& code)
{
    const int index = m_language->findData(code);
    if (index >= 0)
        m_language->setCurrentIndex(index);
}

QString ReportExportDialog::defaultFileName() const
{
    QStringList ids;
    for (qint64 id : runOrder())
        ids << QString::number(id);
    return QStringLiteral("comparison-%1.%2")
        .arg(ids.join(QLatin1Char('-')), formatExtension(format()));
}

QString ReportExportDialog::message() const
{
    return m_message->text();
}

void ReportExportDialog::startComparison()
{
    m_working = true;
    m_comparison.reset();
    m_html.reset();
    m_made.reset();
    m_busy->show();
    showMessage(m_loaded ? tr("Comparing with run %1 as the baseline...").arg(runOrder().front())
                         : tr("Reading and comparing %n run(s)...", nullptr,
                              static_cast<int>(runOrder().size())),
                false);
    updateActions();
    if (m_comparer.isRunning() || m_waitingForRun)
        return;  // finishComparison() or the gate starts the next one for the order as it is then
    if (TrainingIdleGate::instance().trainingActive()) {
        // Reading every step and drawing the charts beside a training run would slow its
        // steps, and its diagnosis would blame the run.
        m_waitingForRun = true;
        showMessage(tr("Waiting for the training run to end before comparing: drawing the "
                       "report beside it would slow its steps."),
                    false);
        TrainingIdleGate::instance().whenIdle(this, [this] {
            m_waitingForRun = false;
            startComparison();
        });
        return;
    }
    const std::uint64_t generation = m_generation;
    m_comparer.run(
        [database = m_databasePath, loaded = m_loaded, order = runOrder(),
         language = language().toStdString()] {
            return ReportComparer::compare(database, loaded, order, language);
        },
        [this, generation](const ReportComparer::Outcome& outcome) {
            finishComparison(generation, outcome);
        });
}

void ReportExportDialog::finishComparison(std::uint64_t generation,
                                          const ReportComparer::Outcome& outcome)
{
    if (outcome.loaded && !m_loaded) {
        m_loaded = outcome.loaded;
        m_runOrder->setLoadedRuns(m_loaded);
    }
    if (generation != m_generation) {
        startComparison();  // the order changed meanwhile: this result is of the old one
        return;
    }
    m_working = false;
    m_busy->hide();
    if (!outcome.error.isEmpty()) {
        m_preview->clear();
        showMessage(outcome.error, true);
        updateActions();
        Q_EMIT comparisonFinished(false);
        return;
    }
    m_comparison = outcome.comparison;
    m_comparisonLanguage = language().toStdString();
    m_html = outcome.html;
    // Reordering keeps the reader where they were in the report.
    m_preview->showReport(*m_html);
    showMessage(QString(), false);
    updateActions();
    Q_EMIT comparisonFinished(true);
}

void ReportExportDialog::updateActions()
{
    m_save->setEnabled(m_comparison != nullptr);
    m_open->setEnabled(!m_savedPath.isEmpty());
}

void ReportExportDialog::showMessage(const QString& text, bool error)
{
    m_message->setText(text);
    m_messageIsError = error;
    if (error) {
        const int size = kMessageIconSize;
        m_messageIcon->setPixmap(
            style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(size, size));
    } else {
        m_messageIcon->clear();
    }
    m_messageIcon->setVisible(error);
    m_busy->setVisible(m_working);
}

std::shared_ptr<const std::string> ReportExportDialog::reportBytes(ReportFormat format)
{
    if (!m_comparison) {
        showMessage(tr("The comparison is not ready yet."), true);
        return nullptr;
    }
    if (format == ReportFormat::Html && m_html)
        return m_html;  // what the preview shows is the HTML report itself
    if (m_made && m_madeFormat == format)
        return m_made;
    // Drawing a PDF's charts can take a moment.
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    std::shared_ptr<const std::string> made;
    try {
        const LanguageScope scope(m_comparisonLanguage);
        made = std::make_shared<const std::string>(writeReport(*m_comparison, format));
    } catch (const std::exception& error) {
        QGuiApplication::restoreOverrideCursor();
        showMessage(tr("Cannot make the %1 report: %2")
                        .arg(formatLabel(format), QString::fromUtf8(error.what())),
                    true);
        return nullptr;
    }
    QGuiApplication::restoreOverrideCursor();
    m_madeFormat = format;
    m_made = made;
    return made;
}

bool ReportExportDialog::saveTo(const QString& path)
{
    if (path.isEmpty())
        return false;
    const std::string target = nativePath(path);
    ReportFormat chosen = format();
    // A name typed with another report format's extension says which format is wanted.
    if (const std::optional<ReportFormat> named = reportFormatFromPath(target);
        named && *named != chosen) {
        setFormat(*named);
        chosen = *named;
    }
    if (const std::optional<std::string> problem = checkWritableTarget(target)) {
        showMessage(tr("Not saved: %1").arg(QString::fromLocal8Bit(problem->c_str())), true);
        return false;
    }
    const std::shared_ptr<const std::string> bytes = reportBytes(chosen);
    if (!bytes)
        return false;
    try {
        writeFileAtomically(target, *bytes);
    } catch (const std::exception& error) {
        showMessage(tr("Not saved: %1").arg(QString::fromLocal8Bit(error.what())), true);
        return false;
    }
    const QFileInfo written(path);
    m_savedPath = written.absoluteFilePath();
    ReportExportSettings remembered;
    remembered.directory = written.absolutePath();
    remembered.format = toQString(reportFormatName(chosen));
    remembered.save();
    showMessage(tr("Saved %1 (%2, %3).")
                    .arg(QDir::toNativeSeparators(m_savedPath), formatLabel(chosen),
                         sizeText(bytes->size())),
                false);
    updateActions();
    Q_EMIT saved(m_savedPath);
    return true;
}

void ReportExportDialog::chooseFileAndSave()
{
    const ReportFormat chosen = format();
    // Made before asking for a file, so that a format that cannot be made now says so at once.
    if (!reportBytes(chosen))
        return;
    QString directory = ReportExportSettings::load().directory;
    if (directory.isEmpty() || !QFileInfo(directory).isDir())
        directory = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (directory.isEmpty() || !QFileInfo(directory).isDir())
        directory = QDir::homePath();
    QFileDialog chooser(this, tr("Save comparison report"));
    chooser.setAcceptMode(QFileDialog::AcceptSave);
    chooser.setFileMode(QFileDialog::AnyFile);
    chooser.setNameFilters({formatFilter(chosen), tr("All files (*)")});
    chooser.setDefaultSuffix(formatExtension(chosen));
    // Set after the rest: the dialog otherwise may start in the folder it remembers itself.
    chooser.setDirectory(directory);
    chooser.selectFile(defaultFileName());
    if (chooser.exec() != QDialog::Accepted || chooser.selectedFiles().isEmpty())
        return;
    saveTo(chooser.selectedFiles().front());
}

void ReportExportDialog::openSaved()
{
    if (m_savedPath.isEmpty())
        return;
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(m_savedPath)))
        showMessage(tr("No application here opens %1.").arg(QDir::toNativeSeparators(m_savedPath)),
                    true);
}

}  // namespace es::ui
