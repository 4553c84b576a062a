#include "ui/setup/datasourcepage.h"

#include "ui/core/qtext.h"
#include "ui/setup/browserow.h"
#include "ui/setup/configform.h"
#include "ui/setup/formwidgets.h"

#include <QtWidgets/QComboBox>
#include <QtWidgets/QLineEdit>

#include <algorithm>

namespace es::ui {

DataSourcePage::DataSourcePage(DataSourceType type, QWidget* parent) : QWidget(parent), m_type(type)
{
    setObjectName(toQString(dataSourceKey(type)));
}

DataSourceConfig DataSourcePage::defaultSource() const
{
    DataSourceConfig source;
    source.type = m_type;
    return source;
}

void DataSourcePage::showSource(const DataSourceConfig& source)
{
    filling([&] { fillFields(source); });
}

void DataSourcePage::change(const DataChange& change)
{
    if (!m_filling)
        Q_EMIT changed(change);
}

QLineEdit* DataSourcePage::pathField(const QString& configPath, const QString& objectName)
{
    auto* field = new QLineEdit(this);
    field->setObjectName(objectName);
    setConfigPath(field, configPath);
    field->setClearButtonEnabled(true);
    return field;
}

QComboBox* DataSourcePage::delimiterField(const QString& toolTip)
{
    auto* field = new QComboBox(this);
    field->setObjectName("delimiter");
    setConfigPath(field, "data.source.delimiter");
    field->addItem(tr("auto", "CSV delimiter: detected"),
                   static_cast<int>(CsvOptions::kAutoDelimiter));
    field->addItem(tr(", (comma)"), static_cast<int>(','));
    field->addItem(tr("; (semicolon)"), static_cast<int>(';'));
    field->addItem(tr("tab"), static_cast<int>('\t'));
    field->setToolTip(toolTip);
    connect(field, &QComboBox::currentIndexChanged, this, [this, field] {
        const char delimiter = static_cast<char>(field->currentData().toInt());
        change([delimiter](DataConfig& d) { d.source.delimiter = delimiter; });
    });
    return field;
}

QComboBox* DataSourcePage::headerField(const QString& toolTip)
{
    QComboBox* field = enumCombo(kAllCsvHeaders, csvHeaderKey, this);
    field->setObjectName("header");
    setConfigPath(field, "data.source.header");
    field->setToolTip(toolTip);
    connect(field, &QComboBox::currentIndexChanged, this, [this, field] {
        const CsvHeader header = selectedData<CsvHeader>(field);
        change([header](DataConfig& d) { d.source.header = header; });
    });
    return field;
}

void DataSourcePage::showDelimiter(QComboBox* field, char delimiter)
{
    field->setCurrentIndex(std::max(field->findData(static_cast<int>(delimiter)), 0));
}

QWidget* DataSourcePage::browseRow(QLineEdit* field, const QString& title, const QString& filter)
{
    return ui::browseRow(
        field, title, filter, [this] { return m_baseDirectory; }, this);
}

}  // namespace es::ui
