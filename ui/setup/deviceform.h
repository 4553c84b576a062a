#pragma once

// The Device tab: where the run trains (CPU or a CUDA device present here), its threads, the
// LSTM backend, cuDNN, denormal flushing, the host allocator, how the profiler samples, and how
// many processes train the run together (DistributedFields).

#include "engine/config/runconfig.h"
#include "ui/setup/configform.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;

namespace es::ui {

class DistributedFields;

class DeviceForm : public ConfigForm {
    Q_OBJECT

public:
    /// Lists "cpu" and the `cudaDevices` CUDA devices found on this machine.
    explicit DeviceForm(int cudaDevices, int physicalCores, QWidget* parent = nullptr);

    void showConfig(const RunConfig& config) override;

private:
    void applyFields();

    RunConfig m_config;
    bool m_filling = false;
    QComboBox* m_device;
    QSpinBox* m_intraOpThreads;
    QSpinBox* m_interOpThreads;
    QComboBox* m_backend;
    QCheckBox* m_cudnn;
    QComboBox* m_flushDenormals;
    QComboBox* m_allocator;
    QSpinBox* m_sampleInterval;
    QCheckBox* m_preciseGpuTiming;
    DistributedFields* m_distributed;
};

}  // namespace es::ui
