#include "ui/predict/pytorchexportdialog.h"

#include "engine/config/configerror.h"
#include "engine/data/trainedtokenizer.h"
#include "engine/export/pytorchexport.h"
#include "ui/core/errorstyle.h"
#include "ui/core/nativepath.h"
#include "ui/core/qtext.h"
#include "ui/predict/checkpointpicker.h"
#include "ui/settings/appsettings.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QLocale>
#include <QtCore/QStandardPaths>
#include <QtCore/QUrl>
#include <QtGui/QDesktopServices>
#include <QtGui/QFontDatabase>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QProgressBar>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QVBoxLayout>

#include <algorithm>
#include <exception>
#include <string>

namespace es::ui {

namespace {

constexpr int kBusyWidth = 120;
/// Lines of the result box, and how wide the dialog starts: a path and README's code fit.
constexpr int kResultLines = 12;
constexpr int kInitialWidth = 720;
/// Characters of a file's size in the result ("123.4 kB").
constexpr int kSizeWidth = 9;
/// README.txt's code lines are indented by this much (engine/export/pytorchsource.cpp).
const QString kCodeIndent = QStringLiteral("    ");

/// A run's name as a folder's name: what a file system refuses or a shell trips on becomes
/// "-"; `run-<id>` for a name with nothing left.
QString folderNameFor(const QString& runName, qint64 runId)
{
    QString name;
    for (const QChar c : runName.trimmed())
        name += (c.isPrint() && !QStringLiteral("/\\:*?\"<>|").contains(c)) ? c : QChar('-');
    if (name.isEmpty() || name == QLatin1String(".") || name == QLatin1String(".."))
        name = QStringLiteral("run-%1").arg(runId);
    return name + QStringLiteral("-pytorch");
}

/// The engine's reason why the export failed. Its ConfigError names the command line's
/// options ("--out", "--checkpoint"); here those are the folder and the checkpoint fields.
QString exportErrorText(const ConfigError& error)
{
    QStringList lines;
    for (const ConfigIssue& issue : error.issues()) {
        QString field = toQString(issue.path);
        if (issue.path == "--out")
            field = PyTorchExportDialog::tr("Folder");
        else if (issue.path == "--checkpoint")
            field = PyTorchExportDialog::tr("Checkpoint");
        lines << (field.isEmpty() ? toQString(issue.message)
                                  : PyTorchExportDialog::tr("%1: %2", "field: problem")
                                        .arg(field, toQString(issue.message)));
    }
    return lines.join(QLatin1Char('\n'));
}

/// README.txt's paragraph that introduces the code and the code lines that load the model
/// and predict, as the export wrote them; empty when the file cannot be read.
QStringList loadingLines(const QString& readmePath)
{
    QFile readme(readmePath);
    if (!readme.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    const QStringList lines = QString::fromUtf8(readme.readAll()).split(QLatin1Char('\n'));
    int code = 0;
    while (code < lines.size() && !lines[code].startsWith(kCodeIndent))
        ++code;
    if (code == lines.size())
        return {};
    // The paragraph just above ("In this directory, these lines load it and predict y for x,
    // <what x is>:") and the blank line after it.
    int intro = code;
    while (intro > 0 && lines[intro - 1].trimmed().isEmpty())
        --intro;
    while (intro > 0 && !lines[intro - 1].trimmed().isEmpty())
        --intro;
    QStringList shown = lines.mid(intro, code - intro);
    for (int i = code; i < lines.size() && lines[i].startsWith(kCodeIndent); ++i)
        shown << lines[i];
    return shown;
}

}  // namespace

PyTorchExportDialog::PyTorchExportDialog(const QString& databasePath, qint64 runId, QWidget* parent)
    : QDialog(parent),
      m_runId(runId),
      m_picker(new CheckpointPicker(this)),
      m_directory(new QLineEdit(this)),
      m_choose(new QPushButton(tr("C&hoose..."), this)),
      m_replace(new QCheckBox(tr("&Replace the folder's contents"), this)),
      m_busy(new QProgressBar(this)),
      m_message(new QLabel(this)),
      m_result(new QPlainTextEdit(this)),
      m_export(new QPushButton(tr("&Export"), this)),
      m_showFolder(new QPushButton(tr("&Show folder"), this)),
      m_close(new QPushButton(tr("Close"), this)),
      m_job(this, "es-pt-export")
{
    setWindowTitle(tr("Export run %1 for PyTorch").arg(runId));
    setSizeGripEnabled(true);
    const bool runUsable = m_picker->setRun(databasePath, runId);
    if (!m_picker->runName().isEmpty())
        setWindowTitle(tr("Export run %1 (%2) for PyTorch").arg(runId).arg(m_picker->runName()));

    auto* intro = new QLabel(tr("Writes the model as a PyTorch module (model.py), its weights "
                                "(weights.pt) and how to load them (README.txt) into a folder, "
                                "for use without EpochScope."),
                             this);
    intro->setWordWrap(true);

    connect(m_picker, &CheckpointPicker::checkpointChanged, this, [this] {
        // A checkpoint that is no longer there says so at once, rather than on Export.
        if (!m_exporting)
            showMessage(m_picker->selectionProblem(), !m_picker->selectionProblem().isEmpty());
        updateActions();
    });
    m_directory->setObjectName(QStringLiteral("exportDirectory"));
    m_directory->setClearButtonEnabled(true);
    m_directory->setText(QDir::toNativeSeparators(defaultDirectory()));
    connect(m_directory, &QLineEdit::textChanged, this, &PyTorchExportDialog::updateActions);
    m_choose->setToolTip(tr("Choose the folder to export into"));
    m_choose->setAutoDefault(false);
    connect(m_choose, &QPushButton::clicked, this, &PyTorchExportDialog::chooseDirectory);
    m_replace->setObjectName(QStringLiteral("replaceContents"));
    m_replace->setToolTip(
        tr("Without it, a folder that is not empty is left as it is and the "
           "export refused"));
    auto* directoryRow = new QHBoxLayout();
    directoryRow->addWidget(m_directory, 1);
    directoryRow->addWidget(m_choose);
    auto* form = new QFormLayout();
    form->addRow(tr("Chec&kpoint:"), m_picker);
    // A label of its own: a row of a layout gives the label no buddy for its mnemonic.
    auto* directoryLabel = new QLabel(tr("&Folder:"), this);
    directoryLabel->setBuddy(m_directory);
    form->addRow(directoryLabel, directoryRow);
    form->addRow(QString(), m_replace);
    // The picker is as wide as its longest entry: the folder gets the rest.
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_busy->setRange(0, 0);  // no known length: the bar moves to show that work goes on
    m_busy->setTextVisible(false);
    m_busy->setMaximumWidth(kBusyWidth);
    m_busy->hide();
    m_message->setObjectName(QStringLiteral("exportMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* messageRow = new QHBoxLayout();
    messageRow->addWidget(m_busy, 0, Qt::AlignTop);
    messageRow->addWidget(m_message, 1);

    m_result->setObjectName(QStringLiteral("exportResult"));
    m_result->setReadOnly(true);
    m_result->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_result->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_result->setMinimumHeight(m_result->fontMetrics().lineSpacing() * kResultLines);
    // Shown from the start, so that the dialog keeps its layout when a result comes or goes.
    m_result->setPlaceholderText(tr("The exported files and how to load them are listed here."));

    m_export->setDefault(true);
    m_export->setToolTip(tr("Write model.py, weights.pt and README.txt into the folder"));
    connect(m_export, &QPushButton::clicked, this, &PyTorchExportDialog::startExport);
    m_showFolder->setToolTip(tr("Open the exported folder in the file manager"));
    m_showFolder->setAutoDefault(false);
    m_showFolder->hide();
    connect(m_showFolder, &QPushButton::clicked, this, &PyTorchExportDialog::showFolder);
    m_close->setAutoDefault(false);
    connect(m_close, &QPushButton::clicked, this, &PyTorchExportDialog::reject);
    auto* buttons = new QHBoxLayout();
    buttons->addWidget(m_showFolder);
    buttons->addStretch(1);
    buttons->addWidget(m_export);
    buttons->addWidget(m_close);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addLayout(messageRow);
    layout->addWidget(m_result, 1);
    layout->addLayout(buttons);
    resize(kInitialWidth, sizeHint().height());

    if (!runUsable)
        showMessage(m_picker->problem(), true);
    else
        showMessage(m_picker->selectionProblem(), !m_picker->selectionProblem().isEmpty());
    updateActions();
}

// m_job waits for an export in progress: the folder it writes appears whole or not at all.
PyTorchExportDialog::~PyTorchExportDialog() = default;

QString PyTorchExportDialog::defaultDirectory() const
{
    const QString last = PyTorchExportSettings::load().folder;
    QString parent = last.isEmpty() ? QString() : QFileInfo(last).absolutePath();
    if (parent.isEmpty() || !QFileInfo(parent).isDir())
        parent = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (parent.isEmpty() || !QFileInfo(parent).isDir())
        parent = QDir::homePath();
    return QDir(parent).filePath(folderNameFor(m_picker->runName(), m_runId));
}

void PyTorchExportDialog::setOutputDirectory(const QString& directory)
{
    m_directory->setText(QDir::toNativeSeparators(directory));
}

QString PyTorchExportDialog::outputDirectory() const
{
    const QString typed = m_directory->text().trimmed();
    if (typed.isEmpty())
        return {};
    return QDir::cleanPath(QFileInfo(QDir::fromNativeSeparators(typed)).absoluteFilePath());
}

void PyTorchExportDialog::setReplace(bool replace)
{
    m_replace->setChecked(replace);
}

bool PyTorchExportDialog::replace() const
{
    return m_replace->isChecked();
}

QString PyTorchExportDialog::message() const
{
    return m_message->text();
}

QString PyTorchExportDialog::resultText() const
{
    return m_result->toPlainText();
}

void PyTorchExportDialog::chooseDirectory()
{
    // The folder named now, or the nearest one above it that exists.
    QFileInfo start(outputDirectory());
    while (!start.filePath().isEmpty() && !start.isDir() && start.filePath() != start.path())
        start = QFileInfo(start.path());
    const QString chosen = QFileDialog::getExistingDirectory(
        this, tr("Export for PyTorch into"), start.isDir() ? start.filePath() : QDir::homePath());
    if (!chosen.isEmpty())
        setOutputDirectory(chosen);
}

void PyTorchExportDialog::startExport()
{
    if (m_exporting)
        return;
    const QString checkpoint = m_picker->selectedPath();
    const QString directory = outputDirectory();
    if (checkpoint.isEmpty()) {
        const QString why =
            m_picker->problem().isEmpty() ? m_picker->selectionProblem() : m_picker->problem();
        showMessage(why.isEmpty() ? tr("Choose a checkpoint to export.") : why, true);
        return;
    }
    if (directory.isEmpty()) {
        showMessage(tr("Name a folder to export into."), true);
        return;
    }
    m_exporting = true;
    m_result->clear();
    showMessage(tr("Exporting %1 into %2...")
                    .arg(QFileInfo(checkpoint).fileName(), QDir::toNativeSeparators(directory)),
                false);
    updateActions();
    m_job.run(
        [config = m_picker->config(), checkpointPath = nativePath(checkpoint),
         target = nativePath(directory), replace = m_replace->isChecked(),
         tokenizerJson = m_picker->tokenizerJson(),
         tokenizerOrigin = "run " + std::to_string(m_picker->runId())] {
            Outcome outcome;
            try {
                // A model trained on text exports the tokenizer its run recorded.
                const PyTorchExport written = exportForPyTorch(
                    config, checkpointPath, target, replace,
                    trainedTokenizer(config, checkpointPath, tokenizerJson, tokenizerOrigin));
                for (const std::string& file : written.files)
                    outcome.files << toQString(file);
                outcome.checkpointKind = toQString(written.checkpointKind);
                outcome.parameters = written.parameters;
                outcome.succeeded = true;
            } catch (const ConfigError& error) {
                outcome.error = exportErrorText(error);
                for (const ConfigIssue& issue : error.issues())
                    outcome.folderRefused = outcome.folderRefused || issue.path == "--out";
            } catch (const std::exception& error) {
                // std::system_error naming the path that could not be written.
                outcome.error = QString::fromLocal8Bit(error.what());
            }
            return outcome;
        },
        [this, directory, checkpoint, replaced = m_replace->isChecked()](const Outcome& outcome) {
            finishExport(directory, checkpoint, replaced, outcome);
        });
}

void PyTorchExportDialog::finishExport(const QString& directory, const QString& checkpoint,
                                       bool replaced, const Outcome& outcome)
{
    m_exporting = false;
    if (!outcome.succeeded) {
        QString shown = outcome.error;
        // The engine's words are the command line's (--force): here it is the check box.
        if (outcome.folderRefused && !replaced && QFileInfo(directory).isDir() &&
            !QDir(directory).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden |
                                     QDir::System))
            shown += QLatin1Char('\n') +
                     tr("To replace what is in it, check \"Replace the folder's contents\".");
        showMessage(shown, true);
        updateActions();
        Q_EMIT problem(
            tr("Run %1 was not exported for PyTorch: %2").arg(m_runId).arg(outcome.error));
        return;
    }
    m_exportedDirectory = directory;
    PyTorchExportSettings remembered;
    remembered.folder = directory;
    remembered.save();
    showMessage(tr("Exported %1 (%2, %L3 parameters).")
                    .arg(QFileInfo(checkpoint).fileName(), outcome.checkpointKind)
                    .arg(outcome.parameters),
                false);
    showResult(directory, outcome.files);
    updateActions();
    Q_EMIT exported(directory);
}

void PyTorchExportDialog::showResult(const QString& directory, const QStringList& files)
{
    const QDir folder(directory);
    int nameWidth = 0;
    for (const QString& file : files)
        nameWidth = std::max(nameWidth, static_cast<int>(file.size()));
    QStringList lines{QDir::toNativeSeparators(directory)};
    for (const QString& file : files) {
        const QString size = QLocale().formattedDataSize(QFileInfo(folder.filePath(file)).size(), 1,
                                                         QLocale::DataSizeSIFormat);
        lines << QStringLiteral("  %1  %2")
                     .arg(file.leftJustified(nameWidth), size.rightJustified(kSizeWidth));
    }
    const QStringList loading = loadingLines(folder.filePath(QStringLiteral("README.txt")));
    if (!loading.isEmpty()) {
        lines << QString() << tr("From README.txt:");
        lines << loading;
    }
    m_result->setPlainText(lines.join(QLatin1Char('\n')));
}

void PyTorchExportDialog::showFolder()
{
    if (m_exportedDirectory.isEmpty())
        return;
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(m_exportedDirectory)))
        showMessage(
            tr("No file manager here opens %1.").arg(QDir::toNativeSeparators(m_exportedDirectory)),
            true);
}

void PyTorchExportDialog::reject()
{
    if (m_exporting)
        return;  // the export finishes whole or not at all; the dialog waits to say which
    QDialog::reject();
}

void PyTorchExportDialog::showMessage(const QString& text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? errorTextStyle() : QString());
    m_messageIsError = error;
    m_message->setVisible(!text.isEmpty());
}

void PyTorchExportDialog::updateActions()
{
    const bool idle = !m_exporting;
    m_busy->setVisible(m_exporting);
    m_picker->setEnabled(idle);
    m_directory->setEnabled(idle);
    m_choose->setEnabled(idle);
    m_replace->setEnabled(idle);
    m_export->setEnabled(idle && !m_picker->selectedPath().isEmpty() &&
                         !m_directory->text().trimmed().isEmpty());
    m_showFolder->setVisible(!m_exportedDirectory.isEmpty());
    m_showFolder->setEnabled(idle && !m_exportedDirectory.isEmpty());
    m_close->setEnabled(idle);
}

}  // namespace es::ui
