#include "setup/trainingform.h"

#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDoubleSpinBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QSpinBox>

#include <limits>

namespace es::ui {

namespace {

// The ranges the config parser accepts (docs/config.md).
constexpr int kMaxEpochs = 1'000'000;
constexpr int kMaxBatchSize = std::numeric_limits<int>::max();
constexpr int kMaxPrefetch = 64;
constexpr int kMaxThreads = 1024;
constexpr int kLearningRateDecimals = 6;
constexpr double kMinLearningRate = 1e-6;
constexpr double kMaxLearningRate = 10.0;
constexpr int kCudaDevicesListed = 8;

QString keyText(std::string_view key)
{
    return QString::fromUtf8(key.data(), static_cast<qsizetype>(key.size()));
}

/// A combo box of an enum's keys, the enum value in each item's data.
template <typename Enum, std::size_t N, typename KeyOf>
QComboBox* enumCombo(const std::array<Enum, N>& values, KeyOf keyOf, QWidget* parent)
{
    auto* combo = new QComboBox(parent);
    for (Enum value : values)
        combo->addItem(keyText(keyOf(value)), static_cast<int>(value));
    return combo;
}

template <typename Enum>
void selectData(QComboBox* combo, Enum value)
{
    combo->setCurrentIndex(combo->findData(static_cast<int>(value)));
}

template <typename Enum>
Enum selectedData(const QComboBox* combo)
{
    return static_cast<Enum>(combo->currentData().toInt());
}

}  // namespace

TrainingForm::TrainingForm(QWidget* parent)
    : QWidget(parent),
      m_epochs(new QSpinBox(this)),
      m_batchSize(new QSpinBox(this)),
      m_optimizer(enumCombo(kAllOptimizerTypes, optimizerKey, this)),
      m_learningRate(new QDoubleSpinBox(this)),
      m_loss(enumCombo(kAllLossTypes, lossKey, this)),
      m_placement(enumCombo(kAllPlacements, placementKey, this)),
      m_prefetch(new QSpinBox(this)),
      m_device(new QComboBox(this)),
      m_threads(new QSpinBox(this)),
      m_cudnn(new QCheckBox(tr("Use cuDNN's fused LSTM on CUDA devices"), this))
{
    // Named after their config keys: for tests and for accessibility tools.
    m_epochs->setObjectName("epochs");
    m_batchSize->setObjectName("batch_size");
    m_optimizer->setObjectName("optimizer");
    m_learningRate->setObjectName("learning_rate");
    m_loss->setObjectName("loss");
    m_placement->setObjectName("placement");
    m_prefetch->setObjectName("prefetch");
    m_device->setObjectName("device");
    m_threads->setObjectName("intra_op_threads");
    m_cudnn->setObjectName("cudnn");
    m_epochs->setRange(1, kMaxEpochs);
    m_batchSize->setRange(1, kMaxBatchSize);
    m_learningRate->setDecimals(kLearningRateDecimals);
    m_learningRate->setRange(kMinLearningRate, kMaxLearningRate);
    m_learningRate->setSingleStep(kMinLearningRate * 100);
    m_prefetch->setRange(0, kMaxPrefetch);
    m_prefetch->setSpecialValueText(tr("off"));
    m_device->addItem("cpu");
    for (int index = 0; index < kCudaDevicesListed; ++index)
        m_device->addItem(QStringLiteral("cuda:%1").arg(index));
    m_threads->setRange(0, kMaxThreads);
    m_threads->setSpecialValueText(tr("one per core"));

    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&Epochs:"), m_epochs);
    form->addRow(tr("&Batch size:"), m_batchSize);
    form->addRow(tr("&Optimizer:"), m_optimizer);
    form->addRow(tr("&Learning rate:"), m_learningRate);
    form->addRow(tr("Lo&ss:"), m_loss);
    form->addRow(tr("&Placement:"), m_placement);
    form->addRow(tr("Pre&fetch:"), m_prefetch);
    form->addRow(tr("&Device:"), m_device);
    form->addRow(tr("&Threads:"), m_threads);
    form->addRow(QString(), m_cudnn);

    for (QSpinBox* box : {m_epochs, m_batchSize, m_prefetch, m_threads})
        connect(box, &QSpinBox::valueChanged, this, &TrainingForm::applyFields);
    connect(m_learningRate, &QDoubleSpinBox::valueChanged, this, &TrainingForm::applyFields);
    for (QComboBox* combo : {m_optimizer, m_loss, m_placement, m_device})
        connect(combo, &QComboBox::currentIndexChanged, this, &TrainingForm::applyFields);
    connect(m_cudnn, &QCheckBox::toggled, this, &TrainingForm::applyFields);
}

void TrainingForm::showConfig(const RunConfig& config)
{
    m_config = config;
    m_filling = true;
    m_epochs->setValue(config.training.epochs);
    m_batchSize->setValue(
        static_cast<int>(std::min<std::int64_t>(config.data.batchSize, kMaxBatchSize)));
    selectData(m_optimizer, config.training.optimizer.type);
    m_learningRate->setValue(config.training.optimizer.learningRate);
    selectData(m_loss, config.training.loss);
    selectData(m_placement, config.data.placement);
    m_prefetch->setValue(config.data.prefetch);
    const QString device = QString::fromStdString(config.device.name());
    if (m_device->findText(device) < 0)
        m_device->addItem(device);
    m_device->setCurrentText(device);
    m_threads->setValue(config.device.intraOpThreads);
    m_cudnn->setChecked(config.device.cudnn);
    m_filling = false;
}

void TrainingForm::applyFields()
{
    if (m_filling)
        return;
    RunConfig config = m_config;
    config.training.epochs = m_epochs->value();
    config.data.batchSize = m_batchSize->value();
    config.training.optimizer.type = selectedData<OptimizerType>(m_optimizer);
    config.training.optimizer.learningRate = m_learningRate->value();
    config.training.loss = selectedData<LossType>(m_loss);
    config.data.placement = selectedData<Placement>(m_placement);
    config.data.prefetch = m_prefetch->value();
    const std::optional<DeviceConfig> device =
        deviceFromName(m_device->currentText().toStdString());
    if (device) {
        config.device.type = device->type;
        config.device.index = device->index;
    }
    config.device.intraOpThreads = m_threads->value();
    config.device.cudnn = m_cudnn->isChecked();
    m_config = config;
    Q_EMIT edited(config);
}

}  // namespace es::ui
