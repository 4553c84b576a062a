#pragma once

// The Run setup fields people change most (epochs, batch, optimizer, loss, placement, device,
// threads, cuDNN) as a form over the same RunConfig the JSON editor shows: a change here
// rewrites the JSON, a change there refills the form.

#include "config/runconfig.h"

#include <QtWidgets/QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace es::ui {

class TrainingForm : public QWidget {
    Q_OBJECT

public:
    explicit TrainingForm(QWidget* parent = nullptr);

    /// Fills the fields from `config` without emitting edited().
    void showConfig(const RunConfig& config);

Q_SIGNALS:
    /// The config as shown, with the user's change applied.
    void edited(const es::RunConfig& config);

private:
    void applyFields();

    RunConfig m_config;
    bool m_filling = false;
    QSpinBox* m_epochs;
    QSpinBox* m_batchSize;
    QComboBox* m_optimizer;
    QDoubleSpinBox* m_learningRate;
    QComboBox* m_loss;
    QComboBox* m_placement;
    QSpinBox* m_prefetch;
    QComboBox* m_device;
    QSpinBox* m_threads;
    QCheckBox* m_cudnn;
};

}  // namespace es::ui
