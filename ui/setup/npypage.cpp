#include "ui/setup/npypage.h"

#include "ui/core/qtext.h"

#include <QtWidgets/QFormLayout>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>

#include <string>

namespace es::ui {

NpyPage::NpyPage(QWidget* parent) : DataSourcePage(DataSourceType::Npy, parent)
{
    const QString filter = tr("NumPy arrays (*.npy)");
    m_x = pathField("data.source.x", "x");
    m_y = pathField("data.source.y", "y");
    m_xVal = pathField("data.source.x_val", "x_val");
    m_yVal = pathField("data.source.y_val", "y_val");
    m_x->setToolTip(
        tr("Inputs: (samples, timesteps, features) float features, or "
           "(samples, timesteps) integer token ids when the first layer is an "
           "embedding. A relative path is relative to the config file's folder."));
    m_y->setToolTip(
        tr("Targets: one value per sample of x, shaped (samples,) or "
           "(samples, 1)."));
    const QString validationTip =
        tr("Optional: a validation set, x and y both or neither. When "
           "given, the validation split is ignored.");
    m_xVal->setToolTip(validationTip);
    m_yVal->setToolTip(validationTip);
    m_xVal->setPlaceholderText(tr("none"));
    m_yVal->setPlaceholderText(tr("none"));

    auto* form = new QFormLayout(this);
    form->addRow(buddyLabel(tr("&x (inputs):"), m_x, this),
                 browseRow(m_x, tr("Choose the inputs (x)"), filter));
    form->addRow(buddyLabel(tr("&y (targets):"), m_y, this),
                 browseRow(m_y, tr("Choose the targets (y)"), filter));
    form->addRow(buddyLabel(tr("x va&lidation:"), m_xVal, this),
                 browseRow(m_xVal, tr("Choose the validation inputs (x_val)"), filter));
    form->addRow(buddyLabel(tr("y valid&ation:"), m_yVal, this),
                 browseRow(m_yVal, tr("Choose the validation targets (y_val)"), filter));

    const auto bind = [this](QLineEdit* field, std::string DataSourceConfig::*member) {
        connect(field, &QLineEdit::textChanged, this, [this, member](const QString& text) {
            change([&text, member](DataConfig& d) { d.source.*member = text.toStdString(); });
        });
    };
    bind(m_x, &DataSourceConfig::x);
    bind(m_y, &DataSourceConfig::y);
    bind(m_xVal, &DataSourceConfig::xVal);
    bind(m_yVal, &DataSourceConfig::yVal);
}

void NpyPage::fillFields(const DataSourceConfig& source)
{
    setTextIfChanged(m_x, toQString(source.x));
    setTextIfChanged(m_y, toQString(source.y));
    setTextIfChanged(m_xVal, toQString(source.xVal));
    setTextIfChanged(m_yVal, toQString(source.yVal));
}

}  // namespace es::ui
