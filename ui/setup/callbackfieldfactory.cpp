#include "ui/setup/callbackfieldfactory.h"

#include "engine/config/callbackspecs.h"
#include "ui/core/qtext.h"
#include "ui/setup/formwidgets.h"

#include <QtCore/QLocale>
#include <QtGui/QDoubleValidator>
#include <QtWidgets/QCheckBox>
#include <QtWidgets/QComboBox>
#include <QtWidgets/QDoubleSpinBox>
#include <QtWidgets/QFileDialog>
#include <QtWidgets/QHBoxLayout>
#include <QtWidgets/QLineEdit>
#include <QtWidgets/QPushButton>
#include <QtWidgets/QSpinBox>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>

namespace es::ui {

namespace {

using Json = nlohmann::json;
using Kind = CallbackParamKind;

// Enough places for the small deltas and learning rates these parameters take (ReduceLROnPlateau's
// min_delta defaults to 1e-4, min_lr values go down to 1e-7).
constexpr int kNumberDecimals = 8;
constexpr double kNumberStep = 1e-4;
// The parser accepts any non-negative number; a million is past every sensible delta or rate.
constexpr double kMaxNumber = 1e6;
// (0, 1) open at both ends, to the places shown.
constexpr int kFractionDecimals = 6;
constexpr double kFractionStep = 0.05;
constexpr char kEachEpoch[] = "epoch";
constexpr std::string_view kModes[] = {"auto", "min", "max"};

/// A double spin box that shows 0.0001 rather than 0.00010000: the many places it needs for
/// small values would otherwise trail every number with zeros.
class CompactDoubleSpinBox : public QDoubleSpinBox {
public:
    using QDoubleSpinBox::QDoubleSpinBox;

protected:
    QString textFromValue(double value) const override
    {
        QString text = locale().toString(value, 'f', decimals());
        text.remove(locale().groupSeparator());
        const QString point = locale().decimalPoint();
        if (text.contains(point)) {
            while (text.endsWith(QLatin1Char('0')))
                text.chop(1);
            if (text.endsWith(point))
                text.chop(point.size());
        }
        return text;
    }
};

/// A number validator that also accepts an empty field, which stands for null.
class OptionalNumberValidator : public QDoubleValidator {
public:
    using QDoubleValidator::QDoubleValidator;

    State validate(QString& input, int& pos) const override
    {
        if (input.trimmed().isEmpty())
            return Acceptable;
        return QDoubleValidator::validate(input, pos);
    }
};

QString numberText(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

QString stringText(const Json& value)
{
    return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString();
}

bool isDirectoryParam(std::string_view name)
{
    constexpr std::string_view suffix = "_dir";
    return name.size() >= suffix.size() &&
           name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

CallbackFieldFactory::CallbackFieldFactory(QWidget* owner, Apply apply)
    : m_owner(owner), m_apply(std::move(apply))
{
}

CallbackParamField CallbackFieldFactory::make(const CallbackParamSpec& spec, QWidget* parent) const
{
    const std::string name(spec.name);
    CallbackParamField field;
    switch (spec.kind) {
        case Kind::Path: field = pathField(spec, parent); break;
        case Kind::Text:
        case Kind::Separator: field = textField(name, parent); break;
        case Kind::Boolean: field = booleanField(name, parent); break;
        case Kind::NonNegativeInt: field = integerField(name, parent); break;
        case Kind::NonNegativeNumber:
        case Kind::OpenFraction: field = numberField(spec, parent); break;
        case Kind::Mode: field = modeField(name, parent); break;
        case Kind::SaveFrequency: field = saveFrequencyField(name, parent); break;
        case Kind::Verbosity: field = verbosityField(name, parent); break;
        case Kind::NumberOrNull: field = numberOrNullField(name, parent); break;
    }
    field.name = name;
    if (!field.cell)
        field.cell = field.input;
    field.input->setObjectName(toQString(spec.name));
    field.input->setToolTip(hint(spec));
    return field;
}

CallbackParamField CallbackFieldFactory::textField(const std::string& name, QWidget* parent) const
{
    auto* edit = new QLineEdit(parent);
    CallbackParamField field;
    field.input = edit;
    field.show = [edit](const Json& value) { edit->setText(stringText(value)); };
    QObject::connect(edit, &QLineEdit::editingFinished, m_owner,
                     [apply = m_apply, edit, name] { apply(name, edit->text().toStdString()); });
    return field;
}

CallbackParamField CallbackFieldFactory::pathField(const CallbackParamSpec& spec,
                                                   QWidget* parent) const
{
    const std::string name(spec.name);
    CallbackParamField field = textField(name, parent);
    auto* edit = static_cast<QLineEdit*>(field.input);
    auto* cell = new QWidget(parent);
    auto* row = new QHBoxLayout(cell);
    row->setContentsMargins(0, 0, 0, 0);
    auto* browse = new QPushButton(tr("Browse…"), cell);
    browse->setObjectName(toQString(spec.name) + QStringLiteral("_browse"));
    edit->setParent(cell);
    row->addWidget(edit, 1);
    row->addWidget(browse);
    field.cell = cell;
    const bool directory = isDirectoryParam(spec.name);
    QObject::connect(browse, &QPushButton::clicked, m_owner,
                     [owner = m_owner, apply = m_apply, edit, name, directory] {
                         // A file the run will write, often a template: nothing to overwrite yet.
                         const QString chosen =
                             directory ? QFileDialog::getExistingDirectory(
                                             owner, tr("Choose a folder"), edit->text())
                                       : QFileDialog::getSaveFileName(
                                             owner, tr("Choose a file"), edit->text(), QString(),
                                             nullptr, QFileDialog::DontConfirmOverwrite);
                         if (chosen.isEmpty())
                             return;
                         edit->setText(chosen);
                         apply(name, chosen.toStdString());
                     });
    return field;
}

CallbackParamField CallbackFieldFactory::booleanField(const std::string& name,
                                                      QWidget* parent) const
{
    auto* box = new QCheckBox(parent);
    CallbackParamField field;
    field.input = box;
    field.show = [box](const Json& value) {
        box->setChecked(value.is_boolean() && value.get<bool>());
    };
    QObject::connect(box, &QCheckBox::toggled, m_owner,
                     [apply = m_apply, name](bool checked) { apply(name, checked); });
    return field;
}

CallbackParamField CallbackFieldFactory::integerField(const std::string& name,
                                                      QWidget* parent) const
{
    auto* box = new QSpinBox(parent);
    box->setRange(0, std::numeric_limits<int>::max());
    // One change per finished entry, not one per digit typed.
    box->setKeyboardTracking(false);
    CallbackParamField field;
    field.input = box;
    field.show = [box](const Json& value) {
        box->setValue(value.is_number() ? static_cast<int>(std::clamp<double>(value.get<double>(),
                                                                              0, box->maximum()))
                                        : 0);
    };
    QObject::connect(box, &QSpinBox::valueChanged, m_owner,
                     [apply = m_apply, name](int value) { apply(name, std::int64_t{value}); });
    return field;
}

CallbackParamField CallbackFieldFactory::numberField(const CallbackParamSpec& spec,
                                                     QWidget* parent) const
{
    auto* box = new CompactDoubleSpinBox(parent);
    if (spec.kind == Kind::OpenFraction) {
        const double smallest = std::pow(10.0, -kFractionDecimals);
        box->setDecimals(kFractionDecimals);
        box->setRange(smallest, 1.0 - smallest);
        box->setSingleStep(kFractionStep);
    } else {
        box->setDecimals(kNumberDecimals);
        box->setRange(0.0, kMaxNumber);
        box->setSingleStep(kNumberStep);
    }
    box->setKeyboardTracking(false);
    CallbackParamField field;
    field.input = box;
    field.show = [box](const Json& value) {
        if (value.is_number())
            box->setValue(value.get<double>());
    };
    QObject::connect(
        box, &QDoubleSpinBox::valueChanged, m_owner,
        [apply = m_apply, name = std::string(spec.name)](double value) { apply(name, value); });
    return field;
}

CallbackParamField CallbackFieldFactory::modeField(const std::string& name, QWidget* parent) const
{
    auto* combo = new QComboBox(parent);
    for (std::string_view mode : kModes)
        combo->addItem(toQString(mode));
    CallbackParamField field;
    field.input = combo;
    field.show = [combo](const Json& value) {
        combo->setCurrentIndex(std::max(0, combo->findText(stringText(value))));
    };
    QObject::connect(
        combo, &QComboBox::currentIndexChanged, m_owner,
        [apply = m_apply, combo, name] { apply(name, combo->currentText().toStdString()); });
    return field;
}

CallbackParamField CallbackFieldFactory::saveFrequencyField(const std::string& name,
                                                            QWidget* parent) const
{
    auto* combo = new QComboBox(parent);
    combo->setEditable(true);
    combo->setInsertPolicy(QComboBox::NoInsert);
    combo->addItem(QString::fromLatin1(kEachEpoch));
    CallbackParamField field;
    field.input = combo;
    field.show = [combo](const Json& value) {
        if (value.is_number_integer())
            combo->setEditText(QString::number(value.get<std::int64_t>()));
        else
            combo->setEditText(stringText(value));
    };
    // Anything else goes to the config as typed, for the parser to name what it expects.
    const auto apply = [apply = m_apply, combo, name] {
        const QString text = combo->currentText().trimmed();
        bool isNumber = false;
        const qlonglong batches = text.toLongLong(&isNumber);
        if (isNumber)
            apply(name, std::int64_t{batches});
        else
            apply(name, text.toStdString());
    };
    QObject::connect(combo->lineEdit(), &QLineEdit::editingFinished, m_owner, apply);
    QObject::connect(combo, &QComboBox::activated, m_owner, apply);
    return field;
}

CallbackParamField CallbackFieldFactory::verbosityField(const std::string& name,
                                                        QWidget* parent) const
{
    auto* combo = new QComboBox(parent);
    combo->addItem(tr("0 (silent)"), 0);
    combo->addItem(tr("1 (a line per save)"), 1);
    CallbackParamField field;
    field.input = combo;
    field.show = [combo](const Json& value) {
        combo->setCurrentIndex(
            std::max(0, combo->findData(value.is_number() ? value.get<int>() : 0)));
    };
    QObject::connect(combo, &QComboBox::currentIndexChanged, m_owner,
                     [apply = m_apply, combo, name] {
                         apply(name, std::int64_t{combo->currentData().toInt()});
                     });
    return field;
}

CallbackParamField CallbackFieldFactory::numberOrNullField(const std::string& name,
                                                           QWidget* parent) const
{
    auto* edit = new QLineEdit(parent);
    auto* validator = new OptionalNumberValidator(edit);
    // The C locale both ways, so that what is shown parses back whatever the UI language.
    validator->setLocale(QLocale::c());
    edit->setValidator(validator);
    CallbackParamField field;
    field.input = edit;
    field.show = [edit](const Json& value) {
        edit->setText(value.is_number() ? numberText(value.get<double>()) : QString());
    };
    QObject::connect(edit, &QLineEdit::editingFinished, m_owner, [apply = m_apply, edit, name] {
        const QString text = edit->text().trimmed();
        bool isNumber = false;
        const double number = QLocale::c().toDouble(text, &isNumber);
        apply(name, isNumber ? Json(number) : Json());
    });
    return field;
}

QString CallbackFieldFactory::hint(const CallbackParamSpec& spec)
{
    if (spec.name == "monitor")
        return tr(
            "A value the run logs: loss or a metric, with val_ in front for the "
            "validation value.");
    if (spec.name == "filepath")
        return tr(
            "The checkpoint file; {epoch:02d} and logged values such as {val_loss:.4f} "
            "are filled in.");
    switch (spec.kind) {
        case Kind::Path: return tr("A file or folder path, not empty.");
        case Kind::Text: return tr("Text, not empty.");
        case Kind::Separator:
            return tr("One character between the values: , ; | a space or a tab.");
        case Kind::NonNegativeInt: return tr("An integer, 0 or more.");
        case Kind::NonNegativeNumber: return tr("A number, 0 or more.");
        case Kind::OpenFraction: return tr("A number between 0 and 1, both excluded.");
        case Kind::Mode:
            return tr(
                "min: lower is better; max: higher is better; auto: decided from the "
                "monitored name.");
        case Kind::SaveFrequency:
            return tr(
                "\"epoch\" saves after every epoch; a number saves every that many "
                "batches.");
        case Kind::NumberOrNull: return tr("A number, or empty for none.");
        case Kind::Boolean:
        case Kind::Verbosity: break;
    }
    return QString();
}

}  // namespace es::ui
