#pragma once

// The Training tab: epochs, steps per epoch, warm-up steps, optimizer with its learning rate, loss
// and metrics, over the same RunConfig the JSON editor shows.

#include "engine/config/runconfig.h"
#include "ui/setup/configform.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace es::ui {

class TrainingForm : public ConfigForm {
    Q_OBJECT

public:
    explicit TrainingForm(QWidget* parent = nullptr);

    void showConfig(const RunConfig& config) override;

private:
    void applyFields();

    RunConfig m_config;
    bool m_filling = false;
    QSpinBox* m_epochs;
    QSpinBox* m_stepsPerEpoch;
    QSpinBox* m_warmupSteps;
    QComboBox* m_optimizer;
    QDoubleSpinBox* m_learningRate;
    QComboBox* m_loss;
    std::vector<std::pair<Metric, QCheckBox*>> m_metrics;
};

}  // namespace es::ui
