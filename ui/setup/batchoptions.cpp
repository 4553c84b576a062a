#include "ui/setup/batchoptions.h"

#include "engine/config/dataconfig.h"
#include "ui/setup/configform.h"
#include "ui/setup/formwidgets.h"

#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDoubleSpinBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QSpinBox>

#include <utility>

namespace es::ui {

namespace {

constexpr int kMaxPrefetch = 64;
// The brief's range for the split: 0.99 already leaves one sample in a hundred to train.
constexpr double kMaxValidationSplit = 0.99;
constexpr int kValidationSplitDecimals = 3;
constexpr double kValidationSplitStep = 0.05;

}  // namespace

BatchOptions::BatchOptions(QWidget* parent)
    : QGroupBox(tr("Batches", "group box: how batches are made"), parent)
{
    m_validationSplit = new QDoubleSpinBox(this);
    m_validationSplit->setObjectName("validation_split");
    setConfigPath(m_validationSplit, "data.validation_split");
    m_validationSplit->setDecimals(kValidationSplitDecimals);
    m_validationSplit->setRange(0.0, kMaxValidationSplit);
    m_validationSplit->setSingleStep(kValidationSplitStep);
    m_validationSplit->setToolTip(
        tr("The fraction of the samples held out for validation, taken from the end before any "
           "shuffling (as in Keras). Ignored when a validation set (x_val, y_val) is given."));
    m_shuffle = new QCheckBox(tr("S&huffle the training samples every epoch"), this);
    m_shuffle->setObjectName("shuffle");
    setConfigPath(m_shuffle, "data.shuffle");
    m_batchSize = spinBox("batch_size", "data.batch_size", 1, kMaxSpinValue, this);
    m_batchSize->setToolTip(tr("Samples per training step."));
    m_dropLast = new QCheckBox(tr("&Drop the last, short batch of each epoch"), this);
    m_dropLast->setObjectName("drop_last");
    setConfigPath(m_dropLast, "data.drop_last");
    m_placement = enumCombo(kAllPlacements, placementKey, this);
    m_placement->setObjectName("placement");
    setConfigPath(m_placement, "data.placement");
    m_placement->setToolTip(
        tr("Where the dataset lives while training:\n"
           "host: pageable host memory; each step gathers its batch and copies it to the device "
           "(what Keras does with NumPy arrays).\n"
           "pinned: page-locked host memory, copied without blocking; CUDA devices only. With "
           "prefetch the copy overlaps the previous steps.\n"
           "device: copied to the training device once before the first epoch; batches are "
           "gathered there, with no copy per step."));
    m_prefetch = spinBox("prefetch", "data.prefetch", 0, kMaxPrefetch, this);
    m_prefetch->setSpecialValueText(tr("off", "prefetch of 0 batches"));
    m_prefetch->setToolTip(
        tr("Batches a loader thread prepares ahead of training; off prepares "
           "each batch when the step needs it. The batch order is the same "
           "for every value."));

    m_batching = enumCombo(kAllBatchings, batchingKey, this);
    m_batching->setObjectName("batching");
    setConfigPath(m_batching, "data.batching");
    m_batching->setToolTip(
        tr("fixed: every sample as long as the source made it.\n"
           "by_length: texts of similar length share a batch, each batch cut after its longest "
           "text (text sources with padding \"post\" and mask_zero on the embedding)."));
    auto* form = new QFormLayout(this);
    form->addRow(tr("&Validation split:"), m_validationSplit);
    form->addRow(QString(), m_shuffle);
    form->addRow(tr("&Batch size:"), m_batchSize);
    form->addRow(QString(), m_dropLast);
    form->addRow(tr("&Placement:"), m_placement);
    form->addRow(tr("Pre&fetch:"), m_prefetch);
    form->addRow(tr("Batchin&g:"), m_batching);

    connect(m_validationSplit, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        change([value](DataConfig& d) { d.validationSplit = value; });
    });
    connect(m_shuffle, &QCheckBox::toggled, this,
            [this](bool on) { change([on](DataConfig& d) { d.shuffle = on; }); });
    connect(m_batchSize, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.batchSize = value; }); });
    connect(m_dropLast, &QCheckBox::toggled, this,
            [this](bool on) { change([on](DataConfig& d) { d.dropLast = on; }); });
    connect(m_placement, &QComboBox::currentIndexChanged, this, [this] {
        const Placement placement = selectedData<Placement>(m_placement);
        change([placement](DataConfig& d) { d.placement = placement; });
    });
    connect(m_prefetch, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.prefetch = value; }); });
    connect(m_batching, &QComboBox::currentIndexChanged, this, [this] {
        const Batching batching = selectedData<Batching>(m_batching);
        change([batching](DataConfig& d) { d.batching = batching; });
    });
}

void BatchOptions::showData(const DataConfig& data)
{
    const bool wasFilling = std::exchange(m_filling, true);
    m_validationSplit->setValue(data.validationSplit);
    m_shuffle->setChecked(data.shuffle);
    m_batchSize->setValue(spinValue(data.batchSize));
    m_dropLast->setChecked(data.dropLast);
    selectData(m_placement, data.placement);
    m_prefetch->setValue(data.prefetch);
    selectData(m_batching, data.batching);
    m_filling = wasFilling;
}

void BatchOptions::change(const DataChange& change)
{
    if (!m_filling)
        Q_EMIT changed(change);
}

}  // namespace es::ui
