#include "ui/setup/trainingform.h"

#include "engine/config/runconfig.h"
#include "ui/core/qtext.h"
#include "ui/setup/formwidgets.h"

#include <QtWidgets/QCheckBox>
#include <QtWidgets/QDoubleSpinBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QSpinBox>

#include <algorithm>
#include <limits>

namespace es::ui {

namespace {

// The ranges the config parser accepts (docs/config.md).
constexpr int kMaxEpochs = 1'000'000;
constexpr int kMaxSteps = std::numeric_limits<int>::max();
constexpr int kMaxWarmupSteps = 1000;
constexpr int kLearningRateDecimals = 6;
constexpr double kMinLearningRate = 1e-6;
constexpr double kMaxLearningRate = 10.0;

}  // namespace

TrainingForm::TrainingForm(QWidget* parent)
    : ConfigForm(parent),
      m_epochs(new QSpinBox(this)),
      m_stepsPerEpoch(new QSpinBox(this)),
      m_warmupSteps(new QSpinBox(this)),
      m_optimizer(enumCombo(kAllOptimizerTypes, optimizerKey, this)),
      m_learningRate(new QDoubleSpinBox(this)),
      m_loss(enumCombo(kAllLossTypes, lossKey, this))
{
    // Named after their config keys: for tests and for accessibility tools.
    m_epochs->setObjectName("epochs");
    m_stepsPerEpoch->setObjectName("steps_per_epoch");
    m_warmupSteps->setObjectName("warmup_steps");
    m_optimizer->setObjectName("optimizer");
    m_learningRate->setObjectName("learning_rate");
    m_loss->setObjectName("loss");
    setConfigPath(m_epochs, "training.epochs");
    setConfigPath(m_stepsPerEpoch, "training.steps_per_epoch");
    setConfigPath(m_warmupSteps, "training.warmup_steps");
    setConfigPath(m_optimizer, "training.optimizer");
    setConfigPath(m_learningRate, "training.optimizer.learning_rate");
    setConfigPath(m_loss, "training.loss");

    m_epochs->setRange(1, kMaxEpochs);
    m_stepsPerEpoch->setRange(0, kMaxSteps);
    m_stepsPerEpoch->setSpecialValueText(tr("all batches"));
    m_stepsPerEpoch->setToolTip(
        tr("Stop each epoch after this many batches (Keras' "
           "steps_per_epoch); useful for quick measurements."));
    m_warmupSteps->setRange(0, kMaxWarmupSteps);
    m_warmupSteps->setSpecialValueText(tr("none"));
    m_warmupSteps->setToolTip(
        tr("Forward and backward passes on the first batches, without updating the weights, "
           "before training starts: one-time costs then show as the Warm-up phase instead of "
           "inside step 1. Training itself is unchanged."));
    m_learningRate->setDecimals(kLearningRateDecimals);
    m_learningRate->setRange(kMinLearningRate, kMaxLearningRate);
    m_learningRate->setSingleStep(kMinLearningRate * 100);

    auto* metricsRow = new QWidget(this);
    setConfigPath(metricsRow, "training.metrics");
    auto* metricsLayout = new QHBoxLayout(metricsRow);
    metricsLayout->setContentsMargins(0, 0, 0, 0);
    for (Metric metric : kAllMetrics) {
        auto* box = new QCheckBox(toQString(metricKey(metric)), metricsRow);
        box->setObjectName(QStringLiteral("metric_") + toQString(metricKey(metric)));
        metricsLayout->addWidget(box);
        m_metrics.emplace_back(metric, box);
        connect(box, &QCheckBox::toggled, this, &TrainingForm::applyFields);
    }
    metricsLayout->addStretch(1);

    auto* form = new QFormLayout(this);
    form->addRow(tr("&Epochs:"), m_epochs);
    form->addRow(tr("&Steps per epoch:"), m_stepsPerEpoch);
    form->addRow(tr("&Warm-up steps:"), m_warmupSteps);
    form->addRow(tr("&Optimizer:"), m_optimizer);
    form->addRow(tr("&Learning rate:"), m_learningRate);
    form->addRow(tr("Lo&ss:"), m_loss);
    form->addRow(tr("Metrics:"), metricsRow);

    for (QSpinBox* box : {m_epochs, m_stepsPerEpoch, m_warmupSteps})
        connect(box, &QSpinBox::valueChanged, this, &TrainingForm::applyFields);
    connect(m_learningRate, &QDoubleSpinBox::valueChanged, this, &TrainingForm::applyFields);
    for (QComboBox* combo : {m_optimizer, m_loss})
        connect(combo, &QComboBox::currentIndexChanged, this, &TrainingForm::applyFields);
}

void TrainingForm::showConfig(const RunConfig& config)
{
    m_config = config;
    m_filling = true;
    m_epochs->setValue(config.training.epochs);
    m_stepsPerEpoch->setValue(
        static_cast<int>(std::min<std::int64_t>(config.training.stepsPerEpoch, kMaxSteps)));
    m_warmupSteps->setValue(config.training.warmupSteps);
    selectData(m_optimizer, config.training.optimizer.type);
    m_learningRate->setValue(config.training.optimizer.learningRate);
    selectData(m_loss, config.training.loss);
    const std::vector<Metric>& metrics = config.training.metrics;
    for (const auto& [metric, box] : m_metrics)
        box->setChecked(std::find(metrics.begin(), metrics.end(), metric) != metrics.end());
    m_filling = false;
}

void TrainingForm::applyFields()
{
    if (m_filling)
        return;
    RunConfig config = m_config;
    config.training.epochs = m_epochs->value();
    config.training.stepsPerEpoch = m_stepsPerEpoch->value();
    config.training.warmupSteps = m_warmupSteps->value();
    const auto optimizer = selectedData<OptimizerType>(m_optimizer);
    if (optimizer != config.training.optimizer.type) {
        // Each optimizer has its own Keras defaults (epsilon, rho, ...); keep only the rate.
        OptimizerConfig fresh;
        fresh.type = optimizer;
        config.training.optimizer = fresh;
    }
    config.training.optimizer.learningRate = m_learningRate->value();
    config.training.loss = selectedData<LossType>(m_loss);
    // Keep the metrics in the order the config had them, new ones at the end.
    std::vector<Metric> metrics;
    for (Metric metric : config.training.metrics) {
        for (const auto& [candidate, box] : m_metrics)
            if (candidate == metric && box->isChecked())
                metrics.push_back(metric);
    }
    for (const auto& [metric, box] : m_metrics)
        if (box->isChecked() && std::find(metrics.begin(), metrics.end(), metric) == metrics.end())
            metrics.push_back(metric);
    config.training.metrics = metrics;
    m_config = config;
    Q_EMIT edited(config);
}

}  // namespace es::ui
