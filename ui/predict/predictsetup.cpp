#include "ui/predict/predictsetup.h"

#include "engine/store/runstore.h"
#include "ui/predict/checkpointpicker.h"
#include "ui/settings/appsettings.h"
#include "ui/setup/droppedfiles.h"

#include <QtCore/QDir>
#include <QtCore/QFileInfo>
#include <QtCore/QStandardPaths>
#include <QtWidgets/QButtonGroup>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QProgressBar>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QRadioButton>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QVBoxLayout>

#include <algorithm>
#include <exception>

namespace es::ui {

namespace {

// Far beyond any batch that fits in memory; the engine checks its own limits.
constexpr int kMaxBatchSize = 1'000'000;
// Wide enough for "#12 imdb-lstm-sentiment" and "epoch 3 · val_loss 0.1234 · best".
constexpr int kComboCharacters = 18;

bool hasModelCheckpoint(const StoredRunCheckpoints& run)
{
    return std::any_of(run.checkpoints.begin(), run.checkpoints.end(),
                       [](const SavedFileRecord& file) {
                           return file.kind == SavedFileKind::Model && !file.removed;
                       });
}

void narrowCombo(QComboBox* combo)
{
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(kComboCharacters);
    combo->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

}  // namespace

PredictSetup::PredictSetup(QWidget* parent)
    : QWidget(parent),
      m_runs(new QComboBox(this)),
      m_checkpoint(new CheckpointPicker(this)),
      m_validation(new QRadioButton(tr("The run's validation data"), this)),
      m_files(new QRadioButton(tr("Files:"), this)),
      m_x(new QLineEdit(this)),
      m_y(new QLineEdit(this)),
      m_fileFields(new QWidget(this)),
      m_batch(new QSpinBox(this)),
      // No mnemonics in the view: the window's Alt keys are shared by the menus and every
      // dock (Alt+P opens Presets); Ctrl+Return is Predict's key.
      m_predict(new QPushButton(tr("Predict", "button: run the model on the data"), this)),
      m_stop(new QPushButton(tr("Stop"), this)),
      m_progress(new QProgressBar(this)),
      m_status(new QLabel(this)),
      m_save(new QPushButton(tr("Save predictions..."), this)),
      m_export(new QPushButton(tr("Export for PyTorch..."), this))
{
    m_runs->setObjectName("predictRunCombo");
    m_runs->setToolTip(
        tr("Recorded runs that saved a model checkpoint (model_checkpoint in Run "
           "setup > Callbacks), newest first"));
    narrowCombo(m_runs);
    narrowCombo(m_checkpoint);
    m_validation->setToolTip(
        tr("The samples the run validated on: its x_val and y_val, or the validation_split "
           "taken from the end of its data (generated again for synthetic data), with their "
           "targets"));
    m_validation->setChecked(true);
    auto* group = new QButtonGroup(this);
    group->addButton(m_validation);
    group->addButton(m_files);
    m_x->setObjectName("predictXPath");
    m_y->setObjectName("predictYPath");
    m_x->setPlaceholderText(tr("x.npy, data.npz:x_test or a CSV file"));
    m_y->setPlaceholderText(tr("optional: y.npy or data.npz:y_test"));
    m_x->setToolTip(
        tr("The inputs: a .npy file, an .npz member (archive.npz:NAME) or, for a "
           "run on a CSV source, a CSV file cut into windows as the run's config "
           "says. Drop files on the view to fill this."));
    m_y->setToolTip(
        tr("The targets to score the predictions against (.npy or an .npz member); "
           "without them only the predictions are shown."));
    auto* fileForm = new QFormLayout(m_fileFields);
    fileForm->setContentsMargins(20, 0, 0, 0);
    fileForm->addRow(tr("X:"), fileRow(m_x, tr("Browse..."), false));
    fileForm->addRow(tr("Y:"), fileRow(m_y, tr("Browse..."), true));

    m_batch->setRange(0, kMaxBatchSize);
    m_batch->setToolTip(
        tr("Samples per forward pass; the lowest value takes the run config's "
           "batch_size. Larger batches are faster and take more memory."));
    m_batch->setValue(PredictSettings::load().batchSize);
    m_predict->setObjectName("predictButton");
    m_predict->setDefault(true);
    m_predict->setToolTip(tr("Run the model on the data (Ctrl+Return)"));
    m_stop->setObjectName("stopPredictButton");
    m_stop->setToolTip(tr("Stop after the current batch; nothing predicted is shown"));
    m_progress->setTextVisible(true);
    m_status->setObjectName("predictStatus");
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_save->setObjectName("savePredictionsButton");
    m_save->setToolTip(tr("Save the predictions as a NumPy array (.npy) or a CSV table"));
    m_export->setObjectName("exportPyTorchButton");
    m_export->setToolTip(
        tr("Write the chosen checkpoint as a PyTorch model (model.py and weights.pt)"));

    auto* form = new QFormLayout();
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("Run:", "the recorded training run"), m_runs);
    form->addRow(tr("Checkpoint:"), m_checkpoint);
    auto* data = new QVBoxLayout();
    data->setSpacing(2);
    data->addWidget(m_validation);
    data->addWidget(m_files);
    form->addRow(tr("Data:"), data);
    form->addRow(m_fileFields);
    form->addRow(tr("Batch size:"), m_batch);
    auto* buttons = new QHBoxLayout();
    buttons->addWidget(m_predict);
    buttons->addWidget(m_stop);
    buttons->addStretch(1);
    auto* results = new QHBoxLayout();
    results->addWidget(m_save);
    results->addWidget(m_export);
    results->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addStretch(1);
    layout->addLayout(results);

    connect(m_runs, &QComboBox::currentIndexChanged, this, &PredictSetup::onRunChosen);
    connect(m_checkpoint, &CheckpointPicker::checkpointChanged, this, [this] {
        if (m_readingRun)
            return;  // onRunChosen() says it once
        updateControls();
        Q_EMIT runChanged(runId());
    });
    connect(m_validation, &QRadioButton::toggled, this, &PredictSetup::updateControls);
    connect(m_batch, &QSpinBox::valueChanged, this, [](int samples) {
        PredictSettings settings = PredictSettings::load();
        settings.batchSize = samples;
        settings.save();
    });
    connect(m_predict, &QPushButton::clicked, this, &PredictSetup::predictRequested);
    connect(m_stop, &QPushButton::clicked, this, &PredictSetup::stopRequested);
    connect(m_save, &QPushButton::clicked, this, &PredictSetup::saveRequested);
    connect(m_export, &QPushButton::clicked, this, &PredictSetup::exportRequested);
    resetProgress();
    onRunChosen();
}

QLayout* PredictSetup::fileRow(QLineEdit* field, const QString& browseText, bool targets)
{
    auto* browseButton = new QPushButton(browseText, this);
    connect(browseButton, &QPushButton::clicked, this,
            [this, field, targets] { browse(field, targets); });
    auto* row = new QHBoxLayout();
    row->addWidget(field, 1);
    row->addWidget(browseButton);
    return row;
}

void PredictSetup::browse(QLineEdit* field, bool targets)
{
    PredictSettings settings = PredictSettings::load();
    QString folder = settings.dataDirectory;
    if (!field->text().isEmpty())
        folder = QFileInfo(field->text()).absolutePath();
    if (folder.isEmpty())
        folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString path = QFileDialog::getOpenFileName(
        this, targets ? tr("Targets to score against") : tr("Inputs to predict"), folder,
        targets ? tr("NumPy arrays (*.npy *.npz);;All files (*)")
                : tr("Arrays and tables (*.npy *.npz *.csv *.tsv *.txt);;All files (*)"));
    if (path.isEmpty())
        return;
    field->setText(QDir::toNativeSeparators(path));
    m_files->setChecked(true);
    settings.dataDirectory = QFileInfo(path).absolutePath();
    settings.save();
}

void PredictSetup::setDatabasePath(const QString& path)
{
    m_databasePath = path;
    m_runs->blockSignals(true);
    m_runs->clear();  // another database's run ids mean other runs
    m_runs->blockSignals(false);
    reloadRuns();
}

QString PredictSetup::reloadRuns()
{
    const qint64 chosen = runId();
    QString problem;
    m_runs->blockSignals(true);
    m_runs->clear();
    if (!m_databasePath.isEmpty()) {
        try {
            const RunStore store(m_databasePath.toStdString(), StoreAccess::ReadOnly);
            for (const StoredRunHeader& header : store.listRuns()) {
                // A run still training is listed once it has ended: its best checkpoint may
                // change yet, and predicting would take its cores.
                if (header.status == RunStatus::Running)
                    continue;
                std::optional<StoredRunCheckpoints> run;
                try {
                    run = store.loadRunCheckpoints(header.id);
                } catch (const StoreError&) {
                    continue;  // a row EpochScope would not write: nothing to load from
                }
                if (run && hasModelCheckpoint(*run))
                    m_runs->addItem(
                        tr("#%1 %2").arg(header.id).arg(QString::fromStdString(header.name)),
                        QVariant::fromValue<qint64>(header.id));
            }
        } catch (const std::exception& error) {
            problem = QString::fromUtf8(error.what());
        }
    }
    const int kept = m_runs->findData(QVariant::fromValue<qint64>(chosen));
    m_runs->setCurrentIndex(kept >= 0 ? kept : (m_runs->count() > 0 ? 0 : -1));
    m_runs->blockSignals(false);
    if (kept < 0 || chosen == 0)
        onRunChosen();
    if (m_runs->count() == 0 && !m_predicting)
        setStatus(problem.isEmpty() ? tr("No recorded run has a model checkpoint yet: add "
                                         "model_checkpoint in Run setup > Callbacks and train.")
                                    : problem);
    updateControls();
    return problem;
}

bool PredictSetup::selectRun(qint64 runId)
{
    int index = m_runs->findData(QVariant::fromValue<qint64>(runId));
    if (index < 0) {
        reloadRuns();
        index = m_runs->findData(QVariant::fromValue<qint64>(runId));
    }
    if (index < 0)
        return false;
    if (index == m_runs->currentIndex())
        onRunChosen();  // read again: the files may have changed since
    else
        m_runs->setCurrentIndex(index);
    return true;
}

qint64 PredictSetup::runId() const
{
    return m_runs->currentIndex() >= 0 ? m_runs->currentData().toLongLong() : 0;
}

qint64 PredictSetup::newestRun() const
{
    return m_runs->count() > 0 ? m_runs->itemData(0).toLongLong() : 0;
}

void PredictSetup::onRunChosen()
{
    const qint64 id = runId();
    m_readingRun = true;
    const bool read = id != 0 && m_checkpoint->setRun(m_databasePath, id);
    m_readingRun = false;
    if (!read) {
        if (id == 0)
            m_checkpoint->clearRun();
        m_batch->setSpecialValueText(tr("config", "batch size: the run config's"));
    } else {
        m_batch->setSpecialValueText(tr("config (%1)", "batch size: the run config's")
                                         .arg(m_checkpoint->config().data.batchSize));
    }
    if (!m_checkpoint->problem().isEmpty())
        setStatus(m_checkpoint->problem());
    else if (!m_predicting)
        setStatus({});
    updateControls();
    Q_EMIT runChanged(id);
}

bool PredictSetup::usesValidationData() const
{
    return m_validation->isChecked();
}

void PredictSetup::useValidationData()
{
    m_validation->setChecked(true);
}

void PredictSetup::setInputFiles(const QString& x, const QString& y)
{
    m_x->setText(x);
    m_y->setText(y);
    m_files->setChecked(true);
}

QString PredictSetup::xPath() const
{
    return m_x->text().trimmed();
}

QString PredictSetup::yPath() const
{
    return m_y->text().trimmed();
}

bool PredictSetup::takeDroppedFiles(const QStringList& paths)
{
    if (paths.isEmpty() || m_predicting)
        return false;
    QString x;
    QString y;
    for (const QString& path : paths) {
        const QString native = QDir::toNativeSeparators(path);
        if (y.isEmpty() && namedLikeTargets(path))
            y = native;
        else if (x.isEmpty())
            x = native;
        else if (y.isEmpty())
            y = native;
    }
    if (!x.isEmpty())
        m_x->setText(x);
    if (!y.isEmpty())
        m_y->setText(y);
    m_files->setChecked(true);
    PredictSettings settings = PredictSettings::load();
    settings.dataDirectory = QFileInfo(paths.constFirst()).absolutePath();
    settings.save();
    return true;
}

int PredictSetup::batchSize() const
{
    return m_batch->value();
}

void PredictSetup::setBatchSize(int samples)
{
    m_batch->setValue(samples);
}

void PredictSetup::setPredicting(bool predicting)
{
    m_predicting = predicting;
    updateControls();
}

void PredictSetup::setProgress(qint64 done, qint64 total)
{
    m_progress->setRange(0, static_cast<int>(std::max<qint64>(total, 0)));
    m_progress->setValue(static_cast<int>(std::min(done, total)));
    m_progress->setFormat(total > 0 ? tr("batch %1 of %2").arg(done).arg(total) : QString());
}

void PredictSetup::resetProgress()
{
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(QString());
}

void PredictSetup::setStatus(const QString& text)
{
    m_status->setText(text);
}

QString PredictSetup::statusText() const
{
    return m_status->text();
}

void PredictSetup::setCanSave(bool canSave)
{
    m_canSave = canSave;
    updateControls();
}

void PredictSetup::updateControls()
{
    const bool ready = !m_checkpoint->selectedPath().isEmpty();
    for (QWidget* widget :
         std::initializer_list<QWidget*>{m_runs, m_checkpoint, m_validation, m_files, m_batch})
        widget->setEnabled(!m_predicting);
    m_fileFields->setEnabled(!m_predicting && m_files->isChecked());
    m_predict->setEnabled(!m_predicting && ready);
    m_stop->setEnabled(m_predicting);
    m_save->setEnabled(!m_predicting && m_canSave);
    m_export->setEnabled(ready);
}

}  // namespace es::ui
