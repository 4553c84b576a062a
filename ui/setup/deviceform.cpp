#include "ui/setup/deviceform.h"

#include "engine/config/runconfig.h"
#include "engine/i18n/recordedtext.h"
#include "engine/train/allocator.h"
#include "ui/setup/distributedfields.h"
#include "ui/setup/formwidgets.h"

#include <QtGui/QStandardItemModel>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QSpinBox>

namespace es::ui {

namespace {

// The ranges the config parser accepts (docs/config.md).
constexpr int kMaxThreads = 1024;
constexpr int kMinSampleIntervalMs = 10;
constexpr int kMaxSampleIntervalMs = 1000;

/// Greys out the allocators this process cannot load (a missing Debian package, or jemalloc
/// without the static TLS it needs), with the reason and the fix as the item's tooltip. They
/// stay selectable from a config: Start then refuses the run with the same words.
void markUnavailableAllocators(QComboBox* combo)
{
    auto* model = qobject_cast<QStandardItemModel*>(combo->model());
    for (int row = 0; row < combo->count(); ++row) {
        const auto allocator = static_cast<HostAllocator>(combo->itemData(row).toInt());
        if (allocator == HostAllocator::Auto)
            continue;
        const AllocatorAvailability availability = allocatorAvailability(allocator);
        combo->setItemData(row, QString::fromStdString(es::recordedText(availability.detail)),
                           Qt::ToolTipRole);
        if (!availability.available && model)
            model->item(row)->setEnabled(false);
    }
}

}  // namespace

DeviceForm::DeviceForm(int cudaDevices, int physicalCores, QWidget* parent)
    : ConfigForm(parent),
      m_device(new QComboBox(this)),
      m_intraOpThreads(new QSpinBox(this)),
      m_interOpThreads(new QSpinBox(this)),
      m_backend(enumCombo(kAllBackends, backendKey, this)),
      m_cudnn(new QCheckBox(tr("Use cuDNN's fused LSTM on CUDA devices"), this)),
      m_flushDenormals(enumCombo(kAllFlushDenormals, flushDenormalsKey, this)),
      m_allocator(enumCombo(kAllHostAllocators, allocatorKey, this)),
      m_sampleInterval(new QSpinBox(this)),
      m_preciseGpuTiming(new QCheckBox(tr("Synchronise after each GPU phase"), this)),
      m_distributed(new DistributedFields(this))
{
    m_device->setObjectName("device");
    m_intraOpThreads->setObjectName("intra_op_threads");
    m_interOpThreads->setObjectName("inter_op_threads");
    m_backend->setObjectName("backend");
    m_cudnn->setObjectName("cudnn");
    m_flushDenormals->setObjectName("flush_denormals");
    m_allocator->setObjectName("allocator");
    m_sampleInterval->setObjectName("sample_interval_ms");
    m_preciseGpuTiming->setObjectName("precise_gpu_timing");
    setConfigPath(m_device, "device.name");
    setConfigPath(m_intraOpThreads, "device.intra_op_threads");
    setConfigPath(m_interOpThreads, "device.inter_op_threads");
    setConfigPath(m_backend, "backend");
    setConfigPath(m_cudnn, "device.cudnn");
    setConfigPath(m_flushDenormals, "device.flush_denormals");
    setConfigPath(m_allocator, "device.allocator");
    setConfigPath(m_sampleInterval, "profiling.sample_interval_ms");
    setConfigPath(m_preciseGpuTiming, "profiling.precise_gpu_timing");

    m_device->addItem("cpu");
    for (int index = 0; index < cudaDevices; ++index)
        m_device->addItem(QStringLiteral("cuda:%1").arg(index));
    auto* deviceNote =
        new QLabel(cudaDevices == 0 ? tr("No CUDA device found on this machine.")
                                    : tr("%n CUDA device(s) found.", nullptr, cudaDevices),
                   this);
    deviceNote->setEnabled(false);  // a hint, drawn greyed

    m_intraOpThreads->setRange(0, kMaxThreads);
    m_intraOpThreads->setSpecialValueText(tr("one per core"));
    m_intraOpThreads->setToolTip(
        tr("Threads LibTorch uses inside one operation. This machine "
           "has %n physical core(s).",
           nullptr, physicalCores));
    m_interOpThreads->setRange(0, kMaxThreads);
    m_interOpThreads->setSpecialValueText(tr("LibTorch's default"));
    m_backend->setToolTip(
        tr("How LSTM layers run: auto picks the fastest eligible backend and "
           "records why."));
    m_flushDenormals->setToolTip(
        tr("Flush denormal floats to zero on the training threads: auto flushes with the "
           "onednn backend, where tiny values would otherwise slow the fused kernels, and "
           "leaves LibTorch's default with libtorch."));
    m_allocator->setToolTip(
        tr("Where tensor memory on the host comes from. auto takes the fastest measured that "
           "this machine has (tcmalloc, then tuned glibc), so large tensors are not mapped and "
           "page-faulted in again every step."));
    markUnavailableAllocators(m_allocator);
    m_sampleInterval->setRange(kMinSampleIntervalMs, kMaxSampleIntervalMs);
    m_sampleInterval->setSuffix(tr(" ms"));
    m_sampleInterval->setToolTip(tr("How often CPU, memory and GPU use are sampled."));
    m_preciseGpuTiming->setToolTip(
        tr("Exact GPU phase times, at the cost of the overlap the "
           "GPU would otherwise have. Recorded with the run."));

    auto* form = new QFormLayout(this);
    form->addRow(tr("&Device:"), m_device);
    form->addRow(QString(), deviceNote);
    form->addRow(tr("&Threads:"), m_intraOpThreads);
    form->addRow(tr("&Inter-op threads:"), m_interOpThreads);
    form->addRow(tr("LSTM &backend:"), m_backend);
    form->addRow(QString(), m_cudnn);
    form->addRow(tr("&Flush denormals:"), m_flushDenormals);
    form->addRow(tr("Host &allocator:"), m_allocator);
    form->addRow(tr("&Sample every:"), m_sampleInterval);
    form->addRow(QString(), m_preciseGpuTiming);
    form->addRow(m_distributed);

    for (QSpinBox* box : {m_intraOpThreads, m_interOpThreads, m_sampleInterval})
        connect(box, &QSpinBox::valueChanged, this, &DeviceForm::applyFields);
    for (QComboBox* combo : {m_device, m_backend, m_flushDenormals, m_allocator})
        connect(combo, &QComboBox::currentIndexChanged, this, &DeviceForm::applyFields);
    for (QCheckBox* box : {m_cudnn, m_preciseGpuTiming})
        connect(box, &QCheckBox::toggled, this, &DeviceForm::applyFields);
    connect(m_distributed, &DistributedFields::edited, this, &DeviceForm::applyFields);
}

void DeviceForm::showConfig(const RunConfig& config)
{
    m_config = config;
    m_filling = true;
    const QString device = QString::fromStdString(config.device.name());
    if (m_device->findText(device) < 0)
        m_device->addItem(device);  // a config for another machine: shown, refused at Start
    m_device->setCurrentText(device);
    m_intraOpThreads->setValue(config.device.intraOpThreads);
    m_interOpThreads->setValue(config.device.interOpThreads);
    selectData(m_backend, config.backend);
    m_cudnn->setChecked(config.device.cudnn);
    selectData(m_flushDenormals, config.device.flushDenormals);
    selectData(m_allocator, config.device.allocator);
    m_sampleInterval->setValue(config.profiling.sampleIntervalMs);
    m_preciseGpuTiming->setChecked(config.profiling.preciseGpuTiming);
    m_distributed->showConfig(config);
    m_filling = false;
}

void DeviceForm::applyFields()
{
    if (m_filling)
        return;
    RunConfig config = m_config;
    if (const std::optional<DeviceConfig> device =
            deviceFromName(m_device->currentText().toStdString())) {
        config.device.type = device->type;
        config.device.index = device->index;
    }
    config.device.intraOpThreads = m_intraOpThreads->value();
    config.device.interOpThreads = m_interOpThreads->value();
    config.backend = selectedData<Backend>(m_backend);
    config.device.cudnn = m_cudnn->isChecked();
    config.device.flushDenormals = selectedData<FlushDenormals>(m_flushDenormals);
    config.device.allocator = selectedData<HostAllocator>(m_allocator);
    config.profiling.sampleIntervalMs = m_sampleInterval->value();
    config.profiling.preciseGpuTiming = m_preciseGpuTiming->isChecked();
    m_distributed->applyTo(config);
    m_config = config;
    Q_EMIT edited(config);
}

}  // namespace es::ui
