#include "ui/setup/syntheticregressionpage.h"

#include "ui/setup/configform.h"

#include <QtWidgets/QDoubleSpinBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QSpinBox>

#include <cstdint>

namespace es::ui {

namespace {

constexpr int kMaxFeatures = 1 << 16;
// The parser takes any noise >= 0; a spin box needs a top, and this one drowns any signal.
constexpr double kMaxNoise = 1e6;
constexpr int kNoiseDecimals = 4;
constexpr int kMaxClasses = 1000;  // the config's bound

// What the type shows the first time it is picked: small enough to train in seconds on a CPU.
constexpr std::int64_t kDefaultSamples = 1024;
constexpr std::int64_t kDefaultTimesteps = 32;
constexpr std::int64_t kDefaultFeatures = 4;

}  // namespace

SyntheticRegressionPage::SyntheticRegressionPage(QWidget* parent)
    : DataSourcePage(DataSourceType::SyntheticRegression, parent)
{
    m_samples = spinBox("samples", "data.source.samples", 1, kMaxSpinValue, this);
    m_timesteps = spinBox("timesteps", "data.source.timesteps", 1, kMaxTimesteps, this);
    m_features = spinBox("features", "data.source.features", 1, kMaxFeatures, this);
    m_noise = new QDoubleSpinBox(this);
    m_noise->setObjectName("noise");
    setConfigPath(m_noise, "data.source.noise");
    m_noise->setDecimals(kNoiseDecimals);
    m_noise->setRange(0.0, kMaxNoise);
    m_noise->setSingleStep(0.01);
    m_classes = spinBox("classes", "data.source.classes", 0, kMaxClasses, this);
    m_classes->setSpecialValueText(tr("none (real-valued targets)"));
    m_samples->setToolTip(tr("N: the number of generated sequences."));
    m_timesteps->setToolTip(tr("T: time steps per sequence."));
    m_features->setToolTip(tr("F: values per time step."));
    m_noise->setToolTip(tr("Standard deviation of the noise added to the targets."));
    m_classes->setToolTip(
        tr("None: each sequence's target is a real number (mse, mae). 2 or more: the target "
           "is the class of that number among equally likely ranges, for "
           "sparse_categorical_crossentropy on a softmax with one unit per class."));

    auto* form = new QFormLayout(this);
    form->addRow(tr("Sa&mples:"), m_samples);
    form->addRow(tr("&Timesteps:"), m_timesteps);
    form->addRow(tr("F&eatures:"), m_features);
    form->addRow(tr("&Noise:"), m_noise);
    form->addRow(tr("C&lasses:"), m_classes);

    connect(m_samples, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.samples = value; }); });
    connect(m_timesteps, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.timesteps = value; }); });
    connect(m_features, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.features = value; }); });
    connect(m_noise, &QDoubleSpinBox::valueChanged, this,
            [this](double value) { change([value](DataConfig& d) { d.source.noise = value; }); });
    connect(m_classes, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.classes = value; }); });
}

DataSourceConfig SyntheticRegressionPage::defaultSource() const
{
    DataSourceConfig source = DataSourcePage::defaultSource();
    source.samples = kDefaultSamples;
    source.timesteps = kDefaultTimesteps;
    source.features = kDefaultFeatures;
    return source;
}

void SyntheticRegressionPage::fillFields(const DataSourceConfig& source)
{
    m_samples->setValue(spinValue(source.samples));
    m_timesteps->setValue(spinValue(source.timesteps));
    m_features->setValue(spinValue(source.features));
    m_noise->setValue(source.noise);
    m_classes->setValue(spinValue(source.classes));
}

}  // namespace es::ui
