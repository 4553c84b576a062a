#include "ui/setup/textsourcepages.h"

#include "ui/core/qtext.h"
#include "ui/setup/configform.h"
#include "ui/setup/formwidgets.h"

#include <QtWidgets/QComboBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QLineEdit>

#include <algorithm>

namespace es::ui {

namespace {

QLineEdit* lineField(const char* objectName, const QString& configPath, QWidget* parent)
{
    auto* field = new QLineEdit(parent);
    field->setObjectName(objectName);
    setConfigPath(field, configPath);
    return field;
}

/// "unsup, README.txt" as the list of names it holds.
std::vector<std::string> parseNames(const QString& text)
{
    std::vector<std::string> names;
    for (const QString& name : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString trimmedName = name.trimmed();
        if (!trimmedName.isEmpty())
            names.push_back(trimmedName.toStdString());
    }
    return names;
}

QString namesText(const std::vector<std::string>& names)
{
    QStringList list;
    for (const std::string& name : names)
        list.append(toQString(name));
    return list.join(QStringLiteral(", "));
}

}  // namespace

ColumnRef parseTextColumn(const QString& text)
{
    const QString trimmedText = text.trimmed();
    bool number = false;
    const int position = trimmedText.toInt(&number);
    if (number && position >= 1)
        return ColumnRef::byIndex(position - 1);
    return ColumnRef::byName(trimmedText.toStdString());
}

QString textColumnText(const ColumnRef& column)
{
    return column.name.empty() ? (column.index >= 0 ? QString::number(column.index + 1) : QString())
                               : toQString(column.name);
}

TextCsvPage::TextCsvPage(QWidget* parent) : DataSourcePage(DataSourceType::TextCsv, parent)
{
    m_path = pathField("data.source.path", "path");
    m_path->setToolTip(
        tr("A CSV or TSV file with one text per row, such as a review and its sentiment. A "
           "relative path is relative to the config file's folder."));
    m_delimiter =
        delimiterField(tr("The field separator; auto detects it from the first rows (a .tsv "
                          "file uses tabs)."));
    m_header = headerField(
        tr("Whether row 1 names the columns; auto decides from the columns (a column chosen by "
           "name means a header) or from row 1's label, which no later row has."));
    m_textColumn = lineField("text_column", "data.source.text_column", this);
    m_textColumn->setPlaceholderText(tr("e.g. review, or 1"));
    m_textColumn->setToolTip(tr("The column with the texts: a header name or a 1-based position."));
    m_labelColumn = lineField("label_column", "data.source.label_column", this);
    m_labelColumn->setPlaceholderText(tr("e.g. sentiment, or 2"));
    m_labelColumn->setToolTip(
        tr("The column with each text's class (or number, for mse and mae): a header name or a "
           "1-based position."));
    m_validationPath = pathField("data.source.validation_path", "validation_path");
    m_validationPath->setToolTip(
        tr("Optional: a file of the same layout whose texts validate, instead of "
           "data.validation_split."));

    auto* form = new QFormLayout(this);
    const QString filter = tr("Text tables (*.csv *.tsv *.txt)");
    form->addRow(buddyLabel(tr("F&ile:"), m_path, this),
                 browseRow(m_path, tr("Choose the file of texts"), filter));
    form->addRow(tr("Deli&miter:"), m_delimiter);
    form->addRow(tr("Heade&r:"), m_header);
    form->addRow(tr("Te&xt column:"), m_textColumn);
    form->addRow(tr("&Label column:"), m_labelColumn);
    form->addRow(buddyLabel(tr("Valida&tion file:"), m_validationPath, this),
                 browseRow(m_validationPath, tr("Choose the validation texts"), filter));

    connect(m_path, &QLineEdit::textChanged, this, [this](const QString& text) {
        change([&text](DataConfig& d) { d.source.path = text.toStdString(); });
    });
    connect(m_textColumn, &QLineEdit::textChanged, this, [this](const QString& text) {
        change([&text](DataConfig& d) { d.source.textColumn = parseTextColumn(text); });
    });
    connect(m_labelColumn, &QLineEdit::textChanged, this, [this](const QString& text) {
        change([&text](DataConfig& d) { d.source.labelColumn = parseTextColumn(text); });
    });
    connect(m_validationPath, &QLineEdit::textChanged, this, [this](const QString& text) {
        change([&text](DataConfig& d) { d.source.validationPath = text.toStdString(); });
    });
}

void TextCsvPage::fillFields(const DataSourceConfig& source)
{
    setTextIfChanged(m_path, toQString(source.path));
    showDelimiter(m_delimiter, source.delimiter);
    selectData(m_header, source.header);
    if (!(parseTextColumn(m_textColumn->text()) == source.textColumn))
        m_textColumn->setText(textColumnText(source.textColumn));
    if (!(parseTextColumn(m_labelColumn->text()) == source.labelColumn))
        m_labelColumn->setText(textColumnText(source.labelColumn));
    setTextIfChanged(m_validationPath, toQString(source.validationPath));
}

TextFolderPage::TextFolderPage(QWidget* parent) : DataSourcePage(DataSourceType::TextFolder, parent)
{
    m_path = pathField("data.source.path", "path");
    m_path->setToolTip(
        tr("A folder with one sub-folder of .txt files per class (aclImdb/train with pos/ and "
           "neg/). A relative path is relative to the config file's folder."));
    m_ignore = lineField("ignore", "data.source.ignore", this);
    m_ignore->setPlaceholderText(tr("e.g. unsup"));
    m_ignore->setToolTip(tr("Names of sub-folders and files to leave out, separated by commas."));
    m_validationPath = pathField("data.source.validation_path", "validation_path");
    m_validationPath->setToolTip(
        tr("Optional: a folder of the same layout whose texts validate, instead of "
           "data.validation_split."));

    auto* form = new QFormLayout(this);
    form->addRow(buddyLabel(tr("F&older:"), m_path, this),
                 browseRow(m_path, tr("Choose the folder of class folders"), QString()));
    form->addRow(tr("&Ignore:"), m_ignore);
    form->addRow(buddyLabel(tr("Valida&tion folder:"), m_validationPath, this),
                 browseRow(m_validationPath, tr("Choose the validation folder"), QString()));

    connect(m_path, &QLineEdit::textChanged, this, [this](const QString& text) {
        change([&text](DataConfig& d) { d.source.path = text.toStdString(); });
    });
    connect(m_ignore, &QLineEdit::textChanged, this, [this](const QString& text) {
        change([&text](DataConfig& d) { d.source.ignore = parseNames(text); });
    });
    connect(m_validationPath, &QLineEdit::textChanged, this, [this](const QString& text) {
        change([&text](DataConfig& d) { d.source.validationPath = text.toStdString(); });
    });
}

void TextFolderPage::fillFields(const DataSourceConfig& source)
{
    setTextIfChanged(m_path, toQString(source.path));
    if (parseNames(m_ignore->text()) != source.ignore)
        m_ignore->setText(namesText(source.ignore));
    setTextIfChanged(m_validationPath, toQString(source.validationPath));
}

}  // namespace es::ui
