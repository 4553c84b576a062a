#include "ui/setup/datafields.h"

#include "ui/setup/configform.h"

#include <QtWidgets/QComboBox>
#include <QtWidgets/QLabel>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QSpinBox>

#include <algorithm>

namespace es::ui {

int spinValue(std::int64_t value)
{
    return static_cast<int>(std::clamp<std::int64_t>(value, 0, kMaxSpinValue));
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

QLabel* buddyLabel(const QString& text, QWidget* buddy, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

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

}  // namespace es::ui
