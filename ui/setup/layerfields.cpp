#include "ui/setup/layerfields.h"

#include "ui/setup/configform.h"
#include "ui/setup/formwidgets.h"
#include "ui/setup/layersmodel.h"

#include <QtWidgets/QCheckBox>
#include <QtWidgets/QDoubleSpinBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QStackedWidget>
#include <QtWidgets/QStyle>
#include <QtWidgets/QToolButton>
#include <QtWidgets/QVBoxLayout>

#include <functional>
#include <utility>

namespace es::ui {

namespace {

// The ranges the config parser accepts (docs/config.md).
constexpr int kMaxWidth = 1 << 16;
constexpr int kMaxVocabulary = 1 << 24;
constexpr int kRateDecimals = 3;
constexpr int kL2Decimals = 6;
constexpr double kMaxRate = 0.999;
constexpr double kMaxL2 = 1.0;

/// Where a field goes and which part of the config it stands for.
enum FieldFlag {
    kMain = 0,
    kAdvanced = 1,         ///< in the collapsed section
    kRecurrentOption = 2,  ///< under "layer" in a bidirectional layer
};

template <typename T>
bool keepsDefault(const LayerConfig& layer, T LayerConfig::*member)
{
    return layer.*member == LayerConfig{}.*member;
}

}  // namespace

/// One field: its widget, its key under the layer, and how it shows and edits a layer.
struct LayerField {
    QWidget* widget = nullptr;
    QString key;  ///< "units", "merge_mode", "layer.type"
    int flags = kMain;
    int page = 0;
    QFormLayout* layout = nullptr;  ///< the form its row is in
    std::function<void(const LayerConfig&)> show;
    std::function<void(LayerConfig&)> read;
    std::function<bool(const LayerConfig&)> isDefault;
    /// Whether the field is one of the shown layer's (null: always).
    std::function<bool(const LayerConfig&)> applies;
};

struct LayerPage {
    QWidget* widget = nullptr;
    QVBoxLayout* column = nullptr;
    QFormLayout* main = nullptr;
    QToolButton* toggle = nullptr;  ///< null: the page has no advanced section
    QWidget* advancedBox = nullptr;
    QFormLayout* advanced = nullptr;
    QString advancedTitle;
    std::vector<LayerField> fields;
};

namespace {

QSpinBox* widthBox(int maximum, QWidget* parent)
{
    auto* box = new QSpinBox(parent);
    box->setRange(1, maximum);
    return box;
}

QDoubleSpinBox* fractionBox(double maximum, int decimals, QWidget* parent)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setDecimals(decimals);
    box->setRange(0.0, maximum);
    box->setSingleStep(maximum >= 1.0 ? 1e-4 : 0.05);
    return box;
}

LayerField named(QWidget* widget, const char* key, int flags, const QString& toolTip)
{
    widget->setObjectName(QString::fromLatin1(key).replace('.', '_'));
    widget->setToolTip(toolTip);
    LayerField field;
    field.widget = widget;
    field.key = QString::fromLatin1(key);
    field.flags = flags;
    return field;
}

LayerField widthField(QSpinBox* box, const char* key, int flags, std::int64_t LayerConfig::*member,
                      const QString& toolTip)
{
    LayerField field = named(box, key, flags, toolTip);
    field.show = [box, member](const LayerConfig& layer) {
        box->setValue(static_cast<int>(layer.*member));
    };
    field.read = [box, member](LayerConfig& layer) { layer.*member = box->value(); };
    field.isDefault = [member](const LayerConfig& layer) { return keepsDefault(layer, member); };
    return field;
}

LayerField numberField(QDoubleSpinBox* box, const char* key, int flags, double LayerConfig::*member,
                       const QString& toolTip)
{
    LayerField field = named(box, key, flags, toolTip);
    field.show = [box, member](const LayerConfig& layer) { box->setValue(layer.*member); };
    field.read = [box, member](LayerConfig& layer) { layer.*member = box->value(); };
    field.isDefault = [member](const LayerConfig& layer) { return keepsDefault(layer, member); };
    return field;
}

LayerField flagField(QCheckBox* box, const char* key, int flags, bool LayerConfig::*member,
                     const QString& toolTip)
{
    LayerField field = named(box, key, flags, toolTip);
    field.show = [box, member](const LayerConfig& layer) { box->setChecked(layer.*member); };
    field.read = [box, member](LayerConfig& layer) { layer.*member = box->isChecked(); };
    field.isDefault = [member](const LayerConfig& layer) { return keepsDefault(layer, member); };
    return field;
}

template <typename Enum, std::size_t N, typename KeyOf>
LayerField choiceField(const std::array<Enum, N>& values, KeyOf keyOf, QWidget* parent,
                       const char* key, int flags, Enum LayerConfig::*member,
                       const QString& toolTip)
{
    QComboBox* combo = enumCombo(values, keyOf, parent);
    LayerField field = named(combo, key, flags, toolTip);
    field.show = [combo, member](const LayerConfig& layer) { selectData(combo, layer.*member); };
    field.read = [combo, member](LayerConfig& layer) { layer.*member = selectedData<Enum>(combo); };
    field.isDefault = [member](const LayerConfig& layer) { return keepsDefault(layer, member); };
    return field;
}

LayerField initializerField(QWidget* parent, const char* key, int flags,
                            Initializer LayerConfig::*member, const QString& toolTip)
{
    return choiceField(kAllInitializers, initializerKey, parent, key, flags, member, toolTip);
}

}  // namespace

LayerFields::LayerFields(QWidget* parent)
    : QWidget(parent), m_pages(new QStackedWidget(this)), m_kernelNote(new QLabel(this))
{
    // Built in the order the pages and their rows are shown, so that Tab follows the rows.
    buildEmbeddingPage();
    buildRecurrentPage();
    buildDropoutPage();
    buildDensePage();
    auto* hint = new QLabel(tr("Select a layer to edit it."), m_pages);
    hint->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_pages->addWidget(hint);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_pages);
    // Tab goes down the rows, then to the advanced section's toggle and into it (the toggle
    // was made with the page, before its rows).
    for (const std::unique_ptr<LayerPage>& page : m_pageFields) {
        std::vector<QWidget*> order;
        for (const LayerField& field : page->fields)
            if ((field.flags & kAdvanced) == 0)
                order.push_back(field.widget);
        if (page->toggle)
            order.push_back(page->toggle);
        for (const LayerField& field : page->fields)
            if ((field.flags & kAdvanced) != 0)
                order.push_back(field.widget);
        for (std::size_t i = 1; i < order.size(); ++i)
            QWidget::setTabOrder(order[i - 1], order[i]);
    }
    showNothing();
}

LayerFields::~LayerFields() = default;

LayerFields::PageIndex LayerFields::pageOf(LayerType type)
{
    switch (type) {
        case LayerType::Embedding: return EmbeddingPage;
        case LayerType::Lstm:
        case LayerType::Gru:
        case LayerType::Bidirectional: return RecurrentPage;
        case LayerType::Dropout: return DropoutPage;
        case LayerType::Dense: return DensePage;
    }
    return DensePage;
}

LayerPage& LayerFields::newPage(PageIndex index, const QString& advancedOptions)
{
    auto page = std::make_unique<LayerPage>();
    page->widget = new QWidget(m_pages);
    page->column = new QVBoxLayout(page->widget);
    page->column->setContentsMargins(0, 0, 0, 0);
    page->main = new QFormLayout();
    page->column->addLayout(page->main);
    if (!advancedOptions.isEmpty()) {
        // A short title: the dock is narrow, and a long one set the tab's minimum width.
        page->advancedTitle = tr("Advanced option&s");
        page->toggle = new QToolButton(page->widget);
        page->toggle->setObjectName("advanced");
        page->toggle->setCheckable(true);
        page->toggle->setAutoRaise(true);
        page->toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        page->toggle->setArrowType(Qt::RightArrow);
        page->toggle->setToolTip(
            tr("%1: options most models leave at Keras' defaults; the count says how many this "
               "layer changes.")
                .arg(advancedOptions));
        page->advancedBox = new QWidget(page->widget);
        page->advanced = new QFormLayout(page->advancedBox);
        page->advanced->setContentsMargins(0, 0, 0, 0);
        page->advancedBox->hide();
        QToolButton* toggle = page->toggle;
        QWidget* box = page->advancedBox;
        connect(toggle, &QToolButton::toggled, this, [toggle, box](bool open) {
            toggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
            box->setVisible(open);
        });
        page->column->addWidget(page->toggle, 0, Qt::AlignLeft);
        page->column->addWidget(page->advancedBox);
    }
    page->column->addStretch(1);
    m_pages->insertWidget(index, page->widget);
    m_pageFields[index] = std::move(page);
    return *m_pageFields[index];
}

void LayerFields::addRow(LayerPage& page, const QString& label, LayerField field)
{
    field.layout = (field.flags & kAdvanced) != 0 ? page.advanced : page.main;
    field.page = m_pages->indexOf(page.widget);
    if (label.isEmpty())
        field.layout->addRow(field.widget);
    else
        field.layout->addRow(label, field.widget);
    QWidget* widget = field.widget;
    const std::size_t index = page.fields.size();
    page.fields.push_back(std::move(field));
    const auto edit = [this, &page, index] { applyEdit(page.fields[index]); };
    if (auto* spin = qobject_cast<QSpinBox*>(widget))
        connect(spin, &QSpinBox::valueChanged, this, edit);
    else if (auto* number = qobject_cast<QDoubleSpinBox*>(widget))
        connect(number, &QDoubleSpinBox::valueChanged, this, edit);
    else if (auto* box = qobject_cast<QCheckBox*>(widget))
        connect(box, &QCheckBox::toggled, this, edit);
    else if (auto* combo = qobject_cast<QComboBox*>(widget))
        connect(combo, &QComboBox::currentIndexChanged, this, edit);
}

void LayerFields::buildEmbeddingPage()
{
    LayerPage& page = newPage(EmbeddingPage, tr("The embeddings initializer"));
    QWidget* parent = page.widget;
    addRow(page, tr("&Vocabulary (input_dim):"),
           widthField(widthBox(kMaxVocabulary, parent), "input_dim", kMain, &LayerConfig::inputDim,
                      tr("Keras' input_dim: the vocabulary size; token ids run from 0 to "
                         "input_dim - 1.")));
    addRow(page, tr("&Width (output_dim):"),
           widthField(widthBox(kMaxWidth, parent), "output_dim", kMain, &LayerConfig::outputDim,
                      tr("Keras' output_dim: the width of each token's vector.")));
    addRow(page, QString(),
           flagField(new QCheckBox(tr("&Mask zero: token 0 is padding"), parent), "mask_zero",
                     kMain, &LayerConfig::maskZero,
                     tr("Keras' mask_zero: token id 0 is padding; the recurrent layers carry "
                        "their state and output through padded steps.")));
    addRow(page, tr("Embeddings initializer:"),
           initializerField(parent, "embeddings_initializer", kAdvanced,
                            &LayerConfig::embeddingsInitializer,
                            tr("Keras' embeddings_initializer: how the token vectors start.")));
}

void LayerFields::buildRecurrentPage()
{
    LayerPage& page = newPage(
        RecurrentPage,
        tr("Go backwards, bias, unit forget bias or reset after, unroll, L2 and initializers"));
    QWidget* parent = page.widget;
    // The note, with the mark the layer's row has in the table.
    auto* noteRow = new QWidget(parent);
    auto* noteLayout = new QHBoxLayout(noteRow);
    noteLayout->setContentsMargins(0, 0, 0, 0);
    auto* noteIcon = new QLabel(noteRow);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize);
    noteIcon->setPixmap(
        style()->standardIcon(QStyle::SP_MessageBoxInformation).pixmap(iconSize, iconSize));
    noteIcon->setAlignment(Qt::AlignTop);
    noteLayout->addWidget(noteIcon);
    noteLayout->addWidget(m_kernelNote, 1);
    m_kernelNote->setParent(noteRow);
    m_kernelNote->setObjectName("kernel_note");
    m_kernelNote->setWordWrap(true);
    m_kernelNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_kernelNote->setToolTip(
        tr("The fused kernels (oneDNN on the CPU, cuDNN on a GPU) run Keras' defaults only; "
           "with these options the layer runs step by step, as Keras runs it too."));
    page.column->insertWidget(0, noteRow);
    const auto bidirectional = [](const LayerConfig& layer) {
        return layer.type == LayerType::Bidirectional;
    };
    const int recurrent = kRecurrentOption;
    const int advanced = kAdvanced | kRecurrentOption;

    LayerField wrapped = choiceField(
        kWrappableLayerTypes, layerTypeKey, parent, "layer.type", kMain, &LayerConfig::wrapped,
        tr("The layer Bidirectional wraps (Keras' layer argument): it runs once forward and once "
           "backward over each sequence."));
    wrapped.applies = bidirectional;
    addRow(page, tr("&Wrapped layer:"), std::move(wrapped));
    LayerField merge = choiceField(
        kAllMergeModes, mergeModeKey, parent, "merge_mode", kMain, &LayerConfig::mergeMode,
        tr("Keras' merge_mode: how the forward and backward outputs combine; concat "
           "doubles the width, sum, mul and ave keep it."));
    merge.applies = bidirectional;
    addRow(page, tr("&Merge mode:"), std::move(merge));
    addRow(page, tr("&Units:"),
           widthField(widthBox(kMaxWidth, parent), "units", recurrent, &LayerConfig::units,
                      tr("Keras' units: the hidden state's width (of each direction in a "
                         "bidirectional layer).")));
    addRow(page, QString(),
           flagField(new QCheckBox(tr("Return the whole se&quence"), parent), "return_sequences",
                     recurrent, &LayerConfig::returnSequences,
                     tr("Keras' return_sequences: on for every recurrent layer that feeds "
                        "another.")));
    addRow(page, tr("Ac&tivation:"),
           choiceField(kRecurrentActivations, activationKey, parent, "activation", recurrent,
                       &LayerConfig::cellActivation,
                       tr("Keras' activation: the cell's activation; the fused kernels run "
                          "tanh only.")));
    addRow(page, tr("Recurrent activatio&n:"),
           choiceField(kRecurrentActivations, activationKey, parent, "recurrent_activation",
                       recurrent, &LayerConfig::recurrentActivation,
                       tr("Keras' recurrent_activation: the gates' activation; the fused kernels "
                          "run sigmoid only (hard_sigmoid_keras2 is Keras 2's default).")));
    addRow(page, tr("Input &dropout:"),
           numberField(fractionBox(kMaxRate, kRateDecimals, parent), "dropout", recurrent,
                       &LayerConfig::dropout,
                       tr("Keras' dropout: on the layer's input, one mask for all time steps.")));
    addRow(page, tr("Recurrent dr&opout:"),
           numberField(fractionBox(kMaxRate, kRateDecimals, parent), "recurrent_dropout", recurrent,
                       &LayerConfig::recurrentDropout,
                       tr("Keras' recurrent_dropout: on the hidden state, one mask for all time "
                          "steps; above 0 the layer runs on the step loop.")));
    QWidget* box = page.advancedBox;
    addRow(page, QString(),
           flagField(new QCheckBox(tr("&Go backwards"), box), "go_backwards", advanced,
                     &LayerConfig::goBackwards,
                     tr("Keras' go_backwards: read each sequence from its last step to its "
                        "first.")));
    addRow(page, QString(),
           flagField(new QCheckBox(tr("Use bias"), box), "use_bias", advanced,
                     &LayerConfig::useBias, tr("Keras' use_bias: whether the layer adds biases.")));
    LayerField forgetBias =
        flagField(new QCheckBox(tr("Unit forget bias"), box), "unit_forget_bias", advanced,
                  &LayerConfig::unitForgetBias,
                  tr("Keras' unit_forget_bias (LSTM): the forget gate's bias starts at 1."));
    forgetBias.applies = [](const LayerConfig& layer) {
        return recurrentCell(layer) == LayerType::Lstm;
    };
    addRow(page, QString(), std::move(forgetBias));
    LayerField resetAfter = flagField(
        new QCheckBox(tr("Reset after"), box), "reset_after", advanced, &LayerConfig::resetAfter,
        tr("Keras' reset_after (GRU): apply the reset gate after the recurrent matrix, as "
           "Keras does since 2.3 and cuDNN does; off is Keras' original GRU, which no fused "
           "kernel runs."));
    resetAfter.applies = [](const LayerConfig& layer) {
        return recurrentCell(layer) == LayerType::Gru;
    };
    addRow(page, QString(), std::move(resetAfter));
    addRow(page, QString(),
           flagField(new QCheckBox(tr("Unroll"), box), "unroll", advanced, &LayerConfig::unroll,
                     tr("Keras' unroll: Keras unrolls the loop into one graph; here it keeps the "
                        "layer off the fused kernel, as it does in Keras.")));
    addRow(page, tr("&Kernel L2:"),
           numberField(fractionBox(kMaxL2, kL2Decimals, box), "kernel_l2", advanced,
                       &LayerConfig::kernelL2,
                       tr("Keras' kernel_regularizer=l2(...): adds kernel_l2 * sum(W_ih^2) to the "
                          "loss.")));
    addRow(page, tr("Recurrent L&2:"),
           numberField(fractionBox(kMaxL2, kL2Decimals, box), "recurrent_l2", advanced,
                       &LayerConfig::recurrentL2,
                       tr("Keras' recurrent_regularizer=l2(...): adds recurrent_l2 * "
                          "sum(W_hh^2) to the loss.")));
    addRow(page, tr("Kernel initializer:"),
           initializerField(box, "kernel_initializer", advanced, &LayerConfig::kernelInitializer,
                            tr("Keras' kernel_initializer: how the input weights start.")));
    addRow(
        page, tr("Recurrent initializer:"),
        initializerField(box, "recurrent_initializer", advanced, &LayerConfig::recurrentInitializer,
                         tr("Keras' recurrent_initializer: how the recurrent weights start.")));
    addRow(page, tr("Bias initializer:"),
           initializerField(box, "bias_initializer", advanced, &LayerConfig::biasInitializer,
                            tr("Keras' bias_initializer: how the biases start.")));
}

void LayerFields::buildDropoutPage()
{
    LayerPage& page = newPage(DropoutPage, QString());
    addRow(page, tr("&Rate:"),
           numberField(fractionBox(kMaxRate, kRateDecimals, page.widget), "rate", kMain,
                       &LayerConfig::rate,
                       tr("Keras' rate: the fraction of the inputs set to zero while "
                          "training.")));
}

void LayerFields::buildDensePage()
{
    LayerPage& page = newPage(DensePage, tr("Bias and initializers"));
    QWidget* parent = page.widget;
    addRow(page, tr("&Units:"),
           widthField(widthBox(kMaxWidth, parent), "units", kMain, &LayerConfig::units,
                      tr("Keras' units: the output's width.")));
    addRow(page, tr("Ac&tivation:"),
           choiceField(kAllActivations, activationKey, parent, "activation", kMain,
                       &LayerConfig::activation, tr("Keras' activation: applied to the output.")));
    QWidget* box = page.advancedBox;
    addRow(page, QString(),
           flagField(new QCheckBox(tr("Use bias"), box), "use_bias", kAdvanced,
                     &LayerConfig::useBias, tr("Keras' use_bias: whether the layer adds biases.")));
    addRow(page, tr("Kernel initializer:"),
           initializerField(box, "kernel_initializer", kAdvanced, &LayerConfig::kernelInitializer,
                            tr("Keras' kernel_initializer: how the weights start.")));
    addRow(page, tr("Bias initializer:"),
           initializerField(box, "bias_initializer", kAdvanced, &LayerConfig::biasInitializer,
                            tr("Keras' bias_initializer: how the biases start.")));
}

void LayerFields::showLayer(const LayerConfig& layer, const QString& path)
{
    m_layer = layer;
    m_path = path;
    const PageIndex index = pageOf(layer.type);
    m_filling = true;
    for (const LayerField& field : m_pageFields[index]->fields)
        field.show(layer);
    m_filling = false;
    m_pages->setCurrentIndex(index);
    updatePage();
}

void LayerFields::showNothing()
{
    m_path.clear();
    m_pages->setCurrentIndex(PageCount);
    updatePage();
}

void LayerFields::updatePage()
{
    const int current = m_pages->currentIndex();
    for (std::size_t index = 0; index < m_pageFields.size(); ++index) {
        LayerPage& page = *m_pageFields[index];
        const bool shown = static_cast<int>(index) == current;
        int changed = 0;
        for (const LayerField& field : page.fields) {
            const bool applies = shown && (!field.applies || field.applies(m_layer));
            if (shown)
                field.layout->setRowVisible(field.widget, applies);
            // Only the shown layer's fields stand for a config path: an issue of another layer
            // must not mark a field that shows this one.
            QString path;
            if (applies) {
                const bool nested = (field.flags & kRecurrentOption) != 0 &&
                                    m_layer.type == LayerType::Bidirectional;
                path =
                    m_path + (nested ? QStringLiteral(".layer.") : QStringLiteral(".")) + field.key;
            }
            setConfigPath(field.widget, path);
            if (applies && (field.flags & kAdvanced) != 0 && !field.isDefault(m_layer))
                ++changed;
        }
        if (page.toggle) {
            page.toggle->setText(changed == 0 ? page.advancedTitle
                                              : tr("%1 (%n changed)",
                                                   "advanced options: how many differ from Keras' "
                                                   "defaults",
                                                   changed)
                                                    .arg(page.advancedTitle));
        }
    }
    const QString note = current == RecurrentPage ? LayersModel::stepLoopNote(m_layer) : QString();
    m_kernelNote->setText(note);
    m_kernelNote->parentWidget()->setVisible(!note.isEmpty());
}

void LayerFields::applyEdit(const LayerField& field)
{
    // A field of another page, or one that is not the shown layer's (a GRU's unit forget bias),
    // edits nothing even when a program sets it.
    if (m_filling || field.page != m_pages->currentIndex() ||
        (field.applies && !field.applies(m_layer)))
        return;
    field.read(m_layer);
    updatePage();
    Q_EMIT edited(m_layer);
}

void LayerFields::revealIssues(const std::vector<ConfigIssue>& issues)
{
    const int current = m_pages->currentIndex();
    if (current >= PageCount)
        return;
    LayerPage& page = *m_pageFields[current];
    if (!page.toggle)
        return;
    for (const LayerField& field : page.fields) {
        const std::string path =
            field.widget->property(kConfigPathProperty).toString().toStdString();
        if ((field.flags & kAdvanced) == 0 || path.empty())
            continue;
        for (const ConfigIssue& issue : issues) {
            if (issue.path == path || issue.path.rfind(path + ".", 0) == 0) {
                page.toggle->setChecked(true);
                return;
            }
        }
    }
}

}  // namespace es::ui
