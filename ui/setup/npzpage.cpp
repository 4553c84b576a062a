#include "ui/setup/npzpage.h"

#include "ui/core/qtext.h"
#include "ui/setup/configform.h"

#include <QtWidgets/QComboBox>
#include <QtWidgets/QFormLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>

#include <string>

namespace es::ui {

NpzPage::NpzPage(QWidget* parent) : DataSourcePage(DataSourceType::Npz, parent)
{
    m_path = pathField("data.source.path", "path");
    m_path->setToolTip(
        tr("An archive written by np.savez or np.savez_compressed. A relative "
           "path is relative to the config file's folder."));
    m_x = memberField("data.source.x", "x", QStringLiteral("x_train"));
    m_y = memberField("data.source.y", "y", QStringLiteral("y_train"));
    m_xVal = memberField("data.source.x_val", "x_val", tr("x_val, else x_test, if present"));
    m_yVal = memberField("data.source.y_val", "y_val", tr("y_val, else y_test, if present"));

    auto* form = new QFormLayout(this);
    form->addRow(buddyLabel(tr("&Archive:"), m_path, this),
                 browseRow(m_path, tr("Choose the archive"), tr("NumPy archives (*.npz)")));
    form->addRow(tr("&x array:"), m_x);
    form->addRow(tr("&y array:"), m_y);
    form->addRow(tr("x va&lidation array:"), m_xVal);
    form->addRow(tr("y validati&on array:"), m_yVal);

    connect(m_path, &QLineEdit::textChanged, this, [this](const QString& text) {
        change([&text](DataConfig& d) { d.source.path = text.toStdString(); });
    });
    const auto bind = [this](QComboBox* field, std::string DataSourceConfig::*member) {
        connect(field, &QComboBox::currentTextChanged, this, [this, member](const QString& text) {
            change([&text, member](DataConfig& d) { d.source.*member = text.toStdString(); });
        });
    };
    bind(m_x, &DataSourceConfig::x);
    bind(m_y, &DataSourceConfig::y);
    bind(m_xVal, &DataSourceConfig::xVal);
    bind(m_yVal, &DataSourceConfig::yVal);
}

QComboBox* NpzPage::memberField(const QString& configPath, const QString& objectName,
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

void NpzPage::fillFields(const DataSourceConfig& source)
{
    setTextIfChanged(m_path, toQString(source.path));
    setEditTextIfChanged(m_x, toQString(source.x));
    setEditTextIfChanged(m_y, toQString(source.y));
    setEditTextIfChanged(m_xVal, toQString(source.xVal));
    setEditTextIfChanged(m_yVal, toQString(source.yVal));
}

void NpzPage::setMembers(const QStringList& members)
{
    // Clearing and refilling a field changes its text on the way: not the user's edit.
    filling([&] {
        for (QComboBox* field : {m_x, m_y, m_xVal, m_yVal}) {
            const QString text = field->currentText();
            field->clear();
            if (!members.isEmpty()) {
                // The empty entry returns to the engine's own pick.
                field->addItem(QString());
                field->addItems(members);
            }
            field->setEditText(text);
        }
    });
}

}  // namespace es::ui
