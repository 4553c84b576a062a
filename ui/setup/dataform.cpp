#include "setup/dataform.h"

#include "setup/columnlisttext.h"
#include "setup/datainspector.h"
#include "setup/droppedfiles.h"
#include "setup/formwidgets.h"

#include <QtCore/QDir>
#include <QtCore/QFileInfo>
#include <QtCore/QTimer>
#include <QtGui/QDragEnterEvent>
#include <QtGui/QDropEvent>
#include <QtGui/QFontDatabase>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDoubleSpinBox>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QGroupBox>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPlainTextEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QSpinBox>
#include <QtWidgets/QStackedWidget>
#include <QtWidgets/QVBoxLayout>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>

namespace es::ui {

namespace {

// The ranges the config parser accepts (docs/config.md), cut to what a QSpinBox holds: the
// parser's 2^32 samples and batch size are beyond a signed int, and far beyond memory anyway.
constexpr int kMaxSpinValue = std::numeric_limits<int>::max();
constexpr int kMaxTimesteps = 1 << 20;
constexpr int kMaxFeatures = 1 << 16;
constexpr int kMinVocabulary = 4;  // padding, a positive, a negative and a neutral word
constexpr int kMaxVocabulary = 1 << 24;
constexpr int kMaxPrefetch = 64;
// The parser takes any noise >= 0; a spin box needs a top, and this one drowns any signal.
constexpr double kMaxNoise = 1e6;
constexpr int kNoiseDecimals = 4;
// The brief's range for the split: 0.99 already leaves one sample in a hundred to train.
constexpr double kMaxValidationSplit = 0.99;
constexpr int kValidationSplitDecimals = 3;
constexpr double kValidationSplitStep = 0.05;
// Typing a path calls for a description only once the typing pauses.
constexpr int kPreviewDelayMs = 300;

// What a type shows the first time it is picked: small enough to train in seconds on a CPU.
constexpr std::int64_t kDefaultSamples = 1024;
constexpr std::int64_t kDefaultRegressionTimesteps = 32;
constexpr std::int64_t kDefaultFeatures = 4;
constexpr std::int64_t kDefaultTokenTimesteps = 100;
constexpr std::int64_t kDefaultVocabulary = 1000;
constexpr std::int64_t kDefaultWindow = 32;

std::size_t sourceIndex(DataSourceType type)
{
    return static_cast<std::size_t>(type);
}

int spinValue(std::int64_t value)
{
    return static_cast<int>(std::clamp<std::int64_t>(value, 0, kMaxSpinValue));
}

/// setText() moves the cursor to the end; a refill while the user types must not.
void setTextIfChanged(QLineEdit* field, const QString& text)
{
    if (field->text() != text)
        field->setText(text);
}

void setEditTextIfChanged(QComboBox* field, const QString& text)
{
    if (field->currentText() != text)
        field->setEditText(text);
}

QString fromConfig(const std::string& text)
{
    return QString::fromStdString(text);
}

QLabel* buddyLabel(const QString& text, QWidget* buddy, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

QSpinBox* spinBox(const char* objectName, const QString& configPath, int minimum, int maximum,
                  QWidget* parent)
{
    auto* box = new QSpinBox(parent);
    box->setObjectName(QLatin1String(objectName));
    box->setRange(minimum, maximum);
    setConfigPath(box, configPath);
    return box;
}

}  // namespace

DataForm::DataForm(QWidget* parent)
    : ConfigForm(parent),
      m_type(enumCombo(kAllDataSourceTypes, dataSourceKey, this)),
      m_pages(new QStackedWidget(this)),
      m_preview(new QPlainTextEdit(this)),
      m_previewDelay(new QTimer(this)),
      m_inspector(new DataInspector(this))
{
    m_sources[sourceIndex(DataSourceType::SyntheticRegression)] = [] {
        DataSourceConfig source;
        source.type = DataSourceType::SyntheticRegression;
        source.samples = kDefaultSamples;
        source.timesteps = kDefaultRegressionTimesteps;
        source.features = kDefaultFeatures;
        return source;
    }();
    m_sources[sourceIndex(DataSourceType::SyntheticTokens)] = [] {
        DataSourceConfig source;
        source.type = DataSourceType::SyntheticTokens;
        source.samples = kDefaultSamples;
        source.timesteps = kDefaultTokenTimesteps;
        source.vocabSize = kDefaultVocabulary;
        return source;
    }();
    m_sources[sourceIndex(DataSourceType::Npy)].type = DataSourceType::Npy;
    m_sources[sourceIndex(DataSourceType::Npz)].type = DataSourceType::Npz;
    m_sources[sourceIndex(DataSourceType::Csv)].type = DataSourceType::Csv;
    m_sources[sourceIndex(DataSourceType::Csv)].window = kDefaultWindow;
    m_config.data.source = m_sources.front();

    m_type->setObjectName("type");
    setConfigPath(m_type, "data.source.type");
    m_type->setToolTip(
        tr("Where the samples come from: generated in memory "
           "(synthetic_regression, synthetic_tokens), NumPy files (npy), one "
           "NumPy archive (npz) or a time series in a CSV file (csv)."));
    m_typeRow = new QWidget(this);
    auto* typeLayout = new QFormLayout(m_typeRow);
    typeLayout->setContentsMargins(0, 0, 0, 0);
    typeLayout->addRow(tr("&Source:"), m_type);

    // Pages in the order of kAllDataSourceTypes, so that a type's index is its page's.
    buildSyntheticRegressionPage();
    buildSyntheticTokensPage();
    buildNpyPage();
    buildNpzPage();
    buildCsvPage();
    m_common = buildCommonOptions();

    m_preview->setObjectName("preview");
    m_preview->setReadOnly(true);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setToolTip(
        tr("What the chosen files hold and what training would do with them, "
           "as `epochscope-cli inspect` prints it."));
    auto* previewBox = new QGroupBox(tr("Preview"), this);
    auto* previewLayout = new QVBoxLayout(previewBox);
    previewLayout->addWidget(m_preview);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_typeRow);
    layout->addWidget(m_pages);
    layout->addWidget(m_common);
    layout->addWidget(previewBox, 1);

    for (DataSourceType type : kAllDataSourceTypes)
        fillSourcePage(m_sources[sourceIndex(type)]);
    fillCommonOptions(m_config.data);

    // Files dropped anywhere on the form go to dropEvent(), not into the field under the
    // cursor, which would take the file's URL as text.
    setAcceptDrops(true);
    for (QWidget* child : findChildren<QWidget*>())
        child->setAcceptDrops(false);

    m_previewDelay->setSingleShot(true);
    m_previewDelay->setInterval(kPreviewDelayMs);
    connect(m_previewDelay, &QTimer::timeout, this, &DataForm::refreshPreview);
    connect(m_inspector, &DataInspector::inspected, this, &DataForm::showInspection);
    connect(m_type, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            changeSourceType(selectedData<DataSourceType>(m_type));
    });
    refreshPreview();
}

DataForm::~DataForm() = default;

template <typename Apply>
void DataForm::change(Apply apply)
{
    if (m_filling)
        return;
    apply(m_config.data);
    m_sources[sourceIndex(m_config.data.source.type)] = m_config.data.source;
    Q_EMIT edited(m_config);
    m_previewDelay->start();
}

void DataForm::buildSyntheticRegressionPage()
{
    auto* page = new QWidget(m_pages);
    page->setObjectName(keyText(dataSourceKey(DataSourceType::SyntheticRegression)));
    m_regressionSamples = spinBox("samples", "data.source.samples", 1, kMaxSpinValue, page);
    m_regressionTimesteps = spinBox("timesteps", "data.source.timesteps", 1, kMaxTimesteps, page);
    m_regressionFeatures = spinBox("features", "data.source.features", 1, kMaxFeatures, page);
    m_noise = new QDoubleSpinBox(page);
    m_noise->setObjectName("noise");
    setConfigPath(m_noise, "data.source.noise");
    m_noise->setDecimals(kNoiseDecimals);
    m_noise->setRange(0.0, kMaxNoise);
    m_noise->setSingleStep(0.01);
    m_regressionSamples->setToolTip(tr("N: the number of generated sequences."));
    m_regressionTimesteps->setToolTip(tr("T: time steps per sequence."));
    m_regressionFeatures->setToolTip(tr("F: values per time step."));
    m_noise->setToolTip(tr("Standard deviation of the noise added to the targets."));

    auto* form = new QFormLayout(page);
    form->addRow(tr("Sa&mples:"), m_regressionSamples);
    form->addRow(tr("&Timesteps:"), m_regressionTimesteps);
    form->addRow(tr("F&eatures:"), m_regressionFeatures);
    form->addRow(tr("&Noise:"), m_noise);
    m_pages->addWidget(page);

    connect(m_regressionSamples, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.samples = value; }); });
    connect(m_regressionTimesteps, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.timesteps = value; }); });
    connect(m_regressionFeatures, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.features = value; }); });
    connect(m_noise, &QDoubleSpinBox::valueChanged, this,
            [this](double value) { change([value](DataConfig& d) { d.source.noise = value; }); });
}

void DataForm::buildSyntheticTokensPage()
{
    auto* page = new QWidget(m_pages);
    page->setObjectName(keyText(dataSourceKey(DataSourceType::SyntheticTokens)));
    m_tokenSamples = spinBox("samples", "data.source.samples", 1, kMaxSpinValue, page);
    m_tokenTimesteps = spinBox("timesteps", "data.source.timesteps", 1, kMaxTimesteps, page);
    m_vocabSize =
        spinBox("vocab_size", "data.source.vocab_size", kMinVocabulary, kMaxVocabulary, page);
    m_tokenSamples->setToolTip(tr("N: the number of generated reviews."));
    m_tokenTimesteps->setToolTip(
        tr("T: tokens per review; shorter reviews are pre-padded with id 0."));
    m_vocabSize->setToolTip(
        tr("Distinct token ids, at least 4. The embedding's input_dim must "
           "be at least this large."));

    auto* form = new QFormLayout(page);
    form->addRow(tr("Sa&mples:"), m_tokenSamples);
    form->addRow(tr("&Timesteps:"), m_tokenTimesteps);
    form->addRow(tr("V&ocabulary size:"), m_vocabSize);
    m_pages->addWidget(page);

    connect(m_tokenSamples, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.samples = value; }); });
    connect(m_tokenTimesteps, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.timesteps = value; }); });
    connect(m_vocabSize, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.vocabSize = value; }); });
}

QLineEdit* DataForm::pathField(const QString& configPath, const QString& objectName)
{
    auto* field = new QLineEdit(this);
    field->setObjectName(objectName);
    setConfigPath(field, configPath);
    field->setClearButtonEnabled(true);
    return field;
}

QWidget* DataForm::browseRow(QLineEdit* field, const QString& title, const QString& filter)
{
    auto* row = new QWidget(this);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* button = new QPushButton(tr("Browse…"), row);
    button->setObjectName(field->objectName() + QStringLiteral("_browse"));
    button->setToolTip(title);
    button->setAccessibleName(title);
    layout->addWidget(field, 1);
    layout->addWidget(button);
    connect(button, &QPushButton::clicked, this,
            [this, field, title, filter] { browse(field, title, filter); });
    return row;
}

void DataForm::buildNpyPage()
{
    auto* page = new QWidget(m_pages);
    page->setObjectName(keyText(dataSourceKey(DataSourceType::Npy)));
    const QString filter = tr("NumPy arrays (*.npy)");
    m_npyX = pathField("data.source.x", "x");
    m_npyY = pathField("data.source.y", "y");
    m_npyXVal = pathField("data.source.x_val", "x_val");
    m_npyYVal = pathField("data.source.y_val", "y_val");
    m_npyX->setToolTip(
        tr("Inputs: (samples, timesteps, features) float features, or "
           "(samples, timesteps) integer token ids when the first layer is an "
           "embedding. A relative path is relative to the config file's folder."));
    m_npyY->setToolTip(
        tr("Targets: one value per sample of x, shaped (samples,) or "
           "(samples, 1)."));
    const QString validationTip =
        tr("Optional: a validation set, x and y both or neither. When "
           "given, the validation split is ignored.");
    m_npyXVal->setToolTip(validationTip);
    m_npyYVal->setToolTip(validationTip);
    m_npyXVal->setPlaceholderText(tr("none"));
    m_npyYVal->setPlaceholderText(tr("none"));

    auto* form = new QFormLayout(page);
    form->addRow(buddyLabel(tr("&x (inputs):"), m_npyX, page),
                 browseRow(m_npyX, tr("Choose the inputs (x)"), filter));
    form->addRow(buddyLabel(tr("&y (targets):"), m_npyY, page),
                 browseRow(m_npyY, tr("Choose the targets (y)"), filter));
    form->addRow(buddyLabel(tr("x va&lidation:"), m_npyXVal, page),
                 browseRow(m_npyXVal, tr("Choose the validation inputs (x_val)"), filter));
    form->addRow(buddyLabel(tr("y valid&ation:"), m_npyYVal, page),
                 browseRow(m_npyYVal, tr("Choose the validation targets (y_val)"), filter));
    m_pages->addWidget(page);

    const auto bind = [this](QLineEdit* field, std::string DataSourceConfig::*member) {
        connect(field, &QLineEdit::textChanged, this, [this, member](const QString& text) {
            change([&text, member](DataConfig& d) { d.source.*member = text.toStdString(); });
        });
    };
    bind(m_npyX, &DataSourceConfig::x);
    bind(m_npyY, &DataSourceConfig::y);
    bind(m_npyXVal, &DataSourceConfig::xVal);
    bind(m_npyYVal, &DataSourceConfig::yVal);
}

QComboBox* DataForm::memberField(const QString& configPath, const QString& objectName,
                                 const QString& defaultName)
{
    auto* field = new QComboBox(this);
    field->setObjectName(objectName);
    setConfigPath(field, configPath);
    field->setEditable(true);
    field->setInsertPolicy(QComboBox::NoInsert);
    field->lineEdit()->setPlaceholderText(tr("default: %1").arg(defaultName));
    field->setToolTip(tr("The array's name in the archive (with or without .npy). Empty picks "
                         "%1.")
                          .arg(defaultName));
    return field;
}

void DataForm::buildNpzPage()
{
    auto* page = new QWidget(m_pages);
    page->setObjectName(keyText(dataSourceKey(DataSourceType::Npz)));
    m_npzPath = pathField("data.source.path", "path");
    m_npzPath->setToolTip(
        tr("An archive written by np.savez or np.savez_compressed. A relative "
           "path is relative to the config file's folder."));
    m_npzX = memberField("data.source.x", "x", QStringLiteral("x_train"));
    m_npzY = memberField("data.source.y", "y", QStringLiteral("y_train"));
    m_npzXVal = memberField("data.source.x_val", "x_val", tr("x_val, else x_test, if present"));
    m_npzYVal = memberField("data.source.y_val", "y_val", tr("y_val, else y_test, if present"));

    auto* form = new QFormLayout(page);
    form->addRow(buddyLabel(tr("&Archive:"), m_npzPath, page),
                 browseRow(m_npzPath, tr("Choose the archive"), tr("NumPy archives (*.npz)")));
    form->addRow(tr("&x array:"), m_npzX);
    form->addRow(tr("&y array:"), m_npzY);
    form->addRow(tr("x va&lidation array:"), m_npzXVal);
    form->addRow(tr("y validati&on array:"), m_npzYVal);
    m_pages->addWidget(page);

    connect(m_npzPath, &QLineEdit::textChanged, this, [this](const QString& text) {
        change([&text](DataConfig& d) { d.source.path = text.toStdString(); });
    });
    const auto bind = [this](QComboBox* field, std::string DataSourceConfig::*member) {
        connect(field, &QComboBox::currentTextChanged, this, [this, member](const QString& text) {
            change([&text, member](DataConfig& d) { d.source.*member = text.toStdString(); });
        });
    };
    bind(m_npzX, &DataSourceConfig::x);
    bind(m_npzY, &DataSourceConfig::y);
    bind(m_npzXVal, &DataSourceConfig::xVal);
    bind(m_npzYVal, &DataSourceConfig::yVal);
}

void DataForm::buildCsvPage()
{
    auto* page = new QWidget(m_pages);
    page->setObjectName(keyText(dataSourceKey(DataSourceType::Csv)));
    m_csvPath = pathField("data.source.path", "path");
    m_csvPath->setToolTip(
        tr("A time series, one row per time step. A relative path is relative "
           "to the config file's folder."));
    m_delimiter = new QComboBox(page);
    m_delimiter->setObjectName("delimiter");
    setConfigPath(m_delimiter, "data.source.delimiter");
    m_delimiter->addItem(tr("auto", "CSV delimiter: detected"),
                         static_cast<int>(CsvOptions::kAutoDelimiter));
    m_delimiter->addItem(tr(", (comma)"), static_cast<int>(','));
    m_delimiter->addItem(tr("; (semicolon)"), static_cast<int>(';'));
    m_delimiter->addItem(tr("tab"), static_cast<int>('\t'));
    m_delimiter->setToolTip(tr("The field separator; auto detects it from the first rows."));
    m_header = enumCombo(kAllCsvHeaders, csvHeaderKey, page);
    m_header->setObjectName("header");
    setConfigPath(m_header, "data.source.header");
    m_header->setToolTip(
        tr("Whether row 1 names the columns; auto detects it (naming any "
           "column by name means a header)."));
    m_features = new QLineEdit(page);
    m_features->setObjectName("features");
    setConfigPath(m_features, "data.source.features");
    m_features->setPlaceholderText(tr("e.g. open, close, 4"));
    m_features->setToolTip(
        tr("The input columns in order, separated by commas: header names or 0-based indices "
           "(0 is the first column). Quote a name that looks like a number or holds a comma: "
           "\"2020\". The target may be one of them."));
    m_target = new QLineEdit(page);
    m_target->setObjectName("target");
    setConfigPath(m_target, "data.source.target");
    m_target->setToolTip(
        tr("The column each sample predicts: a header name or a 0-based "
           "index."));
    m_window = spinBox("window", "data.source.window", 1, kMaxTimesteps, page);
    m_window->setToolTip(tr("Rows per sample: the timesteps T."));
    m_horizon = spinBox("horizon", "data.source.horizon", 1, kMaxTimesteps, page);
    m_horizon->setToolTip(tr("Rows from the window's last row to the target row."));
    m_stride = spinBox("stride", "data.source.stride", 1, kMaxTimesteps, page);
    m_stride->setToolTip(tr("Rows between the starts of consecutive windows."));

    auto* form = new QFormLayout(page);
    form->addRow(buddyLabel(tr("F&ile:"), m_csvPath, page),
                 browseRow(m_csvPath, tr("Choose the CSV file"), tr("CSV files (*.csv *.txt)")));
    form->addRow(tr("Deli&miter:"), m_delimiter);
    form->addRow(tr("Heade&r:"), m_header);
    form->addRow(tr("Feature &columns:"), m_features);
    form->addRow(tr("Tar&get column:"), m_target);
    form->addRow(tr("&Window:"), m_window);
    form->addRow(tr("H&orizon:"), m_horizon);
    form->addRow(tr("S&tride:"), m_stride);
    m_pages->addWidget(page);

    connect(m_csvPath, &QLineEdit::textChanged, this, [this](const QString& text) {
        change([&text](DataConfig& d) { d.source.path = text.toStdString(); });
    });
    connect(m_delimiter, &QComboBox::currentIndexChanged, this, [this] {
        const char delimiter = static_cast<char>(m_delimiter->currentData().toInt());
        change([delimiter](DataConfig& d) { d.source.delimiter = delimiter; });
    });
    connect(m_header, &QComboBox::currentIndexChanged, this, [this] {
        const CsvHeader header = selectedData<CsvHeader>(m_header);
        change([header](DataConfig& d) { d.source.header = header; });
    });
    connect(m_features, &QLineEdit::textChanged, this, [this](const QString& text) {
        change([&text](DataConfig& d) { d.source.columns = parseColumns(text); });
    });
    connect(m_target, &QLineEdit::textChanged, this, [this](const QString& text) {
        change([&text](DataConfig& d) { d.source.target = parseColumn(text); });
    });
    connect(m_window, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.window = value; }); });
    connect(m_horizon, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.horizon = value; }); });
    connect(m_stride, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.source.stride = value; }); });
}

QWidget* DataForm::buildCommonOptions()
{
    auto* box = new QGroupBox(tr("Batches", "group box: how batches are made"), this);
    m_validationSplit = new QDoubleSpinBox(box);
    m_validationSplit->setObjectName("validation_split");
    setConfigPath(m_validationSplit, "data.validation_split");
    m_validationSplit->setDecimals(kValidationSplitDecimals);
    m_validationSplit->setRange(0.0, kMaxValidationSplit);
    m_validationSplit->setSingleStep(kValidationSplitStep);
    m_validationSplit->setToolTip(
        tr("The fraction of the samples held out for validation, taken from the end before any "
           "shuffling (as in Keras). Ignored when a validation set (x_val, y_val) is given."));
    m_shuffle = new QCheckBox(tr("S&huffle the training samples every epoch"), box);
    m_shuffle->setObjectName("shuffle");
    setConfigPath(m_shuffle, "data.shuffle");
    m_batchSize = spinBox("batch_size", "data.batch_size", 1, kMaxSpinValue, box);
    m_batchSize->setToolTip(tr("Samples per training step."));
    m_dropLast = new QCheckBox(tr("&Drop the last, short batch of each epoch"), box);
    m_dropLast->setObjectName("drop_last");
    setConfigPath(m_dropLast, "data.drop_last");
    m_placement = enumCombo(kAllPlacements, placementKey, box);
    m_placement->setObjectName("placement");
    setConfigPath(m_placement, "data.placement");
    m_placement->setToolTip(
        tr("Where the dataset lives while training:\n"
           "host: pageable host memory; each step gathers its batch and copies it to the device "
           "(what Keras does with NumPy arrays).\n"
           "pinned: page-locked host memory, copied without blocking; CUDA devices only. With "
           "prefetch the copy overlaps the previous steps.\n"
           "device: copied to the training device once before the first epoch; batches are "
           "gathered there, with no copy per step."));
    m_prefetch = spinBox("prefetch", "data.prefetch", 0, kMaxPrefetch, box);
    m_prefetch->setSpecialValueText(tr("off", "prefetch of 0 batches"));
    m_prefetch->setToolTip(
        tr("Batches a loader thread prepares ahead of training; off prepares "
           "each batch when the step needs it. The batch order is the same "
           "for every value."));

    auto* form = new QFormLayout(box);
    form->addRow(tr("&Validation split:"), m_validationSplit);
    form->addRow(QString(), m_shuffle);
    form->addRow(tr("&Batch size:"), m_batchSize);
    form->addRow(QString(), m_dropLast);
    form->addRow(tr("&Placement:"), m_placement);
    form->addRow(tr("Pre&fetch:"), m_prefetch);

    connect(m_validationSplit, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        change([value](DataConfig& d) { d.validationSplit = value; });
    });
    connect(m_shuffle, &QCheckBox::toggled, this,
            [this](bool on) { change([on](DataConfig& d) { d.shuffle = on; }); });
    connect(m_batchSize, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.batchSize = value; }); });
    connect(m_dropLast, &QCheckBox::toggled, this,
            [this](bool on) { change([on](DataConfig& d) { d.dropLast = on; }); });
    connect(m_placement, &QComboBox::currentIndexChanged, this, [this] {
        const Placement placement = selectedData<Placement>(m_placement);
        change([placement](DataConfig& d) { d.placement = placement; });
    });
    connect(m_prefetch, &QSpinBox::valueChanged, this,
            [this](int value) { change([value](DataConfig& d) { d.prefetch = value; }); });
    return box;
}

void DataForm::showConfig(const RunConfig& config)
{
    m_config = config;
    const DataSourceConfig& source = config.data.source;
    m_sources[sourceIndex(source.type)] = source;
    m_filling = true;
    selectData(m_type, source.type);
    m_pages->setCurrentIndex(static_cast<int>(sourceIndex(source.type)));
    fillSourcePage(source);
    fillCommonOptions(config.data);
    m_filling = false;
    // While the user types a path, the editor echoes each keystroke back here; the pending
    // delayed refresh describes the file once the typing pauses.
    if (!m_previewDelay->isActive())
        refreshPreview();
}

void DataForm::fillSourcePage(const DataSourceConfig& source)
{
    const bool wasFilling = std::exchange(m_filling, true);
    switch (source.type) {
        case DataSourceType::SyntheticRegression:
            m_regressionSamples->setValue(spinValue(source.samples));
            m_regressionTimesteps->setValue(spinValue(source.timesteps));
            m_regressionFeatures->setValue(spinValue(source.features));
            m_noise->setValue(source.noise);
            break;
        case DataSourceType::SyntheticTokens:
            m_tokenSamples->setValue(spinValue(source.samples));
            m_tokenTimesteps->setValue(spinValue(source.timesteps));
            m_vocabSize->setValue(spinValue(source.vocabSize));
            break;
        case DataSourceType::Npy:
            setTextIfChanged(m_npyX, fromConfig(source.x));
            setTextIfChanged(m_npyY, fromConfig(source.y));
            setTextIfChanged(m_npyXVal, fromConfig(source.xVal));
            setTextIfChanged(m_npyYVal, fromConfig(source.yVal));
            break;
        case DataSourceType::Npz:
            setTextIfChanged(m_npzPath, fromConfig(source.path));
            setEditTextIfChanged(m_npzX, fromConfig(source.x));
            setEditTextIfChanged(m_npzY, fromConfig(source.y));
            setEditTextIfChanged(m_npzXVal, fromConfig(source.xVal));
            setEditTextIfChanged(m_npzYVal, fromConfig(source.yVal));
            break;
        case DataSourceType::Csv: {
            setTextIfChanged(m_csvPath, fromConfig(source.path));
            const int delimiter = m_delimiter->findData(static_cast<int>(source.delimiter));
            m_delimiter->setCurrentIndex(std::max(delimiter, 0));
            selectData(m_header, source.header);
            // Text that already reads as these columns stays as typed ("a,b" and "a, b").
            if (parseColumns(m_features->text()) != source.columns)
                m_features->setText(columnsText(source.columns));
            if (!(parseColumn(m_target->text()) == source.target))
                m_target->setText(columnText(source.target));
            m_window->setValue(spinValue(source.window));
            m_horizon->setValue(spinValue(source.horizon));
            m_stride->setValue(spinValue(source.stride));
            break;
        }
    }
    m_filling = wasFilling;
}

void DataForm::fillCommonOptions(const DataConfig& data)
{
    const bool wasFilling = std::exchange(m_filling, true);
    m_validationSplit->setValue(data.validationSplit);
    m_shuffle->setChecked(data.shuffle);
    m_batchSize->setValue(spinValue(data.batchSize));
    m_dropLast->setChecked(data.dropLast);
    selectData(m_placement, data.placement);
    m_prefetch->setValue(data.prefetch);
    m_filling = wasFilling;
}

void DataForm::changeSourceType(DataSourceType type)
{
    m_sources[sourceIndex(m_config.data.source.type)] = m_config.data.source;
    m_config.data.source = m_sources[sourceIndex(type)];
    m_pages->setCurrentIndex(static_cast<int>(sourceIndex(type)));
    Q_EMIT edited(m_config);
    refreshPreview();
}

int DataForm::markProblems(const std::vector<ConfigIssue>& issues)
{
    for (int index = 0; index < m_pages->count(); ++index) {
        if (index != m_pages->currentIndex())
            markFieldProblems(m_pages->widget(index), {});
    }
    return markFieldProblems(m_typeRow, issues) +
           markFieldProblems(m_pages->currentWidget(), issues) +
           markFieldProblems(m_common, issues);
}

void DataForm::setBaseDirectory(const QString& directory)
{
    if (m_baseDirectory == directory)
        return;
    m_baseDirectory = directory;
    refreshPreview();
}

bool DataForm::acceptsFiles(const QStringList& paths)
{
    if (paths.isEmpty())
        return false;
    int npy = 0;
    for (const QString& path : paths) {
        switch (droppedKind(path)) {
            case DroppedKind::Npy: ++npy; break;
            case DroppedKind::Npz:
            case DroppedKind::Csv:
                if (paths.size() != 1)
                    return false;
                break;
            case DroppedKind::Other: return false;
        }
    }
    return npy == 0 || (npy == paths.size() && npy <= 2);
}

bool DataForm::dropFiles(const QStringList& paths)
{
    if (!acceptsFiles(paths))
        return false;
    const DroppedKind kind = droppedKind(paths.front());
    const DataSourceType type = kind == DroppedKind::Npz   ? DataSourceType::Npz
                                : kind == DroppedKind::Csv ? DataSourceType::Csv
                                                           : DataSourceType::Npy;
    DataSourceConfig source = m_sources[sourceIndex(type)];
    if (type == DataSourceType::Npz) {
        source.path = configPathFor(paths.front()).toStdString();
        // Names chosen for another archive would rarely exist in this one.
        source.x.clear();
        source.y.clear();
        source.xVal.clear();
        source.yVal.clear();
    } else if (type == DataSourceType::Csv) {
        source.path = configPathFor(paths.front()).toStdString();
    } else if (paths.size() == 2) {
        QString inputs = paths.at(0);
        QString targets = paths.at(1);
        const bool firstIsTargets = namedLikeTargets(inputs);
        const bool secondIsTargets = namedLikeTargets(targets);
        const bool swap = firstIsTargets != secondIsTargets
                              ? firstIsTargets
                              : QFileInfo(inputs).fileName().compare(QFileInfo(targets).fileName(),
                                                                     Qt::CaseInsensitive) > 0;
        if (swap)
            std::swap(inputs, targets);
        source.x = configPathFor(inputs).toStdString();
        source.y = configPathFor(targets).toStdString();
    } else if (source.x.empty()) {
        source.x = configPathFor(paths.front()).toStdString();
    } else {
        source.y = configPathFor(paths.front()).toStdString();
    }

    m_sources[sourceIndex(type)] = source;
    m_config.data.source = source;
    m_filling = true;
    selectData(m_type, type);
    m_pages->setCurrentIndex(static_cast<int>(sourceIndex(type)));
    fillSourcePage(source);
    m_filling = false;
    Q_EMIT edited(m_config);
    refreshPreview();
    return true;
}

void DataForm::dragEnterEvent(QDragEnterEvent* event)
{
    if (acceptsFiles(localFiles(event->mimeData())))
        event->acceptProposedAction();
    else
        event->ignore();
}

void DataForm::dragMoveEvent(QDragMoveEvent* event)
{
    if (acceptsFiles(localFiles(event->mimeData())))
        event->acceptProposedAction();
    else
        event->ignore();
}

void DataForm::dropEvent(QDropEvent* event)
{
    if (dropFiles(localFiles(event->mimeData())))
        event->acceptProposedAction();
    else
        event->ignore();
}

void DataForm::browse(QLineEdit* field, const QString& title, const QString& filter)
{
    QString start = m_baseDirectory.isEmpty() ? QDir::currentPath() : m_baseDirectory;
    if (!field->text().isEmpty())
        start = resolvedPath(field->text().toStdString());
    const QString file = QFileDialog::getOpenFileName(this, title, start, filter);
    if (!file.isEmpty())
        field->setText(configPathFor(file));
}

QString DataForm::configPathFor(const QString& file) const
{
    QString absolute = QFileInfo(file).absoluteFilePath();
    if (m_baseDirectory.isEmpty())
        return absolute;
    QString relative = QDir(m_baseDirectory).relativeFilePath(absolute);
    if (relative.startsWith(QLatin1String("../")) || relative == QLatin1String("..") ||
        QDir::isAbsolutePath(relative))
        return absolute;
    return relative;
}

QString DataForm::resolvedPath(const std::string& configPath) const
{
    QString path = fromConfig(configPath);
    if (m_baseDirectory.isEmpty() || QDir::isAbsolutePath(path))
        return path;
    return QDir::cleanPath(QDir(m_baseDirectory).filePath(path));
}

void DataForm::refreshPreview()
{
    m_previewDelay->stop();
    const DataConfig& data = m_config.data;
    const DataSourceConfig& source = data.source;
    if (!source.fromFiles()) {
        m_inspector->cancel();
        m_previewKey.clear();
        m_previewArchive.clear();
        const SampleSplit split = splitSamples(data);
        const QString use =
            tr("%1 samples train, %2 validate").arg(split.training).arg(split.validation);
        if (source.type == DataSourceType::SyntheticRegression)
            m_preview->setPlainText(tr("Generated in memory: x (%1, %2, %3) float32 features, "
                                       "y (%1, 1) float32 targets; %4.")
                                        .arg(source.samples)
                                        .arg(source.timesteps)
                                        .arg(source.features)
                                        .arg(use));
        else
            m_preview->setPlainText(tr("Generated in memory: x (%1, %2) int64 token ids in "
                                       "[0, %3), y (%1, 1) 0/1 labels; %4.")
                                        .arg(source.samples)
                                        .arg(source.timesteps)
                                        .arg(source.vocabSize)
                                        .arg(use));
        return;
    }

    QStringList files;
    QString archive;
    if (source.type == DataSourceType::Npy) {
        for (const std::string* path : {&source.x, &source.y, &source.xVal, &source.yVal}) {
            if (!path->empty())
                files << resolvedPath(*path);
        }
    } else if (!source.path.empty()) {
        files << resolvedPath(source.path);
        if (source.type == DataSourceType::Npz)
            archive = files.front();
    }
    QStringList key = files;
    key.prepend(keyText(dataSourceKey(source.type)));
    if (key == m_previewKey)
        return;
    m_previewKey = key;
    m_previewArchive = archive;
    if (files.isEmpty()) {
        m_inspector->cancel();
        fillNpzMembers({});
        m_preview->setPlainText(
            tr("Choose the data files (Browse…) or drop them here to see what they hold."));
        return;
    }
    m_preview->setPlainText(tr("Inspecting %1 …").arg(files.join(QStringLiteral(", "))));
    m_inspector->inspect(files, archive);
}

void DataForm::showInspection(const DataInspection& inspection)
{
    if (inspection.paths != m_previewKey.mid(1))
        return;
    m_preview->setPlainText(inspection.text);
    if (!m_previewArchive.isEmpty())
        fillNpzMembers(inspection.npzMembers);
}

void DataForm::fillNpzMembers(const QStringList& members)
{
    const bool wasFilling = std::exchange(m_filling, true);
    for (QComboBox* field : {m_npzX, m_npzY, m_npzXVal, m_npzYVal}) {
        const QString text = field->currentText();
        field->clear();
        if (!members.isEmpty()) {
            // The empty entry returns to the engine's own pick.
            field->addItem(QString());
            field->addItems(members);
        }
        field->setEditText(text);
    }
    m_filling = wasFilling;
}

}  // namespace es::ui
