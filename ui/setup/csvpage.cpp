#include "ui/setup/csvpage.h"

#include "ui/core/qtext.h"
#include "ui/setup/columnlisttext.h"
#include "ui/setup/configform.h"
#include "ui/setup/formwidgets.h"

#include <QtWidgets/QComboBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QSpinBox>

#include <algorithm>
#include <cstdint>

namespace es::ui {

namespace {

// What the type shows the first time it is picked: small enough to train in seconds on a CPU.
constexpr std::int64_t kDefaultWindow = 32;

}  // namespace

CsvPage::CsvPage(QWidget* parent) : DataSourcePage(DataSourceType::Csv, parent)
{
    m_path = pathField("data.source.path", "path");
    m_path->setToolTip(
        tr("A time series, one row per time step. A relative path is relative "
           "to the config file's folder."));
    m_delimiter = delimiterField(tr("The field separator; auto detects it from the first rows."));
    m_header =
        headerField(tr("Whether row 1 names the columns; auto detects it (naming any "
                       "column by name means a header)."));
    m_features = new QLineEdit(this);
    m_features->setObjectName("features");
    setConfigPath(m_features, "data.source.features");
    m_features->setPlaceholderText(tr("e.g. open, close, 4"));
    m_features->setToolTip(
        tr("The input columns in order, separated by commas: header names or 0-based indices "
           "(0 is the first column). Quote a name that looks like a number or holds a comma: "
           "\"2020\". The target may be one of them."));
    m_target = new QLineEdit(this);
    m_target->setObjectName("target");
    setConfigPath(m_target, "data.source.target");
    m_target->setToolTip(
        tr("The column each sample predicts: a header name or a 0-based "
           "index."));
    m_window = spinBox("window", "data.source.window", 1, kMaxTimesteps, this);
    m_window->setToolTip(tr("Rows per sample: the timesteps T."));
    m_horizon = spinBox("horizon", "data.source.horizon", 1, kMaxTimesteps, this);
    m_horizon->setToolTip(tr("Rows from the window's last row to the target row."));
    m_stride = spinBox("stride", "data.source.stride", 1, kMaxTimesteps, this);
    m_stride->setToolTip(tr("Rows between the starts of consecutive windows."));

    auto* form = new QFormLayout(this);
    form->addRow(buddyLabel(tr("F&ile:"), m_path, this),
                 browseRow(m_path, tr("Choose the CSV file"), tr("CSV files (*.csv *.txt)")));
    form->addRow(tr("Deli&miter:"), m_delimiter);
    form->addRow(tr("Heade&r:"), m_header);
    form->addRow(tr("Feature &columns:"), m_features);
    form->addRow(tr("Tar&get column:"), m_target);
    form->addRow(tr("&Window:"), m_window);
    form->addRow(tr("H&orizon:"), m_horizon);
    form->addRow(tr("S&tride:"), m_stride);

    connect(m_path, &QLineEdit::textChanged, this, [this](const QString& text) {
        change([&text](DataConfig& d) { d.source.path = text.toStdString(); });
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

DataSourceConfig CsvPage::defaultSource() const
{
    DataSourceConfig source = DataSourcePage::defaultSource();
    source.window = kDefaultWindow;
    return source;
}

void CsvPage::fillFields(const DataSourceConfig& source)
{
    setTextIfChanged(m_path, toQString(source.path));
    showDelimiter(m_delimiter, source.delimiter);
    selectData(m_header, source.header);
    // Text that already reads as these columns stays as typed ("a,b" and "a, b").
    if (parseColumns(m_features->text()) != source.columns)
        m_features->setText(columnsText(source.columns));
    if (!(parseColumn(m_target->text()) == source.target))
        m_target->setText(columnText(source.target));
    m_window->setValue(spinValue(source.window));
    m_horizon->setValue(spinValue(source.horizon));
    m_stride->setValue(spinValue(source.stride));
}

}  // namespace es::ui
