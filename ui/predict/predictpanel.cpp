#include "ui/predict/predictpanel.h"

#include "engine/predict/predictionfile.h"
#include "ui/core/nativepath.h"
#include "ui/predict/checkpointpicker.h"
#include "ui/predict/predictionresultview.h"
#include "ui/predict/predictjob.h"
#include "ui/predict/predictsetup.h"
#include "ui/predict/pytorchexportdialog.h"
#include "ui/predict/textscorebox.h"
#include "ui/settings/appsettings.h"
#include "ui/setup/droppedfiles.h"

#include <QtCore/QDir>
#include <QtCore/QFile>
#include <QtCore/QFileInfo>
#include <QtCore/QMimeData>
#include <QtCore/QStandardPaths>
#include <QtGui/QDragEnterEvent>
#include <QtGui/QDropEvent>
#include <QtGui/QShortcut>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QScrollArea>
#include <QtWidgets/QSplitter>
#include <QtWidgets/QVBoxLayout>

#include <exception>
#include <string>
#include <utility>

namespace es::ui {

namespace {

// The form's width beside the results at first: its fields and buttons, not more.
constexpr int kSetupWidth = 330;
constexpr int kResultsWidth = 1100;

}  // namespace

PredictPanel::PredictPanel(QWidget* parent)
    : QWidget(parent),
      m_setup(new PredictSetup(this)),
      m_view(new PredictionResultView(this)),
      m_textBox(new TextScoreBox(this)),
      m_job(new PredictJob(this))
{
    // The form scrolls rather than holding the bottom docks, and so the window, taller than
    // the other docks do. A model trained on text gets its text box under the form.
    auto* column = new QWidget(this);
    auto* columnLayout = new QVBoxLayout(column);
    columnLayout->setContentsMargins(0, 0, 0, 0);
    columnLayout->addWidget(m_setup);
    columnLayout->addWidget(m_textBox);
    columnLayout->addStretch(1);
    auto* form = new QScrollArea(this);
    form->setWidget(column);
    form->setWidgetResizable(true);
    form->setFrameShape(QFrame::NoFrame);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(form);
    splitter->addWidget(m_view);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({kSetupWidth, kResultsWidth});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);
    setAcceptDrops(true);  // data files fill X and Y

    for (const QKeySequence& keys :
         {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)}) {
        auto* shortcut = new QShortcut(keys, this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, [this] {
            if (!isPredicting())
                startPrediction();
        });
    }
    connect(m_setup, &PredictSetup::runChanged, this, [this] {
        const CheckpointPicker* picker = m_setup->checkpointPicker();
        if (picker->runId() == 0 || picker->selectedPath().isEmpty())
            m_textBox->clearModel();
        else
            m_textBox->setModel(picker->config(), picker->selectedPath(), picker->tokenizerJson(),
                                picker->runId());
    });
    connect(m_setup, &PredictSetup::predictRequested, this, &PredictPanel::startPrediction);
    connect(m_setup, &PredictSetup::stopRequested, this, &PredictPanel::stopPrediction);
    connect(m_setup, &PredictSetup::saveRequested, this, &PredictPanel::chooseAndSavePredictions);
    connect(m_setup, &PredictSetup::exportRequested, this, &PredictPanel::openPyTorchExport);
    connect(m_job, &PredictJob::waitingForRun, this, [this] {
        m_setup->setStatus(
            tr("Waiting for the run to end: predicting now would take its cores "
               "and slow its steps."));
    });
    connect(m_job, &PredictJob::predicting, this,
            [this] { m_setup->setStatus(tr("Loading the data and the model...")); });
    connect(m_job, &PredictJob::progress, this, [this](qint64 done, qint64 batches) {
        m_setup->setProgress(done, batches);
        m_setup->setStatus(tr("Predicting..."));
    });
    connect(m_job, &PredictJob::finished, this, &PredictPanel::onFinished);
    connect(m_job, &PredictJob::failed, this, &PredictPanel::onFailed);
    connect(m_job, &PredictJob::stopped, this, &PredictPanel::onStopped);
}

PredictPanel::~PredictPanel() = default;  // the job, a child, drops the prediction and waits

void PredictPanel::setDatabasePath(const QString& path)
{
    m_setup->setDatabasePath(path);
}

QString PredictPanel::databasePath() const
{
    return m_setup->databasePath();
}

void PredictPanel::reloadRuns()
{
    // A database that cannot be read is said in the form's status line; the Runs panel tells
    // the Log and the window.
    m_setup->reloadRuns();
}

bool PredictPanel::showRun(qint64 runId)
{
    if (isPredicting()) {
        m_view->showError(tr("A prediction is running: stop it to choose another run."));
        return false;
    }
    if (m_setup->selectRun(runId)) {
        m_view->showError({});
        return true;
    }
    // Why it is not listed, in the words the picker has for it.
    CheckpointPicker probe;
    QString reason =
        probe.setRun(databasePath(), runId)
            ? tr("Run %1 is still training: predict with it when it has ended.").arg(runId)
            : probe.problem();
    if (reason.isEmpty())
        reason = tr("Run %1 has no model checkpoint to predict with.").arg(runId);
    m_view->showError(reason);
    Q_EMIT problem(reason);
    return false;
}

qint64 PredictPanel::runId() const
{
    return m_setup->runId();
}

qint64 PredictPanel::newestRunWithCheckpoints() const
{
    return m_setup->newestRun();
}

void PredictPanel::setInputFiles(const QString& x, const QString& y)
{
    m_setup->setInputFiles(x, y);
}

void PredictPanel::useValidationData()
{
    m_setup->useValidationData();
}

bool PredictPanel::usesValidationData() const
{
    return m_setup->usesValidationData();
}

void PredictPanel::setBatchSize(int samples)
{
    m_setup->setBatchSize(samples);
}

bool PredictPanel::isPredicting() const
{
    return m_job->isRunning();
}

bool PredictPanel::isWaitingForRun() const
{
    return m_job->isWaiting();
}

bool PredictPanel::startPrediction()
{
    if (isPredicting())
        return false;
    CheckpointPicker* picker = m_setup->checkpointPicker();
    QString refusal;
    if (picker->selectedPath().isEmpty())
        refusal = !picker->problem().isEmpty()
                      ? picker->problem()
                      : tr("Choose a run with a model checkpoint to predict with.");
    else if (!m_setup->usesValidationData() && m_setup->xPath().isEmpty())
        refusal = tr("Choose the inputs (X), or predict on the run's validation data.");
    if (!refusal.isEmpty()) {
        m_view->showError(refusal);
        Q_EMIT problem(refusal);
        Q_EMIT predictionFinished();
        return false;
    }
    PredictRequest request;
    request.checkpoint = nativePath(picker->selectedPath());
    if (!m_setup->usesValidationData()) {
        request.x = nativePath(m_setup->xPath());
        request.y = nativePath(m_setup->yPath());
    }
    request.batchSize = m_setup->batchSize();
    m_running = {picker->runId(), picker->runName(), picker->currentText()};
    m_result.reset();
    m_setup->setCanSave(false);
    m_view->showError({});
    m_view->clearResult(tr("Predicting..."));
    m_setup->setStatus(tr("Starting..."));
    m_setup->setProgress(0, 0);
    m_setup->setPredicting(true);
    m_job->start(picker->config(), request, picker->tokenizerJson(),
                 "run " + std::to_string(picker->runId()));
    Q_EMIT predictingChanged(true);
    return true;
}

void PredictPanel::stopPrediction()
{
    m_job->stop();  // stopped() follows at once
}

void PredictPanel::onFinished(const PredictionResult& result)
{
    m_result = std::make_shared<const PredictionResult>(result);
    m_shown = m_running;
    m_setup->setPredicting(false);
    m_setup->setProgress(result.batches, result.batches);
    m_setup->setCanSave(true);
    m_setup->setStatus(
        tr("Predicted %n sample(s) in %1 s.", nullptr, static_cast<int>(result.samples()))
            .arg(result.loadSeconds + result.predictSeconds, 0, 'f', 2));
    m_view->showResult(m_result, headingFor(result));
    for (const std::string& note : result.notes)
        Q_EMIT logLine(LogLevel::Info, tr("Predict: %1").arg(QString::fromStdString(note)));
    for (const std::string& warning : result.warnings)
        Q_EMIT logLine(LogLevel::Warning, tr("Predict: %1").arg(QString::fromStdString(warning)));
    Q_EMIT predictingChanged(false);
    Q_EMIT predictionFinished();
}

void PredictPanel::onFailed(const QString& message)
{
    endWithout(tr("Failed: the reason is above the results."), message);
    Q_EMIT problem(tr("Predict: %1").arg(message));
    Q_EMIT predictionFinished();
}

void PredictPanel::onStopped()
{
    endWithout(tr("Stopped: nothing predicted is shown."), {});
    Q_EMIT predictionFinished();
}

void PredictPanel::endWithout(const QString& status, const QString& error)
{
    m_result.reset();
    m_setup->setPredicting(false);
    m_setup->resetProgress();
    m_setup->setCanSave(false);
    m_setup->setStatus(status);
    m_view->clearResult(status);
    m_view->showError(error);
    Q_EMIT predictingChanged(false);
}

QString PredictPanel::headingFor(const PredictionResult& result) const
{
    const QString source = result.checkpointKind.empty()
                               ? tr("Run #%1 %2, checkpoint %3.")
                                     .arg(m_shown.runId)
                                     .arg(m_shown.runName, m_shown.checkpoint)
                               : tr("Run #%1 %2, checkpoint %3 (%4).")
                                     .arg(m_shown.runId)
                                     .arg(m_shown.runName, m_shown.checkpoint,
                                          QString::fromStdString(result.checkpointKind));
    const QString data = tr("Data: %1.").arg(QString::fromStdString(result.data));
    const QString backend = result.backend.empty()
                                ? QString::fromStdString(result.device)
                                : tr("%1, %2 backend")
                                      .arg(QString::fromStdString(result.device),
                                           QString::fromStdString(result.backend));
    const QString run =
        tr("%n sample(s) on %1 in %2 batch(es) of %3.", nullptr, static_cast<int>(result.samples()))
            .arg(backend)
            .arg(result.batches)
            .arg(result.batchSize);
    return source + QLatin1Char(' ') + data + QLatin1Char(' ') + run;
}

void PredictPanel::setThreshold(double threshold)
{
    m_view->setThreshold(threshold);
}

double PredictPanel::threshold() const
{
    return m_view->threshold();
}

bool PredictPanel::savePredictions(const QString& path)
{
    if (!m_result) {
        m_view->showError(tr("There are no predictions to save: press Predict first."));
        return false;
    }
    const std::optional<PredictionFormat> format = predictionFormatOf(nativePath(path));
    QString error;
    if (!format) {
        error = tr("Cannot save the predictions to %1: name a .npy or .csv file.").arg(path);
    } else {
        try {
            writePredictionFile(nativePath(path), *format, m_result->values, m_result->shape);
        } catch (const std::exception& failure) {
            error = tr("Cannot save the predictions: %1").arg(QString::fromUtf8(failure.what()));
        }
    }
    m_view->showError(error);
    if (!error.isEmpty()) {
        Q_EMIT problem(error);
        return false;
    }
    m_setup->setStatus(tr("Predictions saved to %1").arg(QDir::toNativeSeparators(path)));
    Q_EMIT logLine(LogLevel::Info,
                   tr("Predictions saved to %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

void PredictPanel::chooseAndSavePredictions()
{
    if (!m_result)
        return;
    QString folder = PredictSettings::load().dataDirectory;
    if (folder.isEmpty())
        folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString npy = tr("NumPy array (*.npy)");
    const QString csv = tr("CSV table (*.csv)");
    QString filter = npy;
    QString name = m_shown.runName.isEmpty() ? QStringLiteral("predictions")
                                             : m_shown.runName + QStringLiteral("-predictions");
    name.replace(QLatin1Char('/'), QLatin1Char('_'));
    QString path = QFileDialog::getSaveFileName(this, tr("Save predictions"),
                                                QDir(folder).filePath(name + ".npy"),
                                                npy + QStringLiteral(";;") + csv, &filter);
    if (path.isEmpty())
        return;
    if (!predictionFormatOf(nativePath(path)))
        path += filter == csv ? QStringLiteral(".csv") : QStringLiteral(".npy");
    savePredictions(path);
}

PyTorchExportDialog* PredictPanel::openPyTorchExport()
{
    const QString checkpoint = m_setup->checkpointPicker()->selectedPath();
    if (m_setup->runId() == 0)
        return nullptr;
    auto* dialog = new PyTorchExportDialog(databasePath(), m_setup->runId(), window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!checkpoint.isEmpty())
        dialog->checkpointPicker()->selectPath(checkpoint);
    connect(dialog, &PyTorchExportDialog::problem, this, &PredictPanel::problem);
    connect(dialog, &PyTorchExportDialog::exported, this, [this](const QString& directory) {
        Q_EMIT logLine(LogLevel::Info, tr("Exported for PyTorch to %1").arg(directory));
    });
    dialog->show();
    return dialog;
}

PredictionMetricsTable* PredictPanel::metricsTable() const
{
    return m_view->metricsTable();
}

CheckpointPicker* PredictPanel::checkpointPicker() const
{
    return m_setup->checkpointPicker();
}

QPushButton* PredictPanel::predictButton() const
{
    return m_setup->predictButton();
}

QPushButton* PredictPanel::stopButton() const
{
    return m_setup->stopButton();
}

QString PredictPanel::statusText() const
{
    return m_setup->statusText();
}

QString PredictPanel::errorText() const
{
    return m_view->errorText();
}

void PredictPanel::dragEnterEvent(QDragEnterEvent* event)
{
    if (!isPredicting() && !localFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void PredictPanel::dropEvent(QDropEvent* event)
{
    if (m_setup->takeDroppedFiles(localFiles(event->mimeData())))
        event->acceptProposedAction();
}

void PredictPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // The CLI, or another window, may have recorded runs since; the list is cheap to read.
    if (!isPredicting())
        reloadRuns();
}

}  // namespace es::ui
