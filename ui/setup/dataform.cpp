#include "ui/setup/dataform.h"

#include "engine/config/runconfig.h"
#include "ui/setup/batchoptions.h"
#include "ui/setup/csvpage.h"
#include "ui/setup/datapaths.h"
#include "ui/setup/datapreview.h"
#include "ui/setup/droppedfiles.h"
#include "ui/setup/formwidgets.h"
#include "ui/setup/npypage.h"
#include "ui/setup/npzpage.h"
#include "ui/setup/syntheticregressionpage.h"
#include "ui/setup/synthetictokenspage.h"
#include "ui/setup/textsourcepages.h"
#include "ui/setup/tokenizeroptions.h"

#include <QtCore/QFileInfo>
#include <QtGui/QDragEnterEvent>
#include <QtGui/QDropEvent>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QStackedWidget>
#include <QtWidgets/QVBoxLayout>

#include <utility>

namespace es::ui {

namespace {

std::size_t sourceIndex(DataSourceType type)
{
    return static_cast<std::size_t>(type);
}

}  // namespace

DataForm::DataForm(QWidget* parent)
    : ConfigForm(parent),
      m_type(enumCombo(kAllDataSourceTypes, dataSourceKey, this)),
      m_pages(new QStackedWidget(this)),
      m_preview(new DataPreview(this))
{
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

    for (DataSourceType type : kAllDataSourceTypes)
        addSourcePage(type);
    m_config.data.source = m_sources.front();
    m_tokenizer = new TokenizerOptions(this);
    connect(m_tokenizer, &TokenizerOptions::changed, this, &DataForm::change);
    m_common = new BatchOptions(this);
    connect(m_common, &BatchOptions::changed, this, &DataForm::change);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_typeRow);
    layout->addWidget(m_pages);
    layout->addWidget(m_tokenizer);
    layout->addWidget(m_common);
    layout->addWidget(m_preview, 1);

    for (DataSourceType type : kAllDataSourceTypes)
        m_sourcePages[sourceIndex(type)]->showSource(m_sources[sourceIndex(type)]);
    showPageOf(m_config.data.source);
    m_tokenizer->showData(m_config.data);
    m_common->showData(m_config.data);

    // Files dropped anywhere on the form go to dropEvent(), not into the field under the
    // cursor, which would take the file's URL as text.
    setAcceptDrops(true);
    for (QWidget* child : findChildren<QWidget*>())
        child->setAcceptDrops(false);

    connect(m_type, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            changeSourceType(selectedData<DataSourceType>(m_type));
    });
    m_preview->describe(m_config.data);
}

DataForm::~DataForm() = default;

void DataForm::addSourcePage(DataSourceType type)
{
    DataSourcePage* page = nullptr;
    switch (type) {
        case DataSourceType::SyntheticRegression:
            page = new SyntheticRegressionPage(m_pages);
            break;
        case DataSourceType::SyntheticTokens: page = new SyntheticTokensPage(m_pages); break;
        case DataSourceType::Npy: page = new NpyPage(m_pages); break;
        case DataSourceType::Npz: {
            auto* npz = new NpzPage(m_pages);
            // The preview lists the archive's arrays, which the page offers as names.
            connect(m_preview, &DataPreview::archiveListed, npz, &NpzPage::setMembers);
            page = npz;
            break;
        }
        case DataSourceType::Csv: page = new CsvPage(m_pages); break;
        case DataSourceType::TextCsv: page = new TextCsvPage(m_pages); break;
        case DataSourceType::TextFolder: page = new TextFolderPage(m_pages); break;
    }
    // Pages in the order of kAllDataSourceTypes, so that a type's index is its page's.
    m_pages->addWidget(page);
    m_sourcePages[sourceIndex(type)] = page;
    m_sources[sourceIndex(type)] = page->defaultSource();
    connect(page, &DataSourcePage::changed, this, &DataForm::change);
}

void DataForm::change(const DataChange& apply)
{
    if (m_filling)
        return;
    apply(m_config.data);
    m_sources[sourceIndex(m_config.data.source.type)] = m_config.data.source;
    Q_EMIT edited(m_config);
    m_preview->describeLater(m_config.data);
}

void DataForm::showConfig(const RunConfig& config)
{
    m_config = config;
    m_sources[sourceIndex(config.data.source.type)] = config.data.source;
    m_filling = true;
    showSource(config.data.source);
    m_tokenizer->showData(config.data);
    m_common->showData(config.data);
    m_filling = false;
    // While the user types a path, the editor echoes each keystroke back here; the pending
    // delayed refresh describes the file once the typing pauses.
    m_preview->follow(config.data);
}

void DataForm::showSource(const DataSourceConfig& source)
{
    const bool wasFilling = std::exchange(m_filling, true);
    selectData(m_type, source.type);
    showPageOf(source);
    m_sourcePages[sourceIndex(source.type)]->showSource(source);
    m_filling = wasFilling;
}

void DataForm::showPageOf(const DataSourceConfig& source)
{
    const int current = static_cast<int>(sourceIndex(source.type));
    // The stack is as tall as its shown page: the CSV page's rows would otherwise leave a gap
    // under a short page, between its fields and the tokenizer's.
    for (int index = 0; index < m_pages->count(); ++index) {
        const QSizePolicy::Policy policy =
            index == current ? QSizePolicy::Preferred : QSizePolicy::Ignored;
        m_pages->widget(index)->setSizePolicy(policy, policy);
    }
    m_pages->setCurrentIndex(current);
    // data.text belongs to the text sources only: the parser refuses it with any other.
    m_tokenizer->setVisible(source.fromText());
}

void DataForm::changeSourceType(DataSourceType type)
{
    m_sources[sourceIndex(m_config.data.source.type)] = m_config.data.source;
    m_config.data.source = m_sources[sourceIndex(type)];
    showPageOf(m_config.data.source);
    Q_EMIT edited(m_config);
    m_preview->describe(m_config.data);
}

int DataForm::markProblems(const std::vector<ConfigIssue>& issues)
{
    for (int index = 0; index < m_pages->count(); ++index) {
        if (index != m_pages->currentIndex())
            markFieldProblems(m_pages->widget(index), {});
    }
    const bool text = !m_tokenizer->isHidden();
    return markFieldProblems(m_typeRow, issues) +
           markFieldProblems(m_pages->currentWidget(), issues) +
           markFieldProblems(m_tokenizer, text ? issues : std::vector<ConfigIssue>()) +
           markFieldProblems(m_common, issues);
}

void DataForm::setBaseDirectory(const QString& directory)
{
    if (m_baseDirectory == directory)
        return;
    m_baseDirectory = directory;
    for (DataSourcePage* page : m_sourcePages)
        page->setBaseDirectory(directory);
    m_tokenizer->setBaseDirectory(directory);
    m_preview->setBaseDirectory(directory);
    m_preview->describe(m_config.data);
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
    const auto configPath = [this](const QString& file) {
        return configPathFor(file, m_baseDirectory).toStdString();
    };
    DataSourceConfig source = m_sources[sourceIndex(type)];
    if (type == DataSourceType::Npz) {
        source.path = configPath(paths.front());
        // Names chosen for another archive would rarely exist in this one.
        source.x.clear();
        source.y.clear();
        source.xVal.clear();
        source.yVal.clear();
    } else if (type == DataSourceType::Csv) {
        source.path = configPath(paths.front());
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
        source.x = configPath(inputs);
        source.y = configPath(targets);
    } else if (source.x.empty()) {
        source.x = configPath(paths.front());
    } else {
        source.y = configPath(paths.front());
    }

    m_sources[sourceIndex(type)] = source;
    m_config.data.source = source;
    showSource(source);
    Q_EMIT edited(m_config);
    m_preview->describe(m_config.data);
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

}  // namespace es::ui
