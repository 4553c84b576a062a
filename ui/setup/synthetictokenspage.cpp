#include "ui/setup/synthetictokenspage.h"

#include "ui/setup/configform.h"
#include "ui/setup/formwidgets.h"

#include <QtWidgets/QComboBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QSpinBox>

#include <cstdint>

namespace es::ui {

namespace {

constexpr int kMinVocabulary = 4;  // padding, a positive, a negative and a neutral word
constexpr int kTokenMaxVocabulary = 1 << 24;
constexpr int kTokenMaxClasses = 1000;  // the config's bound

// What the type shows the first time it is picked: small enough to train in seconds on a CPU.
constexpr std::int64_t kTokenDefaultSamples = 1024;
constexpr std::int64_t kTokenDefaultTimesteps = 100;
constexpr std::int64_t kDefaultVocabulary = 1000;

}  // namespace

SyntheticTokensPage::SyntheticTokensPage(QWidget* parent)
    : DataSourcePage(DataSourceType::SyntheticTokens, parent)
{
    m_samples = spinBox("samples", "data.source.samples", 1, kMaxSpinValue, this);
    m_timesteps = spinBox("timesteps", "data.source.timesteps", 1, kMaxTimesteps, this);
    m_vocabSize =
        spinBox("vocab_size", "data.source.vocab_size", kMinVocabulary, kTokenMaxVocabulary, this);
    m_classes = spinBox("classes", "data.source.classes", 2, kTokenMaxClasses, this);
    m_padding = enumCombo(kAllPaddings, paddingKey, this);
    m_padding->setObjectName("padding");
    setConfigPath(m_padding, "data.source.padding");
    m_samples->setToolTip(tr("N: the number of generated reviews."));
    m_timesteps->setToolTip(tr("T: tokens per review; shorter reviews are padded with id 0."));
    m_vocabSize->setToolTip(
        tr("Distinct token ids, at least 4 (and the classes + 2). The embedding's input_dim must "
           "be at least this large."));
    m_classes->setToolTip(
        tr("2: each review is labelled 0 or 1 (binary_crossentropy on one sigmoid unit). More: "
           "a class id per review, for sparse_categorical_crossentropy on a softmax with one "
           "unit per class."));
    m_padding->setToolTip(
        tr("Where a short review's padding goes. \"pre\" (Keras' pad_sequences default) keeps a "
           "mask_zero model off the fused LSTM kernel; \"post\" lets it stay on it."));

    auto* form = new QFormLayout(this);
    form->addRow(tr("Sa&mples:"), m_samples);
    form->addRow(tr("&Timesteps:"), m_timesteps);
    form->addRow(tr("V&ocabulary size:"), m_vocabSize);
    form->addRow(tr("C&lasses:"), m_classes);
    form->addRow(tr("&Padding:"), m_padding);

    connect(m_samples, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.samples = value; }); });
    connect(m_timesteps, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.timesteps = value; }); });
    connect(m_vocabSize, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.vocabSize = value; }); });
    connect(m_classes, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.classes = value; }); });
    connect(m_padding, &QComboBox::currentIndexChanged, this, [this] {
        const Padding padding = selectedData<Padding>(m_padding);
        change([padding](DataConfig& d) { d.source.padding = padding; });
    });
}

DataSourceConfig SyntheticTokensPage::defaultSource() const
{
    DataSourceConfig source = DataSourcePage::defaultSource();
    source.samples = kTokenDefaultSamples;
    source.timesteps = kTokenDefaultTimesteps;
    source.vocabSize = kDefaultVocabulary;
    return source;
}

void SyntheticTokensPage::fillFields(const DataSourceConfig& source)
{
    m_samples->setValue(spinValue(source.samples));
    m_timesteps->setValue(spinValue(source.timesteps));
    m_vocabSize->setValue(spinValue(source.vocabSize));
    m_classes->setValue(spinValue(targetClasses(source)));
    selectData(m_padding, source.padding);
}

}  // namespace es::ui
