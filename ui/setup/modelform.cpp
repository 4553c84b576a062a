#include "ui/setup/modelform.h"

#include "engine/config/configerror.h"
#include "engine/config/runconfig.h"
#include "engine/core/text.h"
#include "engine/data/npyfile.h"
#include "engine/data/npzarchive.h"
#include "ui/setup/layerfields.h"
#include "ui/setup/layersmodel.h"

#include <QtCore/QLocale>
#include <QtCore/QRegularExpression>
#include <QtGui/QAction>
#include <QtGui/QKeySequence>
#include <QtGui/QRegularExpressionValidator>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QHeaderView>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QMenu>
#include <QtWidgets/QTableView>
#include <QtWidgets/QToolButton>
#include <QtWidgets/QVBoxLayout>

namespace es::ui {

namespace {

// What a new layer starts with: small enough to train at once, Keras' usual choices.
constexpr int kNewRecurrentUnits = 64;
constexpr int kNewEmbeddingWidth = 64;
constexpr int kNewEmbeddingVocabulary = 10'000;
constexpr double kNewDropoutRate = 0.2;

QString layerTypeTitle(LayerType type)
{
    switch (type) {
        case LayerType::Embedding: return ModelForm::tr("Embedding");
        case LayerType::Lstm: return ModelForm::tr("LSTM");
        case LayerType::Gru: return ModelForm::tr("GRU");
        case LayerType::Bidirectional: return ModelForm::tr("Bidirectional");
        case LayerType::Dropout: return ModelForm::tr("Dropout");
        case LayerType::Dense: return ModelForm::tr("Dense");
    }
    return {};
}

QString shapeListText(const std::vector<std::int64_t>& shape)
{
    QStringList dims;
    for (std::int64_t dim : shape)
        dims << QString::number(dim);
    return dims.join(QStringLiteral(", "));
}

LayerConfig newLayer(LayerType type, const RunConfig& config)
{
    LayerConfig layer;
    layer.type = type;
    switch (type) {
        case LayerType::Embedding:
            layer.inputDim = config.data.source.type == DataSourceType::SyntheticTokens
                                 ? config.data.source.vocabSize
                                 : kNewEmbeddingVocabulary;
            layer.outputDim = kNewEmbeddingWidth;
            break;
        case LayerType::Lstm:
        case LayerType::Gru: layer.units = kNewRecurrentUnits; break;
        case LayerType::Bidirectional:
            // Bidirectional(LSTM(64)): Keras' usual start, the fused kernel in both directions.
            layer.wrapped = LayerType::Lstm;
            layer.units = kNewRecurrentUnits;
            break;
        case LayerType::Dropout: layer.rate = kNewDropoutRate; break;
        case LayerType::Dense: layer.units = 1; break;
    }
    return layer;
}

}  // namespace

ModelForm::ModelForm(QWidget* parent)
    : ConfigForm(parent),
      m_layers(new LayersModel(this)),
      m_table(new QTableView(this)),
      m_inputShape(new QLineEdit(this)),
      m_add(new QToolButton(this)),
      m_remove(new QToolButton(this)),
      m_up(new QToolButton(this)),
      m_down(new QToolButton(this)),
      m_totals(new QLabel(this)),
      m_layerTitle(new QLabel(this)),
      m_fields(new LayerFields(this))
{
    m_inputShape->setObjectName("input_shape");
    setConfigPath(m_inputShape, "model.input_shape");
    m_inputShape->setPlaceholderText(tr("from the data"));
    m_inputShape->setToolTip(
        tr("One sample's shape as keras.Input(shape=...) takes it: "
           "timesteps, features for float data; timesteps for token ids."));
    m_inputShape->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral(R"(\s*(\d+\s*(,\s*\d*\s*)?)?)")), m_inputShape));
    connect(m_inputShape, &QLineEdit::editingFinished, this, &ModelForm::applyInputShape);

    m_table->setModel(m_layers);
    m_table->setObjectName("layers");
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ModelForm::showSelectedLayer);

    auto* addMenu = new QMenu(m_add);
    for (LayerType type : kAllLayerTypes)
        addMenu->addAction(layerTypeTitle(type), this, [this, type] { addLayer(type); });
    m_add->setText(tr("&Add layer"));
    m_add->setMenu(addMenu);
    m_add->setPopupMode(QToolButton::InstantPopup);
    m_add->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_remove->setText(tr("Remove", "button: remove the selected layer"));
    m_remove->setToolTip(tr("Remove the selected layer (Delete)"));
    m_up->setText(tr("Up", "button: move the layer up"));
    m_up->setToolTip(tr("Move the selected layer up (Ctrl+Up)"));
    m_down->setText(tr("Down", "button: move the layer down"));
    m_down->setToolTip(tr("Move the selected layer down (Ctrl+Down)"));
    connect(m_remove, &QToolButton::clicked, this, &ModelForm::removeSelectedLayer);
    connect(m_up, &QToolButton::clicked, this, [this] { moveSelectedLayer(-1); });
    connect(m_down, &QToolButton::clicked, this, [this] { moveSelectedLayer(+1); });
    const auto tableShortcut = [this](const QKeySequence& keys, auto slot) {
        auto* action = new QAction(m_table);
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WidgetShortcut);
        connect(action, &QAction::triggered, this, slot);
        m_table->addAction(action);
    };
    tableShortcut(QKeySequence::Delete, [this] { removeSelectedLayer(); });
    tableShortcut(QKeySequence(Qt::CTRL | Qt::Key_Up), [this] { moveSelectedLayer(-1); });
    tableShortcut(QKeySequence(Qt::CTRL | Qt::Key_Down), [this] { moveSelectedLayer(+1); });

    connect(m_fields, &LayerFields::edited, this, &ModelForm::applyLayer);

    m_totals->setObjectName("model_totals");
    m_totals->setWordWrap(true);
    m_totals->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont titleFont = m_layerTitle->font();
    titleFont.setBold(true);
    m_layerTitle->setFont(titleFont);

    auto* inputRow = new QFormLayout();
    inputRow->addRow(tr("&Input shape:"), m_inputShape);
    auto* buttons = new QHBoxLayout();
    for (QToolButton* button : {m_add, m_remove, m_up, m_down})
        buttons->addWidget(button);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(inputRow);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_totals);
    layout->addWidget(m_layerTitle);
    layout->addWidget(m_fields);
    // The table was made before the input shape: Tab goes down the form as it reads.
    QWidget::setTabOrder(m_inputShape, m_table);
    refresh(-1);
}

void ModelForm::showConfig(const RunConfig& config)
{
    const int row = selectedLayer();
    m_config = config;
    m_issues.clear();
    m_filling = true;
    m_inputShape->setText(shapeListText(config.model.inputShape));
    m_filling = false;
    refresh(row);
}

int ModelForm::markProblems(const std::vector<ConfigIssue>& issues)
{
    m_issues = issues;
    m_layers->setIssues(issues);
    int shown = ConfigForm::markProblems(issues);
    m_fields->revealIssues(issues);
    for (const ConfigIssue& issue : issues)
        shown += layerIndexOfPath(issue.path) >= 0 && !issue.path.empty() ? 1 : 0;
    return shown;
}

std::optional<std::vector<std::int64_t>> ModelForm::inputShape() const
{
    if (std::optional<std::vector<std::int64_t>> declared = declaredInputShape(m_config))
        return declared;
    // .npy/.npz data: the first axis counts samples, the rest is one sample. Reading a header
    // costs a few hundred bytes, not the array.
    DataSourceConfig source = m_config.data.source;
    resolveDataPaths(source, m_baseDirectory.toStdString());
    try {
        std::vector<std::int64_t> shape;
        if (source.type == DataSourceType::Npy && !source.x.empty()) {
            shape = inspectNpyFile(source.x).shape;
        } else if (source.type == DataSourceType::Npz && !source.path.empty()) {
            const std::vector<NpzMember> members = listNpzArrays(source.path);
            std::vector<std::string> names;
            for (const NpzMember& member : members)
                names.push_back(member.name);
            const std::string x = source.x.empty() ? pickDefaultArrays(names).xTrain : source.x;
            for (const NpzMember& member : members)
                if (member.name == x)
                    shape = member.info.shape;
        }
        if (shape.size() >= 2)
            return std::vector<std::int64_t>(shape.begin() + 1, shape.end());
    } catch (const std::exception&) {
        // An unreadable file is the Data tab's to report; here the totals just stay unknown.
    }
    return std::nullopt;
}

void ModelForm::refresh(int selectRow)
{
    std::optional<ModelSummary> summary;
    QString totals;
    if (const std::optional<std::vector<std::int64_t>> shape = inputShape()) {
        try {
            summary = summarizeModel(m_config.model, *shape);
            const double perBatch = summary->trainingFlopsPerBatch(m_config.data.batchSize);
            totals = tr("%1 parameters · %2 per training batch of %3 · input (%4)")
                         .arg(QLocale().toString(static_cast<qlonglong>(summary->totalParams)))
                         .arg(QString::fromStdString(formatDecimalUnits(perBatch, "FLOP")))
                         .arg(m_config.data.batchSize)
                         .arg(shapeListText(*shape));
        } catch (const ConfigError& error) {
            const ConfigIssue& first = error.issues().front();
            totals =
                tr("Parameters unknown: %1").arg(QString::fromStdString(configIssueText(first)));
        }
    } else {
        totals =
            tr("Parameters and FLOPs appear once the input shape is known: set it above "
               "or choose the data files.");
    }
    m_totals->setText(totals);
    m_layers->setLayers(m_config.model, summary, m_config.data.batchSize);
    m_layers->setIssues(m_issues);
    const int rows = m_layers->rowCount();
    selectLayer(rows == 0 ? -1 : std::clamp(selectRow, 0, rows - 1));
}

void ModelForm::selectLayer(int row)
{
    if (row < 0 || row >= m_layers->rowCount())
        m_table->selectionModel()->clearSelection();
    else
        m_table->selectRow(row);
    showSelectedLayer();
}

int ModelForm::selectedLayer() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.front().row();
}

void ModelForm::showSelectedLayer()
{
    const int row = selectedLayer();
    const int layers = static_cast<int>(m_config.model.layers.size());
    m_remove->setEnabled(row >= 0);
    m_up->setEnabled(row > 0);
    m_down->setEnabled(row >= 0 && row < layers - 1);
    if (row < 0 || row >= layers) {
        m_layerTitle->clear();
        m_fields->showNothing();
        return;
    }
    const LayerConfig& layer = m_config.model.layers[row];
    m_layerTitle->setText(tr("%1 (%2)").arg(
        m_layers->index(row, LayersModel::Name).data().toString(), layerTypeTitle(layer.type)));
    m_fields->showLayer(layer, QStringLiteral("model.layers[%1]").arg(row));
    ConfigForm::markProblems(m_issues);
    m_fields->revealIssues(m_issues);
}

void ModelForm::applyLayer(const LayerConfig& layer)
{
    const int row = selectedLayer();
    if (row < 0)
        return;
    m_config.model.layers[row] = layer;
    emitEdited();
}

void ModelForm::applyInputShape()
{
    if (m_filling)
        return;
    std::vector<std::int64_t> shape;
    for (const QString& dim : m_inputShape->text().split(',', Qt::SkipEmptyParts)) {
        if (!dim.trimmed().isEmpty())
            shape.push_back(dim.trimmed().toLongLong());
    }
    if (shape == m_config.model.inputShape)
        return;
    m_config.model.inputShape = shape;
    emitEdited();
}

void ModelForm::addLayer(LayerType type)
{
    std::vector<LayerConfig>& layers = m_config.model.layers;
    // An embedding reads token ids, so it can only come first.
    int at = type == LayerType::Embedding ? 0 : selectedLayer() + 1;
    if (at <= 0 && type != LayerType::Embedding)
        at = static_cast<int>(layers.size());
    layers.insert(layers.begin() + at, newLayer(type, m_config));
    if (isRecurrent(layers[at])) {
        // Keras' rule for stacks: every recurrent layer that feeds another returns its whole
        // sequence.
        if (at > 0 && isRecurrent(layers[at - 1]))
            layers[at - 1].returnSequences = true;
        if (at + 1 < static_cast<int>(layers.size()) && isRecurrent(layers[at + 1]))
            layers[at].returnSequences = true;
    }
    refresh(at);
    Q_EMIT edited(m_config);
}

void ModelForm::removeSelectedLayer()
{
    const int row = selectedLayer();
    if (row < 0)
        return;
    m_config.model.layers.erase(m_config.model.layers.begin() + row);
    m_issues.clear();  // their indices no longer match; the next check brings fresh ones
    refresh(row);
    Q_EMIT edited(m_config);
}

void ModelForm::moveSelectedLayer(int offset)
{
    const int row = selectedLayer();
    const int target = row + offset;
    std::vector<LayerConfig>& layers = m_config.model.layers;
    if (row < 0 || target < 0 || target >= static_cast<int>(layers.size()))
        return;
    std::swap(layers[row], layers[target]);
    m_issues.clear();
    refresh(target);
    Q_EMIT edited(m_config);
}

void ModelForm::emitEdited()
{
    const int row = selectedLayer();
    refresh(row);
    Q_EMIT edited(m_config);
}

QString ModelForm::totalsText() const
{
    return m_totals->text();
}

}  // namespace es::ui
