#include "reports/reportexportdialog.h"

#include "core/atomicfile.h"
#include "core/threadname.h"
#include "history/runsmodel.h"
#include "i18n/language.h"
#include "live/trainingidlegate.h"
#include "report/runcomparison.h"
#include "settings/appsettings.h"
#include "settings/language.h"
#include "store/runstore.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QLocale>
#include <QtCore/QPointer>
#include <QtCore/QStandardPaths>
#include <QtCore/QUrl>
#include <QtGui/QAction>
#include <QtGui/QDesktopServices>
#include <QtGui/QGuiApplication>
#include <QtGui/QKeySequence>
#include <QtGui/QScreen>
#include <QtGui/QTextDocument>
#include <QtWidgets/QApplication>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDialogButtonBox>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QListWidget>
#include <QtWidgets/QProgressBar>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QScrollBar>
#include <QtWidgets/QSplitter>
#include <QtWidgets/QStyle>
#include <QtWidgets/QVBoxLayout>

#include <algorithm>
#include <string_view>
#include <thread>

namespace es::ui {

namespace {

/// The formats in the order the choice offers them: the one with a preview first.
constexpr ReportFormat kFormats[] = {ReportFormat::Html, ReportFormat::Pdf, ReportFormat::Markdown,
                                     ReportFormat::Csv, ReportFormat::Json};
constexpr int kRunIdRole = Qt::UserRole + 1;
/// Wide enough for "A  a run name of some length (run 1234)" without crowding the preview.
constexpr int kRunListWidth = 260;
constexpr QSize kInitialSize(1100, 760);
constexpr int kMessageIconSize = 16;
/// The share of the screen the dialog may take at first.
constexpr double kMaxScreenShare = 0.9;

/// What the report's own style sheet asks for and Qt's rich text does not render from it (it
/// does not understand the sheet's CSS variables): cell borders and padding, figures aligned
/// right.
constexpr const char* kPreviewStyle =
    "table { border-collapse: collapse; }"
    "th, td { border: 1px solid #b8bcc4; padding: 2px 6px; }"
    "td.num, th.num { text-align: right; }";

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

QString formatExtension(ReportFormat format)
{
    switch (format) {
        case ReportFormat::Html: return QStringLiteral("html");
        case ReportFormat::Pdf: return QStringLiteral("pdf");
        case ReportFormat::Markdown: return QStringLiteral("md");
        case ReportFormat::Csv: return QStringLiteral("csv");
        case ReportFormat::Json: return QStringLiteral("json");
    }
    return QStringLiteral("html");
}

QString formatFilter(ReportFormat format)
{
    switch (format) {
        case ReportFormat::Html: return ReportExportDialog::tr("HTML report (*.html *.htm)");
        case ReportFormat::Pdf: return ReportExportDialog::tr("PDF report (*.pdf)");
        case ReportFormat::Markdown: return ReportExportDialog::tr("Markdown report (*.md)");
        case ReportFormat::Csv: return ReportExportDialog::tr("CSV table (*.csv)");
        case ReportFormat::Json: return ReportExportDialog::tr("JSON document (*.json)");
    }
    return {};
}

QString fromView(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

std::optional<ReportFormat> formatFromName(const QString& name)
{
    for (ReportFormat format : kFormats)
        if (name == fromView(reportFormatName(format)))
            return format;
    return std::nullopt;
}

QString sizeText(std::size_t bytes)
{
    return QLocale().formattedDataSize(static_cast<qint64>(bytes), 1, QLocale::DataSizeSIFormat);
}

/// The path as the C library wants it (the locale's encoding, as QFile would use).
std::string nativePath(const QString& path)
{
    return QFile::encodeName(path).toStdString();
}

}  // namespace

QImage imageFromDataUrl(const QUrl& url)
{
    if (url.scheme().compare(QLatin1String("data"), Qt::CaseInsensitive) != 0)
        return {};
    // data:[<media type>][;base64],<data>; the path is all after "data:".
    const QByteArray path = url.path(QUrl::FullyEncoded).toLatin1();
    const qsizetype comma = path.indexOf(',');
    if (comma < 0)
        return {};
    const QByteArray header = path.left(comma).toLower();
    if (!header.startsWith("image/") || !header.endsWith(";base64"))
        return {};
    const QByteArray encoded = QByteArray::fromPercentEncoding(path.mid(comma + 1));
    const auto decoded =
        QByteArray::fromBase64Encoding(encoded, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return {};
    return QImage::fromData(*decoded);
}

ReportPreview::ReportPreview(QWidget* parent) : QTextBrowser(parent)
{
    document()->setDefaultStyleSheet(QString::fromLatin1(kPreviewStyle));
    // Anchors are followed by hand: QTextBrowser would otherwise try to load other targets
    // as documents (a file next to nothing) or hand them to the desktop.
    setOpenLinks(false);
    setOpenExternalLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, &ReportPreview::followLink);
}

void ReportPreview::showReport(const std::string& html)
{
    QString text = QString::fromStdString(html);
    // Qt's rich text predates HTML5's <figure>: it would put a chart inline at the end of the
    // paragraph before it. A <div> is the block the report means. (Text from a run is escaped,
    // so a literal tag here is always the report's own.)
    text.replace(QLatin1String("<figure>"), QLatin1String("<div>"));
    text.replace(QLatin1String("</figure>"), QLatin1String("</div>"));
    // The navigation's links sit side by side with a CSS margin between them, which Qt's rich
    // text ignores: without a separator they would read as one long word.
    const qsizetype navStart = text.indexOf(QLatin1String("<nav>"));
    const qsizetype navEnd = text.indexOf(QLatin1String("</nav>"), navStart);
    if (navStart >= 0 && navEnd > navStart) {
        QString nav = text.mid(navStart, navEnd - navStart);
        nav.replace(QLatin1String("</a><a "), QLatin1String("</a> &nbsp;&middot;&nbsp; <a "));
        text.replace(navStart, navEnd - navStart, nav);
    }
    const int scrolled = verticalScrollBar()->value();
    setHtml(text);
    verticalScrollBar()->setValue(scrolled);
}

QVariant ReportPreview::loadResource(int type, const QUrl& name)
{
    if (type != QTextDocument::ImageResource)
        return {};
    QImage image = imageFromDataUrl(name);
    if (image.isNull())
        return {};
    // A chart wider than the preview is shown scaled to fit, at full resolution: a higher
    // device pixel ratio makes it smaller on screen without dropping pixels.
    const int available = viewport()->width() - 2 * static_cast<int>(document()->documentMargin());
    if (available > 0 && image.width() > available)
        image.setDevicePixelRatio(static_cast<qreal>(image.width()) / available);
    return image;
}

void ReportPreview::followLink(const QUrl& url)
{
    if (url.scheme().isEmpty() && url.path().isEmpty() && url.hasFragment())
        scrollToAnchor(url.fragment());
    else
        Q_EMIT externalLinkRefused(url);
}

/// What one comparison produced, handed from the worker to the dialog.
struct ReportExportDialog::Outcome {
    std::shared_ptr<const std::vector<StoredRun>> loaded;
    std::shared_ptr<const RunComparison> comparison;
    std::shared_ptr<const std::string> html;
    QString error;
};

/// One comparison on its own thread: a long run's steps take a moment to read and compare,
/// and the preview's charts to draw. Joined when the next one starts (the previous one has
/// handed over its result by then) or when the dialog goes.
class ReportExportDialog::Worker {
public:
    template <typename Done>
    Worker(QString database, std::shared_ptr<const std::vector<StoredRun>> loaded,
           QList<qint64> order, std::string language, Done done)
        : m_thread([database, loaded, order, language, done] {
              nameThisThread("es-compare");
              // The comparison's sentences and the report are written in the chosen language.
              const LanguageScope scope(language);
              done(compare(database, loaded, order));
          })
    {
    }
    ~Worker() { m_thread.join(); }
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

private:
    static Outcome compare(const QString& database,
                           std::shared_ptr<const std::vector<StoredRun>> loaded,
                           const QList<qint64>& order)
    {
        Outcome outcome;
        try {
            if (!loaded) {
                RunStore store(nativePath(database));
                auto runs = std::make_shared<std::vector<StoredRun>>();
                for (qint64 id : order) {
                    std::optional<StoredRun> run = store.loadRun(id);
                    if (!run) {
                        outcome.error = tr("Run %1 is no longer in the history.").arg(id);
                        return outcome;
                    }
                    runs->push_back(std::move(*run));
                }
                loaded = std::move(runs);
            }
            outcome.loaded = loaded;
            bool asLoaded = static_cast<qsizetype>(loaded->size()) == order.size();
            for (std::size_t i = 0; asLoaded && i < loaded->size(); ++i)
                asLoaded = (*loaded)[i].header.id == order[static_cast<qsizetype>(i)];
            // Reordered runs are copied (every step of each): compareRuns takes them in order.
            std::vector<StoredRun> ordered;
            if (!asLoaded) {
                ordered.reserve(loaded->size());
                for (qint64 id : order) {
                    const auto run = std::find_if(
                        loaded->begin(), loaded->end(),
                        [id](const StoredRun& stored) { return stored.header.id == id; });
                    if (run != loaded->end())
                        ordered.push_back(*run);
                }
            }
            auto comparison =
                std::make_shared<const RunComparison>(compareRuns(asLoaded ? *loaded : ordered));
            outcome.html = std::make_shared<const std::string>(writeHtml(*comparison));
            outcome.comparison = std::move(comparison);
        } catch (const std::exception& error) {
            outcome.error = tr("Cannot compare the runs: %1").arg(QString::fromUtf8(error.what()));
        }
        return outcome;
    }

    static QString tr(const char* text) { return ReportExportDialog::tr(text); }

    std::thread m_thread;
};

ReportExportDialog::ReportExportDialog(const QString& databasePath, const QList<qint64>& runIds,
                                       QWidget* parent)
    : QDialog(parent),
      m_databasePath(databasePath),
      m_runList(new QListWidget(this)),
      m_baseline(new QPushButton(tr("Make &baseline"), this)),
      m_up(new QPushButton(tr("&Up", "button: move the run up"), this)),
      m_down(new QPushButton(tr("Do&wn", "button: move the run down"), this)),
      m_preview(new ReportPreview(this)),
      m_busy(new QProgressBar(this)),
      m_messageIcon(new QLabel(this)),
      m_message(new QLabel(this)),
      m_format(new QComboBox(this)),
      m_language(new QComboBox(this)),
      m_save(new QPushButton(tr("&Save..."), this)),
      m_open(new QPushButton(tr("&Open"), this))
{
    QStringList ids;
    for (qint64 id : runIds) {
        if (m_order.contains(id))
            continue;  // a run compared with itself says nothing
        m_order << id;
        ids << QString::number(id);
    }
    setWindowTitle(tr("Compare runs %1").arg(ids.join(QLatin1String(", "))));
    setSizeGripEnabled(true);

    auto* runsHeading = new QLabel(
        tr("The first run is the baseline (A); every other run is compared with it."), this);
    runsHeading->setWordWrap(true);
    m_runList->setSelectionMode(QAbstractItemView::SingleSelection);
    m_runList->setMinimumWidth(kRunListWidth / 2);
    m_baseline->setToolTip(tr("Compare the other runs with the selected one"));
    m_up->setToolTip(tr("Move the selected run up (Ctrl+Up)"));
    m_down->setToolTip(tr("Move the selected run down (Ctrl+Down)"));
    for (QPushButton* button : {m_baseline, m_up, m_down})
        button->setAutoDefault(false);
    connect(m_baseline, &QPushButton::clicked, this, [this] {
        if (QListWidgetItem* item = m_runList->currentItem())
            setBaseline(item->data(kRunIdRole).toLongLong());
    });
    connect(m_up, &QPushButton::clicked, this, [this] { moveRun(m_runList->currentRow(), -1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveRun(m_runList->currentRow(), +1); });
    connect(m_runList, &QListWidget::currentRowChanged, this, &ReportExportDialog::updateActions);
    connect(m_runList, &QListWidget::itemDoubleClicked, this,
            [this](QListWidgetItem* item) { setBaseline(item->data(kRunIdRole).toLongLong()); });
    // The keys the Model tab's layer list uses for the same thing.
    const auto listShortcut = [this](const QKeySequence& keys, int delta) {
        auto* action = new QAction(m_runList);
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WidgetShortcut);
        connect(action, &QAction::triggered, this,
                [this, delta] { moveRun(m_runList->currentRow(), delta); });
        m_runList->addAction(action);
    };
    listShortcut(QKeySequence(Qt::CTRL | Qt::Key_Up), -1);
    listShortcut(QKeySequence(Qt::CTRL | Qt::Key_Down), +1);

    auto* orderButtons = new QHBoxLayout();
    orderButtons->addWidget(m_baseline);
    orderButtons->addStretch(1);
    orderButtons->addWidget(m_up);
    orderButtons->addWidget(m_down);
    auto* runsPane = new QWidget(this);
    auto* runsLayout = new QVBoxLayout(runsPane);
    runsLayout->setContentsMargins(0, 0, 0, 0);
    runsLayout->addWidget(runsHeading);
    runsLayout->addWidget(m_runList, 1);
    runsLayout->addLayout(orderButtons);

    m_preview->setPlaceholderText(tr("The report's preview appears here."));
    connect(m_preview, &ReportPreview::externalLinkRefused, this, [this](const QUrl& url) {
        showMessage(tr("Links out of the report are not opened from the preview: %1")
                        .arg(url.toDisplayString()),
                    false);
    });
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(runsPane);
    splitter->addWidget(m_preview);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({kRunListWidth, kInitialSize.width() - kRunListWidth});
    splitter->setChildrenCollapsible(false);

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

    for (ReportFormat format : kFormats)
        m_format->addItem(formatLabel(format), static_cast<int>(format));
    if (const std::optional<ReportFormat> remembered =
            formatFromName(ReportExportSettings::load().format))
        setFormat(*remembered);
    auto* formatLabelWidget = new QLabel(tr("&Format:"), this);
    formatLabelWidget->setBuddy(m_format);
    // Each language in its own words, as Settings lists them; the app's language first chosen.
    for (const QString& code : availableLanguages())
        m_language->addItem(languageNativeName(code), code);
    m_language->setObjectName(QStringLiteral("reportLanguage"));
    m_language->setCurrentIndex(
        std::max(0, m_language->findData(QString::fromStdString(engineLanguage()))));
    m_language->setToolTip(tr("The language the report is written in"));
    connect(m_language, &QComboBox::currentIndexChanged, this, [this] {
        ++m_generation;
        startComparison();
    });
    auto* languageLabel = new QLabel(tr("&Language:", "label: the report's language"), this);
    languageLabel->setBuddy(m_language);
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

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addLayout(messageRow);
    layout->addLayout(bottom);
    QSize initial = kInitialSize;
    if (const QScreen* screen = parent ? parent->screen() : QGuiApplication::primaryScreen())
        initial = initial.boundedTo(screen->availableSize() * kMaxScreenShare);
    resize(initial);

    showRuns();
    if (m_order.size() < 2) {
        showMessage(tr("A comparison needs at least two runs."), true);
        updateActions();
        return;
    }
    startComparison();
}

ReportExportDialog::~ReportExportDialog()
{
    m_worker.reset();  // its result has nowhere to go; wait for it rather than leave it running
}

void ReportExportDialog::setBaseline(qint64 runId)
{
    const qsizetype row = m_order.indexOf(runId);
    if (row <= 0)
        return;
    m_order.move(row, 0);
    ++m_generation;
    showRuns();
    m_runList->setCurrentRow(0);
    startComparison();
}

void ReportExportDialog::moveRun(int row, int delta)
{
    const int target = row + delta;
    if (row < 0 || row >= m_order.size() || target < 0 || target >= m_order.size() || delta == 0)
        return;
    m_order.move(row, target);
    ++m_generation;
    showRuns();
    m_runList->setCurrentRow(target);
    startComparison();
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
    for (qint64 id : m_order)
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
    showMessage(m_loaded ? tr("Comparing with run %1 as the baseline...").arg(m_order.front())
                         : tr("Reading and comparing %n run(s)...", nullptr,
                              static_cast<int>(m_order.size())),
                false);
    updateActions();
    if (m_threadRunning || m_waitingForRun)
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
    m_worker.reset();  // the previous one has handed over its result and is ending
    m_threadRunning = true;
    const std::uint64_t generation = m_generation;
    QPointer<ReportExportDialog> self(this);
    m_worker = std::make_unique<Worker>(m_databasePath, m_loaded, m_order, language().toStdString(),
                                        [self, generation](const Outcome& outcome) {
                                            QMetaObject::invokeMethod(
                                                qApp,
                                                [self, generation, outcome] {
                                                    if (self)
                                                        self->finishComparison(generation, outcome);
                                                },
                                                Qt::QueuedConnection);
                                        });
}

void ReportExportDialog::finishComparison(std::uint64_t generation, const Outcome& outcome)
{
    m_threadRunning = false;
    if (outcome.loaded && !m_loaded) {
        m_loaded = outcome.loaded;
        showRuns();  // with their names now
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

void ReportExportDialog::showRuns()
{
    const int current = m_runList->currentRow();
    m_runList->clear();
    for (int row = 0; row < m_order.size(); ++row) {
        const qint64 id = m_order[row];
        const QString label = QString::fromStdString(runLabel(static_cast<std::size_t>(row)));
        const StoredRun* run = nullptr;
        if (m_loaded) {
            const auto found =
                std::find_if(m_loaded->begin(), m_loaded->end(),
                             [id](const StoredRun& stored) { return stored.header.id == id; });
            if (found != m_loaded->end())
                run = &*found;
        }
        auto* item = new QListWidgetItem(m_runList);
        item->setData(kRunIdRole, id);
        if (run) {
            item->setText(tr("%1   %2 (run %3)")
                              .arg(label, QString::fromStdString(run->header.name))
                              .arg(id));
            item->setToolTip(tr("Run %1: %2, started %3, %n step(s)", nullptr,
                                static_cast<int>(run->header.batches))
                                 .arg(id)
                                 .arg(runStatusText(run->header.status),
                                      QString::fromStdString(run->header.startedAt)));
        } else {
            item->setText(tr("%1   run %2").arg(label).arg(id));
        }
        if (row == 0) {
            QFont bold = item->font();
            bold.setBold(true);
            item->setFont(bold);
            item->setText(item->text() + tr(" - baseline"));
        }
    }
    m_runList->setCurrentRow(std::min(current, static_cast<int>(m_order.size()) - 1));
    updateActions();
}

void ReportExportDialog::updateActions()
{
    const int row = m_runList->currentRow();
    m_baseline->setEnabled(row > 0);
    m_up->setEnabled(row > 0);
    m_down->setEnabled(row >= 0 && row + 1 < m_order.size());
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
    remembered.format = fromView(reportFormatName(chosen));
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
